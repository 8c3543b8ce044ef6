// ReadOptions::limits.max_memory_bytes (convert --max-memory): a read whose arrays would take
// more than the limit is refused with limits.memory, one whose arrays fit is not; tested at the
// edge, in both formats, and on a budget's own counting. What grows with the input besides the
// arrays is charged too (issue 34, defects 6 and 7): the element tree, and each image's bytes.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/strings.h"
#include "polyxios/memory/memory_budget.h"
#include "polyxios/polyxios.h"
#include "tests/api/api_test_util.h"
#include "tests/formats/collada/read/zip_builder.h"
#include "tests/support/scratch_dir_test.h"

namespace px {
namespace {

namespace fs = std::filesystem;
using MemoryLimit = test_support::ScratchDirTest;

absl::Status read_under(const fs::path& path, uint64_t limit) {
  ReadOptions options;
  options.threads = 1;  // one order of allocations, so that the edge is one number
  options.limits.max_memory_bytes = limit;
  Diagnostics d;
  return read_scene(path, options, d).status();
}

// The smallest limit the read passes under (bisection; a read needs more under a lower one).
uint64_t smallest_limit(const fs::path& path) {
  uint64_t low = 0, high = uint64_t{1} << 30;  // refused at low, read at high
  EXPECT_TRUE(read_under(path, high).ok());
  while (high - low > 1) {
    uint64_t mid = low + (high - low) / 2;
    (read_under(path, mid).ok() ? high : low) = mid;
  }
  return high;
}

void expect_edge(const fs::path& path) {
  uint64_t limit = smallest_limit(path);
  EXPECT_GT(limit, 0u);
  EXPECT_TRUE(read_under(path, limit).ok());
  absl::Status refused = read_under(path, limit - 1);
  EXPECT_EQ(refused.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(testing::rule_of(refused), "limits.memory") << refused;
}

TEST_F(MemoryLimit, AColladaReadIsRefusedOneByteBelowWhatItsArraysNeed) {
  expect_edge(fs::path(PX_SOURCE_DIR) / "corpus/samples/robot_arm.dae");
}

TEST_F(MemoryLimit, AGlbReadIsRefusedOneByteBelowWhatItsArraysNeed) {
  Diagnostics d;
  absl::StatusOr<Scene> scene =
      read_scene(fs::path(PX_SOURCE_DIR) / "corpus/samples/robot_arm.dae", {}, d);
  ASSERT_TRUE(scene.ok()) << scene.status();
  ASSERT_TRUE(write_scene(*scene, dir_ / "robot.glb", {}, d).ok());
  expect_edge(dir_ / "robot.glb");
}

TEST_F(MemoryLimit, TheLimitIsTheReadsNotTheProcesss) {
  // A scene read under a limit and kept is no charge on the next read.
  fs::path robot = fs::path(PX_SOURCE_DIR) / "corpus/samples/robot_arm.dae";
  uint64_t limit = smallest_limit(robot);
  ReadOptions options;
  options.threads = 1;
  options.limits.max_memory_bytes = limit;
  Diagnostics d;
  absl::StatusOr<Scene> first = read_scene(robot, options, d);
  absl::StatusOr<Scene> second = read_scene(robot, options, d);
  EXPECT_TRUE(first.ok() && second.ok());
}

// A COLLADA document of `lines` lines of empty elements <a/> after <COLLADA> (line 2 on).
std::string empty_elements(size_t lines) {
  std::string text =
      "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n";
  for (size_t i = 0; i < lines; ++i) text += "<a/>\n";
  return text + "</COLLADA>\n";
}

// The line a refusal "rule: <element> at line N: ..." names, after checking its element.
int64_t refused_line(const absl::Status& status, std::string_view element) {
  const std::string message(status.message());
  const std::string at = cat("limits.memory: <", element, "> at line ");
  EXPECT_TRUE(message.starts_with(at)) << message;
  return message.starts_with(at) ? std::stoll(message.substr(at.size())) : -1;
}

TEST_F(MemoryLimit, AnElementTreePastTheLimitIsRefusedAtTheElementAndLineItReached) {
  // The issue's 40 MB of <a/> built a 1.7 GB tree under --max-memory 64 and converted; in the
  // same proportions, 2.5 MB under 4 MiB. Refused at an early line, not once the tree is whole.
  constexpr size_t kLines = 500000;
  ReadOptions options;
  options.limits.max_memory_bytes = uint64_t{4} << 20;
  Diagnostics d;
  absl::StatusOr<Scene> scene = read_scene_bytes(empty_elements(kLines), options, d);
  ASSERT_FALSE(scene.ok());
  EXPECT_EQ(scene.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(testing::rule_of(scene.status()), "limits.memory");
  const int64_t line = refused_line(scene.status(), "a");
  EXPECT_GT(line, 1);
  EXPECT_LT(line, static_cast<int64_t>(kLines) / 8);
}

TEST_F(MemoryLimit, ADaeGzIsRefusedByItsTreeBeforeItsInputLimit) {
  // The issue's 1 MB .dae.gz peaked at 2.9 GB before limits.input-bytes fired at 64 MiB: its
  // tree grew uncharged. 8 MiB of <a/> gzipped: refused by limits.memory under 4 MiB, early.
  const fs::path path = dir_ / "elements.dae.gz";
  const std::string text = empty_elements(size_t{8} << 20 >> 2);
  gzFile gz = gzopen(path.c_str(), "wb9");
  ASSERT_NE(gz, nullptr);
  ASSERT_EQ(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())),
            static_cast<int>(text.size()));
  ASSERT_EQ(gzclose(gz), Z_OK);
  ReadOptions options;
  options.limits.max_memory_bytes = uint64_t{4} << 20;
  options.limits.max_input_bytes = uint64_t{64} << 20;
  Diagnostics d;
  absl::StatusOr<Scene> scene = read_scene(path, options, d);
  ASSERT_FALSE(scene.ok());
  EXPECT_EQ(testing::rule_of(scene.status()), "limits.memory") << scene.status();
  EXPECT_LT(refused_line(scene.status(), "a"), int64_t{1} << 17);
}

TEST_F(MemoryLimit, AGltfJsonDocumentPastTheLimitIsRefused) {
  // The glTF reader's JSON document grows with its input as the element tree does: 2.5 MB of
  // numbers in extras take some 20 MB as values, refused under 4 MiB.
  std::string json = R"({"asset": {"version": "2.0"}, "extras": [0)";
  for (int i = 0; i < 1250000; ++i) json += ",0";
  json += "]}";
  ReadOptions options;
  options.limits.max_memory_bytes = uint64_t{4} << 20;
  Diagnostics d;
  absl::StatusOr<Scene> scene = read_scene_bytes(json, options, d);
  EXPECT_EQ(testing::rule_of(scene.status()), "limits.memory") << scene.status();
  options.limits.max_memory_bytes = uint64_t{256} << 20;
  EXPECT_TRUE(read_scene_bytes(json, options, d).ok());
}

// A .zae whose document holds one <image> per name in `images`, each naming that entry, with
// each distinct name a 1 MiB PNG entry (its signature and zeros, deflated to about a kilobyte).
std::string archive_of_images(const std::vector<std::string>& images) {
  std::string library = "<library_images>";
  std::vector<collada::testing::ZipItem> items;
  for (size_t i = 0; i < images.size(); ++i) {
    library += cat("<image id=\"i", i, "\"><init_from>", images[i], "</init_from></image>");
    if (i > 0 && images[i] == images[i - 1]) continue;
    std::string png("\x89PNG\r\n\x1a\n", 8);
    items.push_back({.name = images[i],
                     .data = png + std::string((1 << 20) - png.size(), '\0'),
                     .deflate = true});
  }
  items.push_back({.name = "a.dae",
                   .data = cat("<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" "
                               "version=\"1.4.1\">",
                               library, "</library_images></COLLADA>"),
                   .deflate = true});
  return collada::testing::zip(items);
}

TEST_F(MemoryLimit, ImagesNamingOneArchiveEntryShareOneCopyAndDistinctOnesAreEachCharged) {
  // The issue's 4.5 KB archive whose 1,000 <image>s name one 1 MiB entry took 1 GB under
  // --max-memory 64 --max-input 16: each image inflated the entry again, uncharged.
  ReadOptions options;
  options.limits.max_memory_bytes = uint64_t{8} << 20;
  options.limits.max_input_bytes = uint64_t{16} << 20;
  Diagnostics d;
  absl::StatusOr<Scene> shared =
      read_scene_bytes(archive_of_images(std::vector<std::string>(1000, "big.png")), options, d);
  ASSERT_TRUE(shared.ok()) << shared.status();
  ASSERT_EQ(shared->images.size(), 1000u);
  EXPECT_EQ(shared->images[999].bytes.size(), size_t{1} << 20);
  EXPECT_TRUE(shared->images[999].bytes.shares_with(shared->images[0].bytes));
  // Twelve distinct entries need 12 MiB of copies: refused, cleanly, under 8.
  std::vector<std::string> distinct;
  for (int i = 0; i < 12; ++i) distinct.push_back(cat(i, ".png"));
  absl::StatusOr<Scene> refused = read_scene_bytes(archive_of_images(distinct), options, d);
  EXPECT_EQ(testing::rule_of(refused.status()), "limits.memory") << refused.status();
  options.limits.max_memory_bytes = uint64_t{32} << 20;
  EXPECT_TRUE(read_scene_bytes(archive_of_images(distinct), options, d).ok());
}

TEST(MemoryBudget, ChargesUpToItsLimitAndRemembersItsPeak) {
  MemoryBudget budget(100);
  budget.charge(60);
  budget.charge(40);
  EXPECT_THROW(budget.charge(1), MemoryLimitExceeded);
  budget.release(50);
  budget.charge(10);
  EXPECT_EQ(budget.peak(), 100u);
  EXPECT_THROW(budget.charge(uint64_t{1} << 62), MemoryLimitExceeded);
  try {
    budget.charge(1000);
  } catch (const MemoryLimitExceeded& e) {
    EXPECT_EQ(e.limit(), 100u);
  }
}

TEST(MemoryBudget, AnArenaMadeUnderAScopeChargesItsBlocksAndGivesThemBack) {
  auto budget = std::make_shared<MemoryBudget>(uint64_t{1} << 20);
  {
    MemoryBudgetScope scope(budget);
    Arena arena;
    arena.allocate<float>(1000);
    EXPECT_GE(budget->peak(), 4000u);
    EXPECT_THROW(arena.allocate<char>(size_t{2} << 20), MemoryLimitExceeded);
  }
  EXPECT_EQ(current_memory_budget(), nullptr);
  budget->charge(uint64_t{1} << 20);  // everything the arena took was given back
}

}  // namespace
}  // namespace px
