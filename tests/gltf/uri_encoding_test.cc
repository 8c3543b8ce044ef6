#include "formats/gltf/uri_encoding.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace px::gltf {
namespace {

std::string b64(std::string_view s) {
  return base64_encode({reinterpret_cast<const uint8_t*>(s.data()), s.size()});
}

TEST(UriEncoding, Base64MatchesRfc4648Vectors) {
  EXPECT_EQ(b64(""), "");
  EXPECT_EQ(b64("f"), "Zg==");
  EXPECT_EQ(b64("fo"), "Zm8=");
  EXPECT_EQ(b64("foo"), "Zm9v");
  EXPECT_EQ(b64("foob"), "Zm9vYg==");
  EXPECT_EQ(b64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(b64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(b64("\xFF\xFE"), "//4=");
}

TEST(UriEncoding, DataUri) {
  std::vector<uint8_t> bytes = {'h', 'i'};
  EXPECT_EQ(data_uri("image/png", bytes), "data:image/png;base64,aGk=");
}

TEST(UriEncoding, PercentEncodesAllButUnreserved) {
  EXPECT_EQ(percent_encode("scene-1_a.b~.bin"), "scene-1_a.b~.bin");
  EXPECT_EQ(percent_encode("my model#2.bin"), "my%20model%232.bin");
  EXPECT_EQ(percent_encode("\xC3\xA9.bin"), "%C3%A9.bin");
}

}  // namespace
}  // namespace px::gltf
