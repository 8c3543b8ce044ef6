#include "formats/gltf/write/glb_container.h"

#include <cstdint>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr uint32_t kMagic = 0x46546C67;  // "glTF"
constexpr uint32_t kVersion = 2;
constexpr uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"
constexpr uint32_t kBinChunk = 0x004E4942;   // "BIN\0"

void put_u32(std::string& out, uint64_t v) {
  for (int shift = 0; shift < 32; shift += 8) out += static_cast<char>((v >> shift) & 0xFF);
}

}  // namespace

absl::StatusOr<std::string> glb_prefix(std::string_view json, size_t bin_length) {
  const uint64_t json_length = (json.size() + 3) & ~uint64_t{3};
  const uint64_t total = 12 + 8 + json_length + (bin_length > 0 ? 8 + bin_length : 0);
  if (total > UINT32_MAX) {
    return refuse("gltf.write.glb-too-large", cat("a GLB holds at most 4 GiB; this one would be ",
                                                  total, " bytes (write .gltf instead)"));
  }
  std::string out;
  out.reserve(12 + 8 + json_length + 8);
  put_u32(out, kMagic);
  put_u32(out, kVersion);
  put_u32(out, total);
  put_u32(out, json_length);
  put_u32(out, kJsonChunk);
  out += json;
  out.append(json_length - json.size(), ' ');
  if (bin_length > 0) {
    put_u32(out, bin_length);
    put_u32(out, kBinChunk);
  }
  return out;
}

}  // namespace px::gltf
