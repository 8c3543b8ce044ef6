// <library_cameras>: each <camera> with an id and common optics, as a glTF camera object, into
// global_attrs["cameras"] keyed by that id (nodes name their camera by id in extras["camera"]).
#pragma once

#include "formats/collada/read/context.h"

namespace px::collada {

// Field-of-view angles are converted from degrees to radians and a missing one derived from the
// other and the aspect ratio; a polyxios write's <infinite_zfar/> drops the zfar it spelled. A
// camera glTF would refuse, or one without <optics><technique_common>, is skipped with a warning:
// cameras never refuse a document.
void read_cameras(ReadContext& ctx);

}  // namespace px::collada
