// Materials and images as <library_images>, <library_effects> and <library_materials>.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Fills plan.effects (see effect_plan.h); refuses, naming the rule, what cannot be written.
absl::Status plan_effects(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);
// Writes <library_images>, <library_effects> and <library_materials> from the finished plan.
void write_effects(const Scene& scene, const WritePlan& plan, XmlWriter& xml);

}  // namespace px::collada
