// The glTF checks' warnings, at most kMaxPerCode of one code listed: a hostile document of a
// million empty objects or channels must not make a million messages. The rest of a code are
// counted in one more warning each, given by finish() in the order the codes were first warned,
// so that the same document always gives the same messages.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/diagnostics.h"
#include "polyxios/hash_containers.h"

namespace px::gltf {

class CappedWarnings {
 public:
  static constexpr uint64_t kMaxPerCode = 100;

  explicit CappedWarnings(Diagnostics& diagnostics) : diagnostics_(diagnostics) {}
  CappedWarnings(const CappedWarnings&) = delete;
  CappedWarnings& operator=(const CappedWarnings&) = delete;

  void warn(std::string_view code, std::string message);
  // "N more warnings of this rule are not listed" for each code past the cap.
  void finish();

 private:
  Diagnostics& diagnostics_;
  HashMap<std::string, uint64_t> counts_;
  std::vector<std::string> order_;  // codes in the order first warned
};

}  // namespace px::gltf
