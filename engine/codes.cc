#include "engine/codes.h"

#include <array>

namespace px {
namespace {

constexpr std::array kCodes = std::to_array<std::string_view>({
    "gzip.corrupt",
    "input.not-regular",
    "limits.input-bytes",
    "limits.memory",
    "limits.string-length",
});

}  // namespace

std::span<const std::string_view> engine_codes() { return kCodes; }

}  // namespace px
