// roundtrip_fuzz: any bytes read as COLLADA, glTF or GLB (read_scene_bytes), then on each of two
// legs, GLB and COLLADA, written (W1), read back (S2), written again (W2) and read again (S3).
// What a writer writes must read: a failed read of W1 or W2 traps, and so does a refusal of W2 when
// W1 was written. The counts compared (scene_counts below):
//   S2 against S3, always: a writer's output is a fixed point of a read and a write, so nothing
//     may change on the second pass;
//   the input's scene (S1) against S2, only when the first write warned nothing: a writer may
//     leave out what its format cannot hold (a point cloud set, a camera, a malformed animation),
//     but only with a warning (spec collada.md and gltf.md, Writing), so a silent write must keep
//     everything counted.
#include <string>
#include <string_view>

#include "engine/strings.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/polyxios.h"
#include "tests/fuzz/fuzz_targets.h"
#include "tests/fuzz/outcome_checks.h"
#include "tools/scene_summary.h"

namespace px::fuzz {
namespace {

// The writes: one thread, and images as they are, not transcoded as a GLB write does by default
// (image_target fuzzes the decoders).
const WriteOptions kWrite{.threads = 1, .transcode_images = false};

enum class Leg { kGlb, kCollada };

std::string_view leg_name(Leg leg) { return leg == Leg::kGlb ? "GLB" : "COLLADA"; }

// A mesh of points alone that no node shows, as COLLADA holds a morph target: a <geometry> of its
// own, which a read makes a mesh (spec collada.md: every geometry keeps its place in meshes), so
// that a glTF mesh with targets comes back from COLLADA with a mesh more per target.
bool bare_shape(const MeshSummary& m) { return m.instances == 0 && m.counts.cells == 0; }

// What a read and a write must keep: the scene's objects and its geometry's size, bare shapes
// aside. Textures are counted as the materials use them: COLLADA has no texture but in an effect,
// so a glTF texture that no material samples has nowhere to go.
std::string scene_counts(const Scene& scene) {
  const SceneSummary s = summarize_scene(scene, 0);
  size_t material_textures = 0;
  for (const MaterialSummary& m : s.materials) material_textures += m.textures.size();
  MeshCounts meshes;
  int64_t mesh_count = 0;
  for (const MeshSummary& m : s.meshes) {
    if (bare_shape(m)) continue;
    ++mesh_count;
    meshes.vertices += m.counts.vertices;
    meshes.triangles += m.counts.triangles;
    meshes.lines += m.counts.lines;
  }
  return cat("meshes ", mesh_count, ", vertices ", meshes.vertices, ", triangles ",
             meshes.triangles, ", lines ", meshes.lines, ", materials ", s.stats.materials,
             ", material textures ", material_textures, ", images ", s.stats.images, ", nodes ",
             s.stats.nodes, ", scenes ", s.stats.scenes, ", cameras ", s.cameras, ", lights ",
             s.lights, ", skins ", s.skins.size(), ", animations ", s.animations.size());
}

absl::StatusOr<std::string> write(const Scene& scene, Leg leg, Diagnostics& diagnostics) {
  if (leg == Leg::kCollada) return collada::write_to_memory(scene, diagnostics, kWrite);
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(scene, true, "", diagnostics, kWrite);
  if (!glb.ok()) return glb.status();
  return std::move(glb->json);
}

absl::StatusOr<Scene> read(std::string_view bytes, Diagnostics& diagnostics) {
  ReadOptions options;
  options.threads = 1;
  return read_scene_bytes(bytes, options, diagnostics);
}

// A write of `scene` read back; fail() when it does not read.
Scene read_back(const std::string& written, Leg leg, std::string_view pass) {
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = read(written, diagnostics);
  if (!scene.ok()) {
    fail(cat("the ", pass, " ", leg_name(leg), " write does not read back"),
         scene.status().ToString());
  }
  expect_clean_outcome(scene.status(), diagnostics, cat("the ", leg_name(leg), " read back"));
  return std::move(*scene);
}

void run_leg(const Scene& input, Leg leg) {
  Diagnostics first_warnings;
  absl::StatusOr<std::string> first = write(input, leg, first_warnings);
  expect_clean_outcome(first.status(), first_warnings, cat("the ", leg_name(leg), " writer"));
  if (!first.ok()) return;
  const Scene second = read_back(*first, leg, "first");

  Diagnostics second_warnings;
  absl::StatusOr<std::string> again = write(second, leg, second_warnings);
  if (!again.ok()) {
    fail(cat("the ", leg_name(leg), " writer refuses what it wrote"), again.status().ToString());
  }
  const Scene third = read_back(*again, leg, "second");

  const std::string counts = scene_counts(second);
  if (scene_counts(third) != counts) {
    fail(cat("a second ", leg_name(leg), " write and read changed the counts"),
         cat(counts, " became ", scene_counts(third)));
  }
  if (first_warnings.warning_count() == 0 && scene_counts(input) != counts) {
    fail(cat("a ", leg_name(leg), " write without a warning changed the counts"),
         cat(scene_counts(input), " became ", counts));
  }
}

}  // namespace

void roundtrip_input(std::string_view bytes) {
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = read(bytes, diagnostics);
  expect_clean_outcome(scene.status(), diagnostics, "the reader");
  if (!scene.ok()) return;
  run_leg(*scene, Leg::kGlb);
  run_leg(*scene, Leg::kCollada);
}

}  // namespace px::fuzz
