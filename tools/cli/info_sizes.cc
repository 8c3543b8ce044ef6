#include "tools/cli/info_sizes.h"

#include <unistd.h>

#include <cstdio>
#include <memory>
#include <utility>

#include "engine/contained_file.h"
#include "engine/errors.h"
#include "engine/mapped_file.h"

namespace px::cli {
namespace {

absl::StatusOr<FileSizes> sizes_of(std::string_view bytes, bool gltf) {
  FileSizes sizes{bytes.size(), std::nullopt};
  if (!gltf) return sizes;
  absl::StatusOr<gltf::PartSizes> parts = gltf::gltf_part_sizes(bytes);
  if (!parts.ok()) return parts.status();
  sizes.parts = *parts;
  sizes.total = parts->total;
  return sizes;
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

absl::StatusOr<InfoSizes> measure_sizes(std::string_view input, Format format, const Scene& scene,
                                        const WriteOptions& options,
                                        Diagnostics& write_diagnostics) {
  InfoSizes out;
  absl::StatusOr<FileSizes> input_sizes =
      sizes_of(input, format == Format::kGltf || format == Format::kGlb);
  if (!input_sizes.ok()) return input_sizes.status();
  out.input = *input_sizes;
  // The output: a GLB (or COLLADA) stream, into a file no one else can name.
  std::unique_ptr<std::FILE, FileCloser> file(std::tmpfile());
  if (!file) return io_error("info: cannot make a temporary file for the output's sizes");
  WriteOptions stream = options;
  if (!stream.collada) stream.binary = true;
  if (absl::Status s = write_scene(scene, file.get(), stream, write_diagnostics); !s.ok()) {
    if (exit_status(failure_of(s)) != 2) return s;  // I/O, memory: info fails as convert would
    out.output_refused = std::string(s.message());
    return out;
  }
  if (std::fflush(file.get()) != 0) return io_error("info: cannot write the temporary output");
  const int fd = ::dup(::fileno(file.get()));
  const off_t size = fd < 0 ? -1 : ::lseek(fd, 0, SEEK_END);
  if (size < 0) {
    if (fd >= 0) ::close(fd);
    return io_error("info: cannot measure the temporary output");
  }
  absl::StatusOr<std::shared_ptr<const MappedFile>> written =
      MappedFile::map(RegularFile(fd, static_cast<uint64_t>(size), "(temporary output)"));
  if (!written.ok()) return written.status();
  absl::StatusOr<FileSizes> sizes = sizes_of((*written)->text(), !stream.collada);
  if (!sizes.ok()) return sizes.status();
  out.output = *sizes;
  return out;
}

}  // namespace px::cli
