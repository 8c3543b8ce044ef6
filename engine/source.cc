#include "engine/source.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px {

double Source::fraction_read(uint64_t bytes_read) const {
  const uint64_t bound = std::max<uint64_t>(size_bound(), 1);
  return static_cast<double>(std::min(bytes_read, bound)) / static_cast<double>(bound);
}

absl::StatusOr<std::unique_ptr<Source>> Source::reopen() const {
  return absl::FailedPreconditionError(cat(name(), " cannot be read a second time"));
}

namespace {

class FileSource : public Source {
 public:
  FileSource(std::filesystem::path path, std::FILE* file, uint64_t size)
      : path_(std::move(path)), file_(file), size_(size) {}
  ~FileSource() override { std::fclose(file_); }

  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    size_t n = std::fread(buffer, 1, size, file_);
    if (n < size && std::ferror(file_)) {
      return io_error(cat("cannot read ", path_.string(), ": ", std::strerror(errno)));
    }
    return n;
  }
  uint64_t size_bound() const override { return size_; }
  std::filesystem::path path() const override { return path_; }
  std::string name() const override { return path_.string(); }
  absl::StatusOr<std::unique_ptr<Source>> reopen() const override {
    return open_file_source(path_);
  }

 private:
  std::filesystem::path path_;
  std::FILE* file_;
  uint64_t size_;
};

class GzipSource : public Source {
 public:
  GzipSource(std::filesystem::path path, gzFile file, uint64_t stored_size)
      : path_(std::move(path)), file_(file), stored_size_(std::max<uint64_t>(stored_size, 1)) {}
  ~GzipSource() override { gzclose(file_); }

  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    unsigned chunk = static_cast<unsigned>(std::min<size_t>(size, 1u << 30));
    int n = gzread(file_, buffer, chunk);
    if (n < 0) {
      int code = 0;
      const char* message = gzerror(file_, &code);
      return absl::InvalidArgumentError(cat("gzip.corrupt: ", path_.string(), ": ", message));
    }
    return static_cast<size_t>(n);
  }
  // A compressed size says little about the inflated one; the budget checks fall back on
  // their own caps.
  uint64_t size_bound() const override { return std::numeric_limits<uint32_t>::max(); }
  double fraction_read(uint64_t) const override {
    const z_off_t inflated_from = gzoffset(file_);
    return inflated_from < 0 ? 0
                             : std::min(1.0, static_cast<double>(inflated_from) /
                                                 static_cast<double>(stored_size_));
  }
  std::filesystem::path path() const override { return path_; }
  std::string name() const override { return path_.string(); }
  absl::StatusOr<std::unique_ptr<Source>> reopen() const override {
    return open_file_source(path_);
  }

 private:
  std::filesystem::path path_;
  gzFile file_;
  uint64_t stored_size_;
};

class MemorySource : public Source {
 public:
  explicit MemorySource(std::string_view bytes) : bytes_(bytes) {}
  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    size_t n = std::min(size, bytes_.size() - position_);
    if (n == 0) return n;
    std::memcpy(buffer, bytes_.data() + position_, n);
    position_ += n;
    return n;
  }
  uint64_t size_bound() const override { return bytes_.size(); }
  std::string name() const override { return "<memory>"; }
  absl::StatusOr<std::unique_ptr<Source>> reopen() const override {
    return memory_source(bytes_);
  }

 private:
  std::string_view bytes_;
  size_t position_ = 0;
};

absl::Status open_error(const std::filesystem::path& path) {
  return io_error(cat("cannot open ", path.string(), ": ", std::strerror(errno)));
}

}  // namespace

absl::StatusOr<std::unique_ptr<Source>> open_file_source(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return io_error(cat("cannot read ", path.string(), ": it is a directory"));
  }
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return open_error(path);
  unsigned char magic[2] = {0, 0};
  size_t got = std::fread(magic, 1, 2, file);
  if (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
    const long stored = std::fseek(file, 0, SEEK_END) == 0 ? std::ftell(file) : 0;
    std::fclose(file);
    gzFile gz = gzopen(path.c_str(), "rb");
    if (gz == nullptr) return open_error(path);
    gzbuffer(gz, 1 << 18);
    return std::unique_ptr<Source>(
        new GzipSource(path, gz, stored < 0 ? 0 : static_cast<uint64_t>(stored)));
  }
  if (std::fseek(file, 0, SEEK_END) != 0) {
    std::fclose(file);
    return open_error(path);
  }
  long size = std::ftell(file);
  std::rewind(file);
  return std::unique_ptr<Source>(
      new FileSource(path, file, size < 0 ? 0 : static_cast<uint64_t>(size)));
}

std::unique_ptr<Source> memory_source(std::string_view bytes) {
  return std::make_unique<MemorySource>(bytes);
}

std::unique_ptr<Source> borrowed_source(Source& source) {
  return std::make_unique<ForwardingSource>(source);
}

absl::StatusOr<std::string> read_file_prefix(const std::filesystem::path& path, size_t max_bytes) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return open_error(path);
  std::string out(max_bytes, '\0');
  size_t n = std::fread(out.data(), 1, max_bytes, file);
  std::fclose(file);
  out.resize(n);
  return out;
}

absl::StatusOr<std::string> read_whole_file(const std::filesystem::path& path) {
  auto source = open_file_source(path);
  if (!source.ok()) return source.status();
  std::string out;
  char buffer[1 << 16];
  while (true) {
    absl::StatusOr<size_t> n = (*source)->read(buffer, sizeof buffer);
    if (!n.ok()) return n.status();
    if (*n == 0) break;
    out.append(buffer, *n);
  }
  return out;
}

}  // namespace px
