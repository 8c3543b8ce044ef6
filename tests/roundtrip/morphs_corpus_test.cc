// Morph targets against the shared corpus (issue 15, point 1):
//   - every .dae holding a <morph>: the reader keeps the targets of the meshes its nodes show,
//     and they come back, within float tolerance, through a GLB write and read, then through a
//     COLLADA write of that and a read (dae -> glb -> dae -> glb);
//   - every .gltf / .glb whose meshes give "targets": the targets the reader keeps come back
//     through a COLLADA write and a GLB write.
// Before issue 15 no conversion kept a morph target (a morph read as its base geometry, a glTF
// mesh at rest); the counts of files keeping them now are printed. Skipped when the corpus is
// absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
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
#include "tests/support/scene_walk.h"
#include "tests/support/through_collada.h"

namespace px {
namespace {

namespace fs = std::filesystem;

// What the corpus gave when this test was written: fewer means a read or a write lost morphs.
constexpr int kMinColladaKept = 41;
constexpr int kMinGltfKept = 18;
// Of them, files whose targets move texture coordinates or colours (none before these were kept).
constexpr int kMinColladaMovingPointData = 5;
constexpr int kMinGltfMovingPointData = 1;

using test_support::corpus_dir;
using test_support::files_holding;
using test_support::reached_nodes;
using test_support::read_dae_file;
using test_support::through_dae;
using test_support::through_glb;

// The meshes with morph targets each reached node shows, by node name and index among that name
// (node order differs by writer; names are compared apart, since an unnamed node may come back
// named).
std::map<std::string, const Mesh*> morphed(const Scene& scene) {
  std::map<std::string, const Mesh*> out;
  std::map<std::string, int> seen;
  const std::vector<bool> shown = reached_nodes(scene);
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const Node& node = scene.nodes[i];
    if (!shown[i] || node.mesh < 0 || static_cast<size_t>(node.mesh) >= scene.meshes.size()) {
      continue;
    }
    const Mesh& mesh = scene.meshes[node.mesh];
    if (mesh.morph_targets.empty()) continue;
    out.emplace(cat(node.name, "#", seen[node.name]++), &mesh);
  }
  return out;
}

// Whether any mesh of the scene holds morph targets.
bool keeps_targets(const Scene& scene) {
  return std::any_of(scene.meshes.begin(), scene.meshes.end(),
                     [](const Mesh& m) { return !m.morph_targets.empty(); });
}

// Whether a target of the scene moves texture coordinates or colours.
bool moves_point_data(const Scene& scene) {
  for (const Mesh& mesh : scene.meshes) {
    for (const MorphTarget& t : mesh.morph_targets) {
      if (!t.point_data.empty()) return true;
    }
  }
  return false;
}

// The sum of column k of a column's rows.
double column_sum(const Column& c, size_t k) {
  double sum = 0;
  for (size_t v = 0; v < c.rows; ++v) sum += c.get(v, k);
  return sum;
}

size_t target_count(const Scene& scene) {
  size_t n = 0;
  for (const Mesh& mesh : scene.meshes) n += mesh.morph_targets.size();
  return n;
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-4 * std::max(1.0, std::abs(a)); }

// The differences between two scenes' morphs, empty when they agree: as many targets, the same
// weights, and the same positions, texture coordinate and colour differences (and vertex count)
// within float tolerance.
std::string compare(const Scene& a, const Scene& b) {
  const auto x = morphed(a), y = morphed(b);
  if (x.size() != y.size()) return cat(x.size(), " morphed nodes became ", y.size());
  for (auto i = x.begin(), j = y.begin(); i != x.end(); ++i, ++j) {
    const Mesh &m = *i->second, &n = *j->second;
    if (m.morph_targets.size() != n.morph_targets.size() || m.num_points() != n.num_points()) {
      return cat("node ", i->first, ": ", m.morph_targets.size(), " targets over ", m.num_points(),
                 " vertices became ", n.morph_targets.size(), " over ", n.num_points());
    }
    for (size_t t = 0; t < m.morph_targets.size(); ++t) {
      if (!near(m.morph_weight(t), n.morph_weight(t))) {
        return cat("node ", i->first, ": weight ", t, " changed");
      }
      // Vertices may be reordered by a writer only as a whole: compare the sums of each axis.
      for (size_t k = 0; k < 3; ++k) {
        double sa = 0, sb = 0;
        for (size_t v = 0; v < m.num_points(); ++v) {
          sa += m.morph_targets[t].positions.get(v, k);
          sb += n.morph_targets[t].positions.get(v, k);
        }
        if (!near(sa, sb)) return cat("node ", i->first, ": target ", t, " moved");
      }
      for (const NamedColumn& d : m.morph_targets[t].point_data) {
        const NamedColumn* e = find_column(n.morph_targets[t].point_data, d.name);
        if (e == nullptr) return cat("node ", i->first, ": target ", t, " lost its ", d.name);
        // glTF's TEXCOORD_n takes two columns of COLLADA's STP.
        for (size_t k = 0; k < std::min(d.column.cols, e->column.cols); ++k) {
          if (!near(column_sum(d.column, k), column_sum(e->column, k))) {
            return cat("node ", i->first, ": target ", t, "'s ", d.name, " moved");
          }
        }
      }
    }
  }
  return "";
}

TEST(MorphsCorpus, ColladaMorphsSurviveGlbAndColladaWrites) {
  const fs::path root = corpus_dir() / "collada";
  const std::vector<fs::path> files = files_holding(root, {".dae"}, {"<morph"});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no COLLADA corpus at " << root;
  int kept = 0, moving = 0, targets = 0, refused = 0;
  for (const fs::path& file : files) {
    const std::string name = fs::relative(file, root).string();
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = read_dae_file(file, diagnostics);
    if (!scene.ok()) {
      ++refused;
      continue;
    }
    if (!keeps_targets(*scene)) {
      std::printf("  no morph kept: %s\n", name.c_str());
      continue;
    }
    ++kept;
    moving += moves_point_data(*scene) ? 1 : 0;
    targets += static_cast<int>(target_count(*scene));
    absl::StatusOr<Scene> glb = through_glb(*scene);
    ASSERT_TRUE(glb.ok()) << name << ": " << glb.status();
    EXPECT_EQ(compare(*scene, *glb), "") << name << " (glb)";
    absl::StatusOr<Scene> dae = through_dae(*glb);
    ASSERT_TRUE(dae.ok()) << name << ": " << dae.status();
    EXPECT_EQ(compare(*scene, *dae), "") << name << " (glb -> dae)";
    absl::StatusOr<Scene> again = through_glb(*dae);
    ASSERT_TRUE(again.ok()) << name << ": " << again.status();
    EXPECT_EQ(compare(*scene, *again), "") << name << " (glb -> dae -> glb)";
  }
  std::printf(
      "COLLADA files with <morph>: %zu; keeping their morphs: %d (before issue 15: 0), "
      "%d targets, %d files moving texcoords or colours; refused: %d\n",
      files.size(), kept, targets, moving, refused);
  EXPECT_GE(kept, kMinColladaKept);
  EXPECT_GE(moving, kMinColladaMovingPointData);
}

TEST(MorphsCorpus, GltfTargetsSurviveColladaAndGlbWrites) {
  const fs::path root = corpus_dir() / "gltf";
  const std::vector<fs::path> files = files_holding(root, {".gltf", ".glb"}, {"\"targets\""});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no glTF corpus at " << root;
  int kept = 0, moving = 0, targets = 0, refused = 0;
  for (const fs::path& file : files) {
    const std::string name = fs::relative(file, root).string();
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = gltf::read(file, ReadOptions{}, diagnostics);
    if (!scene.ok()) {
      std::printf("  refused: %s (%s)\n", name.c_str(),
                  std::string(scene.status().message()).c_str());
      ++refused;
      continue;
    }
    if (!keeps_targets(*scene)) {
      std::printf("  no target kept: %s\n", name.c_str());
      continue;
    }
    ++kept;
    moving += moves_point_data(*scene) ? 1 : 0;
    targets += static_cast<int>(target_count(*scene));
    absl::StatusOr<Scene> dae = through_dae(*scene);
    ASSERT_TRUE(dae.ok()) << name << ": " << dae.status();
    EXPECT_EQ(compare(*scene, *dae), "") << name << " (dae)";
    absl::StatusOr<Scene> glb = through_glb(*dae);
    ASSERT_TRUE(glb.ok()) << name << ": " << glb.status();
    EXPECT_EQ(compare(*scene, *glb), "") << name << " (dae -> glb)";
  }
  std::printf(
      "glTF files with targets: %zu; keeping them: %d (before issue 15: 0), %d targets, "
      "%d files moving texcoords or colours; refused: %d\n",
      files.size(), kept, targets, moving, refused);
  EXPECT_GE(kept, kMinGltfKept);
  EXPECT_GE(moving, kMinGltfMovingPointData);
}

}  // namespace
}  // namespace px
