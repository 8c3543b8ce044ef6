// What every command shares: how a failure and a warning are printed, and reading an input that
// may be standard input ("-").
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/polyxios.h"
#include "polyxios/scene/scene.h"

namespace px::cli {

// Prints "polyxios: MESSAGE" and gives the exit code the status calls for.
int fail(const absl::Status& status);
// Prints "polyxios: PROBLEM (see polyxios --help)" and gives the usage exit code.
int usage(const std::string& problem);
// One line per distinct warning on stderr: "polyxios: warning: CODE: MESSAGE (line N) [xK]";
// from the first-th on (those reported since an earlier print, for -v).
void print_warnings(const Diagnostics& diagnostics, size_t first = 0);

// Reads a file, or standard input for "-" (refused as soon as it holds more than
// options.limits.max_input_bytes); *format (when given) is what it was read as.
absl::StatusOr<Scene> read_input(const std::string& path, const ReadOptions& options,
                                 Diagnostics& diagnostics, Format* format = nullptr);

// The whole of a file (read_whole_file), or of standard input for "-": a manifest, a config.
absl::StatusOr<std::string> read_file_or_stdin(const std::string& path);

// A number of seconds above 0 (and at most 1e9) into *out, for --timeout and
// --progress-interval; false for anything else.
bool parse_seconds(const std::string& text, double* out);

// Seconds on the monotonic clock, for durations.
double now_seconds();

// The rule a refusal names: the text before the first ": " of its message, when that is a code
// (dotted lower-case words); empty otherwise.
std::string rule_of(const absl::Status& status);

}  // namespace px::cli
