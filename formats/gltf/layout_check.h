// How buffer views sit in their buffers and accessors in their buffer views, checked for every
// view and accessor, used or not: lengths that reach past their buffer or view, byteStride
// rules, component alignment, normalized and sparse rules. A broken rule is a warning; the
// reader still refuses a used accessor it cannot decode.
#pragma once

#include "absl/status/status.h"
#include "engine/diagnostics.h"
#include "formats/gltf/read_json.h"

namespace px::gltf {

void check_layout(const JsonObject& root, Diagnostics& diagnostics);

}  // namespace px::gltf
