// The bytes behind buffers and images: URIs that do not parse, buffer data: URIs of another media
// type, missing files and BIN chunks, buffers shorter than their byteLength, image types that
// disagree with the bytes or need an extension, and PNG / JPEG data that does not parse or ends
// early; each a warning naming what broke the rule, for buffers and images used or not.
#include "formats/gltf/check/resource_check.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/base64.h"
#include "formats/gltf/read/read_buffers.h"
#include "formats/gltf/read/read_context.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::StartsWith;

using namespace std::string_view_literals;

constexpr std::string_view kUriInvalid = "gltf.read.uri-invalid";
constexpr std::string_view kMediaType = "gltf.read.buffer-media-type";
constexpr std::string_view kMissing = "gltf.read.buffer-missing";
constexpr std::string_view kTooShort = "gltf.read.buffer-too-short";
constexpr std::string_view kImageType = "gltf.read.image-media-type";
constexpr std::string_view kNotEnabled = "gltf.read.image-type-not-enabled";
constexpr std::string_view kDataInvalid = "gltf.read.image-data-invalid";
constexpr std::string_view kEos = "gltf.read.image-unexpected-eos";
constexpr std::string_view kCodes[] = {kUriInvalid, kMediaType,  kMissing,     kTooShort,
                                       kImageType,  kNotEnabled, kDataInvalid, kEos};

constexpr std::string_view kPngSignature = "\x89PNG\r\n\x1a\n"sv;
// A JPEG's marker segments up to its scan: SOI, a 1x1 frame of 3 components, SOS.
constexpr std::string_view kJpegHead =
    "\xff\xd8"
    "\xff\xc0\x00\x11\x08\x00\x01\x00\x01\x03\x01\x11\x00\x02\x11\x01\x03\x11\x01"
    "\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00"sv;

std::string jpeg() { return cat(kJpegHead, "\x12\x34\xff\xd9"sv); }

// A PNG chunk (its CRC left zero).
std::string png_chunk(std::string_view type, std::string_view data) {
  std::string out;
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>(data.size() >> shift);
  return cat(out, type, data, "\0\0\0\0"sv);
}

std::string data_uri_of(std::string_view media_type, std::string_view bytes) {
  return px::data_uri(media_type, {reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()});
}

std::vector<std::string> messages(const Diagnostics& diagnostics, std::string_view code) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics.entries()) {
    if (d.code == code) out.push_back(d.message);
  }
  return out;
}

// The warnings of this module a read gave, as "code message".
std::vector<std::string> resource_warnings(const Diagnostics& diagnostics) {
  std::vector<std::string> out;
  for (std::string_view code : kCodes) {
    for (const std::string& m : messages(diagnostics, code)) out.push_back(cat(code, " ", m));
  }
  return out;
}

ReadResult read_ok(std::string_view bytes, const std::filesystem::path& base_dir = {}) {
  ReadResult r = read_bytes(bytes, {}, base_dir);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  return r;
}

// check_resources on a GLB's JSON and BIN chunk (read_memory tells Buffers whether it reads a
// GLB; this calls the check on its own).
Diagnostics check_glb(std::string_view json, std::optional<std::string_view> bin) {
  px::gltf::JsonDocument doc;
  doc.Parse(json.data(), json.size());
  Scene scene;
  ReadOptions options;
  Diagnostics diagnostics;
  ReadContext ctx(*JsonObject::of(doc, ""), scene, options, diagnostics, {}, json.size());
  EXPECT_TRUE(ctx.init().ok());
  std::optional<std::span<const uint8_t>> bin_bytes;
  if (bin) bin_bytes = std::span(reinterpret_cast<const uint8_t*>(bin->data()), bin->size());
  Buffers buffers(ctx, bin_bytes, /*glb=*/true);
  check_resources(ctx, buffers);
  return diagnostics;
}

// ---- Buffers

TEST(ResourceCheck, BufferUrisThatDoNotParseAreWarnedAboutUsedOrNot) {
  Bin bin;
  bin.add<float>({0, 0, 0});
  // An empty parameter before base64, which decode_data_uri reads past.
  const std::string used = data_uri_of("application/octet-stream;", bin.bytes());
  ReadResult r = read_ok(cat(R"({"asset": {"version": "2.0"}, "buffers": [
      {"uri": ":", "byteLength": 1},
      {"uri": "data:application/octet-stream;;base64,AA==", "byteLength": 1},
      {"uri": "data:", "byteLength": 4},
      {"uri": "1a:b", "byteLength": 1},
      {"uri": "a b:c", "byteLength": 1},
      {"uri": "data:a/b/c;base64,AA==", "byteLength": 1},
      {"uri": "data:application/octet-stream;base64,A`==", "byteLength": 1},
      {"uri": ")",
                             used, R"(", "byteLength": 12}],
      "bufferViews": [{"buffer": 7, "byteLength": 12}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3"}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 0}]}]})"));
  EXPECT_THAT(
      messages(r.diagnostics, kUriInvalid),
      ElementsAre(HasSubstr("/buffers/0/uri: the URI does not parse: its scheme, before the ':', "
                            "is empty"),
                  HasSubstr("/buffers/1/uri: the URI does not parse: its parameter \"\""),
                  HasSubstr("/buffers/2/uri: the URI does not parse: the data: URI has no ','"),
                  HasSubstr("/buffers/3/uri: the URI does not parse: its scheme \"1a\" does not "
                            "start with a letter"),
                  HasSubstr("/buffers/4/uri: the URI does not parse: its scheme \"a b\" holds"),
                  HasSubstr("/buffers/5/uri: the URI does not parse: its media type \"a/b/c\""),
                  HasSubstr("/buffers/6/uri: the data: URI's data is not valid base64"),
                  HasSubstr("/buffers/7/uri: the URI does not parse: its parameter \"\"")));
}

TEST(ResourceCheck, BufferDataUriOfAnotherMediaTypeIsWarnedAbout) {
  ReadResult r = read_ok(R"({"asset": {"version": "2.0"}, "buffers": [
      {"uri": "data:application/octet-stream2;base64,AA==", "byteLength": 1},
      {"uri": "data:application/OCTET-STREAM;base64,AA==", "byteLength": 1},
      {"uri": "data:application/gltf-buffer,0", "byteLength": 1},
      {"uri": "data:;base64,AA==", "byteLength": 1}]})");
  EXPECT_THAT(messages(r.diagnostics, kMediaType),
              ElementsAre(StartsWith("/buffers/0/uri: a buffer's data: URI is "
                                     "application/octet-stream or application/gltf-buffer, not "
                                     "\"application/octet-stream2\""),
                          StartsWith("/buffers/3/uri: a buffer's data: URI is "
                                     "application/octet-stream or application/gltf-buffer, not "
                                     "\"text/plain\"")));
  EXPECT_EQ(r.diagnostics.count(kTooShort), 0);
}

TEST(ResourceCheck, BufferFileThatIsNotThereIsWarnedAbout) {
  std::filesystem::path dir = temp_folder("resource_check_not_found");
  ReadResult r = read_ok(R"({"asset": {"version": "2.0"},
      "buffers": [{"uri": "not_found.bin", "byteLength": 16}]})",
                         dir);
  EXPECT_THAT(messages(r.diagnostics, kMissing),
              ElementsAre(R"(/buffers/0/uri: the buffer's file "not_found.bin" was not found)"));
}

TEST(ResourceCheck, GlbBufferWithoutItsBinChunkIsWarnedAbout) {
  constexpr std::string_view kJson = R"({"asset": {"version": "2.0"},
      "buffers": [{"byteLength": 4}, {"byteLength": 8}]})";
  EXPECT_THAT(messages(check_glb(kJson, std::nullopt), kMissing),
              ElementsAre("/buffers/0: the GLB's buffer 0 has no uri, so its data is the BIN "
                          "chunk, and the GLB has none"));
  EXPECT_THAT(resource_warnings(check_glb(kJson, "\0\0\0\0"sv)), IsEmpty());
  // In a .gltf, a buffer without a uri is the application's to fill.
  EXPECT_THAT(resource_warnings(read_ok(kJson).diagnostics), IsEmpty());
}

TEST(ResourceCheck, BufferDataShorterThanByteLengthIsWarnedAbout) {
  ReadResult data = read_ok(R"({"asset": {"version": "2.0"}, "buffers": [
      {"uri": "data:application/octet-stream;base64,AA==", "byteLength": 2},
      {"uri": "data:application/octet-stream;base64,AA=="}]})");
  EXPECT_THAT(messages(data.diagnostics, kTooShort),
              ElementsAre("/buffers/0: byteLength is 2, but the buffer's data holds 1 bytes"));

  ReadResult glb_bin = read_ok(glb(
      R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": 17}]})", std::string(16, '\0')));
  EXPECT_THAT(messages(glb_bin.diagnostics, kTooShort),
              ElementsAre("/buffers/0: byteLength is 17, but the buffer's data holds 16 bytes"));

  std::filesystem::path dir = temp_folder("resource_check_short_file");
  write_file(dir / "short.bin", std::string(16, '\0'));
  ReadResult file = read_ok(R"({"asset": {"version": "2.0"},
      "buffers": [{"uri": "short.bin", "byteLength": 17}, {"uri": "short.bin", "byteLength": 16}]})",
                            dir);
  EXPECT_THAT(messages(file.diagnostics, kTooShort),
              ElementsAre("/buffers/0: byteLength is 17, but the buffer's data holds 16 bytes"));
}

TEST(ResourceCheck, BuffersThatKeepTheRulesGiveNoWarning) {
  std::filesystem::path dir = temp_folder("resource_check_valid_buffers");
  Bin bin;
  bin.add<float>({1, 2, 3});
  write_file(dir / "points.bin", bin.bytes());
  ReadResult r = read_ok(cat(R"({"asset": {"version": "2.0"}, "buffers": [
      {"uri": "points.bin", "byteLength": 12},
      {"uri": "points.bin", "byteLength": 12},
      {"uri": ")",
                             bin.data_uri(), R"(", "byteLength": 12},
      {"uri": "data:application/gltf-buffer;name=x;base64,AAAA", "byteLength": 3},
      {"uri": "https://example.com/a.bin", "byteLength": 100},
      {"uri": "C:/x.bin", "byteLength": 100},
      {"byteLength": 100}],
      "bufferViews": [{"buffer": 0, "byteLength": 12}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3"}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 0}]}]})"),
                         dir);
  EXPECT_THAT(resource_warnings(r.diagnostics), IsEmpty());
}

// ---- Images

// A document of `images` (JSON array members) whose buffer 0 holds `bin`.
std::string images_document(std::string_view images, const Bin& bin = {},
                            std::string_view more = "") {
  return document(cat(R"("images": [)", images, "]", more), bin);
}

TEST(ResourceCheck, ImageUrisThatDoNotParseOrDisagreeWithTheirBytesAreWarnedAbout) {
  ReadResult r = read_ok(
      images_document(cat(R"({"uri": ":"}, {"uri": "data:image/gif;base64,)", kPngBase64, R"("},
          {"uri": "data:image/png;;base64,)",
                          kPngBase64, R"("}, {"uri": "data:image/png;base64,AAAA"},
          {"uri": "data:image/PNG;base64,)",
                          kPngBase64, R"("}, {"uri": "data:;base64,)", kPngBase64, R"("})")));
  EXPECT_THAT(messages(r.diagnostics, kUriInvalid),
              ElementsAre(StartsWith("/images/0/uri: the URI does not parse: its scheme"),
                          "/images/1/uri: the data: URI says \"image/gif\", but its bytes are "
                          "image/png",
                          StartsWith("/images/2/uri: the URI does not parse: its parameter"),
                          "/images/3/uri: the data: URI says \"image/png\", but its bytes are no "
                          "image glTF knows",
                          "/images/5/uri: the data: URI says \"text/plain\", but its bytes are "
                          "image/png"));
}

TEST(ResourceCheck, ImageWarningsOfTheReaderAreNotRepeated) {
  std::filesystem::path dir = temp_folder("resource_check_image_missing");
  ReadResult r = read_ok(
      images_document(R"({"uri": "not_found.png"}, {"uri": "data:image/png;base64,`"})"), dir);
  EXPECT_EQ(r.diagnostics.count("gltf.image.missing"), 1);
  EXPECT_EQ(r.diagnostics.count("gltf.read.image-data-uri"), 1);
  EXPECT_THAT(resource_warnings(r.diagnostics), IsEmpty());
}

// Issue 13: a missing image file is read with gltf.image.missing (a .gltf may be copied before its
// textures) and refused by that rule under strict_resources; a URI that does not parse names no
// file, so it is neither.
TEST(ResourceCheck, ImageMissingIsAWarningOrUnderStrictResourcesARefusal) {
  std::filesystem::path dir = temp_folder("resource_check_image_missing_strict");
  write_file(dir / "there.png", whole_png());
  const std::string doc = images_document(R"({"uri": "there.png"}, {"uri": ":"})");
  ReadOptions strict;
  strict.strict_resources = true;
  ReadResult kept = read_bytes(doc, strict, dir);
  ASSERT_TRUE(kept.scene.ok()) << kept.scene.status();
  EXPECT_EQ(kept.diagnostics.count("gltf.image.missing"), 0);
  EXPECT_EQ(kept.scene->images[0].bytes.size(), whole_png().size());

  const std::string missing = images_document(R"({"uri": "there.png"}, {"uri": "gone%20.png"})");
  ReadResult warned = read_ok(missing, dir);
  EXPECT_THAT(messages(warned.diagnostics, "gltf.image.missing"),
              ElementsAre("/images/1: image file \"gone%20.png\" was not found; its URI is kept"));
  EXPECT_EQ(warned.scene->images[1].uri, "gone%20.png");

  ReadResult refused = read_bytes(missing, strict, dir);
  ASSERT_FALSE(refused.scene.ok());
  EXPECT_EQ(rule_of(refused.scene.status()), "gltf.image.missing");
  EXPECT_THAT(
      std::string(refused.scene.status().message()),
      StartsWith("gltf.image.missing: /images/1: image file \"gone%20.png\" was not found"));
}

TEST(ResourceCheck, ImageMimeTypeThatDisagreesWithTheBytesIsWarnedAbout) {
  Bin bin;
  size_t offset = bin.add_raw(whole_png());
  ReadResult r = read_ok(images_document(
      cat(R"({"uri": "data:image/png;base64,)", kPngBase64, R"(", "mimeType": "image/jpeg"},
          {"bufferView": 0, "mimeType": "image/jpeg"}, {"bufferView": 0, "mimeType": "image/png"})"),
      bin,
      cat(R"(, "bufferViews": [{"buffer": 0, "byteOffset": )", offset, R"(, "byteLength": )",
          whole_png().size(), "}]")));
  EXPECT_THAT(
      messages(r.diagnostics, kImageType),
      ElementsAre(R"(/images/0/mimeType: "image/jpeg", but the image's bytes are image/png)",
                  R"(/images/1/mimeType: "image/jpeg", but the image's bytes are image/png)"));
}

TEST(ResourceCheck, WebpAndKtx2ImagesNeedTheirExtension) {
  const std::string webp = cat("RIFF\x16\0\0\0WEBPVP8L"sv, std::string(14, '\0'));
  const std::string ktx2 = cat("\xabKTX 20\xbb\r\n\x1a\n"sv, std::string(68, '\0'));
  const std::string images = cat(R"({"uri": ")", data_uri_of("image/webp", webp),
                                 R"("}, {"uri": ")", data_uri_of("image/ktx2", ktx2), R"("})");
  ReadResult r = read_ok(images_document(images));
  EXPECT_THAT(messages(r.diagnostics, kNotEnabled),
              ElementsAre("/images/0: the image is image/webp, which glTF allows only with "
                          "EXT_texture_webp in extensionsUsed",
                          "/images/1: the image is image/ktx2, which glTF allows only with "
                          "KHR_texture_basisu in extensionsUsed"));
  ReadResult enabled = read_ok(images_document(
      images, {}, R"(, "extensionsUsed": ["EXT_texture_webp", "KHR_texture_basisu"])"));
  EXPECT_EQ(enabled.diagnostics.count(kNotEnabled), 0);
}

TEST(ResourceCheck, PngAndJpegDataThatDoesNotParseIsWarnedAbout) {
  const std::string bad_jpeg = cat("\xff\xd8\xff"sv, std::string(16, '\0'));
  const std::string cmyk = [] {
    std::string out(kJpegHead);
    out[11] = 4;  // the frame's component count
    return out;
  }();
  const std::string not_ihdr_first =
      cat(kPngSignature, png_chunk("tEXt", "a"), png_chunk("IHDR", std::string(13, '\0')),
          png_chunk("IEND", ""));
  const std::string short_ihdr =
      cat(kPngSignature, png_chunk("IHDR", std::string(12, '\0')), png_chunk("IEND", ""));
  ReadResult r = read_ok(images_document(cat(
      R"({"uri": ")", data_uri_of("image/jpeg", bad_jpeg), R"("}, {"uri": ")",
      data_uri_of("image/jpeg", cmyk), R"("}, {"uri": ")", data_uri_of("image/png", not_ihdr_first),
      R"("}, {"uri": ")", data_uri_of("image/png", short_ihdr), R"("})")));
  EXPECT_THAT(messages(r.diagnostics, kDataInvalid),
              ElementsAre("/images/0: the JPEG marker segment at byte 2 gives a length of 0, "
                          "under 2",
                          "/images/1: the JPEG frame header at byte 2 gives 4 colour components, "
                          "not 1 or 3",
                          "/images/2: the PNG's first chunk is not IHDR",
                          "/images/3: the PNG's IHDR chunk at byte 8 is 12 bytes, not 13"));
  EXPECT_EQ(r.diagnostics.count(kEos), 0);
}

TEST(ResourceCheck, PngAndJpegDataThatEndsEarlyIsWarnedAbout) {
  const std::string png_eos = cat(kPngSignature, "\0\0\0\x0dIHDR"sv);
  const std::string no_iend = cat(kPngSignature, png_chunk("IHDR", std::string(13, '\0')));
  const std::string no_idat = cat(no_iend, png_chunk("IEND", ""));
  const std::string jpeg_eos = std::string(kJpegHead.substr(0, 12));
  std::filesystem::path dir = temp_folder("resource_check_png_eos");
  write_file(dir / "png_eos.png", png_eos);
  ReadResult r = read_ok(
      images_document(cat(R"({"uri": "png_eos.png"}, {"uri": ")", data_uri_of("image/png", no_iend),
                          R"("}, {"uri": ")", data_uri_of("image/jpeg", jpeg_eos),
                          R"("}, {"uri": ")", data_uri_of("image/png", no_idat), R"("})")),
      dir);
  EXPECT_THAT(messages(r.diagnostics, kEos),
              ElementsAre("/images/0: the PNG chunk at byte 8 ends at byte 33, past the data's 16",
                          "/images/1: the PNG ends at byte 33, inside a chunk header or before "
                          "its IEND chunk",
                          "/images/2: the JPEG ends at byte 12 before its start of scan (SOS)",
                          "/images/3: the PNG reaches its IEND chunk at byte 33 without image "
                          "data (an IDAT chunk)"));
  EXPECT_EQ(r.diagnostics.count(kDataInvalid), 0);
}

TEST(ResourceCheck, ImagesThatKeepTheRulesGiveNoWarning) {
  std::filesystem::path dir = temp_folder("resource_check_valid_images");
  write_file(dir / "a.png", whole_png());
  write_file(dir / "b.jpg", jpeg());
  Bin bin;
  size_t offset = bin.add_raw(jpeg());
  ReadResult r =
      read_ok(images_document(cat(R"({"uri": "a.png"}, {"uri": "b.jpg", "mimeType": "image/jpeg"},
          {"uri": "data:image/png;base64,)",
                                  kPngBase64, R"("}, {"uri": ")", data_uri_of("image/jpeg", jpeg()),
                                  R"("}, {"bufferView": 0, "mimeType": "image/jpeg"})"),
                              bin,
                              cat(R"(, "bufferViews": [{"buffer": 0, "byteOffset": )", offset,
                                  R"(, "byteLength": )", jpeg().size(), "}]")),
              dir);
  EXPECT_THAT(resource_warnings(r.diagnostics), IsEmpty());
}

}  // namespace
}  // namespace px::gltf::testing
