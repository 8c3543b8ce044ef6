#include "formats/gltf/write/instance_writer.h"

#include <cmath>
#include <limits>

#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr std::string_view kDropped = "gltf.write.instances-dropped";
constexpr std::string_view kTypes[] = {"SCALAR", "VEC2", "VEC3", "VEC4"};

// The column's values as float32; false when one is not finite or past float32's range.
bool to_float(const Column& column, std::vector<float>& out) {
  out.resize(column.size());
  for (size_t r = 0; r < column.rows; ++r) {
    for (size_t c = 0; c < column.cols; ++c) {
      const double v = column.get(r, c);
      if (!std::isfinite(v) || std::abs(v) > std::numeric_limits<float>::max()) return false;
      out[r * column.cols + c] = static_cast<float>(v);
    }
  }
  return true;
}

}  // namespace

InstanceWriter::InstanceWriter(const Scene& scene, const std::vector<int>& mesh_index,
                               Diagnostics& diagnostics)
    : nodes_(scene.nodes.size()) {
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const Node& node = scene.nodes[i];
    const Instances& instances = node.instances;
    if (instances.empty()) continue;
    const bool has_mesh = node.mesh >= 0 && static_cast<size_t>(node.mesh) < mesh_index.size() &&
                          mesh_index[node.mesh] >= 0;
    if (!has_mesh) {
      diagnostics.warn(kDropped, cat("node ", i, ": ", instances.count,
                                     " instances left out: the node has no written mesh"));
      continue;
    }
    std::vector<Attribute> attributes;
    bool finite = true;
    for (const auto& [name, column] :
         {std::pair{"TRANSLATION", &instances.translation},
          std::pair{"ROTATION", &instances.rotation}, std::pair{"SCALE", &instances.scale}}) {
      if (column->empty()) continue;
      Attribute& a = attributes.emplace_back(Attribute{name, static_cast<int>(column->cols)});
      finite = finite && to_float(*column, a.values);
    }
    if (!finite) {
      diagnostics.warn(kDropped, cat("node ", i, ": ", instances.count,
                                     " instances left out: a transform holds a value float32 "
                                     "cannot (NaN, Inf or past its range)"));
      continue;
    }
    for (const NamedColumn& custom : instances.custom) {
      Attribute a{custom.name, static_cast<int>(custom.column.cols)};
      const bool fits = custom.column.rows == instances.count && a.components >= 1 &&
                        a.components <= 4 && to_float(custom.column, a.values);
      if (fits) {
        attributes.push_back(std::move(a));
      } else {
        diagnostics.warn(kDropped, cat("node ", i, ": instance attribute ", custom.name,
                                       " left out: not 1 to 4 finite float32 components per "
                                       "instance"));
      }
    }
    if (attributes.empty()) {
      // Custom attributes alone would draw every instance at the node: a translation of zeros
      // says the same, which the extension needs an attribute for.
      Attribute& a = attributes.emplace_back(Attribute{"TRANSLATION", 3});
      a.values.assign(instances.count * 3, 0.0f);
    }
    nodes_[i] = std::move(attributes);
    empty_ = false;
    required_ = required_ || instances.required;
  }
}

void InstanceWriter::add_accessors(BinLayout& bin) {
  for (std::vector<Attribute>& attributes : nodes_) {
    for (Attribute& a : attributes) {
      const std::vector<float>* values = &a.values;
      const int view =
          bin.add_view(values->size() * sizeof(float), 0, [values](ViewOut& out, Diagnostics&) {
            out.bytes(
                {reinterpret_cast<const char*>(values->data()), values->size() * sizeof(float)});
            return absl::OkStatus();
          });
      const size_t count = values->size() / a.components;
      a.accessor =
          bin.add_accessor(Accessor{view, kFloat, count, kTypes[a.components - 1], {}, {}});
    }
  }
}

void InstanceWriter::write_node(size_t node, JsonWriter& json) const {
  json.key(kExtension);
  json.start_object();
  json.key("attributes");
  json.start_object();
  for (const Attribute& a : nodes_[node]) {
    json.key(a.name);
    json.integer(a.accessor);
  }
  json.end_object();
  json.end_object();
}

}  // namespace px::gltf
