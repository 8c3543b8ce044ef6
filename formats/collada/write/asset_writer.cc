#include "formats/collada/write/asset_writer.h"

#include <cctype>
#include <cmath>
#include <optional>
#include <string>

#include "engine/strings.h"
#include "formats/collada/write/xml_names.h"

namespace px::collada {
namespace {

constexpr std::string_view kEpoch = "1970-01-01T00:00:00Z";
constexpr std::string_view kAuthoringTool = "polyxios 0.1.0";

// The tool that made the source, not polyxios itself: the asset's authoring_tool (a COLLADA
// contributor's), else its generator (a glTF asset's); nullptr when it names none.
const std::string* source_tool(const Asset& asset) {
  for (const std::optional<std::string>* tool : {&asset.authoring_tool, &asset.generator}) {
    if (*tool && !(*tool)->empty() && !(*tool)->starts_with("polyxios")) return &**tool;
  }
  return nullptr;
}

std::string_view timestamp(const std::optional<std::string>& t) {
  return t && is_xs_datetime(*t) ? std::string_view(*t) : kEpoch;
}

// The unit's meter, when the asset holds a finite positive one.
std::optional<double> meter_of(const std::optional<AssetUnit>& unit) {
  if (!unit || !unit->meter || !std::isfinite(*unit->meter) || *unit->meter <= 0) {
    return std::nullopt;
  }
  return unit->meter;
}

bool is_up_axis(const std::optional<std::string>& axis) {
  return axis && (*axis == "X_UP" || *axis == "Y_UP" || *axis == "Z_UP");
}

bool digits(std::string_view s, size_t at, size_t n) {
  if (at + n > s.size()) return false;
  for (size_t i = at; i < at + n; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  }
  return true;
}

}  // namespace

bool is_xs_datetime(std::string_view s) {
  // YYYY-MM-DDThh:mm:ss
  if (!digits(s, 0, 4) || s.size() < 19 || s[4] != '-' || !digits(s, 5, 2) || s[7] != '-' ||
      !digits(s, 8, 2) || s[10] != 'T' || !digits(s, 11, 2) || s[13] != ':' || !digits(s, 14, 2) ||
      s[16] != ':' || !digits(s, 17, 2)) {
    return false;
  }
  auto field = [&](size_t at) { return (s[at] - '0') * 10 + (s[at + 1] - '0'); };
  if (field(5) < 1 || field(5) > 12 || field(8) < 1 || field(8) > 31 || field(11) > 24 ||
      field(14) > 59 || field(17) > 59) {
    return false;
  }
  // Hour 24 is only the day's end, 24:00:00.
  bool day_end = field(11) == 24;
  if (day_end && (field(14) != 0 || field(17) != 0)) return false;
  size_t i = 19;
  if (i < s.size() && s[i] == '.') {
    size_t start = ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      if (day_end && s[i] != '0') return false;
      ++i;
    }
    if (i == start) return false;
  }
  if (i == s.size()) return true;
  if (s[i] == 'Z') return i + 1 == s.size();
  if (s[i] != '+' && s[i] != '-') return false;
  return s.size() == i + 6 && digits(s, i + 1, 2) && s[i + 3] == ':' && digits(s, i + 4, 2) &&
         field(i + 1) <= 14 && field(i + 4) <= 59;
}

void check_asset(const Scene& scene, Diagnostics& diagnostics) {
  const Asset& asset = scene.asset;
  bool dropped = false;  // warned after the others, as a list of one: minVersion
  for (AssetField field : asset.order) {
    if (field == AssetField::kCreated || field == AssetField::kModified) {
      if (!is_xs_datetime(*asset.text(field))) {
        diagnostics.warn("collada.write.asset-timestamp",
                         cat("asset ", asset_field_name(field), " is not an xs:dateTime; ", kEpoch,
                             " is written"));
      }
    } else if (field == AssetField::kUnit) {
      if (!meter_of(asset.unit)) {
        diagnostics.warn("collada.write.asset-unit",
                         "asset unit has no finite positive meter; no <unit> is written");
      }
    } else if (field == AssetField::kUpAxis) {
      if (!is_up_axis(asset.up_axis)) {
        diagnostics.warn("collada.write.asset-up-axis",
                         "asset up_axis is not X_UP, Y_UP or Z_UP; no <up_axis> is written");
      }
    } else {
      dropped = dropped || field == AssetField::kMinVersion;
    }
  }
  if (dropped) {
    diagnostics.warn("collada.write.asset-dropped",
                     "asset fields COLLADA has no place for left out: minVersion");
  }
}

void write_asset(const Scene& scene, XmlWriter& xml) {
  const Asset& asset = scene.asset;
  xml.open("asset");
  // The source's contributor (its author, copyright and the tool that made it: an authoring
  // tool, else a glTF generator) first, where a reader looks, then polyxios's own.
  const std::string* tool = source_tool(asset);
  xml.open("contributor");
  if (asset.author) xml.element("author", *asset.author);
  xml.element("authoring_tool", tool != nullptr ? std::string_view(*tool) : kAuthoringTool);
  if (asset.copyright) xml.element("copyright", *asset.copyright);
  xml.close();
  if (tool != nullptr) {
    xml.open("contributor");
    xml.element("authoring_tool", kAuthoringTool);
    xml.close();
  }
  xml.element("created", timestamp(asset.created));
  xml.element("modified", timestamp(asset.modified));
  if (std::optional<double> meter = meter_of(asset.unit)) {
    xml.open("unit");
    if (asset.unit->name && is_ncname(*asset.unit->name)) xml.attr("name", *asset.unit->name);
    xml.attr("meter", *meter);
    xml.close();
  }
  if (is_up_axis(asset.up_axis)) xml.element("up_axis", *asset.up_axis);
  xml.close();
}

}  // namespace px::collada
