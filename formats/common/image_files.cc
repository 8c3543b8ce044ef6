#include "formats/common/image_files.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "engine/atomic_file.h"
#include "engine/contained_file.h"
#include "engine/file_uri.h"
#include "engine/strings.h"

namespace px {
namespace fs = std::filesystem;
namespace {

// Whether `file` holds exactly `bytes`.
bool holds(const RegularFile& file, std::span<const uint8_t> bytes) {
  if (file.size() != bytes.size()) return false;
  constexpr size_t kChunk = size_t{1} << 20;
  std::string chunk;
  for (uint64_t at = 0; at < bytes.size(); at += kChunk) {
    absl::StatusOr<std::string> read = file.read_at(at, kChunk);
    if (!read.ok()) return false;
    const size_t n = std::min<size_t>(kChunk, bytes.size() - at);
    if (read->size() != n || std::memcmp(read->data(), bytes.data() + at, n) != 0) return false;
  }
  return true;
}

// What is at an image's target.
enum class Found {
  kNothing,  // it may be written
  kSame,     // a file holding the image's bytes
  kTaken,    // a different file, or something other than a file
  kOutside,  // its path leads out of the folder (through ".." or a symlink)
  kUnknown,  // what cannot be told (permissions, an I/O error)
};

struct Look {
  Found found;
  std::string why;  // for kOutside and kUnknown
};

Look look_at(const fs::path& folder, const fs::path& target, std::span<const uint8_t> bytes) {
  absl::StatusOr<RegularFile> there = open_contained_file(folder, target, false);
  if (there.ok()) return {holds(*there, bytes) ? Found::kSame : Found::kTaken, ""};
  if (absl::IsPermissionDenied(there.status())) {
    return {Found::kOutside, "its path leads out of the folder"};
  }
  if (absl::IsFailedPrecondition(there.status())) return {Found::kTaken, ""};
  if (!absl::IsNotFound(there.status())) {
    return {Found::kUnknown, std::string(there.status().message())};
  }
  // Its folders are made only where they stay beneath the document's, symlinks followed.
  std::error_code ec;
  const fs::path parent = fs::weakly_canonical(target.parent_path(), ec);
  const fs::path base = fs::weakly_canonical(folder, ec);
  auto [end, _] = std::mismatch(base.begin(), base.end(), parent.begin(), parent.end());
  if (ec || end != base.end()) return {Found::kOutside, "its path leads out of the folder"};
  return {Found::kNothing, ""};
}

// The folders above `file` that are not there, the outer first.
std::vector<fs::path> missing_folders(const fs::path& file) {
  std::vector<fs::path> missing;
  std::error_code ec;
  for (fs::path folder = file.parent_path(); !folder.empty() && !fs::exists(folder, ec) && !ec;
       folder = folder.parent_path()) {
    missing.push_back(folder);
    if (folder == folder.parent_path()) break;
  }
  std::reverse(missing.begin(), missing.end());
  return missing;
}

// `uri` with "-n" before the extension of its last segment ("maps/wood.png" -> "maps/wood-1.png";
// "wood" -> "wood-1"), which names a file beside the one it named.
std::string renamed_uri(std::string_view uri, int n) {
  const size_t segment = uri.find_last_of("/\\") + 1;  // 0 when there is no separator
  const size_t dot = uri.rfind('.');
  const size_t at = dot != std::string_view::npos && dot > segment ? dot : uri.size();
  return cat(uri.substr(0, at), "-", n, uri.substr(at));
}

bool same_bytes(const Image& a, const Image& b) {
  return a.bytes.size() == b.bytes.size() &&
         (a.bytes.shares_with(b.bytes) ||
          std::memcmp(a.bytes.data(), b.bytes.data(), a.bytes.size()) == 0);
}

}  // namespace

ImageCarry ImageCarry::plan(const Scene& scene, std::vector<std::string>& uris,
                            const fs::path& document, std::span<const fs::path> own_files,
                            ImageCarryCodes codes) {
  ImageCarry carry(scene, document.parent_path().empty() ? fs::path(".") : document.parent_path(),
                   codes);
  // Each name this write takes: the writer's own files (no image), and the images planned.
  std::map<fs::path, std::optional<size_t>> taken;
  for (const fs::path& own : own_files) {
    taken.emplace((carry.folder_ / own.filename()).lexically_normal(), std::nullopt);
  }
  for (size_t i = 0; i < uris.size() && i < scene.images.size(); ++i) {
    const Image& image = scene.images[i];
    const std::string uri = uris[i];
    // Remote and external URIs are the user's to resolve (--allow-remote-uris,
    // --allow-external-files); an image never found on read was said missing then.
    if (uri.empty() || image.bytes.empty() || classify_uri(uri) != UriKind::kInside) continue;
    // Why the image is not carried; cleared once it has its place, or when its URI names no file
    // to carry.
    std::string why = cat("its name and the next ", kMaxRenames, " are taken");
    for (int n = 0; n <= kMaxRenames; ++n) {
      const std::string name = n == 0 ? uri : renamed_uri(uri, n);
      ResolvedUri file = resolve_file_uri(name, carry.folder_, false);
      if (file.kind != UriFile::kFile) {
        why.clear();
        break;
      }
      Look look{Found::kSame, ""};
      if (auto it = taken.find(file.path); it != taken.end()) {
        // An image of this write with the same bytes shares its file; another takes a new name.
        if (!it->second || !same_bytes(scene.images[*it->second], image)) continue;
      } else {
        look = look_at(carry.folder_, file.path, image.bytes.span());
        if (look.found == Found::kOutside || (n == 0 && look.found == Found::kUnknown)) {
          why = look.why;
          break;
        }
        if (look.found == Found::kTaken || look.found == Found::kUnknown) continue;
        taken.emplace(file.path, i);
      }
      carry.planned_.push_back({i, name, file.path, look.found == Found::kNothing});
      if (n > 0) {
        if (carry.renamed_++ == 0) {
          carry.first_renamed_ = cat("image ", i, ", ", uri, " -> ", name);
        }
        uris[i] = name;
      }
      why.clear();
      break;
    }
    if (!why.empty()) carry.not_copied(i, uri, why);
  }
  return carry;
}

void ImageCarry::not_copied(size_t image, std::string_view uri, std::string_view why) {
  if (not_copied_++ == 0) first_not_copied_ = cat("image ", image, ", ", uri, ": ", why);
}

ImageCarry::~ImageCarry() {
  std::error_code ignored;
  for (const fs::path& file : files_) fs::remove(file, ignored);
  // The inner first; a folder something else has filled since stays.
  for (auto it = folders_.rbegin(); it != folders_.rend(); ++it) fs::remove(*it, ignored);
}

void ImageCarry::keep() {
  files_.clear();
  folders_.clear();
}

void ImageCarry::carry(Diagnostics& diagnostics) {
  for (const Planned& p : planned_) {
    if (!p.write) continue;
    const Image& image = scene_->images[p.image];
    const Look look = look_at(folder_, p.target, image.bytes.span());
    if (look.found == Found::kSame) continue;
    if (look.found != Found::kNothing) {
      not_copied(p.image, p.uri, look.why.empty() ? "a different file is there now" : look.why);
      continue;
    }
    const std::vector<fs::path> missing = missing_folders(p.target);
    files_.reserve(files_.size() + 1);
    folders_.reserve(folders_.size() + missing.size());
    std::error_code ec;
    fs::create_directories(p.target.parent_path(), ec);
    // Those it made, even when it failed part of the way.
    for (const fs::path& made : missing) {
      std::error_code unknown;
      if (fs::is_directory(made, unknown)) folders_.push_back(made);
    }
    if (ec) {
      not_copied(p.image, p.uri, cat("cannot make its folder: ", ec.message()));
      continue;
    }
    absl::StatusOr<AtomicFile> file = AtomicFile::create(p.target);
    absl::Status written =
        file.ok() ? file->write(image.bytes.data(), image.bytes.size()) : file.status();
    if (written.ok()) written = file->commit();
    if (!written.ok()) {
      not_copied(p.image, p.uri, std::string(written.message()));
      continue;
    }
    files_.push_back(p.target);
  }
  if (renamed_ > 0) {
    diagnostics.info(codes_.renamed,
                     cat(renamed_,
                         " image files are copied beside the output under a new name, since a "
                         "different file has the name their URI gave; the URI names the copy "
                         "(first: ",
                         first_renamed_, ")"));
  }
  if (not_copied_ > 0) {
    diagnostics.warn(codes_.not_copied,
                     cat(not_copied_,
                         " image files are not copied beside the output, so their URIs name "
                         "something else or nothing there (first: ",
                         first_not_copied_, ")"));
  }
}

}  // namespace px
