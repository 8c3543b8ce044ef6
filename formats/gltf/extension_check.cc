#include "formats/gltf/extension_check.h"

#include <algorithm>
#include <string>
#include <vector>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {
namespace {

// Extensions that change how geometry is stored: without them the data cannot be read.
constexpr std::string_view kUndecodable[] = {"EXT_meshopt_compression", "KHR_meshopt_compression"};
// Extensions whose data the reader keeps: quantized attributes decode as any accessor does,
// Draco-compressed primitives through formats/gltf/draco.
constexpr std::string_view kKept[] = {"KHR_mesh_quantization", "KHR_animation_pointer",
                                      "KHR_draco_mesh_compression"};

absl::StatusOr<std::vector<std::string>> string_list(const JsonObject& root, std::string_view key) {
  absl::StatusOr<const rapidjson::Value*> array = root.array(key);
  if (!array.ok()) return array.status();
  std::vector<std::string> out;
  if (*array == nullptr) return out;
  for (rapidjson::SizeType i = 0; i < (*array)->Size(); ++i) {
    const rapidjson::Value& v = (**array)[i];
    if (!v.IsString()) return refuse(kJsonType, cat(root.pointer(key), "/", i, " is not a string"));
    out.emplace_back(v.GetString(), v.GetStringLength());
  }
  return out;
}

}  // namespace

absl::Status check_extensions(const JsonObject& root, Diagnostics& diagnostics) {
  absl::StatusOr<std::vector<std::string>> required = string_list(root, "extensionsRequired");
  if (!required.ok()) return required.status();
  for (const std::string& name : *required) {
    if (std::find(std::begin(kUndecodable), std::end(kUndecodable), name) !=
        std::end(kUndecodable)) {
      return refuse("gltf.extension.unsupported",
                    cat("the document requires ", name, ", whose compressed data is not read"));
    }
  }
  absl::StatusOr<std::vector<std::string>> used = string_list(root, "extensionsUsed");
  if (!used.ok()) return used.status();
  std::string dropped;
  for (const std::string& name : *used) {
    if (std::find(std::begin(kKept), std::end(kKept), name) != std::end(kKept)) continue;
    dropped += dropped.empty() ? name : cat(", ", name);
  }
  if (!dropped.empty()) {
    diagnostics.warn("gltf.read.extension-dropped",
                     cat("the data of these extensions is not kept: ", dropped));
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
