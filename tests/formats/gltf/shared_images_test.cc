// Images naming one bufferView or one file share one copy of its bytes (issue 34, defect 6): a
// document of a thousand images naming one view holds its bytes once, charged to the read's
// memory budget once, and a GLB written from them holds them once too.
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "formats/gltf/write/gltf_writer.h"
#include "gtest/gtest.h"
#include "polyxios/memory/memory_budget.h"
#include "rapidjson/document.h"
#include "tests/formats/gltf/read_test_util.h"

namespace px::gltf::testing {
namespace {

constexpr size_t kImages = 1000;

// `count` images, each `image` (a JSON object).
std::string images(std::string_view image, size_t count) {
  std::string out = R"("images": [)";
  for (size_t i = 0; i < count; ++i) out += cat(i == 0 ? "" : ", ", image);
  return out + "]";
}

TEST(SharedImages, ImagesNamingOneBufferViewShareOneCopyChargedOnce) {
  // A 256 KiB "PNG": 1000 copies would be 256 MB, far past the budget.
  const std::string png = whole_png() + std::string((size_t{256} << 10) - whole_png().size(), '\0');
  Bin bin;
  const size_t offset = bin.add_raw(png);
  const std::string json = document(
      cat(R"("bufferViews": [{"buffer": 0, "byteOffset": )", offset, R"(, "byteLength": )",
          png.size(), "}], ", images(R"({"bufferView": 0, "mimeType": "image/png"})", kImages)),
      bin);
  auto budget = std::make_shared<MemoryBudget>(uint64_t{16} << 20);
  ReadResult r;
  {
    MemoryBudgetScope scope(budget);
    r = read_bytes(json);
  }
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<Image>& read = r.scene->images;
  ASSERT_EQ(read.size(), kImages);
  EXPECT_EQ(read[0].bytes.size(), png.size());
  for (const Image& image : read) EXPECT_TRUE(image.bytes.shares_with(read[0].bytes));
  EXPECT_LT(budget->peak(), uint64_t{8} << 20) << "one copy charged, not a thousand";

  // The GLB written from them holds the bytes once, one view every image names.
  Diagnostics diagnostics;
  absl::StatusOr<Written> glb = write_to_memory(*r.scene, true, "", diagnostics);
  ASSERT_TRUE(glb.ok()) << glb.status();
  EXPECT_LT(glb->json.size(), 2 * png.size());
  uint32_t json_length = 0;
  std::memcpy(&json_length, glb->json.data() + 12, 4);
  rapidjson::Document written;
  written.Parse(glb->json.data() + 20, json_length);
  ASSERT_FALSE(written.HasParseError());
  ASSERT_EQ(written["images"].Size(), kImages);
  for (const auto& image : written["images"].GetArray()) EXPECT_EQ(image["bufferView"].GetInt(), 0);
}

TEST(SharedImages, ImagesNamingOneFileReadItOnce) {
  const std::filesystem::path dir = temp_folder("shared_image_file");
  write_file(dir / "tex.png", whole_png());
  // Read once, the file counts once toward the input limit.
  const std::string json = document(images(R"({"uri": "tex.png"})", kImages));
  ReadOptions options;
  options.limits.max_input_bytes = json.size() + whole_png().size();
  ReadResult r = read_bytes(json, options, dir);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const std::vector<Image>& read = r.scene->images;
  ASSERT_EQ(read.size(), kImages);
  EXPECT_EQ(read[0].bytes.view(), whole_png());
  for (const Image& image : read) EXPECT_TRUE(image.bytes.shares_with(read[0].bytes));
}

}  // namespace
}  // namespace px::gltf::testing
