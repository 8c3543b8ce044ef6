// The asset's minVersion checked against its version as the Khronos validator checks it.
#include "formats/gltf/check/asset_check.h"

#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/json_check_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<std::string> warnings(std::string_view asset) {
  return json_check_warnings(check_asset, cat(R"({"asset": )", asset, "}"));
}

TEST(AssetCheck, MinVersionGreaterThanVersion) {
  EXPECT_THAT(warnings(R"({"version": "2.0", "minVersion": "2.1"})"),
              ElementsAre("gltf.read.asset-min-version: /asset/minVersion: '2.1' is greater than "
                          "the version '2.0'"));
  EXPECT_THAT(warnings(R"({"version": "2.10", "minVersion": "2.9"})"), IsEmpty());
  EXPECT_THAT(warnings(R"({"version": "2.0", "minVersion": "2.0"})"), IsEmpty());
  // A version not of the pattern is the schema check's.
  EXPECT_THAT(warnings(R"({"version": "2.0", "minVersion": "3"})"), IsEmpty());
}

}  // namespace
}  // namespace px::gltf::testing
