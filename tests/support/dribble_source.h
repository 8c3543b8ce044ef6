// A Source that hands a document over `step` bytes at a time, so that the parser's blocks, and
// expat's tokens, are cut everywhere.
#pragma once

#include <algorithm>
#include <cstring>
#include <string>

#include "engine/source.h"

namespace px::test_support {

class DribbleSource : public Source {
 public:
  DribbleSource(std::string text, size_t step) : text_(std::move(text)), step_(step) {}
  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    size_t n = std::min({size, step_, text_.size() - at_});
    std::memcpy(buffer, text_.data() + at_, n);
    at_ += n;
    return n;
  }
  uint64_t size_bound() const override { return text_.size(); }
  std::string name() const override { return "<dribble>"; }

 private:
  std::string text_;
  size_t step_;
  size_t at_ = 0;
};

}  // namespace px::test_support
