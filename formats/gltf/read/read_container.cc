#include "formats/gltf/read/read_container.h"

#include <cstring>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {
namespace {

constexpr uint32_t kVersion = 2;
constexpr uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"
constexpr uint32_t kBinChunk = 0x004E4942;   // "BIN\0"
constexpr size_t kHeader = 12;
constexpr size_t kChunkHeader = 8;

uint32_t u32_at(std::string_view bytes, size_t offset) {
  unsigned char b[4];
  std::memcpy(b, bytes.data() + offset, 4);
  return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
}

// Trailing NULs some exporters pad the JSON chunk with, which JSON does not allow.
std::string_view trim_nuls(std::string_view json, Diagnostics& diagnostics) {
  size_t end = json.size();
  while (end > 0 && (json[end - 1] == '\0' || json[end - 1] == ' ')) --end;
  if (json.substr(end).find('\0') != std::string_view::npos) {
    diagnostics.warn("gltf.read.glb-json-padding",
                     "the GLB's JSON chunk is padded with NUL bytes instead of spaces");
  }
  return json.substr(0, end);
}

// A UTF-8 byte order mark before the JSON, which JSON does not allow (RFC 8259 8.1).
std::string_view skip_bom(std::string_view json, std::string_view where, Diagnostics& diagnostics) {
  if (!json.starts_with("\xEF\xBB\xBF")) return json;
  diagnostics.warn("gltf.read.json-bom", cat(where, " starts with a byte order mark; skipped"));
  return json.substr(3);
}

absl::StatusOr<Container> split_glb(std::string_view bytes, Diagnostics& diagnostics) {
  if (bytes.size() < kHeader) {
    return refuse("gltf.glb.header",
                  cat("the GLB is ", bytes.size(), " bytes, shorter than its 12-byte header"));
  }
  if (uint32_t version = u32_at(bytes, 4); version != kVersion) {
    return refuse("gltf.glb.version", cat("the GLB is version ", version, ", not 2"));
  }
  const uint32_t length = u32_at(bytes, 8);
  if (length > bytes.size()) {
    return refuse("gltf.glb.length", cat("the GLB header gives a length of ", length,
                                         " bytes, but the file holds ", bytes.size()));
  }
  if (length < bytes.size()) {
    diagnostics.warn("gltf.read.glb-trailing-bytes",
                     cat("the ", bytes.size() - length, " bytes past the GLB's length of ", length,
                         " are ignored"));
    bytes = bytes.substr(0, length);
  }
  Container out;
  out.glb = true;
  size_t offset = kHeader;
  for (int chunk = 0; offset < bytes.size(); ++chunk) {
    if (bytes.size() - offset < kChunkHeader) {
      return refuse("gltf.glb.chunk",
                    cat("the GLB ends inside the header of chunk ", chunk, " at byte ", offset));
    }
    const uint32_t chunk_length = u32_at(bytes, offset);
    const uint32_t type = u32_at(bytes, offset + 4);
    offset += kChunkHeader;
    if (chunk_length > bytes.size() - offset) {
      return refuse("gltf.glb.chunk-length",
                    cat("GLB chunk ", chunk, " at byte ", offset - kChunkHeader, " gives ",
                        chunk_length, " bytes, but ", bytes.size() - offset, " are left"));
    }
    if (chunk_length % 4 != 0) {
      diagnostics.warn("gltf.read.glb-unaligned", cat("GLB chunk ", chunk, " is ", chunk_length,
                                                      " bytes, not a multiple of 4"));
    }
    std::string_view data = bytes.substr(offset, chunk_length);
    offset += chunk_length;
    if (chunk == 0) {
      if (type != kJsonChunk) {
        return refuse("gltf.glb.json-chunk", "the GLB's first chunk is not its JSON chunk");
      }
      out.json = skip_bom(trim_nuls(data, diagnostics), "the GLB's JSON chunk", diagnostics);
    } else if (type == kJsonChunk) {
      return refuse("gltf.glb.json-chunk", cat("GLB chunk ", chunk, " is a second JSON chunk"));
    } else if (type == kBinChunk && chunk == 1) {
      out.bin =
          std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(data.data()), data.size());
    } else if (type == kBinChunk) {
      diagnostics.warn("gltf.read.glb-chunk-ignored",
                       cat("GLB chunk ", chunk, " is a BIN chunk after the second; ignored"));
    }
  }
  if (out.json.data() == nullptr) {
    return refuse("gltf.glb.json-chunk", "the GLB holds no chunk");
  }
  return out;
}

}  // namespace

absl::StatusOr<Container> split_container(std::string_view bytes, Diagnostics& diagnostics) {
  if (bytes.substr(0, 4) == "glTF") return split_glb(bytes, diagnostics);
  Container out;
  out.json = skip_bom(bytes, "the JSON", diagnostics);
  return out;
}

}  // namespace px::gltf
