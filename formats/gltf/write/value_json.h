// px::Value (extras, global attributes) spelled as JSON.
#pragma once

#include "formats/gltf/write/json_writer.h"
#include "polyxios/scene/value.h"

namespace px::gltf {

// A NaN or Inf makes the writer fail (see JsonWriter::ok); a typed column becomes an array of
// numbers, or of rows when it has more than one column.
void write_value(JsonWriter& json, const Value& value);

}  // namespace px::gltf
