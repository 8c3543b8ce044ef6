// The plan of <library_geometries> (formats/collada/write/geometry_writer.cc): one <geometry> per
// mesh, its sources and primitive blocks.
#pragma once

#include <string>
#include <vector>

namespace px::collada {

struct GeometryPlan {
  std::string id;
  // The material values the mesh's primitive blocks name, each once, in first-occurrence order;
  // a block of value v names the symbol material_symbol(v). -1 (no material) names no symbol.
  std::vector<int> materials;
  // The lowest TEXCOORD set the geometry writes, for <bind_vertex_input>; -1 when none.
  int texcoord_set = -1;
  // private to geometry_writer.cc
};

struct GeometriesPlan {
  std::vector<GeometryPlan> geometries;  // one per mesh
};

}  // namespace px::collada
