// <library_lights>: each <light> with an id and a <technique_common>, in glTF's terms
// (polyxios/scene/light.h, by formats/collada/light_mapping.h's rule), into Scene::lights with
// that id as its collada_id (nodes show their light by its index there).
#pragma once

#include <optional>

#include "formats/collada/light_mapping.h"
#include "formats/collada/read/context.h"

namespace px::collada {

// A light without <technique_common> or one of its four lights, without a <color> of three
// numbers, or with terms no light has (a non-finite number, a negative attenuation, attenuation
// summing to 0, a falloff angle not above 0) is skipped with a warning: lights never refuse a
// document. A negative colour component is read as 0, a falloff angle above 180 degrees as 180,
// and a constant or linear attenuation approximated, each with a warning.
void read_lights(ReadContext& ctx);

// The <technique_common> terms of a light read_lights keeps (before its warned corrections),
// nullopt for one it skips.
std::optional<ColladaLightTerms> light_terms(const Element& light);

}  // namespace px::collada
