// Which warnings a team reports, and how gravely: validate's --ignore, --only and --severity, and
// the same from a JSON config file ({"ignore": [...], "only": [...], "severity": {"CODE":
// "error"}, "werror": true}). A rule names a code ("collada.polygons.holes-dropped"), a family
// ("collada.polygons.*", a trailing '*') or a Khronos glTF-Validator code ("NODE_MATRIX_TRS",
// every polyxios code corresponding to it); a code that neither polyxios nor the validator knows
// is refused, so a misspelt rule never silently does nothing. Rules apply to warnings and notes
// only: a refusal (the read or the write failed) is always an error, whatever the policy.
//
// Before any rule, a message is graded as the Khronos validator grades it: a code with a Khronos
// counterpart (formats/gltf/khronos_codes.h) at that code's default severity, so that a glTF
// asset's verdict is the validator's. What converting would change (a writer's code,
// "gltf.write.texture-dropped", an axis or unit conversion's, "scene.axis.*"), and what polyxios
// notes on a glTF read that the validator has no code for, is a conversion note, an info; any
// other warning (a COLLADA read's) stays a warning.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "polyxios/diagnostics.h"

namespace px::cli {

// The glTF-Validator's severities, numbered as its reports number them.
enum class Level { kError = 0, kWarning = 1, kInfo = 2, kHint = 3 };

// "error", "warning", "info", "hint"; nullopt for anything else.
std::optional<Level> parse_level(std::string_view name);
std::string_view level_name(Level level);

// A diagnostic as the policy leaves it.
struct Message {
  std::string code;
  std::string message;
  Level level = Level::kWarning;
  int64_t line = 0;
  int64_t count = 1;
  std::string_view khronos_code;  // the Khronos validator's code, when the code has one
};

class CodePolicy {
 public:
  // Each refuses (InvalidArgument, naming it) a pattern that names no known code.
  absl::Status ignore(std::string_view pattern);
  absl::Status only(std::string_view pattern);
  absl::Status set_severity(std::string_view pattern, Level level);
  // --severity's value: "CODE=LEVEL".
  absl::Status set_severity(std::string_view code_equals_level);
  // A config file's text; file_name names it in every error. Any key other than the four, a value
  // of the wrong type, a level other than the three, or an unknown code is an error.
  absl::Status load_config(std::string_view json, std::string_view file_name);

  void set_werror(bool werror) { werror_ = werror; }
  bool werror() const { return werror_; }

  // The diagnostics the rules keep, in their order, each with its final level. With --only rules
  // a code none matches is dropped; a code an --ignore rule matches is dropped; the most specific
  // severity rule sets the level (a code, then a Khronos code, then a longer family before a
  // shorter, the later of two alike), else the message keeps its default grade (above). Under
  // werror a warning is then an error, so that the asset is failed and counted and marked so.
  std::vector<Message> apply(const Diagnostics& diagnostics) const;
  // One diagnostic as apply leaves it; nullopt when the rules drop it.
  std::optional<Message> grade(const Diagnostic& diagnostic) const;

  // A diagnostic's grade before any rule, as the comment at the top says.
  static Level default_level(const Diagnostic& diagnostic);

 private:
  struct Pattern {
    std::string text;  // the code, or the family's prefix without its '*'
    bool family = false;
    bool khronos = false;  // text is a Khronos validator code
    // A code, a family or a Khronos code; an unknown one, or a '*' before the end, is an
    // InvalidArgument.
    static absl::StatusOr<Pattern> parse(std::string_view text);
    bool matches(const Diagnostic& diagnostic, std::string_view khronos_code) const;
    // Higher for a narrower pattern: a code, a Khronos code, then the longer prefix.
    size_t specificity() const;
  };
  struct SeverityRule {
    Pattern pattern;
    Level level;
  };

  std::vector<Pattern> ignored_;
  std::vector<Pattern> only_;
  std::vector<SeverityRule> severities_;
  bool werror_ = false;
};

}  // namespace px::cli
