// The scene's asset: what its source records of itself. glTF's asset gives the version, the
// minimum version, the generator and the copyright; COLLADA's <asset> the up axis (recorded,
// never applied), the unit, the dates and its contributor's author, authoring tool and copyright.
// A glTF write keeps the COLLADA fields in asset.extras, where a glTF read finds them again
// (formats/gltf/asset_extras.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/scene/value.h"

namespace px {

enum class AssetField : uint8_t {
  kVersion,
  kMinVersion,
  kGenerator,
  kCopyright,
  kAuthor,
  kAuthoringTool,
  kCreated,
  kModified,
  kUpAxis,
  kUnit,
};

struct AssetUnit {
  std::optional<std::string> name;  // COLLADA's <unit name>
  // The metres one unit spans. A COLLADA read's is finite and positive; a glTF read keeps the
  // number its asset.extras spell, which writers check.
  std::optional<double> meter;
  // A glTF read's unit as its asset.extras spelled it (whatever keys, values and order): written
  // back and listed in Python as it was; name and meter above are what the other readers of the
  // asset take from it.
  std::optional<ValueMap> spelled;
};

struct Asset {
  std::optional<std::string> version;
  std::optional<std::string> min_version;
  std::optional<std::string> generator;
  std::optional<std::string> copyright;
  std::optional<std::string> author;
  std::optional<std::string> authoring_tool;
  std::optional<std::string> created;  // an xs:dateTime as COLLADA spells it, when it is one
  std::optional<std::string> modified;
  std::optional<std::string> up_axis;  // "X_UP", "Y_UP" or "Z_UP"; a glTF read keeps any string
  std::optional<AssetUnit> unit;
  // The fields set, in the order the source gave them (a glTF read's asset.extras in the order
  // they were spelled, an up axis or unit a conversion adds last): the order writers spell and
  // warn in, and the Python module lists them in.
  std::vector<AssetField> order;

  bool empty() const { return order.empty(); }
  bool has(AssetField field) const;
  // A field of text (any but kUnit).
  const std::optional<std::string>& text(AssetField field) const;
  // Sets a field of text (any but kUnit), or the unit, keeping the field's place in order.
  void set(AssetField field, std::string value);
  void set_unit(AssetUnit value);

 private:
  void place(AssetField field);
};

// The field's key as global_attrs["asset"] spells it: "version", "minVersion", "generator",
// "copyright", "author", "authoring_tool", "created", "modified", "up_axis", "unit".
std::string_view asset_field_name(AssetField field);

}  // namespace px
