#include "engine/source.h"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <vector>

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

using SharedFile = std::shared_ptr<const RegularFile>;

// Each source reads the file at its own offset (pread), so that a source made again from the same
// descriptor (reopen) starts from the beginning whatever the first one did.
class FileSource : public Source {
 public:
  explicit FileSource(SharedFile file) : file_(std::move(file)) {}

  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    while (true) {
      const ssize_t n = ::pread(file_->fd(), buffer, std::min<size_t>(size, 1u << 30),
                                static_cast<off_t>(offset_));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        return io_error("cannot read", file_->path().string(), errno);
      }
      offset_ += static_cast<uint64_t>(n);
      return static_cast<size_t>(n);
    }
  }
  uint64_t size_bound() const override { return file_->size(); }
  std::filesystem::path path() const override { return file_->path(); }
  std::string name() const override { return file_->path().string(); }
  absl::StatusOr<std::unique_ptr<Source>> reopen() const override {
    return std::unique_ptr<Source>(new FileSource(file_));
  }

 private:
  SharedFile file_;
  uint64_t offset_ = 0;
};

// A gzip file inflated as it is read, member after member (as gzip -d reads concatenated ones);
// bytes after the last member that start no other are ignored, as zlib's gzread ignores them.
class GzipSource : public Source {
 public:
  explicit GzipSource(SharedFile file) : file_(std::move(file)), in_(kInBytes) {
    stream_.zalloc = Z_NULL;
    stream_.zfree = Z_NULL;
    stream_.opaque = Z_NULL;
    ready_ = inflateInit2(&stream_, 16 + MAX_WBITS) == Z_OK;
  }
  ~GzipSource() override {
    if (ready_) inflateEnd(&stream_);
  }

  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    if (!ready_) return corrupt("zlib could not start inflating");
    stream_.next_out = reinterpret_cast<Bytef*>(buffer);
    stream_.avail_out = static_cast<uInt>(std::min<size_t>(size, 1u << 30));
    const uInt wanted = stream_.avail_out;
    while (stream_.avail_out > 0 && !ended_) {
      if (stream_.avail_in == 0) {
        absl::StatusOr<size_t> n = fill();
        if (!n.ok()) return n.status();
        if (*n == 0) {
          if (between_members_) {
            ended_ = true;
            break;
          }
          return corrupt("the file ends inside a compressed stream (it was cut short)");
        }
      }
      if (between_members_) {
        // Another member follows only where its magic does; anything else ends the data.
        if (!next_member_starts()) {
          ended_ = true;
          break;
        }
        inflateReset(&stream_);
        between_members_ = false;
      }
      const int result = inflate(&stream_, Z_NO_FLUSH);
      if (result == Z_STREAM_END) {
        between_members_ = true;
      } else if (result != Z_OK && !(result == Z_BUF_ERROR && stream_.avail_in == 0)) {
        return corrupt(stream_.msg != nullptr ? stream_.msg : "the compressed data is invalid");
      }
    }
    return static_cast<size_t>(wanted - stream_.avail_out);
  }
  // A compressed size says little about the inflated one; the budget checks fall back on
  // their own caps.
  uint64_t size_bound() const override { return std::numeric_limits<uint32_t>::max(); }
  double fraction_read(uint64_t) const override {
    const uint64_t consumed = offset_ - stream_.avail_in;
    return std::min(1.0, static_cast<double>(consumed) /
                             static_cast<double>(std::max<uint64_t>(file_->size(), 1)));
  }
  std::filesystem::path path() const override { return file_->path(); }
  std::string name() const override { return file_->path().string(); }
  absl::StatusOr<std::unique_ptr<Source>> reopen() const override {
    return std::unique_ptr<Source>(new GzipSource(file_));
  }

 private:
  static constexpr size_t kInBytes = size_t{1} << 18;

  absl::Status corrupt(std::string_view why) const {
    return absl::InvalidArgumentError(cat("gzip.corrupt: ", file_->path().string(), ": ", why));
  }
  // The next compressed bytes into in_, kept whole when a member's magic straddles two reads.
  absl::StatusOr<size_t> fill() {
    while (true) {
      const ssize_t n = ::pread(file_->fd(), in_.data(), in_.size(), static_cast<off_t>(offset_));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        return io_error("cannot read", file_->path().string(), errno);
      }
      offset_ += static_cast<uint64_t>(n);
      stream_.next_in = reinterpret_cast<Bytef*>(in_.data());
      stream_.avail_in = static_cast<uInt>(n);
      return static_cast<size_t>(n);
    }
  }
  bool next_member_starts() {
    if (stream_.avail_in >= 2) return stream_.next_in[0] == 0x1f && stream_.next_in[1] == 0x8b;
    // One byte left in the buffer: the magic's second byte is the file's next.
    absl::StatusOr<std::string> next = file_->read_at(offset_, 1);
    return stream_.next_in[0] == 0x1f && next.ok() && next->size() == 1 &&
           static_cast<unsigned char>((*next)[0]) == 0x8b;
  }

  SharedFile file_;
  std::vector<char> in_;
  z_stream stream_{};
  bool ready_ = false;
  bool between_members_ = false;
  bool ended_ = false;
  uint64_t offset_ = 0;  // of the next compressed byte fill() reads
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

}  // namespace

std::unique_ptr<Source> open_file_source(RegularFile file) {
  auto shared = std::make_shared<const RegularFile>(std::move(file));
  absl::StatusOr<std::string> magic = shared->read_at(0, 2);
  if (magic.ok() && *magic == "\x1f\x8b") return std::make_unique<GzipSource>(std::move(shared));
  return std::make_unique<FileSource>(std::move(shared));
}

absl::StatusOr<std::unique_ptr<Source>> open_file_source(const std::filesystem::path& path) {
  absl::StatusOr<RegularFile> file = open_regular_file(path);
  if (!file.ok()) return file.status();
  return open_file_source(*std::move(file));
}

std::unique_ptr<Source> memory_source(std::string_view bytes) {
  return std::make_unique<MemorySource>(bytes);
}

std::unique_ptr<Source> borrowed_source(Source& source) {
  return std::make_unique<ForwardingSource>(source);
}

absl::StatusOr<std::string> read_whole_file(const std::filesystem::path& path) {
  absl::StatusOr<RegularFile> file = open_regular_file(path);
  if (!file.ok()) return file.status();
  std::string out;
  while (true) {
    absl::StatusOr<std::string> block = file->read_at(out.size(), size_t{1} << 16);
    if (!block.ok()) return block.status();
    if (block->empty()) return out;
    out += *block;
  }
}

}  // namespace px
