// A source read through another, counting its bytes: a reader's input-bytes limit for inputs
// whose size is only known once read (a stream, a .dae.gz inflating), and its progress while it
// parses.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/progress.h"
#include "engine/source.h"

namespace px {

// Reads through `source` (not owned). A read taking the count past max_bytes fails
// (limits.input-bytes, ResourceExhausted), and the size bound is never above max_bytes; each read
// that gives bytes reports to progress (when not null) source.fraction_read() of the bytes read so
// far, over [0, progress_to], and fails with its Cancelled status once the callback stops the read.
class MeteredSource : public ForwardingSource {
 public:
  MeteredSource(Source& source, uint64_t max_bytes, Progress* progress, double progress_to)
      : ForwardingSource(source),
        max_bytes_(max_bytes),
        progress_(progress),
        progress_to_(progress_to) {}

  absl::StatusOr<size_t> read(char* buffer, size_t size) override;
  // No more than the read may take in: a count the rest of the input is to hold is believed only
  // that far (a .dae.gz's own bound is 4 GiB, whatever the limit).
  uint64_t size_bound() const override;
  // The bytes read() has given so far: once read to its end, the input's size (a .dae.gz's
  // inflated, which size_bound() cannot tell beforehand).
  uint64_t bytes_read() const { return read_; }

 private:
  uint64_t max_bytes_;
  Progress* progress_;
  double progress_to_;
  uint64_t read_ = 0;
};

std::unique_ptr<MeteredSource> metered_source(Source& source, uint64_t max_bytes,
                                              Progress* progress, double progress_to);

}  // namespace px
