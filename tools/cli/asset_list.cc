#include "tools/cli/asset_list.h"

#include <algorithm>
#include <cstdio>
#include <system_error>

#include "absl/container/flat_hash_set.h"
#include "engine/errors.h"
#include "engine/strings.h"

namespace px::cli {
namespace fs = std::filesystem;

namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool ends_with_nocase(std::string_view name, std::string_view suffix) {
  if (name.size() < suffix.size()) return false;
  std::string_view tail = name.substr(name.size() - suffix.size());
  return std::equal(tail.begin(), tail.end(), suffix.begin(),
                    [](char a, char b) { return lower(a) == b; });
}

// The length of the asset extension name ends with, or 0.
size_t asset_extension_length(std::string_view name) {
  for (std::string_view ext : {".dae.gz", ".dae", ".zae", ".gltf", ".glb"}) {
    if (ends_with_nocase(name, ext) && name.size() > ext.size()) return ext.size();
  }
  return 0;
}

bool is_inside(const fs::path& path, const fs::path& folder) {
  auto [end, _] = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
  return end == folder.end();
}

// Whether path's real location (its symlinks followed) lies beneath root's.
bool really_inside(const fs::path& path, const fs::path& root) {
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(path, ec);
  if (ec) return false;
  const fs::path real_root = fs::weakly_canonical(root, ec);
  return !ec && is_inside(real, real_root);
}

absl::Status walk(const fs::path& root, bool allow_external, std::vector<Asset>& out,
                  int64_t& left_out) {
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  if (ec) return io_error(cat("cannot read folder ", root.string(), ": ", ec.message()));
  size_t first = out.size();
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) return io_error(cat("cannot read folder ", root.string(), ": ", ec.message()));
    std::string name = it->path().filename().string();
    if (!is_asset_name(name) || !it->is_regular_file(ec)) continue;
    // A symlink is taken where it leads beneath root: one out of it would have a batch read
    // (and write into OUT) a file that is no part of the library.
    if (it->is_symlink(ec) && !allow_external && !really_inside(it->path(), root)) {
      ++left_out;
      continue;
    }
    out.push_back({it->path(), it->path().lexically_relative(root).generic_string()});
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const Asset& a, const Asset& b) { return a.relative < b.relative; });
  return absl::OkStatus();
}

}  // namespace

bool is_asset_name(std::string_view file_name) { return asset_extension_length(file_name) > 0; }

absl::StatusOr<std::vector<Asset>> find_assets(const std::vector<std::string>& paths,
                                               bool allow_external, int64_t* left_out) {
  *left_out = 0;
  std::vector<Asset> assets;
  for (const std::string& given : paths) {
    std::error_code ec;
    fs::file_status status = fs::status(given, ec);
    if (ec || !fs::exists(status)) return io_error(cat("no such file or folder: ", given));
    if (!fs::is_directory(status)) {
      assets.push_back({given, fs::path(given).generic_string()});
      continue;
    }
    std::vector<Asset> found;
    if (absl::Status s = walk(given, allow_external, found, *left_out); !s.ok()) return s;
    for (Asset& a : found) {
      a.relative = (fs::path(given) / a.relative).lexically_normal().generic_string();
      assets.push_back(std::move(a));
    }
  }
  return assets;
}

absl::StatusOr<std::vector<Asset>> assets_under(const fs::path& root, bool allow_external,
                                                int64_t* left_out) {
  *left_out = 0;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return io_error(cat("not a folder: ", root.string()));
  std::vector<Asset> assets;
  if (absl::Status s = walk(root, allow_external, assets, *left_out); !s.ok()) return s;
  return assets;
}

std::string symlinks_left_out_line(std::string_view command, int64_t left_out,
                                   std::string_view folder) {
  if (left_out == 0) return {};
  return cat("polyxios: ", command, ": ", left_out, left_out == 1 ? " symlink" : " symlinks",
             " leading outside ", folder, " left out (--allow-external-files takes ",
             left_out == 1 ? "it" : "them", ")\n");
}

int found_no_asset(std::string_view command, std::string_view where) {
  std::fputs(cat("polyxios: ", command, ": no asset found in ", where,
                 " (--allow-empty lets an empty run pass)\n")
                 .c_str(),
             stderr);
  return exit_status(Failure::kUsage);
}

absl::StatusOr<std::vector<Asset>> assets_listed(const fs::path& root, std::string_view manifest,
                                                 bool allow_external) {
  std::vector<Asset> assets;
  absl::flat_hash_set<std::string> seen;
  const fs::path base = root.lexically_normal();
  int64_t line_number = 0;
  while (!manifest.empty()) {
    size_t end = manifest.find('\n');
    std::string_view line = manifest.substr(0, end);
    manifest = end == std::string_view::npos ? std::string_view() : manifest.substr(end + 1);
    ++line_number;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    if (line.empty() || line.front() == '#') continue;
    fs::path listed(line);
    std::error_code ec;
    // `find SRC ... > list` spells paths from the working folder; take those when that is where
    // the file is.
    if (!listed.is_absolute() && !fs::exists(base / listed, ec) && fs::exists(listed, ec)) {
      listed = fs::absolute(listed, ec);
    }
    fs::path relative =
        (listed.is_absolute() ? listed.lexically_relative(fs::absolute(base, ec)) : listed)
            .lexically_normal();
    std::string rel = relative.generic_string();
    if (rel.empty() || rel == "." || rel.starts_with("../") || rel == ".." ||
        relative.is_absolute()) {
      return refuse("batch.manifest.outside-source", cat("manifest line ", line_number, ": ", line,
                                                         " is not under ", root.string()));
    }
    if (!allow_external && fs::exists(base / relative, ec) &&
        !really_inside(base / relative, base)) {
      return refuse("batch.manifest.outside-source",
                    cat("manifest line ", line_number, ": ", line, " leads out of ", root.string(),
                        " through a symlink (--allow-external-files takes it)"));
    }
    if (!seen.insert(rel).second) continue;
    assets.push_back({base / relative, rel});
  }
  return assets;
}

std::string with_extension(std::string_view relative, std::string_view ext) {
  size_t slash = relative.rfind('/');
  std::string_view name = slash == std::string_view::npos ? relative : relative.substr(slash + 1);
  size_t strip = asset_extension_length(name);
  return cat(relative.substr(0, relative.size() - strip), ext);
}

}  // namespace px::cli
