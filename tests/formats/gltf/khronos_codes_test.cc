// The Khronos validator's codes and the polyxios glTF codes' correspondence to them.
#include "formats/gltf/khronos_codes.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "formats/gltf/codes.h"

namespace px::gltf {
namespace {

TEST(KhronosCodes, AreSortedOnceEach) {
  std::span<const KhronosCode> codes = khronos_codes();
  EXPECT_GT(codes.size(), 150u);
  for (size_t i = 1; i < codes.size(); ++i) EXPECT_LT(codes[i - 1].code, codes[i].code);
}

TEST(KhronosCodes, CarryTheValidatorsDefaultSeverities) {
  EXPECT_EQ(khronos_code_named("NODE_MATRIX_TRS")->severity, KhronosSeverity::kError);
  EXPECT_EQ(khronos_code_named("VALUE_NOT_IN_LIST")->severity, KhronosSeverity::kWarning);
  EXPECT_EQ(khronos_code_named("UNUSED_OBJECT")->severity, KhronosSeverity::kInfo);
  EXPECT_EQ(khronos_code_named("BUFFER_VIEW_TARGET_MISSING")->severity, KhronosSeverity::kHint);
  EXPECT_FALSE(khronos_code_named("NODE_MATRIX_TSR"));
}

TEST(KhronosCodes, EachCorrespondenceJoinsAPolyxiosCodeToAValidatorCode) {
  EXPECT_EQ(khronos_code_of("gltf.read.node-trs-ignored")->code, "NODE_MATRIX_TRS");
  EXPECT_EQ(khronos_code_of("gltf.json.syntax")->code, "INVALID_JSON");
  EXPECT_EQ(khronos_code_of("gltf.read.indices-unused")->severity, KhronosSeverity::kWarning);
  EXPECT_FALSE(khronos_code_of("gltf.write.texture-dropped"));
  EXPECT_FALSE(khronos_code_of("collada.polygons.holes-dropped"));
  // Sorted, each a code the glTF modules emit, each naming a code the validator defines.
  std::span<const std::string_view> known = codes();
  std::span<const KhronosCorrespondence> table = khronos_correspondences();
  EXPECT_GT(table.size(), 80u);
  for (size_t i = 0; i < table.size(); ++i) {
    if (i > 0) EXPECT_LT(table[i - 1].polyxios, table[i].polyxios);
    EXPECT_TRUE(std::binary_search(known.begin(), known.end(), table[i].polyxios))
        << table[i].polyxios;
    EXPECT_TRUE(khronos_code_named(table[i].khronos)) << table[i].khronos;
  }
}

}  // namespace
}  // namespace px::gltf
