// The plan of <library_geometries> (formats/collada/write/geometry_writer.cc): one <geometry> per
// mesh, its sources and primitive blocks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/column.h"

namespace px::collada {

// How a <source>'s values come from the mesh.
enum class SourceValues : uint8_t {
  kColumn,       // the column as it is
  kScaledColor,  // an integer colour column divided by its dtype's maximum
  kTangentXyz,   // the xyz of glTF's tangents (xyz + handedness w)
  kBitangent,    // sign(w) * cross(normals, xyz) of glTF's tangents
};

// One <source>, read by every primitive block through the one vertex index.
struct GeometrySource {
  std::string id;  // <source id>; its <float_array> is array_id
  std::string array_id;
  std::string semantic;  // POSITION, NORMAL, TEXCOORD, COLOR, TEXTANGENT, ...
  int set = -1;          // the input's set attribute, -1 for none
  SourceValues values = SourceValues::kColumn;
  const Column* column = nullptr;   // the values (glTF's tangents for kTangentXyz, kBitangent)
  const Column* normals = nullptr;  // kBitangent: the mesh's normals
  double scale = 1;                 // kScaledColor: the dtype's maximum
  size_t width = 0;                 // values per vertex
  std::string_view params;          // the accessor's param names, one letter each ("XYZ", "STP")
};

enum class PrimitiveKind : uint8_t { kTriangles, kPolylist, kLines, kLineStrips, kTriStrips };

// One primitive block: the cells of one kind and material, in cell order.
struct GeometryBlock {
  PrimitiveKind kind = PrimitiveKind::kTriangles;
  int material = -1;  // -1: no material attribute
  size_t first = 0;   // its first cell in GeometryPlan::cell_order
  size_t cells = 0;
};

struct GeometryPlan {
  std::string id;
  // The material values the mesh's primitive blocks name, each once, in first-occurrence order;
  // a block of value v names the symbol material_symbol(v). -1 (no material) names no symbol.
  std::vector<int> materials;
  // The lowest TEXCOORD set the geometry writes, for <bind_vertex_input>; -1 when none.
  int texcoord_set = -1;
  // private to geometry_writer.cc
  bool has_name = false;
  std::string name;                     // the mesh_name, written as given
  std::string vertices_id;              // <vertices id>
  std::vector<GeometrySource> sources;  // positions first
  // A mesh without primitive blocks (a point cloud) holds its attributes in <vertices>.
  bool attributes_in_vertices = false;
  std::vector<GeometryBlock> blocks;
  // The written cells block by block; empty when every cell is written, in order, in one block.
  std::vector<uint32_t> cell_order;
};

struct GeometriesPlan {
  std::vector<GeometryPlan> geometries;  // one per mesh
};

}  // namespace px::collada
