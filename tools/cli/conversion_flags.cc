#include "tools/cli/conversion_flags.h"

#include <charconv>

#include "polyxios/polyxios.h"

namespace px::cli {
namespace {

std::string negation(const ConversionOption& option) {
  std::string out = "--no-";
  out.append(option.flag.substr(2));
  return out;
}

// A count as typed: digits only (no sign, no space), or unset so that the setter names the range.
OptionValue count_of(const std::string& text) {
  uint64_t n = 0;
  const char* end = text.data() + text.size();
  auto [at, error] = std::from_chars(text.data(), end, n);
  if (text.empty() || error != std::errc() || at != end) return {};
  return OptionValue::number(n);
}

// Sets every option of `stage` the command line gives.
std::string set_given(const CommandLine& args, OptionStage stage, ConversionOptionSetter& setter) {
  for (const ConversionOption& option : conversion_options()) {
    if (option.flag.empty() || !acts_in(option.stage, stage)) continue;
    std::string error;
    const std::string flag(option.flag);
    switch (option.type) {
      case OptionType::kSwitch:
        if (args.has(flag)) error = setter.set(option, OptionValue::boolean(true));
        break;
      case OptionType::kTristate:
        if (args.has(flag)) error = setter.set(option, OptionValue::boolean(true));
        if (error.empty() && args.has(negation(option))) {
          error = setter.set(option, OptionValue::boolean(false));
        }
        break;
      case OptionType::kCount:
        if (args.has(flag)) error = setter.set(option, count_of(args.value(flag)));
        break;
      case OptionType::kWord:
        if (args.has(flag)) error = setter.set(option, OptionValue::text(args.value(flag)));
        break;
    }
    if (!error.empty()) return error;
  }
  return "";
}

// Breaks text into lines of at most `width` columns, each after `indent`.
std::string wrapped(std::string_view text, size_t indent, size_t width) {
  std::string out;
  size_t column = indent;
  while (!text.empty()) {
    const size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
    if (column > indent && column + 1 + word.size() > width) {
      out += "\n" + std::string(indent, ' ');
      column = indent;
    } else if (column > indent) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
  }
  return out;
}

}  // namespace

void add_conversion_flags(FlagSpec& spec, OptionStage stage) {
  for (const ConversionOption& option : conversion_options()) {
    if (option.flag.empty() || !acts_in(option.stage, stage)) continue;
    const std::string flag(option.flag);
    switch (option.type) {
      case OptionType::kSwitch:
        spec.switches.insert(flag);
        break;
      case OptionType::kTristate:
        spec.switches.insert(flag);
        spec.switches.insert(negation(option));
        break;
      case OptionType::kCount:
      case OptionType::kWord:
        spec.options.insert(flag);
        break;
    }
    if (!option.alias.empty()) spec.aliases.emplace(option.alias, flag);
  }
}

std::string set_conversion(const CommandLine& args, const std::filesystem::path& output,
                           ReadOptions& read, WriteOptions& write, AxisUnitTarget& axis_unit) {
  ConversionOptions options{read, axis_unit, write};
  ConversionOptionSetter setter(options, OptionSpelling::kFlag);
  if (std::string error = set_given(args, OptionStage::kAll, setter); !error.empty()) {
    return error;
  }
  const bool named = args.has("--format");
  if (!named && output.empty()) {
    setter.set(*conversion_option_by_flag("--format"), OptionValue::text("glb"));
  }
  const bool collada = named || output.empty() ? options.write.collada
                                               : format_from_extension(output) == Format::kCollada;
  if (std::string error = setter.check(collada); !error.empty()) return error;
  read = std::move(options.read);
  write = std::move(options.write);
  axis_unit = options.axis_unit;
  return "";
}

std::string conversion_flags_help(OptionStage stage) {
  constexpr size_t kIndent = 26;
  constexpr size_t kWidth = 100;
  const ConversionOptions defaults;
  std::string out;
  for (const ConversionOption& option : conversion_options()) {
    if (option.flag.empty() || !acts_in(option.stage, stage)) continue;
    std::string head = "  ";
    head.append(option.flag);
    if (!option.alias.empty()) head.append(", ").append(option.alias);
    if (option.type == OptionType::kTristate) head.append(", ").append(negation(option));
    if (!option.metavar.empty()) head.append(" ").append(option.metavar);
    std::string text = option_help(option, OptionSpelling::kFlag);
    const OptionValue value = option.get(defaults);
    if (option.type == OptionType::kCount) {
      text += " (default " + option_value_text(option, value, OptionSpelling::kFlag) + ")";
    }
    out += head;
    if (head.size() + 1 > kIndent) {
      out += "\n" + std::string(kIndent, ' ');
    } else {
      out += std::string(kIndent - head.size(), ' ');
    }
    out += wrapped(text, kIndent, kWidth) + "\n";
  }
  return out;
}

}  // namespace px::cli
