#include "tools/cli/compression_flags.h"

#include <string_view>
#include <utility>

namespace px::cli {

std::string set_compression(const CommandLine& args, bool collada, MeshCompression& options) {
  bool any = false;
  for (const char* flag : kCompressionSwitches) any |= args.has(flag);
  for (const char* flag : kCompressionOptions) any |= args.has(flag);
  if (!any) return "";
  if (collada) {
    return "--compress, its options and --optimize write glTF (.glb or .gltf), not COLLADA";
  }
  options.optimize = args.has("--optimize");
  const std::string method = args.value("--compress");
  if (method == "draco") {
    options.method = MeshCompression::Method::kDraco;
  } else if (method == "meshopt") {
    options.method = MeshCompression::Method::kMeshopt;
  } else if (args.has("--compress")) {
    return "--compress takes draco or meshopt";
  } else {
    for (const char* flag : {"--fallback", "--compress-only"}) {
      if (args.has(flag)) return std::string(flag) + " needs --compress";
    }
  }
  // --compress-only names the default, for the scripts written when the fallback was kept.
  if (args.has("--fallback") && args.has("--compress-only")) {
    return "--fallback and --compress-only contradict each other";
  }
  options.fallback = args.has("--fallback");
  const std::pair<std::string_view, int*> bits[] = {
      {"--draco-position-bits", &options.draco_position_bits},
      {"--draco-normal-bits", &options.draco_normal_bits},
      {"--draco-texcoord-bits", &options.draco_texcoord_bits},
      {"--draco-color-bits", &options.draco_color_bits},
      {"--draco-generic-bits", &options.draco_generic_bits},
  };
  for (const auto& [flag, out] : bits) {
    if (!args.has(flag)) continue;
    if (options.method != MeshCompression::Method::kDraco) {
      return std::string(flag) + " needs --compress draco";
    }
    long n = 0;
    if (!parse_count(args.value(flag), 0, 30, &n)) {
      return std::string(flag) + " takes a number of bits from 0 (not quantized) to 30";
    }
    *out = static_cast<int>(n);
  }
  if (args.has("--draco-level")) {
    if (options.method != MeshCompression::Method::kDraco) {
      return "--draco-level needs --compress draco";
    }
    long n = 0;
    if (!parse_count(args.value("--draco-level"), 0, 10, &n)) {
      return "--draco-level takes a number from 0 to 10";
    }
    options.draco_level = static_cast<int>(n);
  }
  return "";
}

}  // namespace px::cli
