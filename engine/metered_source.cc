#include "engine/metered_source.h"

#include <algorithm>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px {
namespace {

class MeteredSource : public ForwardingSource {
 public:
  MeteredSource(Source& source, uint64_t max_bytes, Progress* progress, double progress_to)
      : ForwardingSource(source),
        max_bytes_(max_bytes),
        progress_(progress),
        progress_to_(progress_to) {}

  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    absl::StatusOr<size_t> n = source().read(buffer, size);
    if (!n.ok() || *n == 0) return n;
    read_ += *n;
    if (read_ > max_bytes_) {
      return over_budget("limits.input-bytes",
                         cat(source().name(), ": the input holds more than the ", max_bytes_,
                             " bytes a read may take in"));
    }
    if (progress_ != nullptr) {
      absl::Status s = progress_->report(0, progress_to_, source().fraction_read(read_));
      if (!s.ok()) return s;
    }
    return n;
  }
  // No more than the read may take in: a count the rest of the input is to hold is believed only
  // that far (a .dae.gz's own bound is 4 GiB, whatever the limit).
  uint64_t size_bound() const override { return std::min(source().size_bound(), max_bytes_); }

 private:
  uint64_t max_bytes_;
  Progress* progress_;
  double progress_to_;
  uint64_t read_ = 0;
};

}  // namespace

std::unique_ptr<Source> metered_source(Source& source, uint64_t max_bytes, Progress* progress,
                                       double progress_to) {
  return std::make_unique<MeteredSource>(source, max_bytes, progress, progress_to);
}

}  // namespace px
