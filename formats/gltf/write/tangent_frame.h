// glTF's TANGENT (a unit xyz and the handedness w) from either a model "tangents" column of four
// values per vertex or the tangent frame a COLLADA read gives: textangent / texbinormal, then
// tangent / binormal, set 0 only (gltf.md).
#pragma once

#include <cstddef>
#include <string_view>

#include "polyxios/scene/column.h"
#include "polyxios/scene/mesh.h"

namespace px::gltf {

// True for the set-0 frame columns: textangent, texbinormal, tangent, binormal.
bool is_frame_column(std::string_view name);

struct TangentFrame {
  const NamedColumn* tangent = nullptr;    // null: the mesh holds no frame
  const NamedColumn* bitangent = nullptr;  // null: the handedness is taken as +1
};

// The first of textangent + texbinormal, then tangent + binormal, holding both of 3 columns, a
// row per point; else the first of textangent, tangent of 3 columns alone.
TangentFrame choose_frame(const Mesh& mesh);

// True when every row's first three values have a direction (and, with a w, that w is a number).
bool tangents_have_direction(const Column& tangents, bool with_w);

// Writes rows [first, end) as float32 VEC4 from a 4-column "tangents": xyz scaled to unit length,
// w its sign.
void fill_model_tangents(const Column& tangents, size_t first, size_t end, char* out);

// Writes rows [first, end) as float32 VEC4 from a frame: the tangent scaled to unit length and,
// as w, the side of cross(normal, tangent) the bitangent lies on; +1 without a bitangent. Returns
// how many rows had a bitangent on neither side beyond rounding (taken as +1 too).
size_t fill_frame_tangents(const Column& tangent, const Column* bitangent, const Column& normals,
                           size_t first, size_t end, char* out);

}  // namespace px::gltf
