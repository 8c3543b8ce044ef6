// A scene's global_attrs["asset"]: what it records of the scene's source.
#pragma once

#include <string>
#include <string_view>

#include "model/value.h"

namespace px {

// The tool that made the source, not polyxios itself: the asset's authoring_tool (a COLLADA
// contributor's), else its generator (a glTF asset's); nullptr when it names none.
inline const std::string* source_tool(const ValueMap& asset) {
  for (std::string_view key : {"authoring_tool", "generator"}) {
    const Value* tool = find_value(asset, key);
    if (tool != nullptr && tool->is_string() && !tool->as_string().empty() &&
        !tool->as_string().starts_with("polyxios")) {
      return &tool->as_string();
    }
  }
  return nullptr;
}

}  // namespace px
