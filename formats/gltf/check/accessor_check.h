// Accessor values checked against glTF's rules once the scene is read, each broken rule a warning
// (the read goes on, and reads what it read before):
// - accessors nothing used are decoded too, one at a time into storage freed after it, so that
//   their declared min / max and their floats (no NaN or Inf) are checked as the used ones are;
//   one that cannot be decoded is warned about with the reason (gltf.read.accessor-undecodable);
// - a skin's inverse bind matrices must end in the row [0, 0, 0, 1]
//   (gltf.read.inverse-bind-matrix-invalid);
// - the JOINTS_n / WEIGHTS_n of a mesh a node binds to a skin: joints below the skin's joint count
//   (gltf.read.joint-out-of-range; of the skins binding the mesh, the smallest), no joint twice
//   in a vertex with a non-zero weight (gltf.read.joint-duplicate), no negative weight
//   (gltf.read.weight-negative) and weights summing to 1 (gltf.read.weights-not-normalized), with
//   the Khronos validator's tolerance.
// Values that are not the document's (the reader's zeros for an accessor without a bufferView,
// or a buffer the application fills) are left alone.
#pragma once

#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

void check_accessor_values(ReadContext& ctx, Accessors& accessors);

}  // namespace px::gltf
