#include "formats/codes.h"

#include <array>

namespace px {
namespace {

constexpr std::array kCodes = std::to_array<std::string_view>({
    "format.extension-mismatch",
    "format.unknown",
    "format.unsupported",
    "gltf.write.stream-needs-path",
    "read.scene-flattened",
});

}  // namespace

std::span<const std::string_view> api_codes() { return kCodes; }

}  // namespace px
