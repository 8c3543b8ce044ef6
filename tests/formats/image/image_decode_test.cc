// The image decoders (formats/image): TGA and BMP through stb_image, TIFF through libtiff, DDS
// through polyxios's own reader; each tiny image decoded, encoded as PNG, the PNG decoded again
// and compared pixel by pixel; the kinds sniffed from the bytes; every prefix of every image and
// corrupted copies decode or fail cleanly; dimensions past the limits refused before allocating.
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "formats/image/dds_decoder.h"
#include "formats/image/image_kind.h"
#include "formats/image/stb_codec.h"
#include "formats/image/transcode.h"
#include "gtest/gtest.h"
#include "tests/formats/image/test_images.h"

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
  // DXGI_FORMAT_R32G8X24_TYPELESS (19), a depth and stencil format
  std::vector<uint8_t> depth = make_dds_dx10(19, std::vector<uint8_t>(32));
  absl::StatusOr<Pixels> p = decode_dds(depth, {});
  ASSERT_FALSE(p.ok());
  EXPECT_NE(std::string(p.status().message()).find("DXGI format 19"), std::string::npos);
  std::vector<uint8_t> yuv = dds_header(0x4, fourcc('U', 'Y', 'V', 'Y'), 0, {0, 0, 0, 0});
  yuv.resize(yuv.size() + 16);
  p = decode_dds(yuv, {});
  ASSERT_FALSE(p.ok());
  EXPECT_NE(std::string(p.status().message()).find("UYVY"), std::string::npos);
}

// Mode 6's ramp: pixels 0, 1, 4 and 5 take weights 0, 4, 17 and 21 between (1, 3, 5, 7) and
// (255, 253, 251, 249): e.g. red (47 * 1 + 17 * 255 + 32) >> 6 = 68.
TEST(ImageDecode, DdsBc7PixelByPixel) {
  EXPECT_EQ(
      through_png(make_dds_bc7(), ImageKind::kDds),
      (std::vector<Rgba8>{{1, 3, 5, 7}, {17, 19, 20, 22}, {68, 69, 70, 71}, {84, 85, 86, 86}}));
}

// BC6H mode 11's ramp: red 1.0 (255); green the halves 0, 0x07C0 (0.000118: the sRGB linear
// segment, 0.39 -> 0), 0x20F0 (0.009644 -> 0.0975 -> 25) and 0x28B0 (0.036621 -> 0.2110 -> 54).
// In a 4 x 4 image its last pixel's green is 65504: clamped to 255, and said so.
TEST(ImageDecode, DdsBc6hIsClampedAndSrgbEncoded) {
  EXPECT_EQ(through_png(make_dds_bc6h(), ImageKind::kDds),
            (std::vector<Rgba8>{
                {255, 0, 0, 255}, {255, 0, 0, 255}, {255, 25, 0, 255}, {255, 54, 0, 255}}));
  absl::StatusOr<Pixels> small = decode_dds(make_dds_bc6h(), {});
  ASSERT_TRUE(small.ok()) << small.status();
  EXPECT_FALSE(small->hdr_clamped);  // the clamped pixels of its block lie outside the image
  absl::StatusOr<Pixels> full = decode_dds(make_dds_bc6h(4), {});
  ASSERT_TRUE(full.ok()) << full.status();
  EXPECT_TRUE(full->hdr_clamped);
  EXPECT_EQ(pixels_of(*full)[15], (Rgba8{255, 255, 0, 255}));
  // BC6H_SF16 (96) and TYPELESS (94, read as UF16) decode too
  const std::array<uint8_t, 16> block = bc6h_mode11_ramp_block();
  for (uint32_t format : {94u, 96u}) {
    absl::StatusOr<Pixels> p = decode_dds(make_dds_dx10(format, {block.begin(), block.end()}), {});
    EXPECT_TRUE(p.ok()) << format << ": " << p.status();
  }
}

// Signed endpoints 127 / -127 map to 255 / 0 as unsigned BC4's 255 / 0 do; BC5's green 0 / 0 is
// the middle, 128, but for index 7, which endpoints not above each other make 1 (255); z rebuilt
// as for unsigned BC5 (0 where x and y already reach past the unit circle).
TEST(ImageDecode, DdsSignedBc4IsGreyAndSignedBc5ANormalMap) {
  std::vector<Rgba8> grey;
  for (uint8_t v : kDxt5Alpha) grey.push_back({v, v, v, 255});
  EXPECT_EQ(through_png(make_dds_bc4s(), ImageKind::kDds), grey);
  EXPECT_EQ(
      through_png(make_dds_dx10_bc5s(), ImageKind::kDds),
      (std::vector<Rgba8>{
          {255, 128, 128, 255}, {0, 128, 128, 255}, {219, 128, 216, 255}, {36, 255, 128, 255}}));
  // endpoints -128 (read as -127) <= 0: the six-value palette with -1 and 1; indices 0, 1, 6, 7
  std::vector<uint8_t> dds = dds_header(0x4, fourcc('B', 'C', '4', 'S'), 0, {0, 0, 0, 0});
  dds.push_back(0x80);
  dds.push_back(0x00);
  const uint64_t bits = (uint64_t{1} << 3) | (uint64_t{6} << 12) | (uint64_t{7} << 15);
  for (int i = 0; i < 6; ++i) dds.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  std::vector<Rgba8> want;
  for (uint8_t v : {0, 128, 0, 255}) want.push_back({v, v, v, 255});
  EXPECT_EQ(through_png(dds, ImageKind::kDds), want);
  // BC4_SNORM in a DX10 header
  std::vector<uint8_t> block;
  put_interpolated_block(block, 127, 0x81);
  EXPECT_EQ(through_png(make_dds_dx10(81, block), ImageKind::kDds), grey);
}

// The float pixels (1, 0, 0, 1), (0, 1, 0, 0.5), (0.5, 0.5, 0.5, 0), (2, -1, 0.25, 1) in every
// float layout: RGBA as kFloatColours, RGB with alpha 255, one channel grey of red; 2 and -1
// clamped, and said so.
TEST(ImageDecode, DdsFloatFormatsAreClampedAndSrgbEncoded) {
  auto with_fourcc = [](uint32_t code, const std::vector<uint8_t>& pixels) {
    std::vector<uint8_t> out = dds_header(0x4, code, 0, {0, 0, 0, 0});
    out.insert(out.end(), pixels.begin(), pixels.end());
    return out;
  };
  std::vector<Rgba8> rgb = expected(kFloatColours);
  for (Rgba8& c : rgb) c.a = 255;
  std::vector<Rgba8> grey;
  for (uint8_t v : {255, 0, 188, 255}) grey.push_back({v, v, v, 255});
  const std::vector<std::pair<std::vector<uint8_t>, std::vector<Rgba8>>> cases = {
      {make_dds_rgba16f(), expected(kFloatColours)},
      {make_dds_legacy_rgba32f(), expected(kFloatColours)},
      {make_dds_dx10(2, float_pixels(4, 4)), expected(kFloatColours)},
      {with_fourcc(113, float_pixels(2, 4)), expected(kFloatColours)},
      {make_dds_dx10(6, float_pixels(4, 3)), rgb},
      {make_dds_dx10(41, float_pixels(4, 1)), grey},
      {make_dds_dx10(54, float_pixels(2, 1)), grey},
      {with_fourcc(111, float_pixels(2, 1)), grey},
      {with_fourcc(114, float_pixels(4, 1)), grey}};
  for (size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(through_png(cases[i].first, ImageKind::kDds), cases[i].second) << i;
    absl::StatusOr<Pixels> p = decode_dds(cases[i].first, {});
    ASSERT_TRUE(p.ok()) << i << ": " << p.status();
    EXPECT_TRUE(p->hdr_clamped) << i;
    // one byte short of the pixels: refused
    std::vector<uint8_t> cut = cases[i].first;
    cut.pop_back();
    EXPECT_FALSE(decode_dds(cut, {}).ok()) << i;
  }
}

// R11G11B10_FLOAT (unsigned 11- and 10-bit floats), R9G9B9E5_SHAREDEXP (mantissas times a shared
// 2^(e - 24)) and the two-channel floats (blue 0): 1, 0.5, 0.25 as 255, 188, 137; 2 clamped.
TEST(ImageDecode, DdsPackedAndTwoChannelFloatsAreDecoded) {
  std::vector<uint8_t> packed, shared;
  // 1.0 is exponent 15 over a zero mantissa: 960 in 11 bits, 480 in 10; 0.5 exponent 14, 0.25 13.
  for (uint32_t v : {960u, 960u << 11, 480u << 22, 896u | (1024u << 11) | (416u << 22)}) {
    put32(packed, v);
  }
  // 1.0 is mantissa 256 at exponent 16.
  for (uint32_t v : {256u, 256u << 9, 256u << 18, 128u | (64u << 9)}) put32(shared, v | 16u << 27);
  const std::vector<Rgba8> rgb = {
      {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {188, 255, 137, 255}};
  std::vector<Rgba8> rgb_shared = rgb;
  rgb_shared[3] = {188, 137, 0, 255};
  const std::vector<Rgba8> red_green = {
      {255, 0, 0, 255}, {0, 255, 0, 255}, {188, 188, 0, 255}, {255, 0, 0, 255}};
  const std::vector<std::tuple<std::vector<uint8_t>, std::vector<Rgba8>, bool>> cases = {
      {make_dds_dx10(26, packed), rgb, true},
      {make_dds_dx10(67, shared), rgb_shared, false},
      {make_dds_dx10(34, float_pixels(2, 2)), red_green, true},
      {make_dds_dx10(16, float_pixels(4, 2)), red_green, true}};
  for (size_t i = 0; i < cases.size(); ++i) {
    const auto& [dds, want, clamped] = cases[i];
    EXPECT_EQ(through_png(dds, ImageKind::kDds), want) << i;
    absl::StatusOr<Pixels> p = decode_dds(dds, {});
    ASSERT_TRUE(p.ok()) << i << ": " << p.status();
    EXPECT_EQ(p->hdr_clamped, clamped) << i;
    std::vector<uint8_t> cut = dds;
    cut.pop_back();
    EXPECT_FALSE(decode_dds(cut, {}).ok()) << i;
  }
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

// Every prefix of every image, and every single-byte corruption of its header (and of a lone BC6H
// or BC7 block: any bytes decode, a reserved mode included), either decodes or
// fails with a status; none crashes (the sanitizer build checks no byte past the end is read).
TEST(ImageDecode, EveryPrefixAndHeaderCorruptionDecodesOrFailsCleanly) {
  const std::vector<std::vector<uint8_t>> images = {
      make_tga(),           make_bmp(),         make_tiff(),
      make_dds_bgra(),      make_dds_dxt1(),    make_dds_dx10_rgba(),
      make_dds_dxt5(),      make_dds_bc4(),     make_dds_dx10_bc5(),
      make_dds_bc7(),       make_dds_bc6h(4),   make_dds_bc4s(),
      make_dds_dx10_bc5s(), make_dds_rgba16f(), make_dds_legacy_rgba32f()};
  for (const std::vector<uint8_t>& full : images) {
    const ImageKind kind = sniff_image_kind(full);
    for (size_t n = 0; n < full.size(); ++n) {
      std::vector<uint8_t> prefix(full.begin(), full.begin() + n);  // its own allocation
      (void)transcode_to_png(prefix, kind);
      (void)transcode_to_png(prefix, sniff_image_kind(prefix));
    }
    // the header, and the whole block of the DX10 BC6H / BC7 files
    const size_t header = std::min<size_t>(full.size(), 164);
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
