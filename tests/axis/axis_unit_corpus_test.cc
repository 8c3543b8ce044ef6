// The axis and unit correction (polyxios/ops/axis_unit.h) on Z-up corpus files: every skinned mesh
// deforms in world space as C times the original in both modes, and the glTF keys a baked scene's
// animations give (polyxios/ops/animation_bake.h) are the original's moved by the correction, key
// for key, while under the root transform they stay the original's. Every listed file must read and
// give what it is listed for, so that a reader regression fails here rather than checking less.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cstdio>
#include <filesystem>

#include "engine/source.h"
#include "formats/collada/read/collada_reader.h"
#include "polyxios/ops/animation_bake.h"
#include "polyxios/ops/axis_unit.h"
#include "polyxios/scene/polydata.h"
#include "tests/support/corpus_files.h"
#include "tests/support/required.h"
#include "tests/support/skin_deform.h"

namespace px {
namespace {

using test_support::corpus_dir;
using test_support::deform_bind_pose;

// Z-up files with skins or animations, some in centimetres, each with the skinned meshes it
// deforms and the keys its animations bake to (over both modes), measured on 2026-12-07 (main at
// 2af7d83): these may only go up, so that a reader reading less of a file cannot pass.
struct CorpusFile {
  const char* path;
  size_t skinned_meshes;
  size_t keys;
};
const CorpusFile kFiles[] = {
    {"collada/assimp/box_nested_animation.dae", 1, 240},
    {"collada/assimp/anims_with_full_rotations_between_keys.DAE", 0, 12672},
    {"collada/assimp/library_animation_clips.dae", 1, 1296},
    {"collada/cts/collada/library_controllers/controller/skin/skin_1_influence/"
     "skin_1_influence.dae",
     1, 0},
    {"collada/cts/collada/library_controllers/controller/skin/bind_shape_matrix/non_identity/"
     "non_identity.dae",
     1, 0},
    {"collada/cts/collada/library_controllers/controller/skin/skin_2_influence/"
     "skin_2_influence.dae",
     1, 0},
    // A skinned root: left a root under the root transform, its joints move it.
    {"collada/cts/1_5/collada/library_nodes/node/JointsInLN/JointsInLN.dae", 1, 0},
};

absl::StatusOr<Scene> read(const std::filesystem::path& path) {
  Diagnostics d;
  absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(path);
  if (!source.ok()) return source.status();
  return collada::read(**source, ReadOptions{}, d);
}

AxisUnitTarget to_y_up_meters(bool bake) {
  AxisUnitTarget target;
  target.up_axis = UpAxis::kY;
  target.meters = true;
  target.bake = bake;
  return target;
}

TEST(AxisUnitCorpus, SkinsDeformAsTheCorrectedOriginalInBothModes) {
  if (!std::filesystem::is_directory(corpus_dir() / "collada")) {
    PX_SKIP_UNLESS_REQUIRED() << "no corpus at " << corpus_dir();
  }
  size_t meshes = 0;
  for (const CorpusFile& listed : kFiles) {
    const char* file = listed.path;
    absl::StatusOr<Scene> original = read(corpus_dir() / file);
    ASSERT_TRUE(original.ok()) << file << ": " << original.status();
    const size_t meshes_before = meshes;
    BakeNotes notes;
    const AxisCorrection c = axis_correction_of(*original, to_y_up_meters(false), notes);
    ASSERT_TRUE(c.rotates()) << file << " is not Z-up";
    for (bool bake : {false, true}) {
      absl::StatusOr<Scene> scene = read(corpus_dir() / file);
      ASSERT_TRUE(scene.ok()) << file << ": " << scene.status();
      convert_axis_unit(*scene, to_y_up_meters(bake), notes);
      for (size_t n = 0; n < original->nodes.size(); ++n) {
        std::vector<Eigen::Vector3d> want = deform_bind_pose(*original, n);
        const std::vector<Eigen::Vector3d> got = deform_bind_pose(*scene, n);
        ASSERT_EQ(want.size(), got.size()) << file << " node " << n;
        if (want.empty()) continue;
        meshes += bake ? 1 : 0;
        Eigen::AlignedBox3d box;
        for (Eigen::Vector3d& v : want) {
          if (v.allFinite()) box.extend(v = c.point(v));
        }
        const double size = std::max(box.isEmpty() ? 1.0 : box.diagonal().norm(), 1e-9);
        for (size_t v = 0; v < want.size(); ++v) {
          if (!want[v].allFinite()) continue;  // unweighted in both
          ASSERT_LT((got[v] - want[v]).norm() / size, 1e-5)
              << file << " node " << n << " vertex " << v << " bake " << bake;
        }
      }
    }
    EXPECT_GE(meshes - meshes_before, listed.skinned_meshes) << file;
  }
  std::printf("axis and unit: %zu skinned meshes deform alike in both modes\n", meshes);
}

// The glTF value of a baked key moved as a node's TRS moves under the correction.
std::vector<double> moved_key(const AxisCorrection& c, TargetPath path, const double* v) {
  if (path == TargetPath::kTranslation) {
    Eigen::Vector3d t = c.point({v[0], v[1], v[2]});
    return {t[0], t[1], t[2]};
  }
  if (path == TargetPath::kRotation) {
    Eigen::Vector3d axis = c.direction({v[0], v[1], v[2]});
    return {axis[0], axis[1], axis[2], v[3]};
  }
  Eigen::Vector3d s = c.direction({v[0], v[1], v[2]}).cwiseAbs();
  return {s[0], s[1], s[2]};
}

TEST(AxisUnitCorpus, BakedAnimationsPlayAsTheRootTransformHasThem) {
  if (!std::filesystem::is_directory(corpus_dir() / "collada")) {
    PX_SKIP_UNLESS_REQUIRED() << "no corpus at " << corpus_dir();
  }
  size_t keys = 0;
  for (const CorpusFile& listed : kFiles) {
    const char* file = listed.path;
    absl::StatusOr<Scene> original = read(corpus_dir() / file);
    ASSERT_TRUE(original.ok()) << file << ": " << original.status();
    const size_t keys_before = keys;
    BakeNotes notes;
    const AxisCorrection c = axis_correction_of(*original, to_y_up_meters(true), notes);
    const BakedAnimations want = bake_animations(*original);
    for (bool bake : {false, true}) {
      absl::StatusOr<Scene> scene = read(corpus_dir() / file);
      ASSERT_TRUE(scene.ok()) << file << ": " << scene.status();
      BakeNotes pass_notes;
      convert_axis_unit(*scene, to_y_up_meters(bake), pass_notes);
      EXPECT_TRUE(pass_notes.empty()) << file << ": " << pass_notes[0].message;
      const BakedAnimations got = bake_animations(*scene);
      ASSERT_EQ(got.animations.size(), want.animations.size()) << file;
      for (size_t a = 0; a < want.animations.size(); ++a) {
        const BakedAnimation& wa = want.animations[a];
        const BakedAnimation& ga = got.animations[a];
        ASSERT_EQ(ga.channels.size(), wa.channels.size()) << file << " animation " << a;
        for (size_t ch = 0; ch < wa.channels.size(); ++ch) {
          const BakedChannel& wc = wa.channels[ch];
          ASSERT_EQ(ga.channels[ch].node, wc.node);
          ASSERT_EQ(ga.channels[ch].path, wc.path);
          const BakedSampler& ws = wa.samplers[wc.sampler];
          const BakedSampler& gs = ga.samplers[ga.channels[ch].sampler];
          ASSERT_EQ(gs.times.size(), ws.times.size()) << file << " animation " << a;
          ASSERT_EQ(gs.values.size(), ws.values.size());
          for (size_t k = 0; k * ws.width < ws.values.size(); ++k) {
            const double* w = &ws.values[k * ws.width];
            std::vector<double> expected =
                bake ? moved_key(c, wc.path, w) : std::vector<double>(w, w + ws.width);
            // A rotation and its negation are the same turn.
            const double sign =
                wc.path == TargetPath::kRotation && expected[3] * gs.values[k * ws.width + 3] < 0
                    ? -1
                    : 1;
            for (size_t i = 0; i < ws.width; ++i) {
              const double tolerance = 1e-5 * std::max(1.0, std::abs(expected[i]));
              ASSERT_NEAR(gs.values[k * ws.width + i], sign * expected[i], tolerance)
                  << file << " animation " << a << " channel " << ch << " key " << k;
            }
            ++keys;
          }
        }
      }
    }
    EXPECT_GE(keys - keys_before, listed.keys) << file;
  }
  std::printf("axis and unit: %zu baked keys follow the correction\n", keys);
}

}  // namespace
}  // namespace px
