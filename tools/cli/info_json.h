// `polyxios info --json`: one JSON object describing a scene read from `uri` (see README):
//   {"uri", "format", "counts": {...}, "defaultScene", "bounds": {"min", "max", "exact"} | null,
//    "meshes": [...], "materials": [...], "skins": [...], "animations": [...],
//    "sizes": {"input": {...}, "output": {...}} (info_sizes.h: each {"total"}, and a glTF
//    document's "json", "geometry", "animation", "skins", "instances", "images", "other" bytes;
//    "output" null, with "outputRefused" (the refusal's message), when the write refuses it),
//    "warningCount", "warnings": {code: count}, "notes": {code: count}}
// Numbers that are NaN or infinite are written null; text that is not UTF-8 has its stray bytes
// replaced by U+FFFD. Pretty-printed, keys in a fixed order: the same scene gives the same bytes.
#pragma once

#include <string>
#include <string_view>

#include "polyxios/diagnostics.h"
#include "polyxios/polyxios.h"
#include "tools/cli/info_sizes.h"
#include "tools/scene_summary.h"

namespace px::cli {

std::string info_json(std::string_view uri, Format format, const SceneSummary& summary,
                      const InfoSizes& sizes, const Diagnostics& diagnostics);

}  // namespace px::cli
