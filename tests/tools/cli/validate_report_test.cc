// validate's per-asset report: the refusal as a message, the verdict and exit code, the terminal
// line and the glTF-Validator-shaped JSON.
#include "tools/cli/validate_report.h"

#include <gtest/gtest.h>

#include "engine/errors.h"
#include "rapidjson/document.h"

namespace px::cli {
namespace {

Message warning(std::string code, int64_t count = 1, Level level = Level::kWarning) {
  return Message{std::move(code), "something", level, 0, count, {}};
}

TEST(ValidateReport, ARefusalIsAnErrorNamedByItsRule) {
  Message m = refusal_message(refuse("collada.p.length", "triangles", 12, "<p> is short"));
  EXPECT_EQ(m.code, "collada.p.length");
  EXPECT_EQ(m.message, "<triangles> at line 12: <p> is short");
  EXPECT_EQ(m.line, 12);
  EXPECT_EQ(m.level, Level::kError);
  EXPECT_EQ(m.count, 1);

  m = refusal_message(refuse("gltf.json.type", "/nodes/0/name is a number"));
  EXPECT_EQ(m.code, "gltf.json.type");
  EXPECT_EQ(m.message, "/nodes/0/name is a number");
  EXPECT_EQ(m.line, 0);
}

TEST(ValidateReport, AFailureWithoutARuleIsNamedByItsKind) {
  EXPECT_EQ(refusal_message(io_error("cannot open a.dae")).code, "io.error");
  EXPECT_EQ(refusal_message(io_error("cannot open a.dae")).message, "cannot open a.dae");
  EXPECT_EQ(refusal_message(out_of_memory("the XML parser")).code, "memory.exhausted");
  EXPECT_EQ(refusal_message(absl::InternalError("broken")).code, "internal.error");
  // A message that is its rule alone has no detail to read past.
  EXPECT_EQ(refusal_message(absl::InvalidArgumentError("format.unknown")).message, "");
}

TEST(ValidateReport, VerdictAndExitCode) {
  AssetReport report;
  EXPECT_EQ(verdict_of(report), Verdict::kOk);
  EXPECT_EQ(exit_code_of(report), 0);
  report.messages.push_back(warning("collada.clip.open-end", 1, Level::kInfo));
  EXPECT_EQ(verdict_of(report), Verdict::kOk);
  EXPECT_EQ(exit_code_of(report), 0);
  report.messages.push_back(warning("gltf.write.global-dropped", 2));
  EXPECT_EQ(verdict_of(report), Verdict::kWarnings);
  EXPECT_EQ(exit_code_of(report), 0);
  EXPECT_EQ(count_at(report, Level::kWarning), 2);
  report.messages.push_back(warning("collada.polygons.holes-dropped", 3, Level::kError));
  EXPECT_EQ(verdict_of(report), Verdict::kFailed);
  EXPECT_EQ(exit_code_of(report), 2);
  report.failure = Failure::kIo;
  EXPECT_EQ(exit_code_of(report), 3);
}

// --werror fails an asset with a warning: the code policy reports the warning as an error, so the
// report's verdict and exit code are an error's.
TEST(ValidateReport, UnderWerrorAWarningFailsTheAsset) {
  Diagnostics diagnostics;
  diagnostics.warn("collada.polygons.holes-dropped", "holes dropped", 12);
  CodePolicy policy;
  AssetReport report;
  report.messages = policy.apply(diagnostics);
  EXPECT_EQ(verdict_of(report), Verdict::kWarnings);
  EXPECT_EQ(exit_code_of(report), 0);
  policy.set_werror(true);
  report.messages = policy.apply(diagnostics);
  EXPECT_EQ(verdict_of(report), Verdict::kFailed);
  EXPECT_EQ(exit_code_of(report), 2);
}

TEST(ValidateReport, PlainLineNamesTheVerdictAndTheCodes) {
  AssetReport report;
  report.uri = "lib/a.dae";
  EXPECT_EQ(plain_line(report), "ok         lib/a.dae");
  report.messages = {
      warning("gltf.write.global-dropped"), warning("collada.polygons.holes-dropped", 2),
      warning("gltf.write.global-dropped", 3), warning("collada.clip.open-end", 1, Level::kInfo)};
  EXPECT_EQ(plain_line(report),
            "warnings   lib/a.dae: 6 warnings (gltf.write.global-dropped x4, "
            "collada.polygons.holes-dropped x2); 1 info (collada.clip.open-end x1)");
  report.messages[1].level = Level::kError;
  EXPECT_EQ(plain_line(report),
            "refused    lib/a.dae: 2 errors (collada.polygons.holes-dropped x2); 4 warnings "
            "(gltf.write.global-dropped x4); 1 info (collada.clip.open-end x1)");

  AssetReport refused;
  refused.uri = "b.dae";
  refused.messages = {warning("collada.polygons.holes-dropped"),
                      refusal_message(refuse("collada.p.length", "triangles", 7, "short"))};
  refused.failure = Failure::kRefused;
  EXPECT_EQ(plain_line(refused),
            "refused    b.dae: collada.p.length: <triangles> at line 7: short; 1 warning "
            "(collada.polygons.holes-dropped x1)");
  refused.messages = {refusal_message(io_error("cannot open b.dae"))};
  refused.failure = Failure::kIo;
  EXPECT_EQ(plain_line(refused), "failed     b.dae: io.error: cannot open b.dae");
}

TEST(ValidateReport, JsonHasTheValidatorsShape) {
  AssetReport report;
  report.uri = "lib/a.gltf";
  report.format = Format::kGltf;
  report.messages = {Message{"gltf.read.property-type", "/nodes/0/name is a number, not a string",
                             Level::kWarning, 0, 2, "TYPE_MISMATCH"},
                     Message{"collada.polygons.holes-dropped", "holes", Level::kInfo, 42, 1, {}},
                     Message{"gltf.read.extension-dropped", "/x: dropped", Level::kHint, 0, 1, {}},
                     refusal_message(refuse("gltf.json.type", "/nodes/0: not an object"))};
  report.failure = Failure::kRefused;
  report.validated_at = "2026-12-07T16:30:00.000Z";
  ValidatorInfo info{.meshes = 1,
                     .nodes = 2,
                     .materials = 3,
                     .skins = 4,
                     .animations = 5,
                     .version = "2.0",
                     .generator = "a tool",
                     .has_skins = true,
                     .has_morph_targets = false,
                     .has_textures = true,
                     .draw_calls = 6,
                     .vertices = 7,
                     .triangles = 8,
                     .max_uvs = 2,
                     .max_influences = 8};
  report.info = info;
  rapidjson::Document doc;
  std::string line = json_line(report);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  doc.Parse(line.c_str());
  ASSERT_FALSE(doc.HasParseError()) << line;
  EXPECT_STREQ(doc["uri"].GetString(), "lib/a.gltf");
  EXPECT_STREQ(doc["mimeType"].GetString(), "model/gltf+json");
  EXPECT_STREQ(doc["validatorVersion"].GetString(), "polyxios 0.1.0");
  EXPECT_STREQ(doc["validatedAt"].GetString(), "2026-12-07T16:30:00.000Z");
  const rapidjson::Value& issues = doc["issues"];
  EXPECT_EQ(issues["numErrors"].GetInt(), 1);
  EXPECT_EQ(issues["numWarnings"].GetInt(), 2);
  EXPECT_EQ(issues["numInfos"].GetInt(), 1);
  EXPECT_EQ(issues["numHints"].GetInt(), 1);
  EXPECT_FALSE(issues["truncated"].GetBool());
  const rapidjson::Value& messages = issues["messages"];
  ASSERT_EQ(messages.Size(), 4u);
  EXPECT_STREQ(messages[0]["code"].GetString(), "gltf.read.property-type");
  EXPECT_STREQ(messages[0]["khronosCode"].GetString(), "TYPE_MISMATCH");
  EXPECT_FALSE(messages[1].HasMember("khronosCode"));
  EXPECT_EQ(messages[2]["severity"].GetInt(), 3);
  EXPECT_EQ(messages[0]["severity"].GetInt(), 1);
  EXPECT_STREQ(messages[0]["pointer"].GetString(), "/nodes/0/name");
  EXPECT_FALSE(messages[0].HasMember("line"));
  EXPECT_EQ(messages[0]["count"].GetInt(), 2);
  EXPECT_EQ(messages[1]["severity"].GetInt(), 2);
  EXPECT_EQ(messages[1]["line"].GetInt(), 42);
  EXPECT_FALSE(messages[1].HasMember("pointer"));
  EXPECT_STREQ(messages[3]["code"].GetString(), "gltf.json.type");
  EXPECT_STREQ(messages[3]["khronosCode"].GetString(), "TYPE_MISMATCH");
  EXPECT_STREQ(messages[3]["message"].GetString(), "/nodes/0: not an object");
  EXPECT_STREQ(messages[3]["pointer"].GetString(), "/nodes/0");
  EXPECT_EQ(messages[3]["severity"].GetInt(), 0);
  const rapidjson::Value& json_info = doc["info"];
  EXPECT_EQ(json_info["meshes"].GetInt(), 1);
  EXPECT_EQ(json_info["nodes"].GetInt(), 2);
  EXPECT_EQ(json_info["materials"].GetInt(), 3);
  EXPECT_EQ(json_info["skins"].GetInt(), 4);
  EXPECT_EQ(json_info["animations"].GetInt(), 5);
  // The validator's keys.
  EXPECT_STREQ(json_info["version"].GetString(), "2.0");
  EXPECT_STREQ(json_info["generator"].GetString(), "a tool");
  EXPECT_EQ(json_info["animationCount"].GetInt(), 5);
  EXPECT_EQ(json_info["materialCount"].GetInt(), 3);
  EXPECT_TRUE(json_info["hasSkins"].GetBool());
  EXPECT_FALSE(json_info["hasMorphTargets"].GetBool());
  EXPECT_TRUE(json_info["hasTextures"].GetBool());
  EXPECT_EQ(json_info["drawCallCount"].GetInt(), 6);
  EXPECT_EQ(json_info["totalVertexCount"].GetInt(), 7);
  EXPECT_EQ(json_info["totalTriangleCount"].GetInt(), 8);
  EXPECT_EQ(json_info["maxUVs"].GetInt(), 2);
  EXPECT_EQ(json_info["maxInfluences"].GetInt(), 8);

  report.info.reset();
  doc.Parse(json_line(report).c_str());
  EXPECT_FALSE(doc.HasMember("info"));
}

TEST(ValidateReport, JsonIsUtf8WhateverTheBytes) {
  AssetReport report;
  report.uri = "caf\xC3\xA9/\xFF\xC0\xAF\xED\xA0\x80.dae";  // é, then invalid, overlong, surrogate
  report.messages = {
      Message{"collada.image.missing", "bad \xE2\x82 tail \x01", Level::kWarning, 0, 1, {}}};
  rapidjson::Document doc;
  std::string line = json_line(report);
  doc.Parse<rapidjson::kParseValidateEncodingFlag>(line.c_str());
  ASSERT_FALSE(doc.HasParseError()) << line;
  EXPECT_EQ(std::string(doc["uri"].GetString()),
            "caf\xC3\xA9/\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD."
            "dae");
  EXPECT_EQ(std::string(doc["issues"]["messages"][0]["message"].GetString()),
            "bad \xEF\xBF\xBD\xEF\xBF\xBD tail \x01");
}

TEST(ValidateReport, MimeTypesOfWhatTheFileHolds) {
  EXPECT_EQ(mime_type_of(Format::kGlb), "model/gltf-binary");
  EXPECT_EQ(mime_type_of(Format::kGltf), "model/gltf+json");
  EXPECT_EQ(mime_type_of(Format::kCollada), "model/vnd.collada+xml");
  EXPECT_EQ(mime_type_of(Format::kUnknown), "application/octet-stream");
}

}  // namespace
}  // namespace px::cli
