// The buffer's bytes made view by view from the plan (bin_layout.h) and written to a sink as they
// are made: a column already laid out as its view goes out as it is, anything else through a few
// reused buffers, so the buffer is never held whole. With two threads the views are made on a
// second thread while the caller writes what is made; the bytes, the warnings and the refusal are
// the same whatever the count.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "engine/atomic_file.h"
#include "formats/gltf/write/bin_layout.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {

class ByteSink {
 public:
  virtual ~ByteSink() = default;
  virtual absl::Status write(std::string_view bytes) = 0;
  // True once the write was cancelled (its progress callback stopped it): the views not made yet
  // are then never made. Read on the thread making the views.
  virtual bool stopped() const { return false; }
};

class FileSink : public ByteSink {
 public:
  explicit FileSink(AtomicFile& file) : file_(file) {}
  absl::Status write(std::string_view bytes) override { return file_.write(bytes); }

 private:
  AtomicFile& file_;
};

class StringSink : public ByteSink {
 public:
  explicit StringSink(std::string& out) : out_(out) {}
  absl::Status write(std::string_view bytes) override {
    out_.append(bytes);
    return absl::OkStatus();
  }

 private:
  std::string& out_;
};

// Takes the bytes and keeps none: for a write that must only find its warnings and refusal.
class NullSink : public ByteSink {
 public:
  absl::Status write(std::string_view) override { return absl::OkStatus(); }
};

struct StreamResult {
  // A view maker's refusal: the views after it were not made.
  absl::Status refusal;
  // The sink's first failure: nothing was written after it, but the views were still made, so
  // that a refusal a later view would give still comes first, as it would have in memory.
  absl::Status io;
};

// Makes every view in order into `sink`, with the zero padding between them and after the last,
// until sink.stopped(). threads: 1 for the caller's thread alone; more to make views on a second
// thread.
StreamResult stream_bin(const BinLayout& layout, ByteSink& sink, int threads,
                        Diagnostics& diagnostics);

}  // namespace px::gltf
