// What every command shares: how a failure and a warning are printed, and reading an input that
// may be standard input ("-").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

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
// "CODE: MESSAGE (line N) [xK]": a warning or note as every command prints it, its line when it
// has one, its count when above 1.
std::string diagnostic_text(std::string_view code, std::string_view message, int64_t line,
                            int64_t count);
// "warning", or "note" for an info.
std::string_view severity_word(Severity severity);
// `line` and a newline on stderr in one write, so that lines printed by several threads (or
// processes) at once do not mix.
void print_line(std::string line);
// "polyxios: warning: CODE: MESSAGE (line N) [xK]" on stderr: convert -v's listener.
void print_warning(const Diagnostic& diagnostic);
// print_warning for each distinct warning, in the order they were first raised.
void print_warnings(const Diagnostics& diagnostics);

// Reads a file, or standard input for "-" (refused as soon as it holds more than
// options.limits.max_input_bytes); *format (when given) is what it was read as, and
// *standard_input (when given) standard input's bytes.
absl::StatusOr<Scene> read_input(const std::string& path, const ReadOptions& options,
                                 Diagnostics& diagnostics, Format* format = nullptr,
                                 std::string* standard_input = nullptr);

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
