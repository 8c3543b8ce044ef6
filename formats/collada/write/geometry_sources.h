// A mesh's vertex attributes as the <source> elements of its <geometry> (spec collada.md,
// "Writing"): which columns are written under which semantic and set, which are dropped with a
// warning, glTF's tangents as a TEXTANGENT / TEXBINORMAL frame, and the values of each source.
#pragma once

#include <string_view>
#include <vector>

#include "formats/collada/write/geometry_plan.h"
#include "formats/collada/write/xml_names.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/mesh.h"

namespace px::collada {

struct SourcesContext {
  std::string_view label;        // how warnings name the mesh
  std::string_view geometry_id;  // the sources' ids start with it
  bool skinned = false;          // a written controller takes the mesh's joints and weights
  bool in_vertices = false;      // a point cloud: the attributes go in <vertices>, set 0 only
};

// The sources of a mesh whose points are n x 3, positions first, each with a fresh id.
std::vector<GeometrySource> plan_sources(const Mesh& mesh, const SourcesContext& context,
                                         IdRegistry& ids, Diagnostics& diagnostics);

// Writes one <source>: its <float_array> and the accessor reading it.
void write_source(const GeometrySource& source, XmlWriter& xml);

}  // namespace px::collada
