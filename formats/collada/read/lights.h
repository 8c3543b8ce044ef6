// <library_lights>: each <light> with an id and a <technique_common>, as a glTF-shaped light
// (polyxios/scene/light.h, by formats/collada/light_mapping.h's rule), into global_attrs["lights"]
// keyed by that id (nodes name their light by id in extras["light"]).
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
