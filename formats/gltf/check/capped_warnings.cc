#include "formats/gltf/check/capped_warnings.h"

#include <utility>

#include "engine/strings.h"

namespace px::gltf {

void CappedWarnings::warn(std::string_view code, std::string message) {
  auto [it, inserted] = counts_.try_emplace(std::string(code), 0);
  if (inserted) order_.push_back(it->first);
  if (++it->second <= kMaxPerCode) diagnostics_.warn(code, std::move(message));
}

void CappedWarnings::finish() {
  for (const std::string& code : order_) {
    const uint64_t count = counts_[code];
    if (count <= kMaxPerCode) continue;
    diagnostics_.warn(code, cat(count - kMaxPerCode, " more warnings of this rule are not listed"));
  }
  counts_.clear();
  order_.clear();
}

}  // namespace px::gltf
