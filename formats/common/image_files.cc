#include "formats/common/image_files.h"

#include <algorithm>
#include <cstring>
#include <span>
#include <string>
#include <system_error>

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

// Why the image could not be carried to `target`, empty when it is there now; the file and the
// folders this call made added to `made_files` and `made_folders`.
std::string carry(const fs::path& folder, const fs::path& target, std::span<const uint8_t> bytes,
                  std::vector<fs::path>& made_files, std::vector<fs::path>& made_folders) {
  absl::StatusOr<RegularFile> there = open_contained_file(folder, target, false);
  if (there.ok()) return holds(*there, bytes) ? "" : "a different file is there";
  if (absl::IsPermissionDenied(there.status())) return "its path leads out of the folder";
  if (!absl::IsNotFound(there.status())) return std::string(there.status().message());
  // Its folders are made only where they stay beneath the document's, symlinks followed.
  std::error_code ec;
  const fs::path parent = fs::weakly_canonical(target.parent_path(), ec);
  const fs::path base = fs::weakly_canonical(folder, ec);
  auto [end, _] = std::mismatch(base.begin(), base.end(), parent.begin(), parent.end());
  if (ec || end != base.end()) return "its path leads out of the folder";
  const std::vector<fs::path> missing = missing_folders(target);
  made_files.reserve(made_files.size() + 1);
  made_folders.reserve(made_folders.size() + missing.size());
  fs::create_directories(target.parent_path(), ec);
  // Those it made, even when it failed part of the way.
  for (const fs::path& made : missing) {
    std::error_code unknown;
    if (fs::is_directory(made, unknown)) made_folders.push_back(made);
  }
  if (ec) return cat("cannot make its folder: ", ec.message());
  absl::StatusOr<AtomicFile> file = AtomicFile::create(target);
  absl::Status written = file.ok() ? file->write(bytes.data(), bytes.size()) : file.status();
  if (written.ok()) written = file->commit();
  if (written.ok()) made_files.push_back(target);
  return written.ok() ? "" : std::string(written.message());
}

}  // namespace

CarriedImages::~CarriedImages() {
  std::error_code ignored;
  for (const fs::path& file : files_) fs::remove(file, ignored);
  // The inner first; a folder something else has filled since stays.
  for (auto it = folders_.rbegin(); it != folders_.rend(); ++it) fs::remove(*it, ignored);
}

void CarriedImages::keep() {
  files_.clear();
  folders_.clear();
}

CarriedImages carry_image_files(const Scene& scene, const std::vector<std::string>& written_uris,
                                const fs::path& document, std::string_view not_copied_code,
                                Diagnostics& diagnostics) {
  // Taken back if anything below throws (an allocation), or when the caller does not keep it.
  CarriedImages carried;
  // Nothing to carry allocates nothing: a write that had nothing to carry cannot fail here, after
  // its document is in place.
  if (std::all_of(written_uris.begin(), written_uris.end(),
                  [](const std::string& uri) { return uri.empty(); })) {
    return carried;
  }
  const fs::path folder = document.parent_path().empty() ? fs::path(".") : document.parent_path();
  int64_t not_copied = 0;
  std::string first;
  for (size_t i = 0; i < written_uris.size() && i < scene.images.size(); ++i) {
    const std::string& uri = written_uris[i];
    const Image& image = scene.images[i];
    // Remote and external URIs are the user's to resolve (--allow-remote-uris,
    // --allow-external-files); an image never found on read was said missing then.
    if (uri.empty() || image.bytes.empty() || classify_uri(uri) != UriKind::kInside) continue;
    ResolvedUri file = resolve_file_uri(uri, folder, false);
    if (file.kind != UriFile::kFile) continue;
    std::string why =
        carry(folder, file.path, image.bytes.span(), carried.files_, carried.folders_);
    if (why.empty()) continue;
    if (not_copied++ == 0) first = cat("image ", i, ", ", uri, ": ", why);
  }
  if (not_copied > 0) {
    diagnostics.warn(not_copied_code,
                     cat(not_copied,
                         " image files are not copied beside the output, so their URIs name "
                         "something else or nothing there (first: ",
                         first, ")"));
  }
  return carried;
}

}  // namespace px
