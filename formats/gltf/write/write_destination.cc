#include "formats/gltf/write/write_destination.h"

#include <system_error>
#include <utility>

namespace px::gltf {

absl::StatusOr<ByteSink*> MemoryDestination::open(std::string head, uint64_t buffer_size) {
  written_.json = std::move(head);
  std::string& buffer = binary_ ? written_.json : written_.bin;
  buffer.reserve(buffer.size() + buffer_size);
  return &sink_.emplace(buffer);
}

void FileDestination::plan_images(const Scene& scene, ImageWriter& images) {
  const std::vector<std::string> uris = images.written_uris();
  std::vector<std::string> planned = uris;
  std::vector<std::filesystem::path> own_files{path_};
  if (bin_path_) own_files.push_back(*bin_path_);
  images_.emplace(ImageCarry::plan(scene, planned, path_, own_files,
                                   {"gltf.write.image-not-copied", "gltf.write.image-renamed"}));
  for (size_t i = 0; i < uris.size(); ++i) {
    if (planned[i] != uris[i]) images.rename_uri(i, std::move(planned[i]));
  }
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

absl::Status FileDestination::commit(Diagnostics& diagnostics) {
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
  if (images_) images_->carry(diagnostics);
  if (bin_) {
    if (absl::Status s = bin_->commit(); !s.ok()) return s;
    take_back.bin = &*bin_path_;
  }
  if (absl::Status s = document_->commit(); !s.ok()) return s;
  take_back.bin = nullptr;
  if (images_) images_->keep();
  return absl::OkStatus();
}

}  // namespace px::gltf
