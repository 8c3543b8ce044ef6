// Where a glTF write's bytes go, the one thing its three forms (gltf_writer.h: to a file, to
// memory, nowhere) do differently: each takes the document's head (the JSON, or a GLB's bytes
// before its buffer's data), gives the sink its buffer streams into, and puts what it made in
// place.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/atomic_file.h"
#include "formats/common/image_files.h"
#include "formats/gltf/write/bin_stream.h"
#include "formats/gltf/write/gltf_writer.h"
#include "formats/gltf/write/image_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

class Destination {
 public:
  virtual ~Destination() = default;
  // Before the JSON is made: where the image files the document names go, which may rename them.
  virtual void plan_images(const Scene&, ImageWriter&) {}
  // Takes the head and gives the sink the buffer's `buffer_size` bytes go to. A failure here fails
  // the write before its buffer is made.
  virtual absl::StatusOr<ByteSink*> open(std::string head, uint64_t buffer_size) = 0;
  // Once the buffer is written, what is done before the write's last progress report.
  virtual absl::Status close() { return absl::OkStatus(); }
  // After that report: puts the output in place.
  virtual absl::Status commit(Diagnostics&) { return absl::OkStatus(); }
};

// Into memory: the GLB in written().json, or the JSON there and the buffer in written().bin.
class MemoryDestination final : public Destination {
 public:
  explicit MemoryDestination(bool binary) : binary_(binary) {}
  absl::StatusOr<ByteSink*> open(std::string head, uint64_t buffer_size) override;
  Written& written() { return written_; }

 private:
  bool binary_;
  Written written_;
  std::optional<StringSink> sink_;
};

// Made and dropped, for a write that must only find its warnings and refusal.
class NullDestination final : public Destination {
 public:
  absl::StatusOr<ByteSink*> open(std::string, uint64_t) override { return &sink_; }

 private:
  NullSink sink_;
};

// Files: a GLB at `path` (no bin_path), or a .gltf at `path` with its buffer in `bin_path` (no
// .bin when the buffer is empty). The .bin is written before the .gltf is made, neither is
// committed before both are whole, and the .bin first; one never committed is removed when its
// AtomicFile goes. The image files the document names are carried beside it
// (formats/common/image_files.h): planned before its JSON, which names them as planned, written
// before the commit and taken back when it fails.
class FileDestination final : public Destination {
 public:
  FileDestination(std::filesystem::path path, std::optional<std::filesystem::path> bin_path)
      : path_(std::move(path)), bin_path_(std::move(bin_path)) {}
  void plan_images(const Scene& scene, ImageWriter& images) override;
  absl::StatusOr<ByteSink*> open(std::string head, uint64_t buffer_size) override;
  // A .gltf's JSON written to its file.
  absl::Status close() override;
  absl::Status commit(Diagnostics& diagnostics) override;

 private:
  std::filesystem::path path_;
  std::optional<std::filesystem::path> bin_path_;
  std::string json_;  // a .gltf's, until close()
  std::optional<AtomicFile> document_;
  std::optional<AtomicFile> bin_;
  std::optional<FileSink> sink_;
  NullSink nowhere_;
  std::optional<ImageCarry> images_;
};

}  // namespace px::gltf
