// What a scene's asset records of its source that glTF's asset has no field for - its author,
// authoring tool, dates, up axis and unit, as a COLLADA read gives them - travels in
// asset.extras: the writer puts it there and the reader takes it back, so that provenance and
// licence survive a conversion and a COLLADA round trip through glTF.
#pragma once

#include <optional>
#include <string_view>

#include "polyxios/scene/asset.h"

namespace px::gltf {

// The field asset.extras keeps under `key`, nullopt for a key of another meaning.
inline std::optional<AssetField> asset_extra_named(std::string_view key) {
  for (AssetField field : {AssetField::kAuthor, AssetField::kAuthoringTool, AssetField::kCreated,
                           AssetField::kModified, AssetField::kUpAxis, AssetField::kUnit}) {
    if (asset_field_name(field) == key) return field;
  }
  return std::nullopt;
}

inline bool is_asset_extra(AssetField field) {
  return asset_extra_named(asset_field_name(field)).has_value();
}

}  // namespace px::gltf
