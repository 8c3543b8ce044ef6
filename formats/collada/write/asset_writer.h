// <asset>: the contributor's author and copyright, polyxios as the authoring tool, fixed
// timestamps (spec collada.md, Quirks: the epoch unless the asset holds an xs:dateTime), the unit
// and the up axis.
#pragma once

#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Warns about asset keys COLLADA has no place for (another format's version and generator are
// dropped silently) and about timestamps that are not xs:dateTime.
void check_asset(const Scene& scene, Diagnostics& diagnostics);
void write_asset(const Scene& scene, XmlWriter& xml);

// True for an xs:dateTime: YYYY-MM-DDThh:mm:ss, optional fraction, optional Z or +hh:mm.
bool is_xs_datetime(std::string_view text);

}  // namespace px::collada
