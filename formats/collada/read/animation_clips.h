// <library_animation_clips>: each <animation_clip> as the <animation> elements it plays and its
// window. formats/collada/read/animations.cc makes each one animation of the scene.
//
// - A clip is named by its name, else its id; its window is [start, end] (start 0 when absent; an
//   absent end is nullopt, the clip running to its last key, with a note collada.clip.open-end).
// - An <instance_animation> whose url names no <animation> of this document (an id it lacks, an
//   element of another kind, another document) is skipped with a warning collada.clip.unresolved;
//   a clip left with none, or whose window is none (bounds not finite numbers, the end before the
//   start, or a length past float32's largest number), is dropped with a warning
//   (collada.clip.unresolved, collada.clip.window-invalid).
// - An animation instanced twice by one clip plays once in it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "formats/collada/read/context.h"

namespace px::collada {

struct ClipSpec {
  const Element* element = nullptr;  // the <animation_clip>
  std::string name;
  double start = 0;
  std::optional<double> end;
  std::vector<const Element*> animations;  // distinct <animation> elements, as the clip orders them
};

std::vector<ClipSpec> read_clip_specs(ReadContext& ctx);

// The warning that drops a clip whose window is none (polyxios/scene/animation.h's
// is_playable_window).
void warn_window(ReadContext& ctx, const Element& clip, std::string_view name);

}  // namespace px::collada
