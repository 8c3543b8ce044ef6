// Warnings and notes with stable codes ("collada.texcoord.duplicate-set"). Identical warnings
// (same code and message) are counted, not repeated; the first line they were seen on is kept.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/hash_containers.h"

namespace px {

enum class Severity { kInfo, kWarning };

struct Diagnostic {
  std::string code;
  Severity severity = Severity::kWarning;
  std::string message;
  int64_t line = 0;  // 0 when the warning has no place in the input
  int64_t count = 1;
};

class Diagnostics {
 public:
  void warn(std::string_view code, std::string message, int64_t line = 0);
  void info(std::string_view code, std::string message, int64_t line = 0);

  // Adds every entry of `other` (with its count) as if reported here, in its order.
  void merge(const Diagnostics& other);

  const std::vector<Diagnostic>& entries() const { return entries_; }
  // How many times a code was reported, summed over its messages.
  int64_t count(std::string_view code) const;
  int64_t warning_count() const;
  // Codes with their summed counts, in first-seen order.
  std::vector<std::pair<std::string, int64_t>> counts_by_code() const;

 private:
  void add(Severity severity, std::string_view code, std::string message, int64_t line);
  std::vector<Diagnostic> entries_;
  HashMap<std::string, size_t> index_;  // code + '\n' + message -> entry
};

}  // namespace px
