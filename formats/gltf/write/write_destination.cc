#include "formats/gltf/write/write_destination.h"

#include <system_error>
#include <utility>

#include "formats/common/image_files.h"

namespace px::gltf {

absl::StatusOr<ByteSink*> MemoryDestination::open(std::string head, uint64_t buffer_size) {
  written_.json = std::move(head);
  std::string& buffer = binary_ ? written_.json : written_.bin;
  buffer.reserve(buffer.size() + buffer_size);
  return &sink_.emplace(buffer);
}

absl::StatusOr<ByteSink*> FileDestination::open(std::string head, uint64_t buffer_size) {
  if (bin_path_) {
    json_ = std::move(head);
    if (buffer_size == 0) return &nowhere_;
    absl::StatusOr<AtomicFile> bin = AtomicFile::create(*bin_path_);
    if (!bin.ok()) return bin.status();
    return &sink_.emplace(bin_.emplace(*std::move(bin)));
  }
  absl::StatusOr<AtomicFile> glb = AtomicFile::create(path_);
  if (!glb.ok()) return glb.status();
  if (absl::Status s = glb->write(head); !s.ok()) return s;
  return &sink_.emplace(document_.emplace(*std::move(glb)));
}

absl::Status FileDestination::close() {
  if (!bin_path_) return absl::OkStatus();
  absl::StatusOr<AtomicFile> json = AtomicFile::create(path_);
  if (!json.ok()) return json.status();
  return document_.emplace(*std::move(json)).write(json_);
}

absl::Status FileDestination::commit(const Scene& scene, const ImageWriter& images,
                                     Diagnostics& diagnostics) {
  // Once the .bin is in place, a .gltf that fails to follow (a status, or an allocation that
  // throws) takes it back, so that no half of the pair is left; the image files carried for it are
  // taken back as well.
  struct TakeBack {
    const std::filesystem::path* bin = nullptr;
    ~TakeBack() {
      std::error_code ignored;
      if (bin != nullptr) std::filesystem::remove(*bin, ignored);
    }
  } take_back;
  CarriedImages carried = carry_image_files(scene, images.written_uris(), path_,
                                            "gltf.write.image-not-copied", diagnostics);
  if (bin_) {
    if (absl::Status s = bin_->commit(); !s.ok()) return s;
    take_back.bin = &*bin_path_;
  }
  if (absl::Status s = document_->commit(); !s.ok()) return s;
  take_back.bin = nullptr;
  carried.keep();
  return absl::OkStatus();
}

}  // namespace px::gltf
