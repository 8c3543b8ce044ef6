#include "tools/cli/code_policy.h"

#include <algorithm>

#include "engine/strings.h"
#include "formats/gltf/khronos_codes.h"
#include "rapidjson/document.h"
#include "rapidjson/error/en.h"
#include "tools/cli/known_codes.h"

namespace px::cli {
namespace {

absl::Status unknown_code(std::string_view code) {
  std::string nearest = nearest_known_code(code);
  return absl::InvalidArgumentError(
      nearest.empty() ? cat("unknown code ", code)
                      : cat("unknown code ", code, " (did you mean ", nearest, "?)"));
}

// A code written as the Khronos validator writes its own: capitals, digits and '_'.
bool spelled_as_khronos(std::string_view code) {
  return !code.empty() && std::all_of(code.begin(), code.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

Level level_of(gltf::KhronosSeverity severity) {
  switch (severity) {
    case gltf::KhronosSeverity::kError:
      return Level::kError;
    case gltf::KhronosSeverity::kWarning:
      return Level::kWarning;
    case gltf::KhronosSeverity::kInfo:
      return Level::kInfo;
    case gltf::KhronosSeverity::kHint:
      break;
  }
  return Level::kHint;
}

// What converting would change rather than what the input breaks: a writer's code
// ("gltf.write.texture-dropped", "collada.write.…"), an axis or unit conversion's ("scene.…"),
// the API's scene flattening ("read.…"), and a glTF read's notes the validator has no code for.
bool is_conversion_note(std::string_view code) {
  return code.find(".write.") != std::string_view::npos || code.starts_with("scene.") ||
         code.starts_with("read.") || code.starts_with("gltf.read.");
}

std::string_view view(const rapidjson::Value& string) {
  return std::string_view(string.GetString(), string.GetStringLength());
}

// "file: what: message", for an error the policy gave on a value the config holds.
absl::Status in_config(std::string_view file_name, std::string_view what,
                       const absl::Status& status) {
  return absl::InvalidArgumentError(
      cat(file_name, ": ", what, ": ",
          std::string_view(status.message().data(), status.message().size())));
}

}  // namespace

std::optional<Level> parse_level(std::string_view name) {
  if (name == "error") return Level::kError;
  if (name == "warning") return Level::kWarning;
  if (name == "info") return Level::kInfo;
  if (name == "hint") return Level::kHint;
  return std::nullopt;
}

std::string_view level_name(Level level) {
  switch (level) {
    case Level::kError:
      return "error";
    case Level::kWarning:
      return "warning";
    case Level::kInfo:
      return "info";
    case Level::kHint:
      return "hint";
  }
  return "info";
}

absl::StatusOr<CodePolicy::Pattern> CodePolicy::Pattern::parse(std::string_view text) {
  if (text.empty()) return absl::InvalidArgumentError("an empty code");
  size_t star = text.find('*');
  if (star != std::string_view::npos && star + 1 != text.size()) {
    return absl::InvalidArgumentError(
        cat("a code family ends in its one '*' (\"collada.polygons.*\"): ", text));
  }
  if (star == std::string_view::npos) {
    if (spelled_as_khronos(text)) {
      if (!gltf::khronos_code_named(text)) return unknown_code(text);
      return Pattern{std::string(text), false, true};
    }
    if (!is_known_code(text)) return unknown_code(text);
    return Pattern{std::string(text), false};
  }
  std::string_view prefix = text.substr(0, star);
  if (!is_known_family(prefix)) {
    return absl::InvalidArgumentError(
        cat("no known code starts with \"", prefix, "\" (", text, ")"));
  }
  return Pattern{std::string(prefix), true};
}

bool CodePolicy::Pattern::matches(const Diagnostic& diagnostic,
                                  std::string_view khronos_code) const {
  if (khronos) return khronos_code == text;
  return family ? diagnostic.code.starts_with(text) : diagnostic.code == text;
}

size_t CodePolicy::Pattern::specificity() const {
  if (khronos) return std::string_view::npos - 1;
  return family ? text.size() : std::string_view::npos;
}

Level CodePolicy::default_level(const Diagnostic& diagnostic) {
  if (std::optional<gltf::KhronosCode> k = gltf::khronos_code_of(diagnostic.code)) {
    return level_of(k->severity);
  }
  if (diagnostic.severity == Severity::kInfo || is_conversion_note(diagnostic.code)) {
    return Level::kInfo;
  }
  return Level::kWarning;
}

absl::Status CodePolicy::ignore(std::string_view pattern) {
  absl::StatusOr<Pattern> parsed = Pattern::parse(pattern);
  if (!parsed.ok()) return parsed.status();
  ignored_.push_back(*std::move(parsed));
  return absl::OkStatus();
}

absl::Status CodePolicy::only(std::string_view pattern) {
  absl::StatusOr<Pattern> parsed = Pattern::parse(pattern);
  if (!parsed.ok()) return parsed.status();
  only_.push_back(*std::move(parsed));
  return absl::OkStatus();
}

absl::Status CodePolicy::set_severity(std::string_view pattern, Level level) {
  absl::StatusOr<Pattern> parsed = Pattern::parse(pattern);
  if (!parsed.ok()) return parsed.status();
  severities_.push_back({*std::move(parsed), level});
  return absl::OkStatus();
}

absl::Status CodePolicy::set_severity(std::string_view code_equals_level) {
  size_t eq = code_equals_level.rfind('=');
  std::optional<Level> level;
  if (eq != std::string_view::npos) level = parse_level(code_equals_level.substr(eq + 1));
  if (!level) {
    return absl::InvalidArgumentError(
        cat("--severity takes CODE=error, CODE=warning, CODE=info or CODE=hint, not ",
            code_equals_level));
  }
  return set_severity(code_equals_level.substr(0, eq), *level);
}

absl::Status CodePolicy::load_config(std::string_view json, std::string_view file_name) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseValidateEncodingFlag>(json.data(), json.size());
  if (doc.HasParseError()) {
    return absl::InvalidArgumentError(cat(file_name, ": not JSON at byte ", doc.GetErrorOffset(),
                                          ": ", rapidjson::GetParseError_En(doc.GetParseError())));
  }
  if (!doc.IsObject()) {
    return absl::InvalidArgumentError(cat(file_name, ": the config is not a JSON object"));
  }
  const rapidjson::Value& root = doc;  // const iterators: C++20 finds the others' != ambiguous
  for (const auto& member : root.GetObject()) {
    std::string_view key = view(member.name);
    const rapidjson::Value& value = member.value;
    if (key == "ignore" || key == "only") {
      if (!value.IsArray()) {
        return absl::InvalidArgumentError(
            cat(file_name, ": \"", key, "\" is not an array of codes"));
      }
      for (rapidjson::SizeType i = 0; i < value.Size(); ++i) {
        std::string what = cat(key, "[", i, "]");
        if (!value[i].IsString()) {
          return absl::InvalidArgumentError(cat(file_name, ": ", what, " is not a string"));
        }
        absl::Status s = key == "ignore" ? ignore(view(value[i])) : only(view(value[i]));
        if (!s.ok()) return in_config(file_name, what, s);
      }
    } else if (key == "severity") {
      if (!value.IsObject()) {
        return absl::InvalidArgumentError(
            cat(file_name, ": \"severity\" is not an object of CODE: LEVEL"));
      }
      for (const auto& rule : value.GetObject()) {
        std::string what = cat("severity[\"", view(rule.name), "\"]");
        std::optional<Level> level;
        if (rule.value.IsString()) level = parse_level(view(rule.value));
        if (!level) {
          return absl::InvalidArgumentError(
              cat(file_name, ": ", what, " is not \"error\", \"warning\", \"info\" or \"hint\""));
        }
        if (absl::Status s = set_severity(view(rule.name), *level); !s.ok()) {
          return in_config(file_name, what, s);
        }
      }
    } else if (key == "werror") {
      if (!value.IsBool()) {
        return absl::InvalidArgumentError(cat(file_name, ": \"werror\" is not true or false"));
      }
      werror_ = werror_ || value.GetBool();
    } else {
      return absl::InvalidArgumentError(
          cat(file_name, ": unknown key \"", key,
              "\" (a config holds \"ignore\", \"only\", \"severity\" and \"werror\")"));
    }
  }
  return absl::OkStatus();
}

std::optional<Message> CodePolicy::grade(const Diagnostic& d) const {
  std::optional<gltf::KhronosCode> khronos = gltf::khronos_code_of(d.code);
  std::string_view khronos_code = khronos ? khronos->code : std::string_view();
  auto matches = [&](const Pattern& p) { return p.matches(d, khronos_code); };
  if (!only_.empty() && std::none_of(only_.begin(), only_.end(), matches)) return std::nullopt;
  if (std::any_of(ignored_.begin(), ignored_.end(), matches)) return std::nullopt;
  Level level = default_level(d);
  size_t best = 0;
  for (const SeverityRule& rule : severities_) {
    if (!matches(rule.pattern) || rule.pattern.specificity() < best) continue;
    best = rule.pattern.specificity();
    level = rule.level;
  }
  // --werror: a warning fails the asset as an error does, and is reported as one.
  if (werror_ && level == Level::kWarning) level = Level::kError;
  return Message{d.code, d.message, level, d.line, d.count, khronos_code};
}

std::vector<Message> CodePolicy::apply(const Diagnostics& diagnostics) const {
  std::vector<Message> kept;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (std::optional<Message> graded = grade(d)) kept.push_back(*std::move(graded));
  }
  return kept;
}

}  // namespace px::cli
