// Vertex attributes as the model names and types them: POSITION -> points, NORMAL -> normals,
// TANGENT -> tangents, TEXCOORD_n -> texcoords / texcoords_n, COLOR_n -> colors / colors_n,
// JOINTS_n -> joints / joints_n, WEIGHTS_n -> weights / weights_n (set 0 without its number, as
// a COLLADA read names them); any other semantic keeps its spelling.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "formats/gltf/read/read_accessors.h"
#include "formats/gltf/read/read_context.h"
#include "polyxios/scene/column.h"

namespace px::gltf {

// The model's name of a glTF attribute semantic ("" for POSITION, which is the points).
std::string attribute_name(std::string_view semantic);

// Refuses (gltf.primitive.attribute-type) an accessor whose type the semantic does not allow.
absl::Status check_attribute(std::string_view semantic, const AccessorData& data,
                             std::string_view pointer);

// The scan parts check_attribute_values needs of a semantic's accessor (ScanPart), for
// Accessors::get.
unsigned attribute_scan_parts(std::string_view semantic);

// Warns about values the semantic does not allow, once per rule and accessor: a NORMAL, or the
// xyz of a TANGENT, not of unit length within the Khronos validator's tolerance
// (gltf.read.vector-not-unit), a TANGENT's w other than 1 or -1 (gltf.read.tangent-sign) and a
// float COLOR_0 outside [0, 1] (gltf.read.color-not-clamped). The values are kept as they are.
// Values that are not the document's, and integer vectors that are not normalized (which glTF
// does not allow for these semantics), are left alone.
void check_attribute_values(ReadContext& ctx, std::string_view semantic, const AccessorData& data,
                            std::string_view pointer);

// The dtype the column of a semantic is kept in: float32 for geometry, texture coordinates,
// colours and weights; the accessor's own type for joints and for semantics glTF gives no meaning.
DType attribute_dtype(std::string_view semantic, DType decoded);

// A dtype that holds both a and b: the wider integer type when both are integers, else float32.
DType common_dtype(DType a, DType b);

// Copies src's rows into dst (a dtype / cols view of storage) from row `first`, converting each
// value; columns past src's are 0, except a colour's alpha, which is 1.
void copy_rows(const Column& src, const Column& dst, uint64_t first, bool color);

}  // namespace px::gltf
