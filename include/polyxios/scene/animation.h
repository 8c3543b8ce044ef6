// The scene's animations (Scene::animations), which every reader fills and every writer reads:
// glTF's shape, holding either format's meaning.
//
// An animation plays its channels, each setting one target from one of its samplers. Two meanings
// share the shape, told apart by the target:
// - A COLLADA channel holds a sid (or is a "matrix" channel on a node that spells no transform
//   elements, whose whole matrix it animates). It animates one transform element of the node
//   (Node::transforms): path "translation" for a <translate>, "rotation" for a
//   <rotate>, "scale" for a <scale>, "matrix" for a <matrix>, "lookat" for a <lookat>, "skew" for
//   a <skew>. Its values are the element's (or the member's) values as COLLADA spells them: a
//   rotation is an axis and an angle in degrees, often only its ANGLE; a matrix is 16 values row
//   by row, its member (i) being column i (4 values) and (i)(j) the cell of column i, row j.
// - A channel without a sid is glTF's own: path "translation" (3 values per key), "rotation"
//   (an x, y, z, w quaternion), "scale" (3), "weights" (one per morph target) or "pointer", in
//   glTF's units. A COLLADA read gives "pointer" channels too, for effect, light and camera
//   parameters (formats/collada/read/parameter_channels.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/column.h"
#include "polyxios/scene/value.h"

namespace px {

// What a channel animates (above): glTF's paths, then the element kinds only COLLADA channels
// animate, then a path glTF does not define, which a glTF read keeps as the file spells it.
enum class TargetPath : uint8_t {
  kNone,  // a made scene, or a glTF path "", gives none
  kTranslation,
  kRotation,
  kScale,
  kWeights,
  kPointer,
  kMatrix,
  kLookat,
  kSkew,
  kOther,
};

// glTF's name of the path ("translation", ..., "pointer"), or the element kind's ("matrix",
// "lookat", "skew"); "" for kNone and kOther.
std::string_view target_path_name(TargetPath path);
// The path a name spells: kNone for "", kOther for a name no path has.
TargetPath target_path_named(std::string_view name);
// The COLLADA transform element a path animates ("translate", "rotate", "scale", "matrix",
// "lookat", "skew"), "" for the others; and the path of an element kind (kOther for none).
std::string_view element_kind_of(TargetPath path);
TargetPath target_path_of_element(std::string_view kind);
// A translation, rotation or scale: what a glTF node's TRS holds.
constexpr bool is_trs(TargetPath path) {
  return path == TargetPath::kTranslation || path == TargetPath::kRotation ||
         path == TargetPath::kScale;
}

struct AnimationTarget {
  // Index into Scene::nodes, -1 for none; on a KHR_animation_pointer channel none, or, for a
  // light's or a camera's pointer, a node carrying that light or camera
  // (polyxios/scene/animation_pointer.h: writers number the pointer's object as they write that
  // node's).
  int node = -1;
  TargetPath path = TargetPath::kNone;
  std::string other_path;  // a kOther path as the file spells it
  // COLLADA only: the sid of the transform element the channel animates, and the part of it it
  // sets as the address spells it without its '.' ("ANGLE", "X", "(3)", "(0)(3)"), empty for the
  // whole element.
  std::optional<std::string> sid;
  std::string member;
  std::string pointer;  // glTF KHR_animation_pointer only: the JSON pointer (path kPointer)

  // The path as a file spells it.
  std::string_view path_name() const {
    return path == TargetPath::kOther ? std::string_view(other_path) : target_path_name(path);
  }
  // The transform element kind a COLLADA channel animates; for a path no element has, the path's
  // name, which the warnings of a channel that binds to no element then show.
  std::string_view element_kind() const {
    const std::string_view kind = element_kind_of(path);
    return kind.empty() ? path_name() : kind;
  }
};

struct AnimationChannel {
  int sampler = -1;
  AnimationTarget target;
  std::optional<Value> extras;
};

struct AnimationSampler {
  Column times;  // keys x 1, float32 or float64: key times in seconds
  // One row per key (keys x width); glTF CUBICSPLINE: three rows per key, glTF's in-tangent,
  // value, out-tangent.
  Column values;
  // COLLADA's name, upper-cased (LINEAR, STEP, BEZIER, HERMITE, CARDINAL, BSPLINE), or glTF's
  // (LINEAR, STEP, CUBICSPLINE); when keys of a COLLADA sampler differ, the first key's.
  std::string interpolation;
  // COLLADA only: one per key when the keys do not all interpolate alike (key k's runs from k to
  // k+1), else empty.
  std::vector<std::string> interpolations;
  // COLLADA only (keys x tangent width): the BEZIER / HERMITE control points in the layout the
  // file spells (polyxios/ops/animation_curve.h), when the file has them.
  std::optional<Column> in_tangents;
  std::optional<Column> out_tangents;
  std::optional<Value> extras;  // glTF's, as the file spells them

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
  // COLLADA: its name, else its id (a clip's: the clip's name, else its id), possibly empty;
  // glTF: its name, none when the file gives none.
  std::optional<std::string> name;
  // The window of a COLLADA <animation_clip> in the key times of the channels. The animation plays
  // that window alone: the glTF bake cuts its COLLADA channels to it and moves it to start at 0;
  // the COLLADA writer writes the channels whole and an <animation_clip> with the window.
  std::optional<ClipWindow> clip;
  // A channel naming a sampler out of range, or one that is none, is skipped with a warning by
  // the writers, as one with a target node out of range or without a path.
  std::vector<AnimationChannel> channels;
  std::vector<std::optional<AnimationSampler>> samplers;
  std::optional<Value> extras;  // glTF's, as the file spells them
  // Set by the glTF reader: the Python module's dict of the animation then spells a channel's
  // "node" only when it names one, as the file does (a COLLADA read's dict spells -1).
  bool nodes_optional = false;

  // The name, empty when none.
  std::string_view name_or_empty() const { return name ? std::string_view(*name) : ""; }
};

}  // namespace px
