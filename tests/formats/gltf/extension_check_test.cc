// extensionsUsed and extensionsRequired checked against each other and against the extension
// objects of the whole document: undeclared, misplaced, required but unused, used but not
// required when it must be, listed twice. Each is a warning; the read goes on.
#include "formats/gltf/check/extension_check.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

constexpr std::string_view kCodes[] = {
    "gltf.read.extension-undeclared", "gltf.read.extension-misplaced",
    "gltf.read.extension-required-unused", "gltf.read.extension-not-required",
    "gltf.read.extension-duplicate"};

std::vector<std::string> messages(const Diagnostics& diagnostics, std::string_view code) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (d.code == code) out.push_back(d.message);
  }
  return out;
}

// The warnings of this module, as "code: message".
std::vector<std::string> extension_warnings(const ReadResult& r) {
  std::vector<std::string> out;
  for (std::string_view code : kCodes) {
    for (const std::string& m : messages(r.diagnostics, code)) out.push_back(cat(code, ": ", m));
  }
  return out;
}

ReadResult read_ok(std::string_view members) {
  ReadResult r = read_bytes(document(members));
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return r;
}

TEST(ExtensionCheck, ExtensionObjectsAnywhereMustBeDeclared) {
  ReadResult r = read_ok(R"("extensionsUsed": ["KHR_materials_clearcoat"],
      "extensions": {"EXT_undeclared_extension": {}},
      "textures": [{"extensions": {"EXT_texture_webp": {}}}],
      "materials": [{"extensions": {"KHR_materials_clearcoat": {"clearcoatTexture": {"index": 0,
          "extensions": {"KHR_texture_transform": {"scale": [2, 2]}}}}}}],
      "nodes": [{"extensions": {"KHR_lights_punctual": {"light": 0}}}])");
  EXPECT_THAT(
      messages(r.diagnostics, "gltf.read.extension-undeclared"),
      UnorderedElementsAre(
          "/extensions/EXT_undeclared_extension: EXT_undeclared_extension is not declared in "
          "extensionsUsed",
          HasSubstr("/textures/0/extensions/EXT_texture_webp: EXT_texture_webp is not declared"),
          HasSubstr("/materials/0/extensions/KHR_materials_clearcoat/clearcoatTexture/extensions/"
                    "KHR_texture_transform: "),
          HasSubstr("/nodes/0/extensions/KHR_lights_punctual: ")));
}

TEST(ExtensionCheck, AnimationChannelTargetsTakeAnimationPointers) {
  // The extensions are checked before the read, which refuses the samplers' missing accessors.
  ReadResult r = read_bytes(document(R"("extensionsUsed": ["KHR_animation_pointer"],
      "animations": [{"channels": [
          {"sampler": 0, "target": {"path": "pointer",
              "extensions": {"KHR_animation_pointer": {"pointer": "/nodes/0/translation"}}}},
          {"sampler": 0, "target": {"path": "pointer"},
              "extensions": {"KHR_animation_pointer": {"pointer": "/nodes/0/translation"}}}],
          "samplers": [{"input": 0, "output": 0}]}])"));
  EXPECT_THAT(extension_warnings(r),
              ElementsAre(HasSubstr("gltf.read.extension-misplaced: /animations/0/channels/1/"
                                    "extensions/KHR_animation_pointer: KHR_animation_pointer "
                                    "cannot extend an animation channel; it extends an animation "
                                    "channel target")));
}

TEST(ExtensionCheck, ExtrasAreNotWalked) {
  ReadResult r = read_ok(R"("extras": {"extensions": {"EXT_anything": {}}},
      "nodes": [{"extras": [{"extensions": {"EXT_other": {}}}]}])");
  EXPECT_THAT(extension_warnings(r), IsEmpty());
}

TEST(ExtensionCheck, PointersEscapeTheirKeys) {
  ReadResult r = read_ok(R"("nodes": [{"extensions": {"EXT_a/b~c": {}}}])");
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.extension-undeclared"),
              ElementsAre(HasSubstr("/nodes/0/extensions/EXT_a~1b~0c: ")));
}

// The validator's TYPE_MISMATCH: an "extensions" member of a glTF object, and each extension in
// one, must be an object; extension data inside is the extension's to check.
TEST(ExtensionCheck, ExtensionsAndEachExtensionInThemAreObjects) {
  ReadResult r = read_ok(R"("extensionsUsed": ["EXT_a", "EXT_b", "EXT_c"],
      "extensions": {"EXT_a": 42, "EXT_b": {}, "EXT_c": {"data": [1, {"extensions": 5}]}},
      "nodes": [{"extensions": []}, {"extensions": {"EXT_b": null}}],
      "materials": [{"extensions": {"EXT_c": "text"}}],
      "extras": {"extensions": 1})");
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.property-type"),
              UnorderedElementsAre("/extensions/EXT_a is a number, not an object",
                                   "/nodes/0/extensions is an array, not an object",
                                   "/nodes/1/extensions/EXT_b is null, not an object",
                                   "/materials/0/extensions/EXT_c is a string, not an object"));
}

TEST(ExtensionCheck, RequiredExtensionsMustBeUsed) {
  ReadResult missing_used = read_ok(R"("extensionsRequired": ["KHR_extension"])");
  EXPECT_THAT(
      messages(missing_used.diagnostics, "gltf.read.extension-required-unused"),
      UnorderedElementsAre(HasSubstr("/extensionsRequired: extensionsRequired is given without "
                                     "extensionsUsed"),
                           "/extensionsRequired/0: KHR_extension is required but not listed in "
                           "extensionsUsed"));

  ReadResult r =
      read_ok(R"("extensionsUsed": ["EXT_a"], "extensionsRequired": ["EXT_a", "EXT_b"])");
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.extension-required-unused"),
              ElementsAre(HasSubstr("/extensionsRequired/1: EXT_b is required")));
}

TEST(ExtensionCheck, MeshQuantizationMustBeRequired) {
  ReadResult r = read_ok(R"("extensionsUsed": ["EXT_a", "KHR_mesh_quantization"])");
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.extension-not-required"),
              ElementsAre(HasSubstr("/extensionsUsed/1: KHR_mesh_quantization changes what the "
                                    "core data means")));
}

TEST(ExtensionCheck, KnownExtensionsMustBeWhereTheyBelong) {
  ReadResult r = read_ok(R"(
      "extensionsUsed": ["KHR_mesh_quantization", "KHR_texture_transform",
                         "KHR_draco_mesh_compression", "KHR_materials_sheen", "EXT_texture_webp",
                         "KHR_lights_punctual", "EXT_unknown"],
      "extensionsRequired": ["KHR_mesh_quantization"],
      "accessors": [{"componentType": 5121, "count": 1, "type": "SCALAR",
                     "extensions": {"KHR_mesh_quantization": {}}}],
      "textures": [{"extensions": {"KHR_texture_transform": {}, "EXT_texture_webp": {}}}],
      "meshes": [{"extensions": {"KHR_draco_mesh_compression": {}}, "primitives": [
          {"attributes": {}}]}],
      "materials": [{"pbrMetallicRoughness": {"extensions": {"KHR_materials_sheen": {}}}}],
      "scenes": [{"extensions": {"KHR_lights_punctual": {}, "EXT_unknown": {}}}])");
  EXPECT_THAT(
      messages(r.diagnostics, "gltf.read.extension-misplaced"),
      UnorderedElementsAre(
          "/accessors/0/extensions/KHR_mesh_quantization: KHR_mesh_quantization cannot extend an "
          "accessor; it extends no object",
          "/textures/0/extensions/KHR_texture_transform: KHR_texture_transform cannot extend a "
          "texture; it extends a textureInfo",
          HasSubstr("/meshes/0/extensions/KHR_draco_mesh_compression: "),
          HasSubstr("/materials/0/pbrMetallicRoughness/extensions/KHR_materials_sheen: "),
          "/scenes/0/extensions/KHR_lights_punctual: KHR_lights_punctual cannot extend this "
          "object; it extends the root or a node"));
}

TEST(ExtensionCheck, DuplicateListEntriesAreWarnedAbout) {
  ReadResult r = read_ok(R"("extensionsUsed": ["EXT_a", "EXT_b", "EXT_a"],
                            "extensionsRequired": ["EXT_a", "EXT_a"])");
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.extension-duplicate"),
              UnorderedElementsAre(HasSubstr("/extensionsUsed/2: EXT_a is listed more than once"),
                                   HasSubstr("/extensionsRequired/1: EXT_a is listed")));
}

TEST(ExtensionCheck, ValidExtensionsGiveNoWarning) {
  ReadResult r = read_ok(R"(
      "extensionsUsed": ["KHR_lights_punctual", "KHR_materials_clearcoat",
                         "KHR_materials_variants", "KHR_texture_transform", "EXT_texture_webp",
                         "KHR_mesh_quantization", "KHR_node_visibility", "EXT_vendor"],
      "extensionsRequired": ["KHR_mesh_quantization"],
      "extensions": {"KHR_lights_punctual": {"lights": [{"type": "point"}]},
                     "KHR_materials_variants": {"variants": [{"name": "a"}]}},
      "nodes": [{"extensions": {"KHR_lights_punctual": {"light": 0},
                                "KHR_node_visibility": {"visible": true},
                                "EXT_vendor": {"extensions": {"EXT_vendor": {}}}}}],
      "textures": [{"extensions": {"EXT_texture_webp": {}}}],
      "materials": [{
          "normalTexture": {"index": 0, "extensions": {"KHR_texture_transform": {}}},
          "pbrMetallicRoughness": {"baseColorTexture": {"index": 0,
              "extensions": {"KHR_texture_transform": {"offset": [0, 1]}}}},
          "extensions": {"KHR_materials_clearcoat": {"clearcoatNormalTexture": {"index": 0,
              "extensions": {"KHR_texture_transform": {}}}}}}])");
  EXPECT_THAT(extension_warnings(r), IsEmpty());
}

TEST(ExtensionCheck, DeepNestingIsWalkedWithoutRecursion) {
  // Unknown extension data nested far deeper than glTF objects go: not walked past the bound.
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  ReadResult r = read_ok(cat(R"("extensionsUsed": ["EXT_a"], "nodes": [{"extensions": {"EXT_a":
      {"data": )",
                             deep, R"(, "extensions": {"EXT_b": {}}}}}])"));
  EXPECT_THAT(messages(r.diagnostics, "gltf.read.extension-undeclared"),
              ElementsAre(HasSubstr("/nodes/0/extensions/EXT_a/extensions/EXT_b: ")));
}

}  // namespace
}  // namespace px::gltf::testing
