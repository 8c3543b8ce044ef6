// <library_lights> from the lights nodes carry (polyxios/scene/light.h), spelled by
// formats/collada/light_mapping.h's rule, and each node's <instance_light>.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Fills plan.lights (after plan_nodes): every light the scene has by id (Light::collada_id),
// whether or not a node shows it, and each one a written node shows that has none. A light
// with an id keeps it when it is free, one without gets a generated one, and identical lights
// without an id are written once. A light that is no light, or an id the scene's lights
// do not define, is left out (collada.write.light-dropped); a term outside glTF's range is
// corrected (collada.write.light-fixed); extras other than the COLLADA originals are left out
// (collada.write.light-extras-dropped), each with a warning.
absl::Status plan_lights(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);
void write_lights(const WritePlan& plan, XmlWriter& xml);
// The node's <instance_light>, when it has a light.
void write_instance_light(const WritePlan& plan, int node, XmlWriter& xml);

}  // namespace px::collada
