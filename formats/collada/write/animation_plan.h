// The plan of <library_animations> (formats/collada/write/animation_writer.cc): the channels the
// document holds, each on a transform element's sid, glTF channels baked to matrix keys.
#pragma once

#include <string>
#include <vector>

namespace px::collada {

struct AnimationsPlan {
  // private to animation_writer.cc
  struct Channel {
    std::string target;  // "node-id/sid" or "node-id/sid.MEMBER" or "node-id/sid(i)(j)"
    std::vector<double> times;
    std::vector<double> values;  // row-major, width values per key
    size_t width = 0;
    std::vector<std::string> interpolations;  // one per key
    std::vector<double> in_tangents, out_tangents;  // BEZIER / HERMITE, when present
    size_t tangent_width = 0;
    bool float32 = false;  // the sampler's columns were float32: written as such
  };
  struct Animation {
    std::string id;
    std::string name;
    std::vector<Channel> channels;
  };
  std::vector<Animation> animations;
};

}  // namespace px::collada
