// Lights against the shared corpus (issue 15, point 2):
//   - every .dae holding a <library_lights>: each node showing a light the reader keeps shows the
//     same light (type, colour, intensity, range, cone) after a GLB write and read, and the same
//     lights again after a COLLADA write of that and a read;
//   - every .gltf / .glb using KHR_lights_punctual that the reader takes: the same through a
//     COLLADA write and a GLB write.
// Before issue 15 a conversion kept no light; the counts of files and lights now kept are
// printed. Skipped when the corpus is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/light.h"
#include "tests/support/corpus_files.h"
#include "tests/support/required.h"
#include "tests/support/scene_walk.h"
#include "tests/support/through_collada.h"

namespace px {
namespace {

namespace fs = std::filesystem;

// What the corpus held when this test was written: fewer means files went missing or a read
// or a write started refusing them.
constexpr int kMinColladaFiles = 1075;
constexpr int kMinColladaLights = 1200;
constexpr int kMinGltfFiles = 3;

using test_support::corpus_dir;
using test_support::files_holding;
using test_support::reached_nodes;
using test_support::read_dae_file;
using test_support::text_of;
using test_support::through_glb;

// Each reached node's light, by node name and index among that name (node order differs by
// writer).
std::map<std::string, Light> lights_of(const Scene& scene) {
  std::map<std::string, Light> out;
  std::map<std::string, int> seen;
  const std::vector<bool> shown = reached_nodes(scene);
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    if (!shown[i]) continue;
    const Node& node = scene.nodes[i];
    if (node.light < 0) continue;
    LightRead read = check_light(scene.lights[node.light]);
    if (read.light) out.emplace(cat(node.name, "#", seen[node.name]++), *read.light);
  }
  return out;
}

bool same(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a)); }

// The differences between two scenes' lights, empty when they agree.
std::string compare(const std::map<std::string, Light>& a, const std::map<std::string, Light>& b) {
  if (a.size() != b.size()) return cat(a.size(), " lights became ", b.size());
  for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j) {
    const Light &x = i->second, &y = j->second;
    bool ok = i->first == j->first && x.type == y.type && same(x.intensity, y.intensity) &&
              x.range.has_value() == y.range.has_value() &&
              (!x.range || same(*x.range, *y.range)) && same(x.inner_cone, y.inner_cone) &&
              same(x.outer_cone, y.outer_cone);
    for (size_t c = 0; c < 3 && x.intensity > 0; ++c) ok = ok && same(x.color[c], y.color[c]);
    if (!ok) return cat("the light of node ", i->first, " changed");
  }
  return "";
}

using test_support::through_dae;

TEST(LightsCorpus, ColladaLightsSurviveGlbAndColladaWrites) {
  const fs::path root = corpus_dir() / "collada";
  const std::vector<fs::path> files = files_holding(root, {".dae"}, {"<library_lights"});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no COLLADA corpus at " << root;
  int read = 0, refused = 0, unwritable = 0, with_lights = 0, lights = 0, instances = 0;
  std::map<LightType, int> by_type;
  for (const fs::path& file : files) {
    const std::string name = fs::relative(file, root).string();
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = read_dae_file(file, diagnostics);
    if (!scene.ok()) {
      ++refused;  // a refusal by rule, which the COLLADA corpus test checks
      continue;
    }
    ++read;
    const std::string text = text_of(file);
    for (size_t at = text.find("<instance_light"); at != std::string::npos;
         at = text.find("<instance_light", at + 1)) {
      ++instances;
    }
    const std::map<std::string, Light> original = lights_of(*scene);
    if (!original.empty()) ++with_lights;
    lights += static_cast<int>(original.size());
    for (const auto& [node, light] : original) ++by_type[light.type];
    absl::StatusOr<Scene> glb = through_glb(*scene);
    if (!glb.ok()) {
      ++unwritable;  // geometry glTF cannot hold (an INF coordinate), refused by rule
      continue;
    }
    EXPECT_EQ(compare(original, lights_of(*glb)), "") << name << " (dae -> glb)";
    absl::StatusOr<Scene> dae = through_dae(*glb);
    ASSERT_TRUE(dae.ok()) << name << ": " << dae.status();
    EXPECT_EQ(compare(original, lights_of(*dae)), "") << name << " (dae -> glb -> dae)";
  }
  std::printf(
      "lights: %zu .dae files hold <library_lights>; %d read (%d refused by rule, %d more on "
      "the GLB write), %d show lights: %d <instance_light> elements, %d nodes' lights kept "
      "through GLB and back (none before issue 15): %d directional, %d point, %d spot, %d "
      "ambient\n",
      files.size(), read, refused, unwritable, with_lights, instances, lights,
      by_type[LightType::kDirectional], by_type[LightType::kPoint], by_type[LightType::kSpot],
      by_type[LightType::kAmbient]);
  EXPECT_GE(with_lights, kMinColladaFiles);
  EXPECT_GE(lights, kMinColladaLights);
}

TEST(LightsCorpus, GltfLightsSurviveColladaAndGlbWrites) {
  const fs::path root = corpus_dir() / "gltf";
  const std::vector<fs::path> files =
      files_holding(root, {".gltf", ".glb"}, {"KHR_lights_punctual"});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no glTF corpus at " << root;
  int read = 0, with_lights = 0, lights = 0;
  for (const fs::path& file : files) {
    const std::string name = fs::relative(file, root).string();
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = gltf::read(file, {}, diagnostics);
    if (!scene.ok()) continue;  // an index naming no light, as the validator's own test has it
    ++read;
    // A document without a scene gets one of its roots, as a viewer shows it.
    if (scene->scenes.empty()) {
      std::vector<bool> child(scene->nodes.size(), false);
      for (const Node& node : scene->nodes) {
        for (int c : node.children) child[c] = true;
      }
      scene->scenes.emplace_back();
      for (size_t i = 0; i < child.size(); ++i) {
        if (!child[i]) scene->scenes[0].push_back(static_cast<int>(i));
      }
      scene->default_scene = 0;
    }
    // Unnamed nodes get a name, which lights_of tells nodes apart by (a COLLADA read names a
    // node without one by its generated id).
    for (size_t i = 0; i < scene->nodes.size(); ++i) {
      if (scene->nodes[i].name.empty()) scene->nodes[i].name = cat("node-", i);
    }
    const std::map<std::string, Light> original = lights_of(*scene);
    if (!original.empty()) ++with_lights;
    lights += static_cast<int>(original.size());
    absl::StatusOr<Scene> dae = through_dae(*scene);
    ASSERT_TRUE(dae.ok()) << name << ": " << dae.status();
    EXPECT_EQ(compare(original, lights_of(*dae)), "") << name << " (glb -> dae)";
    absl::StatusOr<Scene> glb = through_glb(*dae);
    ASSERT_TRUE(glb.ok()) << name << ": " << glb.status();
    EXPECT_EQ(compare(original, lights_of(*glb)), "") << name << " (glb -> dae -> glb)";
  }
  std::printf(
      "lights: %zu glTF files use KHR_lights_punctual; %d read, %d show %d lights, kept "
      "through COLLADA and back\n",
      files.size(), read, with_lights, lights);
  EXPECT_GE(with_lights, kMinGltfFiles);
}

}  // namespace
}  // namespace px
