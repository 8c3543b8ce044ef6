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

const ValueMap* asset_of(const Scene& scene) {
  const Value* asset = find_value(scene.global_attrs, "asset");
  return asset != nullptr && asset->is_map() ? &asset->as_map() : nullptr;
}

const std::string* string_at(const ValueMap* asset, std::string_view key) {
  if (asset == nullptr) return nullptr;
  const Value* v = find_value(*asset, key);
  return v != nullptr && v->is_string() ? &v->as_string() : nullptr;
}

// The tool that made the source, not polyxios itself: the asset's authoring_tool (a COLLADA
// contributor's), else its generator (a glTF asset's); nullptr when it names none.
const std::string* source_tool(const ValueMap* asset) {
  for (std::string_view key : {"authoring_tool", "generator"}) {
    const std::string* tool = string_at(asset, key);
    if (tool != nullptr && !tool->empty() && !tool->starts_with("polyxios")) return tool;
  }
  return nullptr;
}

std::string_view timestamp(const ValueMap* asset, std::string_view key) {
  const std::string* t = string_at(asset, key);
  return t != nullptr && is_xs_datetime(*t) ? std::string_view(*t) : kEpoch;
}

// The unit's meter, when the asset holds a finite positive one.
std::optional<double> meter_of(const Value& unit) {
  if (!unit.is_map()) return std::nullopt;
  const Value* meter = find_value(unit.as_map(), "meter");
  if (meter == nullptr || !meter->is_number()) return std::nullopt;
  double m = meter->as_double();
  if (!std::isfinite(m) || m <= 0) return std::nullopt;
  return m;
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
  const ValueMap* asset = asset_of(scene);
  if (asset == nullptr) return;
  std::string dropped;
  for (const auto& [key, value] : *asset) {
    if (key == "created" || key == "modified") {
      if (!value.is_string() || !is_xs_datetime(value.as_string())) {
        diagnostics.warn("collada.write.asset-timestamp",
                         cat("asset ", key, " is not an xs:dateTime; ", kEpoch, " is written"));
      }
    } else if (key == "unit") {
      if (!meter_of(value)) {
        diagnostics.warn("collada.write.asset-unit",
                         "asset unit has no finite positive meter; no <unit> is written");
      }
    } else if (key == "up_axis") {
      bool known =
          value.is_string() && (value.as_string() == "X_UP" || value.as_string() == "Y_UP" ||
                                value.as_string() == "Z_UP");
      if (!known) {
        diagnostics.warn("collada.write.asset-up-axis",
                         "asset up_axis is not X_UP, Y_UP or Z_UP; no <up_axis> is written");
      }
    } else if (key == "author" || key == "copyright") {
      if (!value.is_string()) dropped += dropped.empty() ? key : cat(", ", key);
    } else if (key != "authoring_tool" && key != "version" && key != "generator") {
      dropped += dropped.empty() ? key : cat(", ", key);
    }
  }
  if (!dropped.empty()) {
    diagnostics.warn("collada.write.asset-dropped",
                     cat("asset fields COLLADA has no place for left out: ", dropped));
  }
}

void write_asset(const Scene& scene, XmlWriter& xml) {
  const ValueMap* asset = asset_of(scene);
  xml.open("asset");
  // The source's contributor (its author, copyright and the tool that made it: an authoring
  // tool, else a glTF generator) first, where a reader looks, then polyxios's own.
  const std::string* tool = source_tool(asset);
  xml.open("contributor");
  if (const std::string* author = string_at(asset, "author")) xml.element("author", *author);
  xml.element("authoring_tool", tool != nullptr ? std::string_view(*tool) : kAuthoringTool);
  if (const std::string* copyright = string_at(asset, "copyright")) {
    xml.element("copyright", *copyright);
  }
  xml.close();
  if (tool != nullptr) {
    xml.open("contributor");
    xml.element("authoring_tool", kAuthoringTool);
    xml.close();
  }
  xml.element("created", timestamp(asset, "created"));
  xml.element("modified", timestamp(asset, "modified"));
  const Value* unit = asset == nullptr ? nullptr : find_value(*asset, "unit");
  if (unit != nullptr) {
    if (std::optional<double> meter = meter_of(*unit)) {
      xml.open("unit");
      const Value* name = find_value(unit->as_map(), "name");
      if (name != nullptr && name->is_string() && is_ncname(name->as_string())) {
        xml.attr("name", name->as_string());
      }
      xml.attr("meter", *meter);
      xml.close();
    }
  }
  if (const std::string* axis = string_at(asset, "up_axis")) {
    if (*axis == "X_UP" || *axis == "Y_UP" || *axis == "Z_UP") xml.element("up_axis", *axis);
  }
  xml.close();
}

}  // namespace px::collada
