#include "formats/image/tiff_decoder.h"

#include <tiffio.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

namespace px::image {

namespace {

struct MemoryFile {
  std::span<const uint8_t> bytes;
  uint64_t at = 0;
  std::string error;  // libtiff's first error
};

tmsize_t read_proc(thandle_t handle, void* buffer, tmsize_t size) {
  auto* file = static_cast<MemoryFile*>(handle);
  if (size < 0) return -1;
  const uint64_t left = file->at < file->bytes.size() ? file->bytes.size() - file->at : 0;
  const uint64_t n = std::min<uint64_t>(left, static_cast<uint64_t>(size));
  if (n > 0) std::memcpy(buffer, file->bytes.data() + file->at, n);
  file->at += n;
  return static_cast<tmsize_t>(n);
}

tmsize_t write_proc(thandle_t, void*, tmsize_t) { return -1; }

toff_t seek_proc(thandle_t handle, toff_t offset, int whence) {
  auto* file = static_cast<MemoryFile*>(handle);
  uint64_t base = 0;
  if (whence == SEEK_CUR) base = file->at;
  if (whence == SEEK_END) base = file->bytes.size();
  const uint64_t to = base + offset;
  if (to < base) return static_cast<toff_t>(-1);  // overflow
  file->at = to;
  return to;
}

int close_proc(thandle_t) { return 0; }
toff_t size_proc(thandle_t handle) { return static_cast<MemoryFile*>(handle)->bytes.size(); }
int map_proc(thandle_t, void**, toff_t*) { return 0; }
void unmap_proc(thandle_t, void*, toff_t) {}

int on_error(TIFF*, void* user_data, const char* module, const char* format, va_list args) {
  auto* file = static_cast<MemoryFile*>(user_data);
  if (file->error.empty()) {
    char text[256];
    std::vsnprintf(text, sizeof text, format, args);
    file->error = std::string(module != nullptr ? module : "libtiff") + ": " + text;
  }
  return 1;  // handled: not passed on to the global handler, which prints
}

int on_warning(TIFF*, void*, const char*, const char*, va_list) { return 1; }

struct CloseTiff {
  void operator()(TIFF* tiff) const { TIFFClose(tiff); }
};
struct FreeOptions {
  void operator()(TIFFOpenOptions* options) const { TIFFOpenOptionsFree(options); }
};

absl::Status failed(const MemoryFile& file, std::string_view what) {
  return absl::InvalidArgumentError(std::string("libtiff cannot ") + std::string(what) +
                                    (file.error.empty() ? "" : " (" + file.error + ")"));
}

}  // namespace

absl::StatusOr<Pixels> decode_tiff(std::span<const uint8_t> bytes, const DecodeLimits& limits) {
  MemoryFile file;
  file.bytes = bytes;
  std::unique_ptr<TIFFOpenOptions, FreeOptions> options(TIFFOpenOptionsAlloc());
  if (options == nullptr) return absl::ResourceExhaustedError("libtiff: no memory");
  // libtiff's own allocations (directories, strips) capped at the pixel budget, or 16 MiB when
  // that is less, so that a small budget still opens a file.
  TIFFOpenOptionsSetMaxSingleMemAlloc(
      options.get(), static_cast<tmsize_t>(std::max<uint64_t>(limits.max_bytes, 16u << 20)));
  TIFFOpenOptionsSetErrorHandlerExtR(options.get(), on_error, &file);
  TIFFOpenOptionsSetWarningHandlerExtR(options.get(), on_warning, &file);
  // "rm": read only, no memory mapping.
  std::unique_ptr<TIFF, CloseTiff> tiff(TIFFClientOpenExt(
      "TIFF", "rm", &file, read_proc, write_proc, seek_proc, close_proc, size_proc, map_proc,
      unmap_proc, options.get()));
  if (tiff == nullptr) return failed(file, "open it");
  uint32_t width = 0, height = 0;
  if (TIFFGetField(tiff.get(), TIFFTAG_IMAGEWIDTH, &width) != 1 ||
      TIFFGetField(tiff.get(), TIFFTAG_IMAGELENGTH, &height) != 1) {
    return failed(file, "read its dimensions");
  }
  if (absl::Status s = check_dimensions(width, height, limits, "TIFF"); !s.ok()) return s;
  char message[1024] = {};
  if (TIFFRGBAImageOK(tiff.get(), message) != 1) {
    return absl::InvalidArgumentError(std::string("libtiff cannot read it as RGBA (") + message +
                                      ")");
  }
  std::vector<uint32_t> raster(static_cast<size_t>(width) * height);
  if (TIFFReadRGBAImageOriented(tiff.get(), width, height, raster.data(), ORIENTATION_TOPLEFT,
                                /*stop_on_error=*/1) != 1) {
    return failed(file, "decode its pixels");
  }
  Pixels out;
  out.width = static_cast<int>(width);
  out.height = static_cast<int>(height);
  out.rgba.resize(raster.size() * 4);
  for (size_t i = 0; i < raster.size(); ++i) {
    const uint32_t p = raster[i];
    out.rgba[i * 4 + 0] = static_cast<uint8_t>(TIFFGetR(p));
    out.rgba[i * 4 + 1] = static_cast<uint8_t>(TIFFGetG(p));
    out.rgba[i * 4 + 2] = static_cast<uint8_t>(TIFFGetB(p));
    out.rgba[i * 4 + 3] = static_cast<uint8_t>(TIFFGetA(p));
  }
  // libtiff's RGBA interface premultiplies colour by alpha (stored associated alpha as it is,
  // unassociated alpha multiplied in); PNG holds straight alpha.
  for (size_t i = 0; i < out.rgba.size(); i += 4) {
    const unsigned a = out.rgba[i + 3];
    if (a == 255 || a == 0) continue;
    for (size_t c = 0; c < 3; ++c) {
      out.rgba[i + c] = static_cast<uint8_t>(std::min(255u, (out.rgba[i + c] * 255u + a / 2) / a));
    }
  }
  return out;
}

}  // namespace px::image
