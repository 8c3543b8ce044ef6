// formats/gltf/read/json_numbers.h: numbers below 1e-323, which RapidJSON 1.1.0 misreads in full
// precision, respelled as the double they round to before the parse.
#include "formats/gltf/read/json_numbers.h"

#include <gtest/gtest.h>

#include <string>

#include "formats/gltf/read/gltf_reader.h"
#include "polyxios/diagnostics.h"

namespace px::gltf {
namespace {

TEST(RespellTinyNumbers, LeavesOrdinaryTextAlone) {
  EXPECT_FALSE(respell_tiny_numbers(R"({"a": [1, -2.5e-300, 0.0, 1e-323, 7E+400, "1e-999"]})"));
  EXPECT_FALSE(respell_tiny_numbers(R"({"k\"1e-999": "\\", "b": 0e-999, "c": -0.000e-999})"));
  EXPECT_FALSE(respell_tiny_numbers(""));
  EXPECT_FALSE(respell_tiny_numbers("[1.e-999, -e-999, \"unterminated 1e-999"));
}

TEST(RespellTinyNumbers, SpellsTinyNumbersAsTheirNearestDoubleInTheSameBytes) {
  const std::string digits(300, '5');
  const std::string json = "[2.2" + digits + "E-600, 9.9" + digits + "e-324, -3e-324," +
                           " 0.00000000001e-314, 2.2" + digits + "E-324, 1e-324]";
  std::optional<std::string> out = respell_tiny_numbers(json);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->size(), json.size());
  std::string squeezed;
  for (char c : *out) {
    if (c != ' ') squeezed += c;
  }
  EXPECT_EQ(squeezed, "[0,1e-323,-5e-324,0,0,0]");
  // A negative that rounds to zero keeps its sign as a double.
  EXPECT_EQ(*respell_tiny_numbers("[-1e-400]"), "[-0.0   ]");
}

// The fuzzer's input: it crashed the reader inside RapidJSON; now a plain refusal or a read.
TEST(RespellTinyNumbers, TheReaderNoLongerMisreadsThem) {
  const std::string digits(300, '5');
  for (const std::string& number : {"2.2" + digits + "E-600", "2.2" + digits + "E-325"}) {
    const std::string json = R"({"asset": {"version": "2.0"}, "extras": {"v": )" + number + "}}";
    Diagnostics diagnostics;
    auto scene = read_memory(json, ".", ReadOptions(), diagnostics);
    ASSERT_TRUE(scene.ok()) << scene.status();
  }
}

}  // namespace
}  // namespace px::gltf
