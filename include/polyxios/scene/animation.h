// The shape of Scene::global_attrs["animations"], which every reader fills and every writer reads:
// glTF's shape, holding either format's meaning. One place spells the keys, so that the COLLADA
// and glTF readers and writers agree.
//
// global_attrs["animations"] is a ValueArray of maps, one per animation:
//   "name"      string: the animation's name (COLLADA: its name, else its id; may be absent or
//               empty; a clip's: the clip's name, else its id)
//   "clip"      map, optional: {"start", "end"} doubles, the window of a COLLADA <animation_clip>
//               in the key times of the channels (a window is_playable_window refuses is none). The
//               animation plays that window alone: the glTF bake cuts its COLLADA channels to it
//               and moves it to start at 0; the COLLADA writer writes the channels whole and an
//               <animation_clip> with the window.
//   "channels"  ValueArray of maps:
//     "sampler"   int: index into this animation's "samplers"
//     "target"    map:
//       "node"      int: index into Scene::nodes; on a KHR_animation_pointer channel absent, or,
//                   for a light's or a camera's pointer, a node carrying that light or camera
//                   (polyxios/scene/animation_pointer.h: writers number the pointer's object as
//                   they write that node's)
//       "path"      string: what the channel animates (see below)
//       "sid"       string: COLLADA only, the sid of the transform element the channel animates
//       "member"    string: COLLADA only, optional: the part of the element it sets, as the
//                   address spells it without its '.': "ANGLE", "X", "(3)", "(0)(3)"
//       "pointer"   string: glTF only, the JSON pointer of a KHR_animation_pointer channel (path
//                   "pointer")
//   "samplers"  ValueArray of maps:
//     "times"          Column (keys x 1), float32 or float64: key times in seconds
//     "values"         Column, one row per key (keys x width); glTF CUBICSPLINE: three rows per
//                      key, glTF's in-tangent, value, out-tangent
//     "interpolation"  string: COLLADA's name, upper-cased (LINEAR, STEP, BEZIER, HERMITE,
//                      CARDINAL, BSPLINE), or glTF's (LINEAR, STEP, CUBICSPLINE); when keys of a
//                      COLLADA sampler differ, the first key's
//     "interpolations" ValueArray of strings, one per key: COLLADA only, present only when the
//                      keys do not all interpolate alike (key k's interpolation runs from k to k+1)
//     "in_tangents", "out_tangents"  Column (keys x tangent width): COLLADA only, the BEZIER /
//                      HERMITE control points in the layout the file spells (see
//                      polyxios/ops/animation_curve.h), present when the file has them
//   An animation, channel or sampler map may hold "extras" (glTF's, kept by the glTF reader).
//
// Two meanings share the shape, told apart by the target:
// - A COLLADA channel holds a "sid" (or is a "matrix" channel on a node that spells no transform
//   elements, whose whole matrix it animates). It animates one transform element of the node's
//   extras["transforms"]: path "translation" for a <translate>, "rotation" for a <rotate>,
//   "scale" for a <scale>, "matrix" for a <matrix>, "lookat" for a <lookat>, "skew" for a <skew>.
//   Its values are the element's (or the member's) values as COLLADA spells them: a rotation is an
//   axis and an angle in degrees, often only its ANGLE; a matrix is 16 values row by row, its
//   member (i) being column i (4 values) and (i)(j) the cell of column i, row j.
// - A channel without a "sid" is glTF's own: path "translation" (3 values per key), "rotation"
//   (an x, y, z, w quaternion), "scale" (3), "weights" (one per morph target) or "pointer", in
//   glTF's units. A COLLADA read gives "pointer" channels too, for effect, light and camera
//   parameters (formats/collada/read/parameter_channels.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/column.h"
#include "polyxios/scene/value.h"

namespace px {

inline constexpr std::string_view kAnimationsKey = "animations";

struct AnimationTarget {
  int node = -1;
  std::string path;
  std::optional<std::string> sid;  // COLLADA only
  std::string member;              // COLLADA only; empty for the whole element
  std::string pointer;             // glTF KHR_animation_pointer only
};

struct AnimationChannel {
  int sampler = -1;
  AnimationTarget target;
  std::optional<Value> extras;
};

struct AnimationSampler {
  Column times;
  Column values;
  std::string interpolation;
  std::vector<std::string> interpolations;  // empty unless the keys differ
  std::optional<Column> in_tangents;
  std::optional<Column> out_tangents;
  std::optional<Value> extras;

  // The interpolation of the span starting at key k.
  const std::string& interpolation_at(size_t key) const {
    return interpolations.empty() ? interpolation : interpolations[key];
  }
};

// A COLLADA <animation_clip>'s window (see is_playable_window).
struct ClipWindow {
  double start = 0;
  double end = 0;
};

// True when the window's bounds are finite, start <= end, and its length is a finite float32
// (glTF's key times run from 0 to it).
bool is_playable_window(double start, double end);

// glTF's CUBICSPLINE (its cubic Hermite spline, glTF 2.0 Appendix C) at fraction s of a span dt
// seconds long, for one component: v0 the span's first value, b0 that key's out-tangent, v1 the
// next key's value, a1 its in-tangent.
inline double cubic_spline(double v0, double b0, double v1, double a1, double dt, double s) {
  const double s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * v0 + (s3 - 2 * s2 + s) * dt * b0 + (-2 * s3 + 3 * s2) * v1 +
         (s3 - s2) * dt * a1;
}

struct Animation {
  std::string name;
  std::optional<ClipWindow> clip;
  std::vector<AnimationChannel> channels;
  // nullopt where the entry is not a well-formed sampler map (a channel naming it is skipped).
  std::vector<std::optional<AnimationSampler>> samplers;
  std::optional<Value> extras;
};

// The map of one animation, in the shape above.
Value animation_value(const Animation& animation);

// The animations of global_attrs["animations"] (none when absent or not an array). An entry that
// is not a map reads as an animation without channels; a channel whose target lacks a node or a
// path gets node -1 or an empty path, which the writers skip with a warning.
std::vector<Animation> animations_of(const ValueMap& global_attrs);

}  // namespace px
