// The image decoders (formats/image): TGA and BMP through stb_image, TIFF through libtiff, DDS
// through polyxios's own reader; each tiny image decoded, encoded as PNG, the PNG decoded again
// and compared pixel by pixel; the kinds sniffed from the bytes; every prefix of every image and
// corrupted copies decode or fail cleanly; dimensions past the limits refused before allocating.
#include <cstring>
#include <string>
#include <vector>

#include "formats/image/dds_decoder.h"
#include "formats/image/image_kind.h"
#include "formats/image/stb_codec.h"
#include "formats/image/transcode.h"
#include "gtest/gtest.h"
#include "tests/image/test_images.h"

namespace px::image::testing {
namespace {

std::vector<Rgba8> pixels_of(const Pixels& p) {
  std::vector<Rgba8> out;
  for (size_t i = 0; i + 3 < p.rgba.size(); i += 4) {
    out.push_back({p.rgba[i], p.rgba[i + 1], p.rgba[i + 2], p.rgba[i + 3]});
  }
  return out;
}

// bytes through transcode_to_png, and the PNG decoded back.
std::vector<Rgba8> through_png(const std::vector<uint8_t>& bytes, ImageKind kind) {
  absl::StatusOr<std::vector<uint8_t>> png = transcode_to_png(bytes, kind);
  EXPECT_TRUE(png.ok()) << png.status();
  if (!png.ok()) return {};
  EXPECT_EQ(std::memcmp(png->data(), "\x89PNG\r\n\x1a\n", 8), 0);
  absl::StatusOr<Pixels> back = decode_with_stb(*png, {});
  EXPECT_TRUE(back.ok()) << back.status();
  if (!back.ok()) return {};
  EXPECT_EQ(back->width, 2);
  EXPECT_EQ(back->height, 2);
  return pixels_of(*back);
}

std::vector<Rgba8> expected(std::array<Rgba8, 4> colours) {
  return {colours.begin(), colours.end()};
}

TEST(ImageKind, SniffedFromTheBytesNotTheName) {
  EXPECT_EQ(sniff_image_kind(make_tga()), ImageKind::kTga);
  EXPECT_EQ(sniff_image_kind(make_bmp()), ImageKind::kBmp);
  EXPECT_EQ(sniff_image_kind(make_tiff()), ImageKind::kTiff);
  EXPECT_EQ(sniff_image_kind(make_dds_dxt1()), ImageKind::kDds);
  const std::vector<uint8_t> png = *transcode_to_png(make_tga(), ImageKind::kTga);
  EXPECT_EQ(sniff_image_kind(png), ImageKind::kOther);
  const std::vector<uint8_t> jpeg = {0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F', 0,
                                     1,    1,    0,    0,    1, 0,    1,   0,   0,   0,   0};
  EXPECT_EQ(sniff_image_kind(jpeg), ImageKind::kOther);
  const std::string text = "<?xml version=\"1.0\"?><COLLADA/>";
  EXPECT_EQ(sniff_image_kind({reinterpret_cast<const uint8_t*>(text.data()), text.size()}),
            ImageKind::kOther);
  EXPECT_EQ(sniff_image_kind({}), ImageKind::kOther);
  EXPECT_EQ(image_kind_name(ImageKind::kDds), "DDS");
}

TEST(ImageDecode, TgaPixelByPixel) {
  EXPECT_EQ(through_png(make_tga(), ImageKind::kTga), expected(kColours));
}

TEST(ImageDecode, BmpPixelByPixel) {
  std::vector<Rgba8> want = expected(kColours);
  for (Rgba8& c : want) c.a = 255;  // 24-bit: no alpha
  EXPECT_EQ(through_png(make_bmp(), ImageKind::kBmp), want);
}

// libtiff premultiplies alpha, which the decoder divides out again: within one step.
TEST(ImageDecode, TiffPixelByPixel) {
  const std::vector<Rgba8> got = through_png(make_tiff(), ImageKind::kTiff);
  ASSERT_EQ(got.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    const Rgba8& want = kColours[i];
    EXPECT_NEAR(got[i].r, want.r, 1) << i;
    EXPECT_NEAR(got[i].g, want.g, 1) << i;
    EXPECT_NEAR(got[i].b, want.b, 1) << i;
    EXPECT_EQ(got[i].a, want.a) << i;
  }
}

TEST(ImageDecode, DdsUncompressedBgraAndDx10Rgba) {
  EXPECT_EQ(through_png(make_dds_bgra(), ImageKind::kDds), expected(kColours));
  EXPECT_EQ(through_png(make_dds_dx10_rgba(), ImageKind::kDds), expected(kColours));
}

TEST(ImageDecode, DdsDxt1Block) {
  EXPECT_EQ(through_png(make_dds_dxt1(), ImageKind::kDds), expected(kDxt1Colours));
}

TEST(ImageDecode, DdsDxt5Alpha) {
  std::vector<Rgba8> want = expected(kDxt1Colours);
  for (size_t i = 0; i < 4; ++i) want[i].a = kDxt5Alpha[i];
  EXPECT_EQ(through_png(make_dds_dxt5(), ImageKind::kDds), want);
}

TEST(ImageDecode, DdsBc4IsGreyAndBc5ANormalMapWithItsZRebuilt) {
  std::vector<Rgba8> grey;
  for (uint8_t v : kDxt5Alpha) grey.push_back({v, v, v, 255});
  EXPECT_EQ(through_png(make_dds_bc4(), ImageKind::kDds), grey);
  // z = sqrt(1 - x^2 - y^2) of x, y mapped from 0..255 to -1..1, mapped back
  EXPECT_EQ(
      through_png(make_dds_dx10_bc5(), ImageKind::kDds),
      (std::vector<Rgba8>{
          {255, 129, 128, 255}, {0, 128, 128, 255}, {219, 129, 216, 255}, {36, 128, 216, 255}}));
}

TEST(ImageDecode, DdsDxt1ThreeColourModeHasTransparentBlack) {
  std::vector<uint8_t> dds = make_dds_dxt1();
  const size_t block = dds.size() - 8;
  // colour 0 <= colour 1: index 3 is transparent black.
  dds[block] = 0x1F;
  dds[block + 1] = 0x00;
  dds[block + 2] = 0x00;
  dds[block + 3] = 0xF8;
  absl::StatusOr<Pixels> p = decode_dds(dds, {});
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(pixels_of(*p)[3], (Rgba8{0, 0, 0, 0}));
  EXPECT_EQ(pixels_of(*p)[2], (Rgba8{128, 0, 128, 255}));
}

TEST(ImageDecode, DdsFormatsItCannotDecodeAreRefusedByName) {
  std::vector<uint8_t> bc7 = dds_header(0x4, fourcc('D', 'X', '1', '0'), 0, {0, 0, 0, 0});
  for (uint32_t v : {98u, 3u, 0u, 1u, 0u}) put32(bc7, v);
  bc7.resize(bc7.size() + 16);
  absl::StatusOr<Pixels> p = decode_dds(bc7, {});
  ASSERT_FALSE(p.ok());
  EXPECT_NE(std::string(p.status().message()).find("DXGI format 98"), std::string::npos);
  std::vector<uint8_t> signed_bc5 = dds_header(0x4, fourcc('B', 'C', '5', 'S'), 0, {0, 0, 0, 0});
  signed_bc5.resize(signed_bc5.size() + 16);
  p = decode_dds(signed_bc5, {});
  ASSERT_FALSE(p.ok());
  EXPECT_NE(std::string(p.status().message()).find("BC5S"), std::string::npos);
}

TEST(ImageDecode, DimensionsPastTheLimitsAreRefusedBeforeDecoding) {
  // A DXT1 header claiming 16384 x 16384 with one block: refused on the limits or the size.
  std::vector<uint8_t> dds =
      dds_header(0x4, fourcc('D', 'X', 'T', '1'), 0, {0, 0, 0, 0}, 65535, 65535);
  dds.resize(dds.size() + 8);
  absl::StatusOr<Pixels> p = decode_dds(dds, {});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().code(), absl::StatusCode::kResourceExhausted);
  DecodeLimits small;
  small.max_bytes = 15;  // 2 x 2 RGBA is 16
  for (auto [bytes, kind] :
       {std::pair{make_tga(), ImageKind::kTga}, std::pair{make_bmp(), ImageKind::kBmp},
        std::pair{make_tiff(), ImageKind::kTiff}, std::pair{make_dds_bgra(), ImageKind::kDds}}) {
    absl::StatusOr<Pixels> q = decode_image(bytes, kind, small);
    ASSERT_FALSE(q.ok()) << image_kind_name(kind);
    EXPECT_EQ(q.status().code(), absl::StatusCode::kResourceExhausted) << q.status();
  }
}

// Every prefix of every image, and every single-byte corruption of its header, either decodes or
// fails with a status; none crashes (the sanitizer build checks no byte past the end is read).
TEST(ImageDecode, EveryPrefixAndHeaderCorruptionDecodesOrFailsCleanly) {
  const std::vector<std::vector<uint8_t>> images = {
      make_tga(),           make_bmp(),      make_tiff(),    make_dds_bgra(),    make_dds_dxt1(),
      make_dds_dx10_rgba(), make_dds_dxt5(), make_dds_bc4(), make_dds_dx10_bc5()};
  for (const std::vector<uint8_t>& full : images) {
    const ImageKind kind = sniff_image_kind(full);
    for (size_t n = 0; n < full.size(); ++n) {
      std::vector<uint8_t> prefix(full.begin(), full.begin() + n);  // its own allocation
      (void)transcode_to_png(prefix, kind);
      (void)transcode_to_png(prefix, sniff_image_kind(prefix));
    }
    const size_t header = std::min<size_t>(full.size(), 160);
    for (size_t i = 0; i < header; ++i) {
      for (uint8_t value : {uint8_t{0}, uint8_t{0xFF}, uint8_t{0x7F}, uint8_t(full[i] ^ 0x01)}) {
        std::vector<uint8_t> broken = full;
        broken[i] = value;
        absl::StatusOr<std::vector<uint8_t>> png = transcode_to_png(broken, kind);
        if (png.ok()) {
          EXPECT_EQ(sniff_image_kind(*png), ImageKind::kOther);
        }
      }
    }
  }
}

// stb_image reads zeros past the end of cut uncompressed pixels: such files are refused.
TEST(ImageDecode, CutUncompressedTgaAndBmpAreRefused) {
  for (std::vector<uint8_t> bytes : {make_tga(), make_bmp()}) {
    const ImageKind kind = sniff_image_kind(bytes);
    bytes.pop_back();
    absl::StatusOr<Pixels> p = decode_image(bytes, kind);
    ASSERT_FALSE(p.ok()) << image_kind_name(kind);
    EXPECT_NE(std::string(p.status().message()).find("the file ends after"), std::string::npos);
  }
}

TEST(ImageDecode, OtherBytesAreNotDecoded) {
  const std::vector<uint8_t> nothing = {1, 2, 3};
  EXPECT_FALSE(transcode_to_png(nothing, ImageKind::kOther).ok());
  EXPECT_FALSE(transcode_to_png(nothing, ImageKind::kTga).ok());
  EXPECT_FALSE(transcode_to_png({}, ImageKind::kTiff).ok());
  EXPECT_FALSE(encode_png(Pixels{}).ok());
}

}  // namespace
}  // namespace px::image::testing
