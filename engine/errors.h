// How a refusal or an I/O failure is spelled. A refused input is an InvalidArgument (or
// ResourceExhausted for a budget or a limit) whose message names the rule, the element and the
// line; an I/O failure is Unavailable; a call its progress callback stopped is Cancelled. The CLI
// maps these to its exit codes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace px {

// "collada.p.length: <triangles> at line 12: <p> holds 10 indices, count=3 needs 9"
absl::Status refuse(std::string_view rule, std::string_view element, int64_t line,
                    std::string_view detail);
// The same for a document-wide rule with no element to name.
absl::Status refuse(std::string_view rule, std::string_view detail);
absl::Status over_budget(std::string_view rule, std::string_view element, int64_t line,
                         std::string_view detail);
// The same for a limit with no element to name (the input's size).
absl::Status over_budget(std::string_view rule, std::string_view detail);
absl::Status io_error(std::string_view detail);
// An I/O failure the system reported as errno `error` on the file at `path`: "<action> <path>:
// <strerror(error)>" (`why` in place of the strerror text where given), carrying the errno and
// the path (io_cause), so that a caller can tell a missing file from a folder or a denied one.
absl::Status io_error(std::string_view action, std::string_view path, int error,
                      std::string_view why = {});
// What an I/O failure made by the function above carries; nullopt for any other status.
struct IoCause {
  int error = 0;  // errno
  std::string path;
};
std::optional<IoCause> io_cause(const absl::Status& status);
// An allocation failed (a memory limit, a full machine): not the input's fault, worth a retry with
// more memory.
absl::Status out_of_memory(std::string_view detail);
// The caller's progress callback stopped the call: "cancelled: <detail>".
absl::Status cancelled(std::string_view detail);
// The refusal limits.memory: a read would take more than `limit` bytes of the memory its budget
// counts (polyxios/memory/memory_budget.h); with an element and a line when the parse had reached
// them.
absl::Status memory_limit_exceeded(uint64_t limit);
absl::Status memory_limit_exceeded(uint64_t limit, std::string_view element, int64_t line);
// Whether `status` is that refusal.
bool is_memory_limit_exceeded(const absl::Status& status);

// What a refusal that ReadOptions::repair would read instead ends with, so that whoever meets it
// learns of the mode (and batch counts them).
inline constexpr std::string_view kRepairReadsIt = "; --repair reads it";
// `status` with kRepairReadsIt after its message, its code kept.
absl::Status repair_reads_it(const absl::Status& status);

// Why a call failed, as the CLI and the Python module tell it apart.
enum class Failure { kNone, kUsage, kRefused, kIo, kInternal, kOutOfMemory };
// Cancelled, which the CLI never sees (it sets no progress callback), is an internal error.
Failure failure_of(const absl::Status& status);
// The CLI's exit status for a failure: 0 none, 1 usage, 2 refused (the input's fault: do not
// retry), 3 an I/O failure or out of memory (the machine's: may be retried), 4 internal.
int exit_status(Failure failure);
// The exit status of a failed allocation, for a new-handler, which must not allocate.
inline constexpr int kOutOfMemoryExitStatus = 3;

// The rule both readers refuse a string past ReadOptions::limits.max_string_bytes by (a COLLADA
// element or attribute name or text, a glTF JSON string or member name).
inline constexpr std::string_view kStringLengthRule = "limits.string-length";

}  // namespace px
