// Animations as <library_animations>: channels on transform sids, glTF channels baked to matrix
// keys.
#pragma once

#include "absl/status/status.h"
#include "engine/diagnostics.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "model/scene.h"

namespace px::collada {

// Fills plan.animations (see animation_plan.h); refuses, naming the rule, what cannot be written.
absl::Status plan_animations(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);
// Writes <library_animations> from the finished plan.
void write_animations(const Scene& scene, const WritePlan& plan, XmlWriter& xml);

}  // namespace px::collada
