// The glTF 2.0 JSON schema's rules over the whole document: each rule warns with its code and the
// JSON pointer of what broke it, objects nothing refers to included, and the read goes on.
#include "formats/gltf/check/schema_check.h"

#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "tests/formats/gltf/json_check_test_util.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::AllOf;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::SizeIs;
using ::testing::StartsWith;
using ::testing::UnorderedElementsAre;

// The warnings check_schema gives on a document of `members` (with an asset), as
// "code: message".
std::vector<std::string> schema_warnings(std::string_view members) {
  return json_check_warnings(check_schema, document(members));
}

// A document that uses every object kind and most properties, as glTF allows them.
constexpr std::string_view kValid = R"(
  "scene": 0,
  "scenes": [{"name": "s", "nodes": [0, 3]}],
  "nodes": [
    {"name": "root", "children": [1, 2],
     "matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]},
    {"mesh": 0, "weights": [0.5], "translation": [1, 2, 3], "rotation": [0, 0, 0, 1],
     "scale": [1, 1, 1]},
    {"camera": 0},
    {"mesh": 0, "skin": 0},
    {"camera": 1}],
  "cameras": [
    {"type": "perspective", "perspective": {"yfov": 0.8, "znear": 0.1, "zfar": 100,
                                             "aspectRatio": 1.5}},
    {"type": "orthographic", "orthographic": {"xmag": 1, "ymag": -1, "zfar": 10, "znear": 0}}],
  "buffers": [{"byteLength": 1024, "uri": "data.bin", "name": "b"}],
  "bufferViews": [
    {"buffer": 0, "byteLength": 512, "byteStride": 12, "target": 34962},
    {"buffer": 0, "byteOffset": 512, "byteLength": 512}],
  "accessors": [
    {"bufferView": 0, "byteOffset": 0, "componentType": 5126, "count": 3, "type": "VEC3",
     "min": [0, 0, 0], "max": [1, 1, 1]},
    {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR", "normalized": false,
     "min": [0], "max": [65535]},
    {"componentType": 5126, "count": 3, "type": "VEC3",
     "sparse": {"count": 1, "indices": {"bufferView": 1, "componentType": 5125},
                "values": {"bufferView": 1, "byteOffset": 4}}},
    {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR",
     "min": [0.0], "max": [1.5]},
    {"bufferView": 1, "componentType": 5126, "count": 1, "type": "MAT4"}],
  "meshes": [{"name": "m", "weights": [0], "primitives": [
    {"attributes": {"POSITION": 0, "_CUSTOM": 2}, "indices": 1, "material": 0, "mode": 4,
     "targets": [{"POSITION": 2}]}]}],
  "skins": [{"joints": [0, 1], "skeleton": 0, "inverseBindMatrices": 4}],
  "animations": [{"name": "a",
    "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}},
                 {"sampler": 1, "target": {"node": 1, "path": "weights"}}],
    "samplers": [{"input": 3, "output": 0, "interpolation": "STEP"}, {"input": 3, "output": 3}]}],
  "materials": [{"name": "paint", "alphaMode": "MASK", "alphaCutoff": 0.5, "doubleSided": true,
    "emissiveFactor": [1, 0.5, 0],
    "pbrMetallicRoughness": {"baseColorFactor": [1, 1, 1, 0.5], "metallicFactor": 0,
                             "roughnessFactor": 1, "baseColorTexture": {"index": 0},
                             "metallicRoughnessTexture": {"index": 0, "texCoord": 1}},
    "normalTexture": {"index": 0, "scale": -2}, "occlusionTexture": {"index": 0, "strength": 1},
    "emissiveTexture": {"index": 1}}],
  "textures": [{"sampler": 0, "source": 0}, {"source": 1, "name": "t"}],
  "images": [{"uri": "a.png"}, {"bufferView": 1, "mimeType": "image/png"}],
  "samplers": [{"magFilter": 9729, "minFilter": 9987, "wrapS": 33648, "wrapT": 10497}],
  "extras": {"any": [1, "thing"]},
  "unknownProperty": 1
)";

TEST(SchemaCheck, ValidDocumentGivesNoWarning) { EXPECT_THAT(schema_warnings(kValid), IsEmpty()); }

TEST(SchemaCheck, OpenEnumsTakeAnyValueOfTheirType) {
  // glTF's schema lets these enums grow: an unknown value is no error (the validator hints).
  EXPECT_THAT(schema_warnings(R"(
    "accessors": [{"componentType": 5124, "count": 1, "type": "NotaVEC3"}],
    "bufferViews": [{"buffer": 0, "byteLength": 4, "target": 1}],
    "buffers": [{"byteLength": 4}],
    "cameras": [{"type": "fisheye", "perspective": {"yfov": -1}}],
    "samplers": [{"magFilter": 1, "minFilter": 2, "wrapS": 3, "wrapT": 4}],
    "materials": [{"alphaMode": "DITHER"}],
    "images": [{"uri": "a.webp", "mimeType": "image/webp"}],
    "animations": [{"channels": [{"sampler": 0, "target": {"path": "pointer"}}],
                    "samplers": [{"input": 0, "output": 0, "interpolation": "BEZIER"}]}])"),
              IsEmpty());
}

TEST(SchemaCheck, EntriesAndNestedObjectsMustBeObjects) {
  EXPECT_THAT(schema_warnings(R"("buffers": [["byteLength", 10]],
      "materials": [{"pbrMetallicRoughness": "shiny"}, null],
      "meshes": [{"primitives": [[]]}], "samplers": {})"),
              UnorderedElementsAre(
                  "gltf.read.property-type: /buffers/0 is an array, not an object",
                  "gltf.read.property-type: /materials/0/pbrMetallicRoughness is a string, "
                  "not an object",
                  "gltf.read.property-type: /materials/1 is null, not an object",
                  "gltf.read.property-type: /meshes/0/primitives/0 is an array, not an object",
                  "gltf.read.property-type: /samplers is an object, not an array"));
}

TEST(SchemaCheck, PropertiesMustHaveTheirJsonType) {
  EXPECT_THAT(
      schema_warnings(R"("scenes": [{"name": 42, "nodes": [0.5]}],
      "nodes": [{"matrix": [1, 0, 0], "translation": [0, "1", 0], "mesh": -1}],
      "accessors": [{"componentType": 5126, "count": 2.5, "type": "VEC3", "normalized": 1}])"),
      UnorderedElementsAre(
          "gltf.read.property-type: /scenes/0/name is a number, not a string",
          "gltf.read.property-type: /scenes/0/nodes/0 is 0.5, not an index (a whole number >= 0)",
          "gltf.read.property-type: /nodes/0/matrix has 3 entries, not the 16 numbers glTF "
          "requires",
          "gltf.read.property-type: /nodes/0/translation/1 is a string, not a number",
          "gltf.read.property-type: /nodes/0/mesh is -1, not an index (a whole number >= 0)",
          "gltf.read.property-type: /accessors/0/count is 2.5, not an integer",
          "gltf.read.property-type: /accessors/0/normalized is a number, not a boolean"));
}

TEST(SchemaCheck, WholeNumbersWrittenAsFloatsAreIntegers) {
  EXPECT_THAT(schema_warnings(R"("buffers": [{"byteLength": 4.0}],
      "bufferViews": [{"buffer": 0.0, "byteLength": 4e0}])"),
              IsEmpty());
}

TEST(SchemaCheck, RequiredPropertiesMustBePresent) {
  EXPECT_THAT(schema_warnings(R"("accessors": [{}], "buffers": [{"uri": "a.bin"}],
      "animations": [{"channels": [{"target": {}}], "samplers": [{"output": 0}]}])"),
              UnorderedElementsAre(
                  "gltf.read.property-missing: /accessors/0 has no componentType, which glTF "
                  "requires",
                  "gltf.read.property-missing: /accessors/0 has no count, which glTF requires",
                  "gltf.read.property-missing: /accessors/0 has no type, which glTF requires",
                  "gltf.read.property-missing: /buffers/0 has no byteLength, which glTF requires",
                  "gltf.read.property-missing: /animations/0/channels/0 has no sampler, which "
                  "glTF requires",
                  "gltf.read.property-missing: /animations/0/channels/0/target has no path, "
                  "which glTF requires",
                  "gltf.read.property-missing: /animations/0/samplers/0 has no input, which glTF "
                  "requires"));
}

TEST(SchemaCheck, TheDocumentMustHaveAnAsset) {
  px::gltf::JsonDocument doc;
  doc.Parse(R"({"asset": {"generator": "x"}, "scenes": [{}]})");
  Diagnostics diagnostics;
  check_schema(*JsonObject::of(doc, ""), diagnostics);
  doc.Parse("{}");
  check_schema(*JsonObject::of(doc, ""), diagnostics);
  ASSERT_EQ(diagnostics.entries().size(), 2);
  EXPECT_EQ(diagnostics.entries()[0].message, "/asset has no version, which glTF requires");
  EXPECT_EQ(diagnostics.entries()[1].message, "the document has no asset, which glTF requires");
}

TEST(SchemaCheck, ValuesMustBeInTheirRange) {
  EXPECT_THAT(
      schema_warnings(R"("buffers": [{"byteLength": 0}],
      "bufferViews": [{"buffer": 0, "byteLength": 4, "byteStride": 256, "byteOffset": -4}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 7}]}],
      "accessors": [{"componentType": 5126, "count": 0, "type": "SCALAR"}],
      "cameras": [{"type": "perspective", "perspective": {"yfov": 0, "znear": 0.1}}],
      "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 1, 2, 1]},
                     "occlusionTexture": {"index": 0, "strength": 1.5}}],
      "textures": [{}],
      "nodes": [{"rotation": [0, 0, -1.5, 1]}])"),
      UnorderedElementsAre(
          "gltf.read.value-out-of-range: /buffers/0/byteLength: 0 is out of range; glTF requires "
          "at least 1",
          "gltf.read.value-out-of-range: /bufferViews/0/byteStride: 256 is out of range; glTF "
          "requires in 4..252",
          "gltf.read.value-out-of-range: /bufferViews/0/byteOffset: -4 is out of range; glTF "
          "requires at least 0",
          "gltf.read.value-out-of-range: /meshes/0/primitives/0/mode: 7 is out of range; glTF "
          "requires in 0..6",
          "gltf.read.value-out-of-range: /accessors/0/count: 0 is out of range; glTF requires at "
          "least 1",
          "gltf.read.value-out-of-range: /cameras/0/perspective/yfov: 0 is out of range; glTF "
          "requires greater than 0",
          "gltf.read.value-out-of-range: /materials/0/pbrMetallicRoughness/baseColorFactor/2: 2 "
          "is out of range; glTF requires in 0..1",
          "gltf.read.value-out-of-range: /materials/0/occlusionTexture/strength: 1.5 is out of "
          "range; glTF requires in 0..1",
          "gltf.read.value-out-of-range: /nodes/0/rotation/2: -1.5 is out of range; glTF "
          "requires in -1..1"));
}

TEST(SchemaCheck, VersionsAreMajorDotMinor) {
  px::gltf::JsonDocument doc;
  doc.Parse(R"({"asset": {"version": "2.0.1", "minVersion": "2.0"}})");
  Diagnostics diagnostics;
  check_schema(*JsonObject::of(doc, ""), diagnostics);
  ASSERT_EQ(diagnostics.entries().size(), 1);
  EXPECT_EQ(diagnostics.entries()[0].code, "gltf.read.value-out-of-range");
  EXPECT_EQ(diagnostics.entries()[0].message,
            "/asset/version: \"2.0.1\" is not a version of the form major.minor");
}

TEST(SchemaCheck, ByteStrideMustBeAMultipleOfFour) {
  EXPECT_THAT(schema_warnings(R"("buffers": [{"byteLength": 64}],
      "bufferViews": [{"buffer": 0, "byteLength": 64, "byteStride": 6}])"),
              UnorderedElementsAre("gltf.read.value-not-multiple: /bufferViews/0/byteStride: 6 "
                                   "is not a multiple of 4"));
}

TEST(SchemaCheck, AccessorBoundsHoldOneValueOfTheComponentTypePerComponent) {
  EXPECT_THAT(
      schema_warnings(R"("accessors": [
      {"componentType": 5126, "count": 1, "type": "VEC3", "min": [0, 0], "max": [1, 1, 1, 1]},
      {"componentType": 5121, "count": 1, "type": "VEC2", "min": [-1, 0], "max": [255, 0.5]},
      {"componentType": 5126, "count": 1, "type": "SCALAR", "min": [-0.5], "max": [0.5]}])"),
      UnorderedElementsAre(
          "gltf.read.property-type: /accessors/0/min has 2 entries, but a VEC3 accessor has 3 "
          "components",
          "gltf.read.property-type: /accessors/0/max has 4 entries, but a VEC3 accessor has 3 "
          "components",
          "gltf.read.value-out-of-range: /accessors/1/min/0: -1 is not a value of componentType "
          "5121 (a whole number in 0..255)",
          "gltf.read.value-out-of-range: /accessors/1/max/1: 0.5 is not a value of "
          "componentType 5121 (a whole number in 0..255)"));
}

TEST(SchemaCheck, ArraysAndAttributeMapsMustNotBeEmpty) {
  EXPECT_THAT(schema_warnings(R"("accessors": [{"componentType": 5126, "count": 1,
                                                "type": "SCALAR"}],
      "meshes": [{"weights": [], "primitives": [{"attributes": {}, "targets": [{}]}]},
                 {"primitives": [{"attributes": {"POSITION": 0}, "targets": []}]}],
      "animations": [{"channels": [], "samplers": []}])"),
              UnorderedElementsAre(
                  "gltf.read.empty-array: /meshes/0/weights is empty; glTF requires at least one "
                  "entry",
                  "gltf.read.empty-object: /meshes/0/primitives/0/attributes is empty; glTF "
                  "requires at least one attribute",
                  "gltf.read.empty-object: /meshes/0/primitives/0/targets/0 is empty; glTF "
                  "requires at least one attribute",
                  "gltf.read.empty-array: /meshes/1/primitives/0/targets is empty; glTF requires "
                  "at least one entry",
                  "gltf.read.empty-array: /animations/0/channels is empty; glTF requires at least "
                  "one entry",
                  "gltf.read.empty-array: /animations/0/samplers is empty; glTF requires at least "
                  "one entry"));
}

TEST(SchemaCheck, IndexListsMustBeDistinct) {
  EXPECT_THAT(schema_warnings(R"("scenes": [{"nodes": [0, 1, 0]}],
      "nodes": [{"children": [1, 1.0]}, {}], "skins": [{"joints": [1, 0, 1]}])"),
              UnorderedElementsAre(
                  "gltf.read.not-unique: /scenes/0/nodes/2 repeats 0; glTF requires the entries "
                  "of /scenes/0/nodes to be distinct",
                  "gltf.read.not-unique: /nodes/0/children/1 repeats 1; glTF requires the entries "
                  "of /nodes/0/children to be distinct",
                  "gltf.read.not-unique: /skins/0/joints/2 repeats 1; glTF requires the entries "
                  "of /skins/0/joints to be distinct"));
}

TEST(SchemaCheck, SomePropertiesNeedAnotherBesideThem) {
  EXPECT_THAT(schema_warnings(R"("buffers": [{"byteLength": 4}],
      "bufferViews": [{"buffer": 0, "byteLength": 4}],
      "accessors": [{"byteOffset": 0, "componentType": 5126, "count": 1, "type": "SCALAR"}],
      "skins": [{"joints": [0]}], "nodes": [{"weights": [1], "skin": 0}],
      "images": [{"bufferView": 0}])"),
              UnorderedElementsAre(
                  "gltf.read.property-dependency: /accessors/0/byteOffset needs bufferView "
                  "beside it, which is absent",
                  "gltf.read.property-dependency: /nodes/0/weights needs mesh beside it, which "
                  "is absent",
                  "gltf.read.property-dependency: /nodes/0/skin needs mesh beside it, which is "
                  "absent",
                  "gltf.read.property-dependency: /images/0/bufferView needs mimeType beside it, "
                  "which is absent"));
}

TEST(SchemaCheck, EveryIndexMustNameAnEntryOfItsArray) {
  // One past the end of every array an index names, in objects nothing uses.
  std::vector<std::string> warnings = schema_warnings(R"("scene": 1,
      "scenes": [{"nodes": [1]}],
      "nodes": [{"children": [1], "mesh": 1, "skin": 1, "camera": 0}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 1}, "indices": 1, "material": 1,
                                  "targets": [{"NORMAL": 1}]}]}],
      "skins": [{"joints": [1], "skeleton": 1, "inverseBindMatrices": 1}],
      "textures": [{"sampler": 0, "source": 1}],
      "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 1},
                                              "metallicRoughnessTexture": {"index": 1}},
                     "normalTexture": {"index": 1}, "occlusionTexture": {"index": 1},
                     "emissiveTexture": {"index": 1}}],
      "animations": [{"channels": [{"sampler": 1, "target": {"node": 1, "path": "scale"}}],
                      "samplers": [{"input": 1, "output": 1}]}],
      "accessors": [{"bufferView": 1, "componentType": 5126, "count": 1, "type": "SCALAR",
                     "sparse": {"count": 1, "indices": {"bufferView": 1, "componentType": 5125},
                                "values": {"bufferView": 1}}}],
      "bufferViews": [{"buffer": 0, "byteLength": 4}],
      "images": [{"bufferView": 1, "mimeType": "image/png"}])");
  std::vector<std::string> pointers;
  for (const std::string& w : warnings) {
    EXPECT_THAT(w, StartsWith("gltf.read.reference-unresolved: /"));
    pointers.push_back(w.substr(w.find(": ") + 2, w.find(" is ") - w.find(": ") - 2));
  }
  EXPECT_THAT(pointers,
              UnorderedElementsAre(
                  "/scene", "/scenes/0/nodes/0", "/nodes/0/children/0", "/nodes/0/mesh",
                  "/nodes/0/skin", "/nodes/0/camera", "/meshes/0/primitives/0/attributes/POSITION",
                  "/meshes/0/primitives/0/indices", "/meshes/0/primitives/0/material",
                  "/meshes/0/primitives/0/targets/0/NORMAL", "/skins/0/joints/0",
                  "/skins/0/skeleton", "/skins/0/inverseBindMatrices", "/textures/0/sampler",
                  "/textures/0/source", "/materials/0/pbrMetallicRoughness/baseColorTexture/index",
                  "/materials/0/pbrMetallicRoughness/metallicRoughnessTexture/index",
                  "/materials/0/normalTexture/index", "/materials/0/occlusionTexture/index",
                  "/materials/0/emissiveTexture/index", "/animations/0/channels/0/sampler",
                  "/animations/0/channels/0/target/node", "/animations/0/samplers/0/input",
                  "/animations/0/samplers/0/output", "/accessors/0/bufferView",
                  "/accessors/0/sparse/indices/bufferView", "/accessors/0/sparse/values/bufferView",
                  "/bufferViews/0/buffer", "/images/0/bufferView"));
  EXPECT_THAT(warnings, Contains("gltf.read.reference-unresolved: /nodes/0/mesh is 1, but "
                                 "/meshes has 1 entry"));
}

TEST(SchemaCheck, AChannelSamplerIndexesItsOwnAnimation) {
  EXPECT_THAT(schema_warnings(R"("nodes": [{}],
      "accessors": [{"componentType": 5126, "count": 1, "type": "SCALAR"}],
      "animations": [
        {"channels": [{"sampler": 1, "target": {"node": 0, "path": "scale"}}],
         "samplers": [{"input": 0, "output": 0}, {"input": 0, "output": 0}]},
        {"channels": [{"sampler": 1, "target": {"node": 0, "path": "scale"}}],
         "samplers": [{"input": 0, "output": 0}]}])"),
              UnorderedElementsAre("gltf.read.reference-unresolved: "
                                   "/animations/1/channels/0/sampler is 1, but "
                                   "/animations/1/samplers has 1 entry"));
}

TEST(SchemaCheck, ACameraHasExactlyTheProjectionItsTypeNames) {
  EXPECT_THAT(
      schema_warnings(R"("cameras": [
      {"type": "perspective", "perspective": {"yfov": 1, "znear": 1},
       "orthographic": {"xmag": 1, "ymag": 1, "zfar": 2, "znear": 1}},
      {"type": "perspective", "orthographic": {"xmag": 1, "ymag": 1, "zfar": 2, "znear": 1}},
      {"perspective": {"yfov": 1, "znear": 1}}])"),
      UnorderedElementsAre(
          "gltf.read.one-of: /cameras/0 has both perspective and orthographic; glTF allows one",
          "gltf.read.property-missing: /cameras/1 has no perspective, which glTF requires of a "
          "camera of that type",
          "gltf.read.property-missing: /cameras/2 has no type, which glTF requires"));
}

TEST(SchemaCheck, AnImageHasEitherAUriOrABufferView) {
  EXPECT_THAT(schema_warnings(R"("buffers": [{"byteLength": 4}],
      "bufferViews": [{"buffer": 0, "byteLength": 4}],
      "images": [{"name": "none"}, {"uri": "a.png", "bufferView": 0, "mimeType": "image/png"}])"),
              UnorderedElementsAre("gltf.read.one-of: /images/0 has neither uri nor bufferView; "
                                   "glTF requires exactly one",
                                   "gltf.read.one-of: /images/1 has both uri and bufferView; "
                                   "glTF requires exactly one"));
}

TEST(SchemaCheck, CameraMagnificationsAreNotZeroAndZfarIsBeyondZnear) {
  EXPECT_THAT(
      schema_warnings(R"("cameras": [
      {"type": "orthographic", "orthographic": {"xmag": 0, "ymag": 1, "zfar": 1, "znear": 1}},
      {"type": "perspective", "perspective": {"yfov": 1, "znear": 2, "zfar": 1}},
      {"type": "perspective", "perspective": {"yfov": 1, "znear": 0, "zfar": 1}}])"),
      UnorderedElementsAre(
          "gltf.read.camera-magnification-zero: /cameras/0/orthographic/xmag is 0; glTF requires "
          "xmag and "
          "ymag not zero",
          "gltf.read.camera-invalid: /cameras/0/orthographic: zfar 1 is not greater than znear 1",
          "gltf.read.camera-invalid: /cameras/1/perspective: zfar 1 is not greater than znear 2",
          // A znear out of range is warned about as such, and not compared.
          "gltf.read.value-out-of-range: /cameras/2/perspective/znear: 0 is out of range; glTF "
          "requires greater than 0"));
}

TEST(SchemaCheck, WarningsOfOneRuleAreCountedPastAHundred) {
  std::string buffers;
  for (int i = 0; i < 150; ++i) buffers += i == 0 ? "{}" : ", {}";
  std::vector<std::string> warnings = schema_warnings(cat(R"("buffers": [)", buffers, "]"));
  ASSERT_THAT(warnings, SizeIs(101));
  EXPECT_EQ(warnings[0],
            "gltf.read.property-missing: /buffers/0 has no byteLength, which glTF requires");
  EXPECT_EQ(warnings[100],
            "gltf.read.property-missing: 50 more warnings of this rule are not listed");
}

// The counts past the cap follow in the order their codes were first warned, whatever the order of
// a hash map: the same document always gives the same messages.
TEST(SchemaCheck, CountsPastAHundredComeInTheOrderTheCodesFirstCame) {
  std::string nodes;
  for (int i = 0; i < 150; ++i) {
    nodes += cat(i == 0 ? "" : ", ",
                 R"({"name": 1, "children": [], "camera": 9999, "rotation": [2, 0, 0, 1]})");
  }
  std::vector<std::string> warnings = schema_warnings(cat(R"("nodes": [)", nodes, "]"));
  ASSERT_THAT(warnings, SizeIs(404));
  for (size_t i = 0; i < 4; ++i) {
    const std::string code = warnings[i].substr(0, warnings[i].find(':'));
    EXPECT_EQ(warnings[400 + i], cat(code, ": 50 more warnings of this rule are not listed"));
  }
}

TEST(SchemaCheck, TheReadGoesOnAfterAWarning) {
  ReadResult r =
      read_bytes(document(R"("scenes": [{"name": 42, "nodes": [0]}], "nodes": [{}], "scene": 0)"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->nodes.size(), 1);
  ASSERT_EQ(r.diagnostics.entries().size(), 1);
  EXPECT_EQ(r.diagnostics.entries()[0].code, "gltf.read.property-type");
  EXPECT_THAT(r.diagnostics.entries()[0].message,
              AllOf(HasSubstr("/scenes/0/name"), HasSubstr("not a string")));
}

}  // namespace
}  // namespace px::gltf::testing
