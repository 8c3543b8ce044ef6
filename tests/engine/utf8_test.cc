// The one UTF-8 decoder: well-formed sequences of every length, and each ill-formed kind.
#include "engine/utf8.h"

#include <gtest/gtest.h>

namespace px {
namespace {

TEST(Utf8, DecodesEveryLength) {
  size_t n = 0;
  EXPECT_EQ(decode_utf8("A", 0, &n), 0x41u);
  EXPECT_EQ(n, 1u);
  EXPECT_EQ(decode_utf8("\xC3\xA9", 0, &n), 0xE9u);
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(decode_utf8("x\xE2\x82\xAC", 1, &n), 0x20ACu);
  EXPECT_EQ(n, 3u);
  EXPECT_EQ(decode_utf8("\xF4\x8F\xBF\xBF", 0, &n), 0x10FFFFu);
  EXPECT_EQ(n, 4u);
}

TEST(Utf8, RefusesEveryIllFormedKind) {
  for (const char* bad : {"\x80", "\xC3", "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80",
                          "\xF4\x90\x80\x80", "\xF8\x88\x80\x80\x80", "\xC3\x41", "\xFF"}) {
    size_t n = 7;
    decode_utf8(bad, 0, &n);
    EXPECT_EQ(n, 0u) << testing::PrintToString(bad);
  }
}

TEST(Utf8, ValidUtf8ReplacesEachBadByte) {
  EXPECT_EQ(valid_utf8("caf\xC3\xA9"), "caf\xC3\xA9");
  EXPECT_EQ(valid_utf8("a\xFF" "b"), "a\xEF\xBF\xBD" "b");
  EXPECT_EQ(valid_utf8("\xE2\x82"), "\xEF\xBF\xBD\xEF\xBF\xBD");  // cut: each byte
  EXPECT_EQ(valid_utf8(""), "");
}

}  // namespace
}  // namespace px
