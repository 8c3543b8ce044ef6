// The image files a written document names by a relative URI, carried beside it: a .gltf or .dae
// written to another folder than its input's names its images by the URIs the input spelled,
// which resolve from the output's folder only once the files are there too. What gltf-transform
// and assimp users expect: the files are copied, the URIs kept relative.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px {

// The image files a carry wrote, and the folders it made for them: taken back when the object goes
// unless keep() was called once the document is in place, so that a write whose document fails to
// commit (or that throws) leaves none of them.
class CarriedImages {
 public:
  CarriedImages() = default;
  CarriedImages(CarriedImages&& other) noexcept = default;
  CarriedImages& operator=(CarriedImages&&) = delete;
  CarriedImages(const CarriedImages&) = delete;
  CarriedImages& operator=(const CarriedImages&) = delete;
  ~CarriedImages();

  void keep();

 private:
  friend CarriedImages carry_image_files(const Scene&, const std::vector<std::string>&,
                                         const std::filesystem::path&, std::string_view,
                                         Diagnostics&);
  std::vector<std::filesystem::path> files_;
  std::vector<std::filesystem::path> folders_;  // in the order made, the outer first
};

// Before a document is committed at `document` (its folder made): for each scene image it names by
// a URI (written_uris[i], as written; empty for an image it embeds or leaves out) that stays inside
// the document's folder, and whose bytes the scene holds (the file found on read), the file that
// URI names from the document's folder is made to hold those bytes. Absent, it is written (its
// folders made); holding them already (an output beside its input), it is left as it is. A
// different file there is never replaced, nor is a file written through a symlink or ".." leading
// out of the folder: the warning `not_copied_code` (gltf.write.image-not-copied,
// collada.write.image-not-copied) says which URI names what the scene's image is not, once with
// the count; so does a file that cannot be written. What it wrote is taken back unless the caller
// keeps it once the document is committed.
[[nodiscard]] CarriedImages carry_image_files(const Scene& scene,
                                              const std::vector<std::string>& written_uris,
                                              const std::filesystem::path& document,
                                              std::string_view not_copied_code,
                                              Diagnostics& diagnostics);

}  // namespace px
