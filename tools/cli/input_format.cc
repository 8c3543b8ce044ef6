#include "tools/cli/input_format.h"

namespace px::cli {

Format file_format(std::string_view prefix, const std::filesystem::path& path) {
  if (prefix.starts_with("glTF")) return Format::kGlb;
  Format by_extension = format_from_extension(path);
  return by_extension == Format::kGlb ? Format::kGltf : by_extension;
}

Format bytes_format(std::string_view bytes) {
  if (bytes.starts_with("glTF")) return Format::kGlb;
  std::string_view text = bytes.starts_with("\xEF\xBB\xBF") ? bytes.substr(3) : bytes;
  size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{' ? Format::kGltf : Format::kCollada;
}

std::string_view format_name(Format format) {
  switch (format) {
    case Format::kCollada:
      return "collada";
    case Format::kGltf:
      return "gltf";
    case Format::kGlb:
      return "glb";
    case Format::kUnknown:
      break;
  }
  return "unknown";
}

}  // namespace px::cli
