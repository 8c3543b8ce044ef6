// A warning from a model operation, which has no diagnostics sink of its own: the caller reports
// it with its code and message.
#pragma once

#include <string>
#include <vector>

namespace px {

struct BakeNote {
  std::string code;
  std::string message;
};
using BakeNotes = std::vector<BakeNote>;

}  // namespace px
