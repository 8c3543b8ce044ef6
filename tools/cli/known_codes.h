// Every warning and refusal code polyxios's readers and writers can emit, so that a policy naming
// a code (validate --ignore, --only, --severity, a config file) can be checked: a misspelt code
// would otherwise silence nothing, or fail nothing, without a word. Assembled from the lists each
// module keeps beside its sources (engine/codes.h, polyxios/ops/codes.h, formats/codes.h,
// formats/collada/codes.h, formats/gltf/codes.h): a new code goes into its module's list.
// validate_known_codes_test scans each module's sources and fails when a code there is missing
// from its list.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace px::cli {

// Sorted, each once.
std::span<const std::string_view> known_codes();

// In known_codes(), or of the one family whose middle is the document's own word:
// "collada.<semantic>.duplicate-set", for an input semantic repeated in a <vertices> or primitive
// block (any semantic a document spells, lower-cased; the common ones are listed).
bool is_known_code(std::string_view code);

// Whether some known code starts with prefix (a family "collada.polygons.*" without its '*').
bool is_known_family(std::string_view prefix);

// The known code or Khronos validator code nearest to an unknown one, for "did you mean"; empty
// when none is close.
std::string nearest_known_code(std::string_view code);

}  // namespace px::cli
