#include "polyxios/scene/animation_pointer.h"

#include <charconv>

namespace px {
namespace {

constexpr std::pair<std::string_view, PointerObject> kPrefixes[] = {
    {"/materials/", PointerObject::kMaterial},
    {"/extensions/KHR_lights_punctual/lights/", PointerObject::kLight},
    {"/cameras/", PointerObject::kCamera},
};

}  // namespace

std::optional<ParsedPointer> parse_pointer(std::string_view pointer) {
  for (const auto& [prefix, object] : kPrefixes) {
    if (!pointer.starts_with(prefix)) continue;
    std::string_view rest = pointer.substr(prefix.size());
    const size_t slash = rest.find('/');
    if (slash == 0 || slash == std::string_view::npos || slash + 1 == rest.size()) {
      return std::nullopt;
    }
    // JSON pointer indices are plain decimals without leading zeros.
    if (slash > 1 && rest[0] == '0') return std::nullopt;
    ParsedPointer out;
    out.object = object;
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + slash, out.index);
    if (ec != std::errc() || end != rest.data() + slash) return std::nullopt;
    out.property = rest.substr(slash + 1);
    return out;
  }
  return std::nullopt;
}

std::string make_pointer(PointerObject object, size_t index, std::string_view property) {
  for (const auto& [prefix, o] : kPrefixes) {
    if (o == object) {
      return std::string(prefix) + std::to_string(index) + "/" + std::string(property);
    }
  }
  return {};
}

}  // namespace px
