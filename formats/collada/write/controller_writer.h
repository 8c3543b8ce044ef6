// Skins as <library_controllers>: one <skin> controller per distinct (mesh, skin) a written node
// instances.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Fills plan.controllers (see controller_plan.h); refuses, naming the rule, what cannot be written.
absl::Status plan_controllers(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);
// Writes <library_controllers> from the finished plan.
void write_controllers(const Scene& scene, const WritePlan& plan, XmlWriter& xml);

}  // namespace px::collada
