// The image files a written document names by a relative URI, carried beside it: a .gltf or .dae
// written to another folder than its input's names its images by the URIs the input spelled,
// which resolve from the output's folder only once the files are there too. What gltf-transform
// and assimp users expect: the files are copied, the URIs kept relative.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px {

// What a writer's carry reports with.
struct ImageCarryCodes {
  std::string_view not_copied;  // a warning: gltf.write.image-not-copied, collada.write...
  std::string_view renamed;     // an info: gltf.write.image-renamed, collada.write.image-renamed
};

// The carry of one write, in three steps: plan() before the document is written, choosing each
// file's name (and so the URI the document spells); carry() once the document's bytes are made,
// before it is committed, writing the files; keep() once it is in place. Without keep(), what
// carry() wrote (the files and the folders made for them) is taken back when the object goes, so
// that a write whose document fails to commit, or that throws, leaves none of them.
class ImageCarry {
 public:
  // A name taken makes the image try "wood-1.png" up to "wood-<this>.png".
  static constexpr int kMaxRenames = 100;

  // For each scene image the document names by a URI (uris[i], as written; empty for an image it
  // embeds or leaves out) that stays inside the folder of `document`, and whose bytes the scene
  // holds (the file found on read): the file that URI names from that folder is to hold those
  // bytes. A file there holding them already (an output beside its input) is left as it is. A
  // name something else holds (a different file, a folder, one of `own_files`: the document and
  // its .bin) or that an earlier image of this write takes with other bytes is never replaced:
  // the image takes the first free name of "wood-1.png", "wood-2.png", ... beside it, uris[i]
  // rewritten to name it. An image whose file would be written through a symlink or ".." leading
  // out of the folder, or that finds no free name, is not carried and keeps its URI.
  static ImageCarry plan(const Scene& scene, std::vector<std::string>& uris,
                         const std::filesystem::path& document,
                         std::span<const std::filesystem::path> own_files, ImageCarryCodes codes);

  ImageCarry(ImageCarry&& other) noexcept = default;
  ImageCarry& operator=(ImageCarry&&) = delete;
  ImageCarry(const ImageCarry&) = delete;
  ImageCarry& operator=(const ImageCarry&) = delete;
  ~ImageCarry();

  // Writes the planned files, their folders made, then reports: the info `renamed` once with the
  // count and the first image renamed; the warning `not_copied` once with the count and the first
  // image not carried (a path leading out, no free name, a file that cannot be written, or a
  // different one put there since the plan), whose URI names something else or nothing there.
  void carry(Diagnostics& diagnostics);
  void keep();

 private:
  struct Planned {
    size_t image;
    std::string uri;  // as the document names it
    std::filesystem::path target;
    bool write;  // false when the file there holds the bytes already
  };

  ImageCarry(const Scene& scene, std::filesystem::path folder, ImageCarryCodes codes)
      : scene_(&scene), folder_(std::move(folder)), codes_(codes) {}
  // Why the image could not be carried.
  void not_copied(size_t image, std::string_view uri, std::string_view why);

  const Scene* scene_;
  std::filesystem::path folder_;
  ImageCarryCodes codes_;
  std::vector<Planned> planned_;
  int64_t renamed_ = 0;
  std::string first_renamed_;
  int64_t not_copied_ = 0;
  std::string first_not_copied_;
  // What carry() made, taken back unless kept.
  std::vector<std::filesystem::path> files_;
  std::vector<std::filesystem::path> folders_;  // in the order made, the outer first
};

}  // namespace px
