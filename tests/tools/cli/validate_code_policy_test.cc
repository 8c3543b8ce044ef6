// validate's code policy: --ignore, --only, --severity and their config file, on diagnostics.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tools/cli/code_policy.h"

namespace px::cli {
namespace {

constexpr char kHoles[] = "collada.polygons.holes-dropped";
constexpr char kGlobal[] = "gltf.write.global-dropped";
constexpr char kTexcoord[] = "collada.texcoord.duplicate-set";

Diagnostics three_warnings() {
  Diagnostics d;
  d.warn(kHoles, "holes dropped", 12);
  d.warn(kHoles, "holes dropped", 14);  // the same message again: counted, first line kept
  d.warn(kGlobal, "asset fields left out");
  d.info("collada.clip.open-end", "the clip has no end", 40);
  d.warn(kTexcoord, "TEXCOORD twice", 7);
  return d;
}

// "code=level" for each kept message, in order.
std::vector<std::string> levels(const CodePolicy& policy, const Diagnostics& d) {
  std::vector<std::string> out;
  for (const Message& m : policy.apply(d)) {
    out.push_back(m.code + "=" + std::string(level_name(m.level)));
  }
  return out;
}

std::string error_of(const absl::Status& status) { return std::string(status.message()); }

TEST(CodePolicy, WithoutRulesWarningsStayWarningsAndNotesAreInfos) {
  CodePolicy policy;
  std::vector<Message> kept = policy.apply(three_warnings());
  ASSERT_EQ(kept.size(), 4u);
  EXPECT_EQ(kept[0].code, kHoles);
  EXPECT_EQ(kept[0].level, Level::kWarning);
  EXPECT_EQ(kept[0].line, 12);
  EXPECT_EQ(kept[0].count, 2);
  EXPECT_EQ(kept[0].message, "holes dropped");
  EXPECT_EQ(kept[2].level, Level::kInfo);
  EXPECT_FALSE(policy.werror());
}

TEST(CodePolicy, IgnoreDropsACodeAndAFamily) {
  CodePolicy policy;
  ASSERT_TRUE(policy.ignore(kGlobal).ok());
  EXPECT_EQ(levels(policy, three_warnings()),
            (std::vector<std::string>{"collada.polygons.holes-dropped=warning",
                                      "collada.clip.open-end=info",
                                      "collada.texcoord.duplicate-set=warning"}));
  ASSERT_TRUE(policy.ignore("collada.polygons.*").ok());
  ASSERT_TRUE(policy.ignore("collada.clip.*").ok());
  EXPECT_EQ(levels(policy, three_warnings()),
            (std::vector<std::string>{"collada.texcoord.duplicate-set=warning"}));
}

TEST(CodePolicy, OnlyKeepsTheCodesNamed) {
  CodePolicy policy;
  ASSERT_TRUE(policy.only(kGlobal).ok());
  ASSERT_TRUE(policy.only("collada.texcoord.*").ok());
  EXPECT_EQ(levels(policy, three_warnings()),
            (std::vector<std::string>{"gltf.write.global-dropped=info",
                                      "collada.texcoord.duplicate-set=warning"}));
}

TEST(CodePolicy, IgnoreWinsOverOnly) {
  CodePolicy policy;
  ASSERT_TRUE(policy.only("collada.*").ok());
  ASSERT_TRUE(policy.ignore(kHoles).ok());
  EXPECT_EQ(levels(policy, three_warnings()),
            (std::vector<std::string>{"collada.clip.open-end=info",
                                      "collada.texcoord.duplicate-set=warning"}));
}

TEST(CodePolicy, TheMostSpecificSeverityRuleWins) {
  CodePolicy policy;
  ASSERT_TRUE(policy.set_severity(kHoles, Level::kInfo).ok());  // a code beats any family
  ASSERT_TRUE(policy.set_severity("collada.polygons.*", Level::kWarning).ok());
  ASSERT_TRUE(policy.set_severity("collada.*", Level::kError).ok());
  ASSERT_TRUE(policy.set_severity("*", Level::kInfo).ok());
  EXPECT_EQ(levels(policy, three_warnings()),
            (std::vector<std::string>{
                "collada.polygons.holes-dropped=info", "gltf.write.global-dropped=info",
                "collada.clip.open-end=error", "collada.texcoord.duplicate-set=error"}));
}

TEST(CodePolicy, OfTwoAlikeSeverityRulesTheLaterWins) {
  CodePolicy policy;
  ASSERT_TRUE(policy.set_severity(kGlobal, Level::kError).ok());
  ASSERT_TRUE(policy.set_severity(kGlobal, Level::kInfo).ok());
  EXPECT_EQ(levels(policy, three_warnings())[1], "gltf.write.global-dropped=info");
}

TEST(CodePolicy, SeverityFlagTakesCodeEqualsLevel) {
  CodePolicy policy;
  EXPECT_TRUE(policy.set_severity(std::string(kHoles) + "=error").ok());
  EXPECT_EQ(levels(policy, three_warnings())[0], "collada.polygons.holes-dropped=error");
  for (std::string bad : {std::string(kHoles) + "=fatal", std::string(kHoles),
                          std::string("=error"), std::string(kHoles) + "="}) {
    EXPECT_FALSE(policy.set_severity(bad).ok()) << bad;
  }
  EXPECT_EQ(error_of(policy.set_severity(std::string(kHoles) + "=fatal")),
            "--severity takes CODE=error, CODE=warning, CODE=info or CODE=hint, not "
            "collada.polygons.holes-dropped=fatal");
}

TEST(CodePolicy, UnknownCodesAndFamiliesAreRefused) {
  CodePolicy policy;
  EXPECT_EQ(error_of(policy.ignore("collada.polygon.holes-dropped")),
            "unknown code collada.polygon.holes-dropped (did you mean "
            "collada.polygons.holes-dropped?)");
  EXPECT_EQ(error_of(policy.only("no.such.code.at.all.anywhere")),
            "unknown code no.such.code.at.all.anywhere");
  EXPECT_EQ(error_of(policy.ignore("collada.nothing.*")),
            "no known code starts with \"collada.nothing.\" (collada.nothing.*)");
  EXPECT_FALSE(policy.ignore("collada.*.duplicate-set").ok());
  EXPECT_FALSE(policy.ignore("").ok());
  EXPECT_FALSE(policy.set_severity("gltf.write.globl-dropped", Level::kError).ok());
  // A refused rule is not kept.
  EXPECT_EQ(policy.apply(three_warnings()).size(), 4u);
}

TEST(CodePolicy, ASemanticTheDocumentSpellsIsAKnownCode) {
  CodePolicy policy;
  ASSERT_TRUE(policy.ignore("collada.my_semantic.duplicate-set").ok());
  Diagnostics d;
  d.warn("collada.my_semantic.duplicate-set", "MY_SEMANTIC twice");
  EXPECT_TRUE(policy.apply(d).empty());
}

TEST(CodePolicy, ConfigSetsEveryRule) {
  CodePolicy policy;
  ASSERT_TRUE(policy
                  .load_config(R"({"ignore": ["gltf.write.*"], "only": ["collada.*"],
                                   "severity": {"collada.polygons.holes-dropped": "error",
                                                "collada.texcoord.*": "info"},
                                   "werror": true})",
                               "polyxios.json")
                  .ok());
  EXPECT_TRUE(policy.werror());
  EXPECT_EQ(levels(policy, three_warnings()),
            (std::vector<std::string>{"collada.polygons.holes-dropped=error",
                                      "collada.clip.open-end=info",
                                      "collada.texcoord.duplicate-set=info"}));
}

TEST(CodePolicy, AnEmptyConfigChangesNothing) {
  CodePolicy policy;
  ASSERT_TRUE(policy.load_config("{}", "polyxios.json").ok());
  EXPECT_EQ(policy.apply(three_warnings()).size(), 4u);
  EXPECT_FALSE(policy.werror());
}

TEST(CodePolicy, ConfigErrorsNameTheFileAndWhatIsWrong) {
  struct Case {
    const char* json;
    const char* error;
  };
  const Case cases[] = {
      {R"({"ignore": ["collada.polygons.holes-dropped"], "silence": []})",
       "polyxios.json: unknown key \"silence\" (a config holds \"ignore\", \"only\", "
       "\"severity\" and \"werror\")"},
      {R"({"ignore": "gltf.write.global-dropped"})",
       "polyxios.json: \"ignore\" is not an array of codes"},
      {R"({"only": [3]})", "polyxios.json: only[0] is not a string"},
      {R"({"ignore": ["gltf.write.global-dropped", "gltf.write.globl-dropped"]})",
       "polyxios.json: ignore[1]: unknown code gltf.write.globl-dropped (did you mean "
       "gltf.write.global-dropped?)"},
      {R"({"severity": ["collada.polygons.holes-dropped"]})",
       "polyxios.json: \"severity\" is not an object of CODE: LEVEL"},
      {R"({"severity": {"collada.polygons.holes-dropped": "fatal"}})",
       "polyxios.json: severity[\"collada.polygons.holes-dropped\"] is not \"error\", "
       "\"warning\", \"info\" or \"hint\""},
      {R"({"severity": {"collada.polygons.holes-dropped": 0}})",
       "polyxios.json: severity[\"collada.polygons.holes-dropped\"] is not \"error\", "
       "\"warning\", \"info\" or \"hint\""},
      {R"({"severity": {"collada.nothing.*": "error"}})",
       "polyxios.json: severity[\"collada.nothing.*\"]: no known code starts with "
       "\"collada.nothing.\" (collada.nothing.*)"},
      {R"({"werror": "yes"})", "polyxios.json: \"werror\" is not true or false"},
      {R"(["gltf.write.global-dropped"])", "polyxios.json: the config is not a JSON object"},
      {R"({"ignore": [)", "polyxios.json: not JSON at byte 12: Invalid value."},
  };
  for (const Case& c : cases) {
    CodePolicy policy;
    absl::Status s = policy.load_config(c.json, "polyxios.json");
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << c.json;
    EXPECT_EQ(error_of(s), c.error) << c.json;
  }
}

TEST(CodePolicy, LevelsHaveTheValidatorsNumbersAndNames) {
  EXPECT_EQ(static_cast<int>(Level::kError), 0);
  EXPECT_EQ(static_cast<int>(Level::kWarning), 1);
  EXPECT_EQ(static_cast<int>(Level::kInfo), 2);
  EXPECT_EQ(static_cast<int>(Level::kHint), 3);
  for (Level level : {Level::kError, Level::kWarning, Level::kInfo, Level::kHint}) {
    EXPECT_EQ(parse_level(level_name(level)), level);
  }
  EXPECT_EQ(parse_level("ERROR"), std::nullopt);
  EXPECT_EQ(parse_level("fatal"), std::nullopt);
}

// Issue 36: graded as the Khronos validator grades, before any rule.
Diagnostics gltf_read() {
  Diagnostics d;
  d.warn("gltf.read.camera-invalid", "/cameras/0: zfar 1 is not greater than znear 2");
  d.warn("gltf.read.indices-unused", "/meshes/0/primitives/0: indices of points");
  d.warn("gltf.read.extension-dropped", "/extensionsUsed/0: EXT_x is not read");
  d.warn("gltf.read.attribute-filled", "/meshes/0: TEXCOORD_0 filled");
  d.warn(kGlobal, "asset fields left out");
  d.warn("scene.axis.unit-unknown", "unit unknown");
  return d;
}

TEST(CodePolicy, AGltfMessageIsGradedAtItsKhronosCodesSeverityAndANoteIsAnInfo) {
  CodePolicy policy;
  std::vector<Message> kept = policy.apply(gltf_read());
  ASSERT_EQ(kept.size(), 6u);
  EXPECT_EQ(kept[0].level, Level::kError);  // CAMERA_ZFAR_LEQUAL_ZNEAR
  EXPECT_EQ(kept[0].khronos_code, "CAMERA_ZFAR_LEQUAL_ZNEAR");
  EXPECT_EQ(kept[1].level, Level::kWarning);  // MESH_PRIMITIVE_INCOMPATIBLE_MODE
  EXPECT_EQ(kept[2].level, Level::kInfo);     // UNSUPPORTED_EXTENSION
  EXPECT_EQ(kept[2].khronos_code, "UNSUPPORTED_EXTENSION");
  // No Khronos code: what the conversion changes, an info.
  EXPECT_EQ(kept[3].level, Level::kInfo);
  EXPECT_TRUE(kept[3].khronos_code.empty());
  EXPECT_EQ(kept[4].level, Level::kInfo);
  EXPECT_EQ(kept[5].level, Level::kInfo);
  // A COLLADA read's warning stays a warning.
  EXPECT_EQ(policy.apply(three_warnings())[0].level, Level::kWarning);
}

TEST(CodePolicy, RulesTakeKhronosCodes) {
  CodePolicy policy;
  ASSERT_TRUE(policy.set_severity("CAMERA_ZFAR_LEQUAL_ZNEAR=warning").ok());
  ASSERT_TRUE(policy.ignore("UNSUPPORTED_EXTENSION").ok());
  ASSERT_TRUE(policy.set_severity("MESH_PRIMITIVE_INCOMPATIBLE_MODE", Level::kHint).ok());
  EXPECT_EQ(
      levels(policy, gltf_read()),
      (std::vector<std::string>{"gltf.read.camera-invalid=warning", "gltf.read.indices-unused=hint",
                                "gltf.read.attribute-filled=info", "gltf.write.global-dropped=info",
                                "scene.axis.unit-unknown=info"}));
  // A polyxios code's rule is more specific than its Khronos code's, whatever their order.
  ASSERT_TRUE(policy.set_severity("gltf.read.camera-invalid=error").ok());
  ASSERT_TRUE(policy.set_severity("CAMERA_ZFAR_LEQUAL_ZNEAR=info").ok());
  EXPECT_EQ(levels(policy, gltf_read())[0], "gltf.read.camera-invalid=error");
  // --only a Khronos code keeps the messages that correspond to it.
  CodePolicy only;
  ASSERT_TRUE(only.only("MESH_PRIMITIVE_INCOMPATIBLE_MODE").ok());
  EXPECT_EQ(levels(only, gltf_read()),
            (std::vector<std::string>{"gltf.read.indices-unused=warning"}));
  // The config file takes them too.
  CodePolicy config;
  ASSERT_TRUE(
      config.load_config(R"({"severity": {"UNSUPPORTED_EXTENSION": "error"}})", "team.json").ok());
  EXPECT_EQ(levels(config, gltf_read())[2], "gltf.read.extension-dropped=error");
}

TEST(CodePolicy, AnUnknownKhronosCodeIsRefusedWithTheNearest) {
  CodePolicy policy;
  absl::Status s = policy.ignore("NODE_MATRIX_TSR");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(error_of(s), "unknown code NODE_MATRIX_TSR (did you mean NODE_MATRIX_TRS?)");
}

TEST(CodePolicy, UnderWerrorAWarningIsAnError) {
  CodePolicy policy;
  policy.set_werror(true);
  EXPECT_EQ(levels(policy, three_warnings()),
            (std::vector<std::string>{"collada.polygons.holes-dropped=error",
                                      "gltf.write.global-dropped=info",
                                      "collada.clip.open-end=info",
                                      "collada.texcoord.duplicate-set=error"}));
}

}  // namespace
}  // namespace px::cli
