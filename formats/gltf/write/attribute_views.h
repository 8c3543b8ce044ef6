// The views of a mesh's vertex attributes: planned with their accessors (POSITION's min and max
// taken from its column while planning, since the JSON comes before the bytes), then made a
// buffer at a time: float32 values glTF takes as they are (positions, texture coordinates of two
// columns) go out straight from the column; everything else is converted.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/task_thread.h"
#include "formats/gltf/write/attribute_writer.h"
#include "formats/gltf/write/bin_layout.h"

namespace px::gltf {

// Plans a view and an accessor for each attribute; POSITION's min and max are found by a task on
// `tasks` (wait for it before writing the JSON). A value float32 cannot hold refuses the write
// when its view is made, except in normals, where a bad row becomes (0,0,1) with a warning.
// `label` names the mesh in warnings; it and the plans must outlive the layout.
void add_attribute_views(std::span<AttributePlan> attributes, size_t vertices,
                         const std::string& label, BinLayout& bin, TaskThread& tasks);

// The bytes attribute `a`'s view is made of, whole (a compressed mesh's input), with the warnings
// making them gives. POSITION is not checked here: its values are converted as they are.
absl::Status make_attribute_bytes(const AttributePlan& a, std::string_view label, std::string& out,
                                  Diagnostics& diagnostics);

// Plans views for attributes whose bytes are already made (make_attribute_bytes, one string per
// attribute, which must outlive the layout), POSITION's bounds taken from its bytes.
void add_made_attribute_views(std::vector<AttributePlan>& attributes,
                              const std::vector<std::string>& bytes, size_t vertices,
                              BinLayout& bin);

}  // namespace px::gltf
