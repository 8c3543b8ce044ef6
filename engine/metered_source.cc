#include "engine/metered_source.h"

#include "engine/errors.h"
#include "engine/strings.h"

namespace px {
namespace {

class MeteredSource : public Source {
 public:
  MeteredSource(Source& source, uint64_t max_bytes, Progress* progress, double progress_to)
      : source_(source), max_bytes_(max_bytes), progress_(progress), progress_to_(progress_to) {}

  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    absl::StatusOr<size_t> n = source_.read(buffer, size);
    if (!n.ok() || *n == 0) return n;
    read_ += *n;
    if (read_ > max_bytes_) {
      return over_budget("limits.input-bytes",
                         cat(source_.name(), ": the input holds more than the ", max_bytes_,
                             " bytes a read may take in"));
    }
    if (progress_ != nullptr) {
      absl::Status s = progress_->report(0, progress_to_, source_.fraction_read(read_));
      if (!s.ok()) return s;
    }
    return n;
  }
  uint64_t size_bound() const override { return source_.size_bound(); }
  double fraction_read(uint64_t bytes_read) const override {
    return source_.fraction_read(bytes_read);
  }
  std::filesystem::path path() const override { return source_.path(); }
  std::string name() const override { return source_.name(); }
  absl::StatusOr<std::unique_ptr<Source>> reopen() const override { return source_.reopen(); }

 private:
  Source& source_;
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
