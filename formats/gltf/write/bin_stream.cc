#include "formats/gltf/write/bin_stream.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

#include "engine/strings.h"
#include "polyxios/memory/page_memory.h"

namespace px::gltf {
namespace {

constexpr char kZeros[4] = {0, 0, 0, 0};
// Below this a second thread costs more than it saves.
constexpr size_t kThreadedBytes = size_t{1} << 20;

// A ViewOut that counts what it is given, so that a view made to another length than planned is
// caught before it shifts every view after it.
class CountedOut : public ViewOut {
 public:
  size_t made = 0;
};

// The buffers lent to view makers. The pipe's are one huge page, so that the first touch of their
// memory costs one fault instead of one a 4 KiB page; the inline writer needs only one buffer.
class LentMemory {
 public:
  static constexpr size_t kPipeBuffers = kHugePage / ViewOut::kChunkBytes;
  explicit LentMemory(size_t buffers)
      : base_(static_cast<char*>(map_pages(buffers * ViewOut::kChunkBytes, &size_))) {}
  ~LentMemory() { unmap_pages(base_, size_); }
  LentMemory(const LentMemory&) = delete;
  LentMemory& operator=(const LentMemory&) = delete;
  char* buffer(size_t i) const { return base_ + i * ViewOut::kChunkBytes; }

 private:
  size_t size_ = 0;
  char* base_;
};

// Writes each piece to the sink as it is given, on the caller's thread.
class InlineOut final : public CountedOut {
 public:
  explicit InlineOut(ByteSink& sink) : sink_(sink), memory_(1) {}
  void bytes(std::span<const char> bytes) override { put(bytes.data(), bytes.size()); }
  char* buffer() override { return memory_.buffer(0); }
  void commit(size_t size) override { put(memory_.buffer(0), size); }
  const absl::Status& io() const { return io_; }

 private:
  void put(const char* data, size_t size) {
    made += size;
    if (io_.ok() && size > 0) io_ = sink_.write(std::string_view(data, size));
  }
  ByteSink& sink_;
  LentMemory memory_;
  absl::Status io_;
};

// Hands each piece from the making thread to the writing one: a queue of pieces, and a few
// buffers lent in turn, so that making runs at most that far ahead of writing.
class PipeOut final : public CountedOut {
 public:
  PipeOut() : memory_(LentMemory::kPipeBuffers) {
    for (size_t i = 0; i < LentMemory::kPipeBuffers; ++i) free_.push_back(static_cast<int>(i));
  }

  void bytes(std::span<const char> bytes) override {
    made += bytes.size();
    push({bytes.data(), bytes.size(), -1, false});
  }
  char* buffer() override {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return !free_.empty(); });
    lent_ = free_.back();
    free_.pop_back();
    return memory_.buffer(lent_);
  }
  void commit(size_t size) override {
    made += size;
    push({memory_.buffer(lent_), size, lent_, false});
  }
  // The making thread is done.
  void close() { push({nullptr, 0, -1, true}); }

  // Writes every piece until close(); the sink's first failure, after which nothing is written.
  absl::Status drain(ByteSink& sink) {
    absl::Status io;
    while (true) {
      Piece piece;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return !pieces_.empty(); });
        piece = pieces_.front();
        pieces_.pop_front();
      }
      if (piece.end) return io;
      if (io.ok() && piece.size > 0) io = sink.write(std::string_view(piece.data, piece.size));
      if (piece.buffer >= 0) {
        std::lock_guard<std::mutex> lock(mutex_);
        free_.push_back(piece.buffer);
        changed_.notify_all();
      }
    }
  }

 private:
  struct Piece {
    const char* data = nullptr;
    size_t size = 0;
    int buffer = -1;  // the lent buffer it is in, to return once written
    bool end = false;
  };
  void push(Piece piece) {
    std::lock_guard<std::mutex> lock(mutex_);
    pieces_.push_back(piece);
    changed_.notify_all();
  }

  LentMemory memory_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Piece> pieces_;
  std::vector<int> free_;
  int lent_ = -1;
};

void pad_to(CountedOut& out, size_t offset) {
  if (offset > out.made) out.bytes({kZeros, offset - out.made});  // views are 4-byte aligned
}

absl::Status make_views(const BinLayout& layout, CountedOut& out, const ByteSink& sink,
                        Diagnostics& diagnostics) {
  for (const Segment& segment : layout.segments()) {
    if (sink.stopped()) return absl::OkStatus();  // the sink's write failed with the reason
    pad_to(out, segment.offset);
    const size_t start = out.made;
    if (absl::Status s = segment.make(out, diagnostics); !s.ok()) return s;
    if (out.made - start != segment.length) {
      return absl::InternalError(cat("a glTF bufferView planned as ", segment.length,
                                     " bytes was made as ", out.made - start));
    }
  }
  pad_to(out, layout.size());
  return absl::OkStatus();
}

// The views made on a thread of their own while the caller writes them; none when no thread can
// be started (a batch worker's address-space cap).
std::optional<StreamResult> stream_piped(const BinLayout& layout, ByteSink& sink,
                                         Diagnostics& diagnostics) {
  StreamResult result;
  PipeOut out;
  std::exception_ptr failure;
  std::thread maker;
  try {
    maker = std::thread([&] {
      try {
        result.refusal = make_views(layout, out, sink, diagnostics);
      } catch (...) {
        failure = std::current_exception();
      }
      out.close();
    });
  } catch (const std::system_error&) {
    return std::nullopt;
  }
  result.io = out.drain(sink);
  maker.join();
  if (failure) std::rethrow_exception(failure);
  return result;
}

}  // namespace

StreamResult stream_bin(const BinLayout& layout, ByteSink& sink, int threads,
                        Diagnostics& diagnostics) {
  if (threads > 1 && layout.size() >= kThreadedBytes) {
    if (std::optional<StreamResult> piped = stream_piped(layout, sink, diagnostics)) {
      return *std::move(piped);
    }
  }
  StreamResult result;
  InlineOut out(sink);
  result.refusal = make_views(layout, out, sink, diagnostics);
  result.io = out.io();
  return result;
}

}  // namespace px::gltf
