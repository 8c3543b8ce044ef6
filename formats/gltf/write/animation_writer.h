// "animations": the scene's animations as model/animation_bake.h makes them playable, their key
// times and values as float32 accessors (times with their min and max), a times array several
// samplers share written once. The nodes a written channel animates must go out as translation,
// rotation and scale, never a matrix (see animated()). A KHR_animation_pointer channel declares
// the extension in "extensionsUsed", which this writer spells.
#pragma once

#include <string>
#include <vector>

#include "engine/diagnostics.h"
#include "formats/gltf/write/bin_builder.h"
#include "formats/gltf/write/json_writer.h"
#include "model/animation_bake.h"
#include "model/scene.h"

namespace px::gltf {

class AnimationWriter {
 public:
  // Bakes the scene's animations, reporting the bake's warnings.
  AnimationWriter(const Scene& scene, Diagnostics& diagnostics);

  // Per scene node: a written channel animates it.
  const std::vector<bool>& animated() const { return baked_.animated; }

  // Plans the views and accessors of every sampler.
  void add_accessors(BinBuilder& bin);
  // Writes the key times and values into the allocated views.
  void fill(BinBuilder& bin) const;
  // "animations" (and "extensionsUsed" for pointer channels), nothing when none is written.
  void write_json(JsonWriter& json) const;

 private:
  struct Accessors {
    int input = -1;
    int output = -1;
  };
  BakedAnimations baked_;
  std::vector<std::vector<Accessors>> accessors_;  // per animation, per sampler
  // Each distinct times array once: its float32 values and accessor.
  std::vector<std::pair<std::vector<float>, int>> times_;
  // The values of each output accessor, with it.
  std::vector<std::pair<const BakedSampler*, int>> outputs_;
};

}  // namespace px::gltf
