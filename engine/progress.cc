#include "engine/progress.h"

#include <algorithm>
#include <cmath>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px {

absl::Status Progress::report(double fraction) {
  if (!status_.ok() || !callback_) return status_;
  if (std::isfinite(fraction)) last_ = std::clamp(fraction, last_, 1.0);
  if (!callback_(last_)) {
    status_ = cancelled(cat(what_, " was stopped by its progress callback at ",
                            static_cast<int>(std::floor(last_ * 100)), "%"));
  }
  return status_;
}

}  // namespace px
