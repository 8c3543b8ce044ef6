// The conversion option table (polyxios/conversion_options.h): one entry per option, each
// spelled as a flag and a keyword, its default that of the option structs, its values checked
// against its type and range, and the options checked together, in either spelling.
#include "polyxios/conversion_options.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace px {
namespace {

const ConversionOption& keyword(std::string_view name) {
  const ConversionOption* option = conversion_option_by_keyword(name);
  EXPECT_NE(option, nullptr) << name;
  return *option;
}

TEST(ConversionOptions, EachOptionHasOneKeywordAndFlagAndItsHelpNamesOnlyOptions) {
  std::set<std::string_view> keywords, flags;
  for (const ConversionOption& option : conversion_options()) {
    EXPECT_TRUE(keywords.insert(option.keyword).second) << option.keyword;
    if (!option.flag.empty()) {
      EXPECT_TRUE(flags.insert(option.flag).second) << option.flag;
      EXPECT_EQ(conversion_option_by_flag(option.flag), &option);
      EXPECT_TRUE(option.flag.starts_with("--")) << option.flag;
    }
    EXPECT_EQ(conversion_option_by_keyword(option.keyword), &option);
    EXPECT_FALSE(option.help.empty()) << option.keyword;
    // Every "{name}" in the help names an option: option_help spells it in both ways.
    for (OptionSpelling spelling : {OptionSpelling::kFlag, OptionSpelling::kKeyword}) {
      const std::string help = option_help(option, spelling);
      EXPECT_EQ(help.find('{'), std::string::npos) << help;
    }
    if (option.type == OptionType::kWord) EXPECT_GE(option.words().size(), 2u) << option.keyword;
    if (option.type == OptionType::kCount) EXPECT_LE(option.min, option.max) << option.keyword;
  }
  EXPECT_EQ(option_help(keyword("bake_transforms"), OptionSpelling::kFlag).substr(0, 29),
            "bake --up-axis and --meters i");
  EXPECT_EQ(option_help(keyword("bake_transforms"), OptionSpelling::kKeyword).substr(0, 27),
            "bake up_axis and meters int");
}

TEST(ConversionOptions, SettingEachDefaultChangesNothingAndGetReadsItBack) {
  const ConversionOptions defaults;
  for (const ConversionOption& option : conversion_options()) {
    ConversionOptions options;
    ConversionOptionSetter setter(options, OptionSpelling::kKeyword);
    const OptionValue value = option.get(defaults);
    if (option.type == OptionType::kWord && value.kind == OptionValue::Kind::kUnset) {
      EXPECT_EQ(setter.set(option, value), "") << option.keyword;  // None is the default
    } else if (option.keyword != "compress_only") {
      EXPECT_EQ(setter.set(option, value), "") << option.keyword;
    }
    EXPECT_EQ(option.get(options), value) << option.keyword;
  }
}

TEST(ConversionOptions, AValueIsCheckedAgainstTheOptionsTypeAndRange) {
  ConversionOptions options;
  ConversionOptionSetter flags(options, OptionSpelling::kFlag);
  EXPECT_EQ(flags.set(keyword("draco_level"), OptionValue::number(11)),
            "--draco-level takes a number from 0 to 10");
  EXPECT_EQ(flags.set(keyword("draco_level"), OptionValue::text("x")),
            "--draco-level takes a number from 0 to 10");
  EXPECT_EQ(flags.set(keyword("compress"), OptionValue::text("zip")),
            "--compress takes draco or meshopt");
  EXPECT_EQ(flags.set(keyword("format"), OptionValue::text("obj")),
            "--format (--to) takes glb, gltf or dae");
  EXPECT_EQ(flags.set(keyword("max_input_bytes"), OptionValue::number(0)),
            "--max-input takes a number of MiB from 1");
  // A flag counts in its unit, the keyword in bytes.
  EXPECT_EQ(flags.set(keyword("max_input_bytes"), OptionValue::number(3)), "");
  EXPECT_EQ(options.read.limits.max_input_bytes, uint64_t{3} << 20);
  EXPECT_EQ(flags.set(keyword("up_axis"), OptionValue::text("Z")), "");  // either case
  EXPECT_EQ(options.axis_unit.up_axis, UpAxis::kZ);

  ConversionOptions python;
  ConversionOptionSetter keywords(python, OptionSpelling::kKeyword);
  EXPECT_EQ(keywords.set(keyword("compress"), OptionValue::text("zip")),
            "compress takes 'draco', 'meshopt' or None");
  EXPECT_EQ(keywords.set(keyword("repair"), OptionValue::number(1)), "repair takes True or False");
  EXPECT_EQ(keywords.set(keyword("max_input_bytes"), OptionValue::number(3)), "");
  EXPECT_EQ(python.read.limits.max_input_bytes, 3u);
  EXPECT_EQ(keywords.set(keyword("format"), OptionValue()), "");  // None: from the extension
  EXPECT_EQ(keywords.set(keyword("threads"), OptionValue::number(2)), "");
  EXPECT_EQ(python.read.threads, 2);
  EXPECT_EQ(python.write.threads, 2);
}

TEST(ConversionOptions, TheGivenOptionsAreCheckedTogetherInTheCallersSpelling) {
  auto check = [](OptionSpelling spelling, bool collada,
                  std::initializer_list<std::pair<std::string_view, OptionValue>> given) {
    ConversionOptions options;
    ConversionOptionSetter setter(options, spelling);
    for (const auto& [name, value] : given) {
      std::string error = setter.set(keyword(name), value);
      if (!error.empty()) return error;
    }
    return setter.check(collada);
  };
  const auto flag = OptionSpelling::kFlag;
  const auto py = OptionSpelling::kKeyword;
  const OptionValue on = OptionValue::boolean(true);
  EXPECT_EQ(check(flag, false, {{"draco_level", OptionValue::number(3)}}),
            "--draco-level needs --compress draco");
  EXPECT_EQ(check(py, false, {{"draco_level", OptionValue::number(3)}}),
            "draco_level needs compress='draco'");
  EXPECT_EQ(
      check(flag, false,
            {{"compress", OptionValue::text("draco")}, {"draco_level", OptionValue::number(3)}}),
      "");
  EXPECT_EQ(check(flag, true, {{"compress", OptionValue::text("meshopt")}}),
            "--compress, its options and --optimize write glTF (.glb or .gltf), not COLLADA");
  EXPECT_EQ(check(py, true, {{"optimize", on}}),
            "compress, its options and optimize write glTF (.glb or .gltf), not COLLADA");
  // What says nothing is not a contradiction: None, False.
  EXPECT_EQ(
      check(py, true, {{"compress", OptionValue()}, {"optimize", OptionValue::boolean(false)}}),
      "");
  EXPECT_EQ(check(flag, false, {{"fallback", on}}), "--fallback needs --compress");
  EXPECT_EQ(check(flag, false, {{"compress_only", on}}), "--compress-only needs --compress");
  EXPECT_EQ(
      check(flag, false,
            {{"compress", OptionValue::text("draco")}, {"fallback", on}, {"compress_only", on}}),
      "--fallback and --compress-only contradict each other");
  EXPECT_EQ(check(py, false, {{"bake_transforms", on}}), "bake_transforms needs up_axis or meters");
  EXPECT_EQ(check(flag, false,
                  {{"transcode_images", on}, {"transcode_images", OptionValue::boolean(false)}}),
            "--transcode-images and --no-transcode-images contradict each other");
  EXPECT_EQ(
      check(py, false,
            {{"draco_level", OptionValue::number(3)}, {"draco_level", OptionValue::number(4)}}),
      "draco_level is given twice, as 3 and 4");
}

}  // namespace
}  // namespace px
