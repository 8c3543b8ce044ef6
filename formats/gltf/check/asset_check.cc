#include "formats/gltf/check/asset_check.h"

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "engine/strings.h"
#include "formats/gltf/check/semantic_json.h"

namespace px::gltf {
namespace {

constexpr std::string_view kMinVersion = "gltf.read.asset-min-version";

// "2.1" as {2, 1}; nullopt for a version not of the schema's pattern [0-9]+.[0-9]+.
std::optional<std::pair<uint64_t, uint64_t>> version_of(std::string_view text) {
  const size_t dot = text.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view digits) -> std::optional<uint64_t> {
    uint64_t n = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) {
      return std::nullopt;
    }
    return n;
  };
  const std::optional<uint64_t> major = number(text.substr(0, dot));
  const std::optional<uint64_t> minor = number(text.substr(dot + 1));
  if (!major || !minor) return std::nullopt;
  return std::pair{*major, *minor};
}

}  // namespace

void check_asset(const JsonObject& root, Diagnostics& diagnostics) {
  const JsonValue* asset = semantic_json::object_member(root.json(), "asset");
  if (asset == nullptr) return;
  const std::string_view version_text = semantic_json::string_member(*asset, "version");
  const std::string_view min_text = semantic_json::string_member(*asset, "minVersion");
  const auto version = version_of(version_text);
  const auto min = version_of(min_text);
  if (version && min && *min > *version) {
    diagnostics.warn(kMinVersion, cat("/asset/minVersion: '", min_text,
                                      "' is greater than the version '", version_text, "'"));
  }
}

}  // namespace px::gltf
