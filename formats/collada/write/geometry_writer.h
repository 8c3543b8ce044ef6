// Meshes as <library_geometries>: sources sharing one index, primitive blocks by kind and material.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Fills plan.geometries (see geometry_plan.h); refuses, naming the rule, what cannot be written.
absl::Status plan_geometries(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);
// Writes <library_geometries> from the finished plan.
void write_geometries(const Scene& scene, const WritePlan& plan, XmlWriter& xml);

}  // namespace px::collada
