// Nodes and skins checked on the JSON alone as the Khronos validator links them, each broken rule
// a warning opening with the JSON pointer the validator names; the read goes on as before:
// - a matrix that is not a translation, rotation and scale (gltf.read.node-matrix-not-trs), by the
//   validator's test: last row 0, 0, 0, 1, a non-zero determinant, and decomposed and recomposed
//   in single precision, an infinity norm within 0.00005 of the matrix's;
// - a node with a skin whose mesh has no JOINTS_n in any primitive
//   (gltf.read.node-skin-unskinned-mesh), or that a scene shows without the root of its skin's
//   joints (gltf.read.node-skin-joints-outside-scene);
// - a skin whose joints have no common root (gltf.read.skin-no-common-root), whose skeleton is not
//   one (gltf.read.skin-skeleton-invalid), whose inverse bind matrices are not {MAT4, FLOAT}
//   (gltf.read.skin-ibm-format) or fewer than its joints (gltf.read.skin-ibm-count).
// A node's parent is the last node listing it as a child, as the validator links them; the walks
// up the hierarchy are bounded (a skin past the bound is not checked for its roots).
#pragma once

#include <array>

#include "formats/gltf/read/read_json.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

void check_nodes_and_skins(const JsonObject& root, Diagnostics& diagnostics);

// The validator's test of a node matrix (column-major) that is not the identity.
bool trs_decomposable(const std::array<double, 16>& matrix);

}  // namespace px::gltf
