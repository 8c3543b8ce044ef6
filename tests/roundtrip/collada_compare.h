// Compares a scene with what it became through a COLLADA write and read (and maybe a glTF write
// and read after), as decoded values and modulo what spec collada.md ("Writing", Known
// limitations) says changes on the way:
// - nodes are paired by position in the tree (scene roots, then children), not by index: a COLLADA
//   read numbers nodes its own way, and a node instanced from <library_nodes> reads back first
//   among its siblings, so children pair by name first; their world matrices are compared;
// - geometry is compared corner by corner, not by point index (a read builds its vertices from
//   the corners): each element's type, material (by value, since a read numbers materials its own
//   way) and, at every corner, the position and the normals, texcoords and colors of each set
//   (integer colours scaled to 0..1), glTF's tangents as COLLADA's textangent and texbinormal
//   (w * cross(normal, xyz)), and the skin influences by joint node with weights above 0 (zero
//   weights are not written; every influence set, a point of more than four influences taken
//   as its four heaviest, renormalised, as the read keeps them); elements are expected in the
//   writer's order, grouped by primitive block and material in first-occurrence order, a polygon of
//   three or four vertices reading back as a triangle or a quad, and points skipped;
// - materials by their PBR values (through the polyxios extra), textures by the image they reach;
// - skins by their joints' nodes and inverse bind matrices.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/scene.h"

namespace px::testing {

// pairs[i]: the node of `after` paired with node i of `before`, -1 when none.
std::vector<int> pair_nodes(const Scene& before, const Scene& after);

// What a difference is about, so that a writer's warning of one kind excuses the differences of
// that kind only (tests/roundtrip/writer_warning_kinds.h).
enum class DifferenceKind {
  kScene,      // the scenes and their roots
  kNode,       // the node tree, names, world matrices
  kGeometry,   // a node's mesh, its elements, positions and attributes
  kMaterial,   // an element's material, by value, with its textures' images
  kSkin,       // a skin, its joints, inverse bind matrices and influences
  kAnimation,  // an animation sampled (compare_animations)
};
std::string_view kind_name(DifferenceKind kind);

struct Difference {
  DifferenceKind kind;
  std::string text;  // where, then what
};

struct ThroughColladaOptions {
  double tolerance = 1e-5;
  // Elements in the COLLADA writer's order. false where a glTF write came after, which groups
  // elements by its own rules: elements are then compared as multisets.
  bool collada_cell_order = true;
};

std::vector<Difference> through_collada_differences(const Scene& before, const Scene& after,
                                                    const std::vector<int>& pairs,
                                                    const ThroughColladaOptions& options = {});

struct AnimationComparison {
  size_t animations = 0;  // animations of `gltf_scene` sampled
  size_t skipped = 0;     // not sampled: CUBICSPLINE or channels the check does not evaluate
  size_t samples = 0;
  std::vector<std::string> failures;
};

// Samples every glTF animation of `gltf_scene` (a glTF read, translation / rotation / scale
// channels) and its COLLADA counterpart in `collada_scene` (its COLLADA write read back: matrix
// keys) with the animation-fidelity check (tests/animation/fidelity.h) and compares node world
// matrices, within that check's tolerance. The counterpart is the animation of the same name, else
// of the same position. `collada_scene`'s animations are set aside during the check and restored.
AnimationComparison compare_animations(const Scene& gltf_scene, Scene& collada_scene,
                                       const std::vector<int>& pairs);

}  // namespace px::testing
