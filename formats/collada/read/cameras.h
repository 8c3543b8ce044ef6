// <library_cameras>: each <camera> with an id and common optics, in glTF's terms, into
// Scene::cameras with that id as its collada_id (nodes show their camera by its index there).
#pragma once

#include <optional>
#include <utility>

#include "formats/collada/read/context.h"

namespace px::collada {

// Field-of-view angles are converted from degrees to radians and a missing one derived from the
// other and the aspect ratio; a polyxios write's <infinite_zfar/> drops the zfar it spelled. A
// camera glTF would refuse, or one without <optics><technique_common>, is skipped with a warning:
// cameras never refuse a document.
void read_cameras(ReadContext& ctx);

// A <perspective>'s vertical field of view in radians from its <xfov>, <yfov> and
// <aspect_ratio> in degrees (each nullopt when absent), as read_cameras derives it; nullopt
// without either angle.
std::optional<double> vertical_fov(std::optional<double> xfov, std::optional<double> yfov,
                                   std::optional<double> aspect);

// A <perspective>'s aspect ratio: its <aspect_ratio>, else the one its <xfov> and <yfov> give;
// nullopt when it leaves the ratio to the viewer.
std::optional<double> perspective_aspect(std::optional<double> xfov, std::optional<double> yfov,
                                         std::optional<double> aspect);

// An <orthographic>'s horizontal and vertical magnifications, one missing derived from the other
// and the aspect ratio (the view taken as square without one); at least one must be given.
std::pair<double, double> magnifications(std::optional<double> xmag, std::optional<double> ymag,
                                         std::optional<double> aspect);

}  // namespace px::collada
