// Material extensions against the shared corpus (issue 15, point 5):
//   - every .dae whose effects use <constant>, <index_of_refraction>, a Maya texture placement or
//     an emission: its GLB says KHR_materials_unlit, KHR_materials_ior, KHR_texture_transform and
//     KHR_materials_emissive_strength where the materials have those terms, and the terms (constant
//     shading, emissive, ior, each texture's placement) come back from the GLB and again from a
//     COLLADA write of it;
//   - every .gltf / .glb using one of those extensions that the reader takes: the same terms
//     through a COLLADA write and a GLB write.
// Before issue 15 no output carried these extensions; the counts of files that now do are
// printed. Skipped when the corpus is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
#include "tests/support/corpus_files.h"
#include "tests/support/required.h"
#include "tests/support/through_collada.h"

namespace px {
namespace {

namespace fs = std::filesystem;

constexpr const char* kExtensions[] = {"KHR_materials_unlit", "KHR_materials_emissive_strength",
                                       "KHR_materials_ior", "KHR_texture_transform"};

using test_support::corpus_dir;
using test_support::files_holding;
using test_support::text_of;

bool same(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a)); }

bool constant(const Material& m) { return m.shading == Shading::kConstant; }

// What of material a is not in b, empty when b keeps it all: constant shading, the emissive (a
// non-negative one; a constant material's above 1 is its unlit base colour, which glTF clamps),
// the ior, and each texture's placement.
std::string compare(const Material& a, const Material& b) {
  if (constant(a) != constant(b)) return "its constant shading";
  bool emissive_kept = std::all_of(a.emissive.begin(), a.emissive.end(),
                                   [&](double v) { return v >= 0 && (v <= 1 || !constant(a)); });
  for (int c = 0; c < 3 && emissive_kept; ++c) {
    if (!same(a.emissive[c], b.emissive[c])) return "its emissive";
  }
  if (a.ior != b.ior) return cat("its ior ", a.ior, " (", b.ior, ")");
  const TextureRef* xs[] = {&a.base_color_texture, &a.metallic_roughness_texture, &a.normal_texture,
                            &a.occlusion_texture, &a.emissive_texture};
  const TextureRef* ys[] = {&b.base_color_texture, &b.metallic_roughness_texture, &b.normal_texture,
                            &b.occlusion_texture, &b.emissive_texture};
  for (int t = 0; t < 5; ++t) {
    if (!xs[t]->present() || !ys[t]->present()) continue;
    const TextureTransform &x = xs[t]->transform, &y = ys[t]->transform;
    if (!same(x.scale[0], y.scale[0]) || !same(x.scale[1], y.scale[1]) ||
        !same(x.offset[0], y.offset[0]) || !same(x.offset[1], y.offset[1]) ||
        !same(x.rotation, y.rotation)) {
      return cat("the placement of its texture ", t);
    }
  }
  return "";
}

std::string compare(const Scene& a, const Scene& b) {
  if (b.materials.size() < a.materials.size()) return "materials went missing";
  for (size_t i = 0; i < a.materials.size(); ++i) {
    std::string why = compare(a.materials[i], b.materials[i]);
    if (!why.empty()) return cat("material ", i, " '", a.materials[i].name, "' lost ", why);
  }
  return "";
}

// A GLB's JSON chunk.
std::string json_chunk(const std::string& glb) {
  if (glb.size() < 20) return "";
  uint32_t length;
  std::memcpy(&length, glb.data() + 12, 4);
  return glb.substr(20, length);
}

absl::StatusOr<Scene> read_glb(const std::string& glb) {
  Diagnostics diagnostics;
  return gltf::read_memory(glb, {}, ReadOptions(), diagnostics);
}

absl::StatusOr<std::string> write_glb(const Scene& scene) {
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(scene, true, "", diagnostics);
  if (!glb.ok()) return glb.status();
  return glb->json;
}

using test_support::through_dae;

// How many outputs declared each extension.
struct Counts {
  std::map<std::string, int> files;
  void add(const std::string& glb) {
    const std::string json = json_chunk(glb);
    const size_t used = json.find("\"extensionsUsed\":[");
    if (used == std::string::npos) return;
    const std::string list = json.substr(used, json.find(']', used) - used);
    for (const char* e : kExtensions) {
      if (list.find(cat("\"", e, "\"")) != std::string::npos) ++files[e];
    }
  }
  std::string text() {
    std::string out;
    for (const char* e : kExtensions) out += cat(out.empty() ? "" : ", ", e, " ", files[e]);
    return out;
  }
};

TEST(MaterialExtensionsCorpus, ColladaMaterialTermsReachGltfAndComeBack) {
  const fs::path root = corpus_dir() / "collada";
  const std::vector<fs::path> files =
      files_holding(root, {".dae"}, {"<constant", "<index_of_refraction", "<repeatU", "<emission"});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no COLLADA corpus at " << root;
  int read = 0, written = 0;
  Counts counts;
  for (const fs::path& file : files) {
    const std::string name = fs::relative(file, root).string();
    Diagnostics diagnostics;
    absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(file);
    ASSERT_TRUE(source.ok()) << name;
    absl::StatusOr<Scene> scene = collada::read(**source, ReadOptions{}, diagnostics);
    if (!scene.ok()) continue;  // a refusal by rule, which the COLLADA corpus test checks
    ++read;
    absl::StatusOr<std::string> glb = write_glb(*scene);
    if (!glb.ok()) continue;  // geometry glTF cannot hold (an INF coordinate), refused by rule
    ++written;
    counts.add(*glb);
    absl::StatusOr<Scene> back = read_glb(*glb);
    ASSERT_TRUE(back.ok()) << name << ": " << back.status();
    EXPECT_EQ(compare(*scene, *back), "") << name << " (dae -> glb)";
    absl::StatusOr<Scene> dae = through_dae(*back);
    ASSERT_TRUE(dae.ok()) << name << ": " << dae.status();
    EXPECT_EQ(compare(*scene, *dae), "") << name << " (dae -> glb -> dae)";
  }
  std::printf(
      "material extensions: %zu .dae files use <constant>, <index_of_refraction>, a Maya "
      "placement or an emission; %d read, %d written as GLB; GLBs declaring each (none before "
      "issue 15): %s\n",
      files.size(), read, written, counts.text().c_str());
  EXPECT_GT(counts.files["KHR_materials_unlit"], 0);
  EXPECT_GT(counts.files["KHR_materials_ior"], 0);
}

TEST(MaterialExtensionsCorpus, GltfMaterialExtensionsSurviveColladaAndGlbWrites) {
  const fs::path root = corpus_dir() / "gltf";
  const std::vector<fs::path> files =
      files_holding(root, {".gltf", ".glb"},
                    {"KHR_materials_unlit", "KHR_materials_emissive_strength", "KHR_materials_ior",
                     "KHR_texture_transform"});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no glTF corpus at " << root;
  int read = 0;
  Counts counts;
  for (const fs::path& file : files) {
    const std::string name = fs::relative(file, root).string();
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = gltf::read(file, {}, diagnostics);
    if (!scene.ok()) continue;  // a document the validator's own tests make invalid
    ++read;
    absl::StatusOr<std::string> glb = write_glb(*scene);
    ASSERT_TRUE(glb.ok()) << name << ": " << glb.status();
    counts.add(*glb);
    absl::StatusOr<Scene> dae = through_dae(*scene);
    ASSERT_TRUE(dae.ok()) << name << ": " << dae.status();
    EXPECT_EQ(compare(*scene, *dae), "") << name << " (glb -> dae)";
    absl::StatusOr<std::string> again = write_glb(*dae);
    ASSERT_TRUE(again.ok()) << name << ": " << again.status();
    absl::StatusOr<Scene> back = read_glb(*again);
    ASSERT_TRUE(back.ok()) << name << ": " << back.status();
    EXPECT_EQ(compare(*scene, *back), "") << name << " (glb -> dae -> glb)";
  }
  std::printf(
      "material extensions: %zu glTF files name one; %d read; GLBs declaring each (none before "
      "issue 15): %s\n",
      files.size(), read, counts.text().c_str());
  EXPECT_GT(counts.files["KHR_texture_transform"], 0);
}

}  // namespace
}  // namespace px
