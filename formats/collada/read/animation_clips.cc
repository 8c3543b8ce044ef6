#include "formats/collada/read/animation_clips.h"

#include <cmath>

#include "engine/strings.h"
#include "formats/collada/read/xml/numbers.h"
#include "polyxios/scene/animation.h"

namespace px::collada {
namespace {

// The <animation> an <instance_animation> names, nullptr (warned) when none of this document.
const Element* instanced_animation(ReadContext& ctx, const Element& instance,
                                   std::string_view clip) {
  absl::StatusOr<ResolvedUrl> url = resolve_url(ctx, instance, "url");
  if (url.ok() && url->kind == UrlKind::kLocal && url->target->name == "animation") {
    return url->target;
  }
  ctx.warn("collada.clip.unresolved",
           cat("clip \"", clip, "\": url=\"", instance.attr("url"),
               "\" names no <animation> of this document; skipped"),
           &instance);
  return nullptr;
}

// The attribute as a finite number; `fallback` when absent, nullopt when not a finite number.
std::optional<double> window_bound(const Element& clip, std::string_view name, double fallback) {
  const std::string_view* text = clip.find_attr(name);
  if (text == nullptr) return fallback;
  double value = 0;
  if (!parse_double(trim_xml_space(*text), &value) || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace

void warn_window(ReadContext& ctx, const Element& clip, std::string_view name) {
  ctx.warn("collada.clip.window-invalid",
           cat("clip \"", name, "\": start=\"", clip.attr("start"), "\" end=\"", clip.attr("end"),
               "\" is no window (finite numbers, end not before start, at most float32's largest "
               "number apart); dropped"),
           &clip);
}

std::vector<ClipSpec> read_clip_specs(ReadContext& ctx) {
  std::vector<ClipSpec> out;
  for (const Element& library : ctx.doc.root()->children()) {
    if (library.name != "library_animation_clips") continue;
    for (const Element& clip : library.children()) {
      if (clip.name != "animation_clip") continue;
      ClipSpec spec;
      spec.element = &clip;
      spec.name = std::string(clip.attr("name"));
      if (spec.name.empty()) spec.name = std::string(clip.attr("id"));
      std::optional<double> start = window_bound(clip, "start", 0);
      std::optional<double> end = window_bound(clip, "end", start.value_or(0));
      if (!start || !end || !is_playable_window(*start, *end)) {
        warn_window(ctx, clip, spec.name);
        continue;
      }
      spec.start = *start;
      if (clip.find_attr("end") != nullptr) {
        spec.end = *end;
      } else {
        ctx.diagnostics.info("collada.clip.open-end",
                             cat("clip \"", spec.name, "\" has no end: it runs to its last key"),
                             clip.line);
      }
      HashSet<const Element*> instanced;
      for (const Element& instance : clip.children()) {
        if (instance.name != "instance_animation") continue;
        const Element* animation = instanced_animation(ctx, instance, spec.name);
        if (animation != nullptr && instanced.insert(animation).second) {
          spec.animations.push_back(animation);
        }
      }
      if (spec.animations.empty()) {
        ctx.warn("collada.clip.unresolved",
                 cat("clip \"", spec.name, "\" instances no animation of this document; dropped"),
                 &clip);
        continue;
      }
      out.push_back(std::move(spec));
    }
  }
  return out;
}

}  // namespace px::collada
