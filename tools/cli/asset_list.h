// The assets a job runs over: files named on the command line, folders searched recursively for
// asset files, or a manifest of paths. Each asset keeps the path it was found by and its path
// relative to its root ('/'-separated), which names its output and its shard.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace px::cli {

struct Asset {
  std::filesystem::path path;  // to open
  std::string relative;        // under the root, '/'-separated; the path as given for a file
};

// .dae, .dae.gz, .zae, .gltf, .glb, in any case.
bool is_asset_name(std::string_view file_name);

// The files and folders given, in that order; a folder's assets sorted by relative path (plain
// byte order, the same on every machine). A named file is taken whatever its name (a symlink too:
// the user named it); a path that does not exist is an I/O error. A folder's assets are found as
// assets_under finds them, the symlinks it leaves out added to *left_out.
absl::StatusOr<std::vector<Asset>> find_assets(const std::vector<std::string>& paths,
                                               bool allow_external, int64_t* left_out);

// Every asset under root, sorted by relative path: regular files, and symlinks leading to one
// beneath root (its real path judged, root's too); a symlink leading out of root only when
// allow_external (--allow-external-files), those left out counted in *left_out (set), for the
// caller to say so. Symlinked folders are not searched.
absl::StatusOr<std::vector<Asset>> assets_under(const std::filesystem::path& root,
                                                bool allow_external, int64_t* left_out);

// The line a command prints on stderr when it left out `left_out` symlinks leading outside the
// folders it searched (`folder`: "SRC", "their folder"), e.g. "polyxios: batch: 3 symlinks
// leading outside SRC left out (--allow-external-files takes them)"; empty for none.
std::string symlinks_left_out_line(std::string_view command, int64_t left_out,
                                   std::string_view folder);

// validate, batch and merge-reports with no asset to work on (a mistyped path, an empty folder,
// empty reports): a line on stderr saying so, then the usage exit status (1), so that a CI gate
// given the wrong path does not pass and a scheduler does not retry it; --allow-empty makes the
// empty run a success. `where`: what was searched ("assets/", "the reports given").
int found_no_asset(std::string_view command, std::string_view where);

// The manifest's lines (blank lines and "#" comments skipped), each a path relative to root, or
// an absolute path or one from the working folder that leads under root, in the manifest's
// order with repeats dropped. A path that leaves root is refused (InvalidArgument), so an output
// never lands outside the output folder; so is one whose symlinks lead out of root, unless
// allow_external.
absl::StatusOr<std::vector<Asset>> assets_listed(const std::filesystem::path& root,
                                                 std::string_view manifest, bool allow_external);

// The relative path with its asset extension (.dae, .dae.gz, .zae, .gltf, .glb) replaced by ext.
std::string with_extension(std::string_view relative, std::string_view ext);

}  // namespace px::cli
