// Scene::images as <library_images> (formats/collada/write/effect_writer.h plans and writes it
// with the effects that sample them).
#pragma once

#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Fills plan.effects.image_ids: the image's name when it is a free NCName, else a generated id;
// empty, with a warning, for an image holding neither a uri nor bytes, which is not written. A uri
// plan.uris does not allow is dropped with a warning (plan.effects.image_uris empty for it).
void plan_images(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);
// <library_images>: each written image by its uri, or as a data: URI of its bytes.
void write_images(const Scene& scene, const WritePlan& plan, XmlWriter& xml);

}  // namespace px::collada
