// "animations": the scene's animations as polyxios/ops/animation_bake.h makes them playable, their
// key times and values as float32 accessors (times with their min and max), a times array several
// samplers share written once. The nodes a written channel animates must go out as translation,
// rotation and scale, never a matrix (see animated()). A KHR_animation_pointer channel needs the
// extension in "extensionsUsed" (uses_pointer()). A pointer channel is written once per pointer
// the caller gives it (sharing its sampler): a material's for the material and each copy the
// material table made of it; a light's or a camera's that names a node
// (polyxios/scene/animation_pointer.h) with the index the node's light or camera is written at, and
// without the node. One given no pointer (its node carries no written light or camera) is left out
// with a warning (gltf.write.animation-pointer-dropped), as is an animation it leaves without
// channels.
#pragma once

#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "formats/gltf/write/bin_layout.h"
#include "formats/gltf/write/json_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/ops/animation_bake.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

class AnimationWriter {
 public:
  // Bakes the scene's animations, reporting the bake's warnings.
  AnimationWriter(const Scene& scene, Diagnostics& diagnostics);

  // Per scene node: a written channel animates it.
  const std::vector<bool>& animated() const { return baked_.animated; }

  // Plans the views and accessors of every sampler (the key times and values as float32); this
  // writer must outlive `bin`.
  void add_accessors(BinLayout& bin);
  // The written pointers of a pointer channel; none when it is left out.
  using WrittenPointers = std::function<std::vector<std::string>(const BakedChannel&)>;
  // "animations", nothing when none is written.
  void write_json(JsonWriter& json, const WrittenPointers& written_pointers,
                  Diagnostics& diagnostics) const;
  // True when a written channel is a KHR_animation_pointer one.
  bool uses_pointer() const;
  // The pointer of every KHR_animation_pointer channel, as the scene gives it.
  std::vector<std::string_view> pointers() const;

 private:
  struct Accessors {
    int input = -1;
    int output = -1;
  };
  BakedAnimations baked_;
  std::vector<std::vector<Accessors>> accessors_;  // per animation, per sampler
  // Each distinct times array once, as float32.
  std::deque<std::vector<float>> times_;
};

}  // namespace px::gltf
