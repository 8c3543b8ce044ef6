// Diagnostics, errors, base64, data: URIs and media types (atomic output: atomic_file_test.cc).

#include <gtest/gtest.h>

#include "engine/base64.h"
#include "engine/errors.h"
#include "engine/uri.h"
#include "polyxios/diagnostics.h"

namespace px {
namespace {

TEST(Diagnostics, CountsIdenticalWarningsInsteadOfRepeatingThem) {
  Diagnostics d;
  d.warn("a.b", "same", 3);
  d.warn("a.b", "same", 9);
  d.warn("a.b", "other");
  d.info("c.d", "note");
  ASSERT_EQ(d.entries().size(), 3u);
  EXPECT_EQ(d.entries()[0].count, 2);
  EXPECT_EQ(d.entries()[0].line, 3);
  EXPECT_EQ(d.count("a.b"), 3);
  EXPECT_EQ(d.warning_count(), 3);
  auto by_code = d.counts_by_code();
  ASSERT_EQ(by_code.size(), 2u);
  EXPECT_EQ(by_code[0], (std::pair<std::string, int64_t>{"a.b", 3}));
}

TEST(Errors, RefusalsNameRuleElementAndLine) {
  absl::Status s = refuse("collada.p.length", "triangles", 12, "too short");
  EXPECT_EQ(s.message(), "collada.p.length: <triangles> at line 12: too short");
  EXPECT_EQ(failure_of(s), Failure::kRefused);
  EXPECT_EQ(failure_of(io_error("disk")), Failure::kIo);
  EXPECT_EQ(failure_of(over_budget("x", "y", 1, "z")), Failure::kRefused);
  EXPECT_EQ(failure_of(absl::InternalError("bug")), Failure::kInternal);
  EXPECT_EQ(failure_of(absl::OkStatus()), Failure::kNone);
  EXPECT_EQ(failure_of(out_of_memory("the XML parser")), Failure::kOutOfMemory);
}

// Out of memory exits 3 like an I/O failure: the machine's failure, worth a retry (issue 13).
TEST(Errors, ExitStatusOfEachFailure) {
  EXPECT_EQ(exit_status(Failure::kNone), 0);
  EXPECT_EQ(exit_status(Failure::kUsage), 1);
  EXPECT_EQ(exit_status(Failure::kRefused), 2);
  EXPECT_EQ(exit_status(Failure::kIo), 3);
  EXPECT_EQ(exit_status(Failure::kOutOfMemory), 3);
  EXPECT_EQ(exit_status(Failure::kInternal), 4);
  EXPECT_EQ(kOutOfMemoryExitStatus, 3);
}

TEST(Base64, RoundTripsEveryLength) {
  std::string bytes;
  for (int n = 0; n < 40; ++n) {
    std::string encoded = base64_encode(bytes);
    EXPECT_EQ(encoded.size() % 4, 0u);
    auto decoded = base64_decode(encoded);
    ASSERT_TRUE(decoded.has_value());
    EXPECT_EQ(std::string(decoded->begin(), decoded->end()), bytes);
    bytes.push_back(static_cast<char>(n * 37));
  }
  EXPECT_EQ(base64_encode("Man"), "TWFu");
  EXPECT_FALSE(base64_decode("TW*u").has_value());
}

TEST(DataUri, Base64MarkerInAnyCaseElsePercentDecoded) {
  auto a = decode_data_uri("data:image/png;BASE64,iVBORw0KGgo=");
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->media_type, "image/png");
  EXPECT_EQ(sniff_media_type(a->bytes), "image/png");
  auto b = decode_data_uri("data:text/plain,a%20b");
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(std::string(b->bytes.begin(), b->bytes.end()), "a b");
  EXPECT_FALSE(decode_data_uri("data:nocomma").has_value());
  EXPECT_FALSE(decode_data_uri("file.png").has_value());
}

TEST(Base64, MatchesRfc4648Vectors) {
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("fo"), "Zm8=");
  EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64_encode("\xFF\xFE"), "//4=");
}

TEST(DataUri, EncodesBytesAsBase64) {
  std::vector<uint8_t> bytes = {'h', 'i'};
  EXPECT_EQ(data_uri("image/png", bytes), "data:image/png;base64,aGk=");
}

TEST(PercentEncode, EncodesAllButUnreserved) {
  EXPECT_EQ(percent_encode("scene-1_a.b~.bin"), "scene-1_a.b~.bin");
  EXPECT_EQ(percent_encode("my model#2.bin"), "my%20model%232.bin");
  EXPECT_EQ(percent_encode("\xC3\xA9.bin"), "%C3%A9.bin");
}

TEST(AsUriReference, KeepsReferencesAndEscapesWhatKeepsOthersFromBeingOne) {
  for (const char* valid : {"tex%20ture.png", "../maps/a.png", "http://host:8080/a.png?x=1#f",
                            "data:image/png;base64,iVBOR+/=", "a:b/c", "./a:b.png", ""}) {
    EXPECT_EQ(as_uri_reference(valid), valid) << valid;
  }
  EXPECT_EQ(as_uri_reference(":"), "%3A");  // no scheme: a ':' in the first segment
  EXPECT_EQ(as_uri_reference("1:x.png"), "1%3Ax.png");
  EXPECT_EQ(as_uri_reference("my tex.png"), "my%20tex.png");
  EXPECT_EQ(as_uri_reference("100%.png"), "100%25.png");
  EXPECT_EQ(as_uri_reference("a#b#c"), "a#b%23c");
  EXPECT_EQ(as_uri_reference("\xC3\xA9t\xC3\xA9.png"), "%C3%A9t%C3%A9.png");
  EXPECT_EQ(as_uri_reference("a<b>\\c"), "a%3Cb%3E%5Cc");
  // What it escapes decodes back to the name it spelled.
  EXPECT_EQ(percent_decode(as_uri_reference("my tex:1%.png")), "my tex:1%.png");
}

TEST(PercentDecode, DecodesPairsAndKeepsStrayPercents) {
  EXPECT_EQ(percent_decode("tex%20ture.png"), "tex ture.png");
  EXPECT_EQ(percent_decode("100%"), "100%");
  EXPECT_EQ(percent_decode("%zz%4"), "%zz%4");
}

TEST(IsMediaType, TakesTypeSlashSubtypeOfTokenCharacters) {
  EXPECT_TRUE(is_media_type("image/png"));
  EXPECT_TRUE(is_media_type("image/vnd-ms.dds"));
  EXPECT_TRUE(is_media_type("application/x-tga+raw"));
  EXPECT_FALSE(is_media_type("png"));
  EXPECT_FALSE(is_media_type("image/"));
  EXPECT_FALSE(is_media_type("/png"));
  EXPECT_FALSE(is_media_type("image/png; q=1"));
  EXPECT_FALSE(is_media_type("image/pn/g"));
  EXPECT_FALSE(is_media_type(""));
}

TEST(SniffMediaType, KnowsCommonImageFormats) {
  auto sniff = [](std::string_view s) {
    return sniff_media_type(
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
  };
  EXPECT_EQ(sniff("\xff\xd8\xff\xe0"), "image/jpeg");
  EXPECT_EQ(sniff("GIF89a.."), "image/gif");
  EXPECT_EQ(sniff("BM...."), "image/bmp");
  EXPECT_EQ(sniff("nothing"), "");
}

}  // namespace
}  // namespace px
