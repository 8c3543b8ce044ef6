#include "engine/metered_source.h"

#include <algorithm>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px {

absl::StatusOr<size_t> MeteredSource::read(char* buffer, size_t size) {
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

uint64_t MeteredSource::size_bound() const { return std::min(source().size_bound(), max_bytes_); }

std::unique_ptr<MeteredSource> metered_source(Source& source, uint64_t max_bytes,
                                              Progress* progress, double progress_to) {
  return std::make_unique<MeteredSource>(source, max_bytes, progress, progress_to);
}

}  // namespace px
