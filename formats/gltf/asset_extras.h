// What a scene's asset records of its source that glTF's asset has no field for - its author,
// authoring tool, dates, up axis and unit, as a COLLADA read gives them - travels in
// asset.extras: the writer puts it there and the reader takes it back, so that provenance and
// licence survive a conversion and a COLLADA round trip through glTF.
#pragma once

#include <string_view>

#include "model/value.h"

namespace px::gltf {

inline bool is_asset_extra(std::string_view key, const Value& value) {
  if (key == "unit") return value.is_map();
  return (key == "author" || key == "authoring_tool" || key == "created" || key == "modified" ||
          key == "up_axis") &&
         value.is_string();
}

}  // namespace px::gltf
