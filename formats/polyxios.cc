#include "formats/polyxios.h"

#include <cctype>
#include <string>

#include "engine/errors.h"
#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/collada_reader.h"
#include "formats/gltf/gltf_reader.h"
#include "formats/gltf/gltf_writer.h"

namespace px {
namespace {

std::string lower_extension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// GLB by its magic, whatever the extension; then the extension.
Format detect_format(const std::filesystem::path& path, std::string_view prefix) {
  if (prefix.substr(0, 4) == "glTF") return Format::kGlb;
  return format_from_extension(path);
}

}  // namespace

Format format_from_extension(const std::filesystem::path& path) {
  std::string ext = lower_extension(path);
  if (ext == ".dae") return Format::kCollada;
  if (ext == ".gltf") return Format::kGltf;
  if (ext == ".glb") return Format::kGlb;
  return Format::kUnknown;
}

absl::StatusOr<Scene> read_scene(const std::filesystem::path& path, const ReadOptions& options,
                                 Diagnostics& diagnostics) {
  absl::StatusOr<std::string> prefix = read_file_prefix(path, 4);
  if (!prefix.ok()) return prefix.status();
  if (prefix->starts_with(std::string_view("PK\x03\x04", 4))) {
    return refuse("collada.zae.unsupported",
                  cat(path.string(), ": a zipped .zae archive is not read; unzip its .dae"));
  }
  switch (detect_format(path, *prefix)) {
    case Format::kCollada: {
      absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(path);
      if (!source.ok()) return source.status();
      return collada::read(**source, options, diagnostics);
    }
    case Format::kGltf:
    case Format::kGlb:
      return gltf::read(path, options, diagnostics);
    case Format::kUnknown:
      break;
  }
  return refuse("format.unknown", cat(path.string(), ": not a .dae, .gltf or .glb file"));
}

absl::Status write_scene(const Scene& scene, const std::filesystem::path& path,
                         const WriteOptions& options, Diagnostics& diagnostics) {
  Format format = format_from_extension(path);
  if (options.binary.has_value() && format != Format::kCollada) {
    format = *options.binary ? Format::kGlb : Format::kGltf;
  }
  switch (format) {
    case Format::kGlb:
      return gltf::write(scene, path, true, diagnostics);
    case Format::kGltf:
      return gltf::write(scene, path, false, diagnostics);
    case Format::kCollada:
      return refuse("format.unsupported",
                    cat(path.string(), ": writing COLLADA is not supported yet"));
    case Format::kUnknown:
      break;
  }
  return refuse("format.unknown", cat(path.string(), ": the output must end in .glb or .gltf"));
}

}  // namespace px
