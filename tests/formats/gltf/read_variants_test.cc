// KHR_materials_variants read: each fault is left out with the polyxios code of the one Khronos
// validator code it is, so that validate's khronosCode is exact, and the message opens with the
// JSON pointer the validator names.
#include <string>
#include <string_view>

#include "formats/gltf/khronos_codes.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

// The diagnostics of a document with two materials and one triangle primitive of material 0;
// `root` is the root's KHR_materials_variants (none when empty), `primitive` the primitive's.
Diagnostics read_variants(std::string_view root, std::string_view primitive) {
  Bin bin;
  bin.add(std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0});
  const std::string root_extension =
      root.empty() ? "" : cat(R"("extensions": {"KHR_materials_variants": )", root, "},");
  ReadResult r =
      read_bytes(document(cat(R"("extensionsUsed": ["KHR_materials_variants"],)", root_extension,
                              R"("materials": [{}, {}],
      "bufferViews": [{"buffer": 0, "byteLength": 36}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                     "min": [0, 0, 0], "max": [1, 1, 0]}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "material": 0,
          "extensions": {"KHR_materials_variants": )",
                              primitive, "}}]}]"),
                          bin));
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return r.diagnostics;
}

struct Case {
  std::string_view root;
  std::string_view primitive;
  std::string_view code;
  std::string_view khronos;
  std::string pointer;  // the message's start
  // A fault of the variants list leaves no variant, so that the mapping then names none, which
  // the validator says too.
  size_t warnings = 1;
};

constexpr std::string_view kRoot = R"({"variants": [{"name": "a"}]})";
constexpr std::string_view kMapping = R"({"mappings": [{"material": 1, "variants": [0]}]})";
constexpr std::string_view kAt = "/meshes/0/primitives/0/extensions/KHR_materials_variants";

TEST(ReadVariants, EachFaultHasTheCodeOfItsKhronosCode) {
  const std::string mapping = cat(kAt, "/mappings/0");
  const Case cases[] = {
      {"{}", kMapping, "gltf.read.variants-property-missing", "UNDEFINED_PROPERTY",
       "/extensions/KHR_materials_variants has no variants", 2},
      {R"({"variants": []})", kMapping, "gltf.read.variants-empty", "EMPTY_ENTITY",
       "/extensions/KHR_materials_variants/variants ", 2},
      {R"({"variants": {}})", kMapping, "gltf.read.variants-type", "TYPE_MISMATCH",
       "/extensions/KHR_materials_variants/variants ", 2},
      {R"({"variants": [{"name": 0}]})", kMapping, "gltf.read.variants-type", "TYPE_MISMATCH",
       "/extensions/KHR_materials_variants/variants/0/name "},
      {R"({"variants": [{}]})", kMapping, "gltf.read.variants-property-missing",
       "UNDEFINED_PROPERTY", "/extensions/KHR_materials_variants/variants/0 has no name"},
      {kRoot, "{}", "gltf.read.variants-property-missing", "UNDEFINED_PROPERTY",
       cat(kAt, " has no mappings")},
      {kRoot, R"({"mappings": []})", "gltf.read.variants-empty", "EMPTY_ENTITY",
       cat(kAt, "/mappings ")},
      {kRoot, R"({"mappings": {}})", "gltf.read.variants-type", "TYPE_MISMATCH",
       cat(kAt, "/mappings ")},
      {kRoot, R"({"mappings": [{"variants": [0]}]})", "gltf.read.variants-property-missing",
       "UNDEFINED_PROPERTY", cat(mapping, " has no material")},
      {kRoot, R"({"mappings": [{"material": 1}]})", "gltf.read.variants-property-missing",
       "UNDEFINED_PROPERTY", cat(mapping, " has no variants")},
      {kRoot, R"({"mappings": [{"material": "1", "variants": [0]}]})", "gltf.read.variants-type",
       "TYPE_MISMATCH", cat(mapping, "/material ")},
      {kRoot, R"({"mappings": [{"material": 2, "variants": [0]}]})",
       "gltf.read.variants-reference-unresolved", "UNRESOLVED_REFERENCE",
       cat(mapping, "/material ")},
      {kRoot, R"({"mappings": [{"material": 1, "variants": []}]})", "gltf.read.variants-empty",
       "EMPTY_ENTITY", cat(mapping, "/variants ")},
      {kRoot, R"({"mappings": [{"material": 1, "variants": [-1]}]})", "gltf.read.variants-type",
       "TYPE_MISMATCH", cat(mapping, "/variants/0 ")},
      {kRoot, R"({"mappings": [{"material": 1, "variants": [1]}]})",
       "gltf.read.variants-reference-unresolved", "UNRESOLVED_REFERENCE",
       cat(mapping, "/variants/0 ")},
      {kRoot,
       R"({"mappings": [{"material": 1, "variants": [0]}, {"material": 0, "variants": [0]}]})",
       "gltf.read.variants-non-unique", "KHR_MATERIALS_VARIANTS_NON_UNIQUE_VARIANT",
       cat(kAt, "/mappings/1/variants/0: ")},
      {"", kMapping, "gltf.read.variants-dependency", "UNSATISFIED_DEPENDENCY", cat(mapping, ": ")},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(cat(c.root, " ", c.primitive));
    Diagnostics diagnostics = read_variants(c.root, c.primitive);
    ASSERT_EQ(diagnostics.entries().size(), c.warnings);
    if (c.warnings == 2) {
      EXPECT_EQ(diagnostics.entries()[1].code, "gltf.read.variants-reference-unresolved");
    }
    const Diagnostic& d = diagnostics.entries()[0];
    EXPECT_EQ(d.code, c.code);
    EXPECT_EQ(d.message.substr(0, c.pointer.size()), c.pointer) << d.message;
    std::optional<KhronosCode> khronos = khronos_code_of(d.code);
    ASSERT_TRUE(khronos.has_value());
    EXPECT_EQ(khronos->code, c.khronos);
  }
  // A mapping missing both members says so for each.
  Diagnostics both = read_variants(kRoot, R"({"mappings": [{}]})");
  EXPECT_EQ(both.count("gltf.read.variants-property-missing"), 2);
  // A mapping naming neither a material nor a variant says so for each, as the validator does.
  Diagnostics neither = read_variants(kRoot, R"({"mappings": [{"material": 2, "variants": [1]}]})");
  EXPECT_EQ(neither.count("gltf.read.variants-reference-unresolved"), 2);
  EXPECT_EQ(read_variants(kRoot, kMapping).entries().size(), 0u);
}

// What polyxios cannot keep but the validator takes has no Khronos code: validate grades it a
// conversion note.
TEST(ReadVariants, ASecondPrimitiveOfAMeshAndMaterialLosesItsMappingsWithoutAKhronosCode) {
  Bin bin;
  bin.add(std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0});
  ReadResult r = read_bytes(document(R"("extensionsUsed": ["KHR_materials_variants"],
      "extensions": {"KHR_materials_variants": {"variants": [{"name": "a"}, {"name": "b"}]}},
      "materials": [{}, {}],
      "bufferViews": [{"buffer": 0, "byteLength": 36}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                     "min": [0, 0, 0], "max": [1, 1, 0]}],
      "meshes": [{"primitives": [
          {"attributes": {"POSITION": 0}, "material": 0,
           "extensions": {"KHR_materials_variants": {"mappings": [
               {"material": 1, "variants": [0]}]}}},
          {"attributes": {"POSITION": 0}, "material": 0,
           "extensions": {"KHR_materials_variants": {"mappings": [
               {"material": 1, "variants": [1]}]}}}]}])",
                                     bin));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_EQ(r.diagnostics.entries().size(), 1u);
  EXPECT_EQ(r.diagnostics.entries()[0].code, "gltf.read.variants-mappings-dropped");
  EXPECT_FALSE(khronos_code_of("gltf.read.variants-mappings-dropped").has_value());
  ASSERT_EQ(r.scene->material_variants.primitives.size(), 1u);
}

}  // namespace
}  // namespace px::gltf::testing
