// The limits a glTF document's JSON is held to before anything reads it (engine/options.h,
// Limits): how deep its values nest, the root at depth 1 (gltf.json.too-deep), and how long a
// string or member name is (limits.string-length). Checked without recursion, so that every later
// walk of the document (extras turned into values) recurses no deeper than the limit.
#pragma once

#include <cstdint>

#include "absl/status/status.h"
#include "rapidjson/document.h"

namespace px::gltf {

absl::Status check_json_limits(const rapidjson::Value& root, int max_depth,
                               uint64_t max_string_bytes);

}  // namespace px::gltf
