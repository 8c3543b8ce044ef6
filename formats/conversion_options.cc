// Setting conversion options from the table (polyxios/conversion_options.h), with the command
// line's or the Python module's spelling in every message.
#include "polyxios/conversion_options.h"

#include <algorithm>
#include <cctype>

namespace px {
namespace {

using Kind = OptionValue::Kind;

bool same_word(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

const ConversionOption& option_named(std::string_view keyword) {
  return *conversion_option_by_keyword(keyword);
}

}  // namespace

std::vector<std::string_view> ConversionOption::words() const {
  std::vector<std::string_view> out;
  std::string_view rest = metavar;
  while (!rest.empty()) {
    const size_t bar = rest.find('|');
    out.push_back(rest.substr(0, bar));
    rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
  }
  return out;
}

const ConversionOption* conversion_option_by_flag(std::string_view flag) {
  for (const ConversionOption& option : conversion_options()) {
    if (option.flag == flag) return &option;
  }
  return nullptr;
}

const ConversionOption* conversion_option_by_keyword(std::string_view keyword) {
  for (const ConversionOption& option : conversion_options()) {
    if (option.keyword == keyword) return &option;
  }
  return nullptr;
}

std::string option_help(const ConversionOption& option, OptionSpelling spelling) {
  std::string out;
  std::string_view rest = option.help;
  for (size_t open = rest.find('{'); open != std::string_view::npos; open = rest.find('{')) {
    const size_t close = rest.find('}', open);
    const ConversionOption* named =
        conversion_option_by_keyword(rest.substr(open + 1, close - open - 1));
    out += rest.substr(0, open);
    out += spelling == OptionSpelling::kFlag ? named->flag : named->keyword;
    rest.remove_prefix(close + 1);
  }
  return out + std::string(rest);
}

std::string option_value_text(const ConversionOption& option, const OptionValue& value,
                              OptionSpelling spelling) {
  const bool flag = spelling == OptionSpelling::kFlag;
  switch (value.kind) {
    case Kind::kUnset:
      return flag ? "none" : "None";
    case Kind::kBool:
      if (flag) return value.on ? "on" : "off";
      return value.on ? "True" : "False";
    case Kind::kCount:
      return std::to_string(flag ? value.count >> option.flag_shift : value.count);
    case Kind::kWord:
      return flag ? value.word : "'" + value.word + "'";
  }
  return "";
}

std::string ConversionOptionSetter::name(std::string_view keyword) const {
  const ConversionOption& option = option_named(keyword);
  return std::string(spelling_ == OptionSpelling::kFlag ? option.flag : option.keyword);
}

bool ConversionOptionSetter::given(std::string_view keyword) const {
  return std::any_of(given_.begin(), given_.end(), [&](const auto& entry) {
    const OptionValue& value = entry.second;
    const bool says_something = value.kind == Kind::kCount || value.kind == Kind::kWord ||
                                (value.kind == Kind::kBool && value.on);
    return entry.first->keyword == keyword && says_something;
  });
}

std::string ConversionOptionSetter::set(const ConversionOption& option, const OptionValue& given) {
  const bool flag = spelling_ == OptionSpelling::kFlag;
  std::string named(flag ? option.flag : option.keyword);
  if (flag && !option.alias.empty()) named += " (" + std::string(option.alias) + ")";
  OptionValue value = given;
  switch (option.type) {
    case OptionType::kSwitch:
      if (value.kind != Kind::kBool) return named + " takes True or False";
      break;
    case OptionType::kTristate:
      if (value.kind != Kind::kBool && value.kind != Kind::kUnset) {
        return named + " takes True, False or None";
      }
      break;
    case OptionType::kCount: {
      const uint64_t unit = uint64_t{1} << option.flag_shift;
      // A flag's count is in its unit; the range is the keyword's, so round its ends.
      const uint64_t low = flag ? (option.min + unit - 1) >> option.flag_shift : option.min;
      const uint64_t high = flag ? option.max >> option.flag_shift : option.max;
      const std::string unit_name = option.flag_shift == 20 && flag ? " of MiB" : "";
      if (value.kind != Kind::kCount || value.count < low || value.count > high) {
        return named + " takes a number" + unit_name + " from " + std::to_string(low) +
               (high == (flag ? UINT64_MAX >> option.flag_shift : UINT64_MAX)
                    ? std::string()
                    : " to " + std::to_string(high));
      }
      if (flag) value.count <<= option.flag_shift;
      break;
    }
    case OptionType::kWord: {
      std::string listed;
      const std::vector<std::string_view> words = option.words();
      for (size_t i = 0; i < words.size(); ++i) {
        const std::string_view word = words[i];
        if (value.kind == Kind::kWord && same_word(word, value.word)) value.word = word;
        if (i > 0) listed += i + 1 == words.size() && flag ? " or " : ", ";
        const char* quote = flag ? "" : "'";
        listed.append(quote).append(word).append(quote);
      }
      const bool known =
          (value.kind == Kind::kUnset && !flag) ||
          (value.kind == Kind::kWord &&
           std::find(words.begin(), words.end(), std::string_view(value.word)) != words.end());
      if (!known) return named + " takes " + listed + (flag ? "" : " or None");
      break;
    }
  }
  for (const auto& [earlier, earlier_value] : given_) {
    if (earlier == &option && !(earlier_value == value)) {
      if (option.type == OptionType::kTristate && flag) {
        std::string negation = "--no-";
        negation.append(option.flag.substr(2));
        return named + " and " + negation + " contradict each other";
      }
      return named + " is given twice, as " + option_value_text(option, earlier_value, spelling_) +
             " and " + option_value_text(option, value, spelling_);
    }
  }
  option.set(options_, value);
  given_.emplace_back(&option, value);
  return "";
}

std::string ConversionOptionSetter::check(bool collada_output) const {
  const MeshCompression& compression = options_.write.compression;
  const bool flag = spelling_ == OptionSpelling::kFlag;
  const std::string draco = flag ? "--compress draco" : "compress='draco'";
  for (const ConversionOption& option : conversion_options()) {
    const bool compressing = option.keyword == "compress" || option.keyword == "fallback" ||
                             option.keyword == "compress_only" || option.keyword == "optimize" ||
                             option.keyword.starts_with("draco_");
    if (!compressing || !given(option.keyword)) continue;
    if (collada_output) {
      return name("compress") + ", its options and " + name("optimize") +
             " write glTF (.glb or .gltf), not COLLADA";
    }
    if (option.keyword.starts_with("draco_") &&
        compression.method != MeshCompression::Method::kDraco) {
      return name(option.keyword) + " needs " + draco;
    }
  }
  if (compression.method == MeshCompression::Method::kNone) {
    for (std::string_view keyword : {"fallback", "compress_only"}) {
      if (given(keyword)) {
        return name(keyword) + " needs " + name("compress");
      }
    }
  }
  if (compression.fallback && given("compress_only")) {
    return name("fallback") + " and " + name("compress_only") + " contradict each other";
  }
  if (options_.axis_unit.bake && !options_.axis_unit.any()) {
    return name("bake_transforms") + " needs " + name("up_axis") + " or " + name("meters");
  }
  return "";
}

}  // namespace px
