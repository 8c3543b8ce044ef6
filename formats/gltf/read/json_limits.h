// The longest string a glTF document's JSON may hold (polyxios/options.h, Limits): a string value
// or a member name past it is refused (limits.string-length) before anything reads the document.
// Walked without recursion, whatever the document's depth.
#pragma once

#include <cstdint>

#include "absl/status/status.h"
#include "formats/gltf/json_memory.h"

namespace px::gltf {

absl::Status check_string_lengths(const JsonValue& root, uint64_t max_string_bytes);

}  // namespace px::gltf
