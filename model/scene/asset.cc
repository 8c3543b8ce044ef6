#include "polyxios/scene/asset.h"

#include <algorithm>
#include <utility>

namespace px {
namespace {

template <class Self>
auto& text_of(Self& asset, AssetField field) {
  switch (field) {
    case AssetField::kVersion:
      return asset.version;
    case AssetField::kMinVersion:
      return asset.min_version;
    case AssetField::kGenerator:
      return asset.generator;
    case AssetField::kCopyright:
      return asset.copyright;
    case AssetField::kAuthor:
      return asset.author;
    case AssetField::kAuthoringTool:
      return asset.authoring_tool;
    case AssetField::kCreated:
      return asset.created;
    case AssetField::kModified:
      return asset.modified;
    case AssetField::kUpAxis:
    case AssetField::kUnit:
      break;
  }
  return asset.up_axis;
}

}  // namespace

bool Asset::has(AssetField field) const {
  return std::find(order.begin(), order.end(), field) != order.end();
}

const std::optional<std::string>& Asset::text(AssetField field) const {
  static const std::optional<std::string> kNone;
  return field == AssetField::kUnit ? kNone : text_of(*this, field);
}

void Asset::set(AssetField field, std::string value) {
  if (field == AssetField::kUnit) return;
  text_of(*this, field) = std::move(value);
  place(field);
}

void Asset::set_unit(AssetUnit value) {
  unit = std::move(value);
  place(AssetField::kUnit);
}

void Asset::place(AssetField field) {
  if (!has(field)) order.push_back(field);
}

std::string_view asset_field_name(AssetField field) {
  switch (field) {
    case AssetField::kVersion:
      return "version";
    case AssetField::kMinVersion:
      return "minVersion";
    case AssetField::kGenerator:
      return "generator";
    case AssetField::kCopyright:
      return "copyright";
    case AssetField::kAuthor:
      return "author";
    case AssetField::kAuthoringTool:
      return "authoring_tool";
    case AssetField::kCreated:
      return "created";
    case AssetField::kModified:
      return "modified";
    case AssetField::kUpAxis:
      return "up_axis";
    case AssetField::kUnit:
      break;
  }
  return "unit";
}

}  // namespace px
