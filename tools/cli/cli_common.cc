#include "tools/cli/cli_common.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <utility>

#include "engine/errors.h"
#include "engine/source.h"
#include "engine/strings.h"
#include "polyxios/polyxios.h"
#include "tools/cli/command_line.h"

namespace px::cli {

int fail(const absl::Status& status) {
  std::fprintf(stderr, "polyxios: %s\n", std::string(status.message()).c_str());
  return exit_status(failure_of(status));
}

int usage(const std::string& problem) {
  std::fprintf(stderr, "polyxios: %s (see polyxios --help)\n", problem.c_str());
  return exit_status(Failure::kUsage);
}

std::string diagnostic_text(std::string_view code, std::string_view message, int64_t line,
                            int64_t count) {
  return cat(code, ": ", message, line > 0 ? cat(" (line ", line, ")") : std::string(),
             count > 1 ? cat(" [x", count, "]") : std::string());
}

std::string_view severity_word(Severity severity) {
  return severity == Severity::kWarning ? "warning" : "note";
}

void print_line(std::string line) {
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

void print_warning(const Diagnostic& d) {
  print_line(cat("polyxios: ", severity_word(d.severity), ": ",
                 diagnostic_text(d.code, d.message, d.line, d.count)));
}

void print_warnings(const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics.entries()) print_warning(d);
}

namespace {

// Standard input, whole: a stream has no size to check counts against, and the readers take
// memory as they take files. Refused (limits.input-bytes) as soon as it holds more than
// max_bytes, without reading the rest.
absl::StatusOr<std::string> read_standard_input(uint64_t max_bytes) {
  std::string bytes;
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) {
    if (n > max_bytes - std::min<uint64_t>(bytes.size(), max_bytes)) {
      return over_budget("limits.input-bytes", cat("standard input holds more than the ", max_bytes,
                                                   " bytes a read may take in"));
    }
    bytes.append(buffer, n);
  }
  if (std::ferror(stdin)) return io_error("cannot read standard input");
  return bytes;
}

bool is_code(std::string_view text) {
  if (text.empty() || text.find('.') == std::string_view::npos) return false;
  for (char c : text) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

absl::StatusOr<std::string> read_file_or_stdin(const std::string& path) {
  return path == "-" ? read_standard_input(UINT64_MAX) : read_whole_file(path);
}

bool parse_seconds(const std::string& text, double* out) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v > 0) || v > 1e9) return false;
  *out = v;
  return true;
}

double now_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

absl::StatusOr<Scene> read_input(const std::string& path, const ReadOptions& options,
                                 Diagnostics& diagnostics, Format* format,
                                 std::string* standard_input) {
  if (path != "-") return read_scene(path, options, diagnostics, format);
  absl::StatusOr<std::string> bytes = read_standard_input(options.limits.max_input_bytes);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<Scene> scene = read_scene_bytes(*bytes, options, diagnostics, format);
  if (standard_input != nullptr) *standard_input = std::move(*bytes);
  return scene;
}

std::string rule_of(const absl::Status& status) {
  std::string_view message(status.message().data(), status.message().size());
  std::string_view head = message.substr(0, message.find(": "));
  return is_code(head) ? std::string(head) : std::string();
}

}  // namespace px::cli
