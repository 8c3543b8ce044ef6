// <library_cameras> from the scene's cameras (those a COLLADA read gave by id, and those nodes
// show), and each node's <instance_camera>.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Fills plan.cameras (after plan_nodes): every camera the scene has by id, and each one a
// written node shows that has none, ids as plan_lights gives lights theirs. A camera glTF would not
// validate, or an id the scene's cameras do not define, is left out with a warning
// (collada.write.camera-dropped). A perspective camera without zfar (glTF's infinite projection) is
// written with zfar = znear * 2^20, which COLLADA requires, and an <infinite_zfar/> in its polyxios
// <extra>, which the reader takes back.
absl::Status plan_cameras(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);
void write_cameras(const WritePlan& plan, XmlWriter& xml);
// The node's <instance_camera>, when it has a camera.
void write_instance_camera(const WritePlan& plan, int node, XmlWriter& xml);

}  // namespace px::collada
