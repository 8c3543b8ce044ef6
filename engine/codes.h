// The warning and refusal codes engine/ emits: limits.* (input size, memory, string length:
// the readers spell the last through kStringLengthRule), gzip.* and input.*. Sorted, each once; the
// CLI's known list (tools/cli/known_codes.h) is assembled from this list and the others beside each
// module, and validate_known_codes_test fails when a code engine/ spells is in none of them.
#pragma once

#include <span>
#include <string_view>

namespace px {

std::span<const std::string_view> engine_codes();

}  // namespace px
