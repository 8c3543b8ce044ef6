#include "tests/fuzz/outcome_checks.h"

#include "engine/strings.h"
#include "tests/fuzz/fuzz_targets.h"
#include "tools/cli/known_codes.h"

namespace px::fuzz {

std::string refusal_problem(const absl::Status& status) {
  if (status.code() != absl::StatusCode::kInvalidArgument &&
      status.code() != absl::StatusCode::kResourceExhausted) {
    return cat("not a refusal: ", status.ToString());
  }
  const std::string_view message(status.message().data(), status.message().size());
  const size_t colon = message.find(": ");
  if (colon == std::string_view::npos || !cli::is_known_code(message.substr(0, colon))) {
    return cat("a refusal naming no known rule: ", message);
  }
  return {};
}

std::string unknown_warning(const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics.entries()) {
    if (!cli::is_known_code(d.code)) return cat(d.code, ": ", d.message);
  }
  return {};
}

void expect_clean_outcome(const absl::Status& status, const Diagnostics& diagnostics,
                          std::string_view stage) {
  if (!status.ok()) {
    const std::string problem = refusal_problem(status);
    if (!problem.empty()) fail(stage, problem);
  }
  const std::string unknown = unknown_warning(diagnostics);
  if (!unknown.empty()) fail(cat(stage, ": a warning with an unknown code"), unknown);
}

}  // namespace px::fuzz
