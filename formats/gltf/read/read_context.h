// What every part of the glTF reader shares: the document's top-level arrays, the scene being
// built, the options, the diagnostics sink and the decoding budget.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/progress.h"
#include "formats/gltf/read/read_json.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

// The top-level arrays the reader looks at.
enum class Top {
  kAccessors,
  kAnimations,
  kBuffers,
  kBufferViews,
  kCameras,
  kImages,
  kMaterials,
  kMeshes,
  kNodes,
  kSamplers,
  kScenes,
  kSkins,
  kTextures,
  kCount
};

class ReadContext {
 public:
  // input_bytes: the size of the document (JSON or GLB); external buffers are added as they load.
  ReadContext(JsonObject root, Scene& scene, const ReadOptions& options, Diagnostics& diagnostics,
              std::filesystem::path base_dir, uint64_t input_bytes);

  // Checks that every top-level array the reader uses is an array; call once before reading.
  absl::Status init();

  const JsonObject& root() const { return root_; }
  Scene& scene() { return scene_; }
  const ReadOptions& options() const { return options_; }
  // The folder relative URIs resolve against; empty for a document read from memory.
  const std::filesystem::path& base_dir() const { return base_dir_; }

  // The number of entries of a top-level array (0 when absent), entry i as an object.
  size_t count(Top top) const;
  absl::StatusOr<JsonObject> entry(Top top, size_t i) const;
  static std::string_view name(Top top);

  void warn(std::string_view code, std::string message) {
    diagnostics_.warn(code, std::move(message));
  }

  // Whether extensionsUsed lists `name`.
  bool declared(std::string_view name) const;
  // Whether extensionsRequired lists `name`.
  bool required(std::string_view name) const;
  // json's extensions.<name> when the document declares it; a member that is not an object is
  // left out with warning `invalid_code`.
  std::optional<JsonObject> extension(const JsonObject& json, std::string_view name,
                                      std::string_view invalid_code);

  // Decoded arrays may take 64 MiB plus 32 bytes per byte of input (the document and the
  // external buffers read so far); past that the read is refused (gltf.read.budget), so that no
  // count the bytes cannot back is ever allocated.
  void add_input(uint64_t bytes) { input_bytes_ += bytes; }
  // The document's bytes and the external buffers' read so far.
  uint64_t input_bytes() const { return input_bytes_; }
  absl::Status charge(uint64_t bytes, std::string_view pointer);
  // The same check for memory a decoder takes only while it runs (a Draco stream's), which is
  // not kept charged: it must fit beside what is.
  absl::Status check_transient(uint64_t bytes, std::string_view pointer) const;

  // The document's bytes, and the bytes of each buffer file as it loads, count against
  // Limits::max_input_bytes; past it the read is refused (limits.input-bytes).
  absl::Status take_in_file(uint64_t bytes, std::string_view pointer);

  // The read's progress: kJsonRead once the JSON is read and checked, then a step per accessor
  // decoded, which is most of a read's work.
  static constexpr double kJsonRead = 0.05;
  Progress& progress() { return progress_; }
  // Reports an accessor about to be decoded; the Cancelled status once the callback stopped the
  // read.
  absl::Status report_accessor();

  // A JSON value as a px::Value, charged to the budget; refused (gltf.json.too-deep) where it
  // nests past Limits::max_depth, the document's root at depth 1.
  absl::StatusOr<Value> value(const JsonValue& json, std::string_view pointer);
  // Sets out[key] to json's member `key` ("extras") when it has one.
  absl::Status keep(const JsonObject& json, std::string_view key, ValueMap& out);
  // Sets out to json's member `key` when it has one.
  absl::Status keep(const JsonObject& json, std::string_view key, std::optional<Value>& out);

  // Resizes a scene array to one entry per entry of a top-level array, charged to the budget.
  template <class T>
  absl::Status resize(std::vector<T>& out, Top top) {
    const uint64_t n = count(top);
    if (absl::Status s = charge(n * sizeof(T), root_.pointer(name(top))); !s.ok()) return s;
    out.resize(n);
    return absl::OkStatus();
  }

  // The scene's arena, for its shared arrays (Arena::repeated, Arena::stepped), which it charges
  // to the read's budget itself.
  Arena& arena() { return *scene_.arena; }

  // Zeroed arena storage for n values of T, charged to the budget for `pointer`.
  template <class T>
  absl::StatusOr<std::span<T>> allocate(uint64_t n, std::string_view pointer) {
    if (n > UINT64_MAX / sizeof(T)) return charge(UINT64_MAX, pointer);
    if (absl::Status s = charge(n * sizeof(T), pointer); !s.ok()) return s;
    return scene_.arena->allocate<T>(static_cast<size_t>(n));
  }

 private:
  JsonObject root_;
  Scene& scene_;
  const ReadOptions& options_;
  Diagnostics& diagnostics_;
  std::filesystem::path base_dir_;
  uint64_t input_bytes_;
  uint64_t file_bytes_;
  uint64_t charged_ = 0;
  Progress progress_;
  size_t accessors_reported_ = 0;
  std::array<const JsonValue*, static_cast<size_t>(Top::kCount)> arrays_{};
};

}  // namespace px::gltf
