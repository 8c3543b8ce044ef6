// Issue 34, defect 6: images naming one file or archive entry share one copy of its bytes (one
// inflation), charged to the read's memory budget once; images of distinct entries are each
// charged. Checked on the budget's own accounting (MemoryBudget::peak), not on timing.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/source.h"
#include "formats/collada/read/zae_reader.h"
#include "polyxios/memory/memory_budget.h"
#include "tests/formats/collada/read/collada_test_util.h"
#include "tests/formats/collada/read/zip_builder.h"
#include "tests/support/scratch_dir_test.h"

namespace px::collada {
namespace {

using testing::zip;
using testing::ZipItem;

constexpr size_t kImages = 1000;
constexpr size_t kMiB = size_t{1} << 20;

// A 1 MiB "PNG" (its signature, then zeros): deflated to about a kilobyte.
std::string large_png() {
  std::string png("\x89PNG\r\n\x1a\n", 8);
  return png + std::string(kMiB - png.size(), '\0');
}

// A document of `count` <image>s, the i-th naming uri(i).
template <class Uri>
std::string images_document(size_t count, Uri uri) {
  std::string images = "<library_images>\n";
  for (size_t i = 0; i < count; ++i) {
    images += cat("<image id=\"i", i, "\"><init_from>", uri(i), "</init_from></image>\n");
  }
  return testing::document(images + "</library_images>");
}

class InputBudget : public test_support::ScratchDirTest {
 protected:
  // The archive read under a budget of `limit` bytes, which budget_ is then.
  absl::StatusOr<Scene> read_archive(const std::string& archive, uint64_t limit) {
    budget_ = std::make_shared<MemoryBudget>(limit);
    MemoryBudgetScope scope(budget_);
    return read_zae_bytes(archive, ReadOptions(), diagnostics_);
  }

  std::shared_ptr<MemoryBudget> budget_;
  Diagnostics diagnostics_;
};

void expect_one_shared_copy(const Scene& scene) {
  ASSERT_EQ(scene.images.size(), kImages);
  EXPECT_EQ(scene.images[0].bytes.view(), large_png());
  for (const Image& image : scene.images) {
    EXPECT_TRUE(image.bytes.shares_with(scene.images[0].bytes)) << image.name;
  }
}

TEST_F(InputBudget, AThousandImagesNamingOneArchiveEntryShareOneInflation) {
  // 4.5 KB of archive whose 1000 images would be 1 GB were the entry inflated for each.
  const std::string archive = zip({
      {.name = "a.dae",
       .data = images_document(kImages, [](size_t) { return "big.png"; }),
       .deflate = true},
      {.name = "big.png", .data = large_png(), .deflate = true},
  });
  ASSERT_LT(archive.size(), 16u << 10);
  absl::StatusOr<Scene> scene = read_archive(archive, 8 * kMiB);
  ASSERT_TRUE(scene.ok()) << scene.status();
  expect_one_shared_copy(*scene);
  EXPECT_GE(budget_->peak(), kMiB) << "the one inflation is charged";
  EXPECT_LT(budget_->peak(), 3 * kMiB);
}

TEST_F(InputBudget, ImagesOfDistinctEntriesAreEachChargedAndRefusedPastTheBudget) {
  std::vector<ZipItem> items{{.name = "a.dae",
                              .data = images_document(16, [](size_t i) { return cat(i, ".png"); }),
                              .deflate = true}};
  for (size_t i = 0; i < 16; ++i) {
    items.push_back({.name = cat(i, ".png"), .data = large_png(), .deflate = true});
  }
  const std::string archive = zip(items);
  EXPECT_THROW(read_archive(archive, 8 * kMiB), MemoryLimitExceeded);
  absl::StatusOr<Scene> roomy = read_archive(archive, 32 * kMiB);
  ASSERT_TRUE(roomy.ok()) << roomy.status();
  EXPECT_GE(budget_->peak(), 16 * kMiB) << "every entry's bytes charged";
}

TEST_F(InputBudget, AThousandImagesNamingOneFileReadItOnce) {
  write_file("big.png", large_png());
  const std::filesystem::path document =
      write_file("a.dae", images_document(kImages, [](size_t) { return "big.png"; }));
  budget_ = std::make_shared<MemoryBudget>(8 * kMiB);
  MemoryBudgetScope scope(budget_);
  absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(document);
  ASSERT_TRUE(source.ok()) << source.status();
  absl::StatusOr<Scene> scene = read(**source, ReadOptions(), diagnostics_);
  ASSERT_TRUE(scene.ok()) << scene.status();
  expect_one_shared_copy(*scene);
  EXPECT_GE(budget_->peak(), kMiB) << "the file's bytes are charged";
  EXPECT_LT(budget_->peak(), 3 * kMiB);
}

}  // namespace
}  // namespace px::collada
