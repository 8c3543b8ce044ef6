#include "tools/cli/command_line.h"

#include <algorithm>
#include <charconv>
#include <string>

#include "engine/cores.h"
#include "tools/cli/nearest_word.h"

namespace px::cli {
namespace {

// "unknown option --compres; did you mean --compress?"
std::string unknown_option(std::string_view arg, std::string_view name, const FlagSpec& spec) {
  std::vector<std::string_view> known(spec.switches.begin(), spec.switches.end());
  known.insert(known.end(), spec.options.begin(), spec.options.end());
  for (const auto& [alias, flag] : spec.aliases) known.push_back(alias);
  std::string nearest = nearest_word(name, known);
  std::string error = "unknown option " + std::string(arg);
  return nearest.empty() ? error : error + "; did you mean " + nearest + "?";
}

}  // namespace

bool FlagSpec::takes(std::string_view flag) const {
  return switches.contains(flag) || options.contains(flag) || aliases.contains(flag);
}

CommandLine::CommandLine(int argc, char** argv, int first, const FlagSpec& spec) {
  bool only_positional = false;
  for (int i = first; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (only_positional || arg == "-" || !arg.starts_with("-")) {
      positional_.emplace_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positional = true;
      continue;
    }
    std::string_view name = arg;
    std::string_view inline_value;
    bool has_inline = false;
    if (size_t eq = arg.find('='); arg.starts_with("--") && eq != std::string_view::npos) {
      name = arg.substr(0, eq);
      inline_value = arg.substr(eq + 1);
      has_inline = true;
    } else if (!arg.starts_with("--") && arg.size() > 2) {  // -j4
      name = arg.substr(0, 2);
      inline_value = arg.substr(2);
      has_inline = true;
    }
    if (auto alias = spec.aliases.find(name); alias != spec.aliases.end()) name = alias->second;
    if (spec.switches.contains(name) && !has_inline) {
      switches_.emplace(name);
    } else if (spec.options.contains(name)) {
      if (!has_inline && i + 1 >= argc) {
        if (error_.empty()) error_ = std::string(name) + " needs a value";
        continue;
      }
      values_[std::string(name)].emplace_back(has_inline ? inline_value : argv[++i]);
    } else if (error_.empty()) {
      error_ = unknown_option(arg, name, spec);
    }
  }
}

bool CommandLine::has(std::string_view flag) const {
  return switches_.contains(flag) || values_.contains(flag);
}

std::string CommandLine::value(std::string_view option, std::string_view fallback) const {
  auto it = values_.find(option);
  return it == values_.end() ? std::string(fallback) : it->second.back();
}

std::vector<std::string> CommandLine::values(std::string_view option) const {
  auto it = values_.find(option);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

int default_workers() { return available_cores(); }

bool parse_count(std::string_view text, long low, long high, long* out) {
  long n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < low || n > high) return false;
  *out = n;
  return true;
}

}  // namespace px::cli
