// Warnings and notes with stable codes ("collada.texcoord.duplicate-set"). Identical warnings
// (same code and message) are counted, not repeated; the first line they were seen on is kept.
// A listener, when set, is told of each as soon as it is raised (convert -v prints them so).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
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
  // Told of an entry (its count: 1, or what a merge brought) once, when its code and message
  // first reach a Diagnostics listening through it.
  using Listener = std::function<void(const Diagnostic&)>;

  void warn(std::string_view code, std::string message, int64_t line = 0);
  void info(std::string_view code, std::string message, int64_t line = 0);

  // Adds every entry of `other` (with its count) as if reported here, in its order.
  void merge(const Diagnostics& other);

  // From now on, tells `listener` of each distinct entry this Diagnostics (or one made by
  // sharing_listener(), or a copy) takes that it has not been told of: once per code and message,
  // whichever of them takes it first, on the thread that adds it (warn, info or merge). Calls are
  // made under a lock the sharers hold in common, so they never overlap, even from Diagnostics
  // filled on different threads; the listener must not add to any of them. Without a listener an
  // entry costs nothing more.
  void set_listener(Listener listener);
  // An empty Diagnostics telling this one's listener (none when it has none), for warnings kept
  // apart to be merged here later: made on another thread, or by an attempt that may be dropped
  // and made again. Each is told as it is raised there, and not again when merged or raised here.
  Diagnostics sharing_listener() const;

  const std::vector<Diagnostic>& entries() const { return entries_; }
  // How many times a code was reported, summed over its messages.
  int64_t count(std::string_view code) const;
  int64_t warning_count() const;
  // Codes with their summed counts, in first-seen order.
  std::vector<std::pair<std::string, int64_t>> counts_by_code() const;

 private:
  struct Listening;  // the listener, what it was told, and the lock around both
  void add(Severity severity, std::string_view code, std::string message, int64_t line);
  std::vector<Diagnostic> entries_;
  HashMap<std::string, size_t> index_;  // code + '\n' + message -> entry
  std::shared_ptr<Listening> listening_;
};

}  // namespace px
