// The plan of <library_animations> (formats/collada/write/animation_writer.cc): the channels the
// document holds, each on a transform element's sid, glTF channels baked to matrix keys, and the
// <animation_clip> of each animation that plays alone.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace px::collada {

struct AnimationsPlan {
  // The numbers of one <float_array>: float32 values (a float32 column's, or key times baked for a
  // reader parsing them as float32) written in float32's shortest form, others in float64's, so
  // every value reads back bit-identical.
  struct Numbers {
    std::vector<double> values;
    size_t width = 0;  // values per key
    bool float32 = false;
  };
  // A <source> and its array.
  struct SourceIds {
    std::string source;
    std::string array;
  };
  // The parameters of a channel's OUTPUT accessor: one float4x4 TRANSFORM for a whole <matrix>,
  // else one float per value, named.
  struct Output {
    bool matrix = false;
    std::vector<std::string> names;
  };
  struct Channel {
    std::string target;  // "node-id/sid", "node-id/sid.MEMBER" or "node-id/sid(i)(j)"
    Numbers times;
    Numbers values;
    Output output;
    std::vector<std::string> interpolations;  // one per key
    Numbers in_tangents, out_tangents;        // BEZIER / HERMITE control points; empty when none
    SourceIds input, output_ids, interpolation, in_tangent, out_tangent;
    std::string sampler;  // the <sampler> id
  };
  // The <animation_clip> that plays an animation alone, over [start, end] of its key times.
  struct Clip {
    std::string id;
    double start = 0;
    double end = 0;
  };
  struct Animation {
    std::string id;
    std::string name;  // empty: no name attribute (the reader names it by its id)
    std::vector<Channel> channels;
    std::optional<Clip> clip;
  };
  std::vector<Animation> animations;
};

}  // namespace px::collada
