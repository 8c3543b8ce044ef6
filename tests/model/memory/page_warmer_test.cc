#include "polyxios/memory/page_warmer.h"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <span>
#include <thread>
#include <vector>

#include "polyxios/memory/arena.h"
#include "polyxios/memory/page_memory.h"

namespace px {
namespace {

constexpr size_t kPage = 4096;

// How many of the pages of [begin, end) are resident.
size_t resident_pages(const char* begin, const char* end) {
  uintptr_t from = reinterpret_cast<uintptr_t>(begin) / kPage * kPage;
  size_t pages = (reinterpret_cast<uintptr_t>(end) - from + kPage - 1) / kPage;
  std::vector<unsigned char> in_core(pages);
  EXPECT_EQ(mincore(reinterpret_cast<void*>(from), pages * kPage, in_core.data()), 0);
  size_t n = 0;
  for (unsigned char c : in_core) n += c & 1;
  return n;
}

// Waits up to ten seconds for every page of [begin, end) to be resident.
bool becomes_resident(const char* begin, const char* end) {
  const size_t pages = (end - begin + kPage - 1) / kPage;
  for (int i = 0; i < 1000; ++i) {
    if (resident_pages(begin, end) == pages) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST(PageWarmer, MakesARangesPagesResidentAndLeavesTheRestAlone) {
  size_t mapped = 0;
  char* block = static_cast<char*>(map_pages(size_t{16} << 20, &mapped));
  {
    PageWarmer warmer;
    warmer.warm(block + (size_t{2} << 20) + 100, block + (size_t{8} << 20));
    EXPECT_TRUE(becomes_resident(block + (size_t{2} << 20), block + (size_t{8} << 20)));
  }
  EXPECT_EQ(resident_pages(block + (size_t{10} << 20), block + mapped), 0u);
  EXPECT_EQ(block[(size_t{5} << 20) + 7], 0);  // populated pages are zero
  unmap_pages(block, mapped);
}

TEST(PageWarmer, KeepsWhatTheCallerWritesWhileItWarms) {
  size_t mapped = 0;
  char* block = static_cast<char*>(map_pages(size_t{32} << 20, &mapped));
  {
    PageWarmer warmer;
    warmer.warm(block, block + mapped);
    // Written from the front while the warmer populates from the front too.
    for (size_t i = 0; i < mapped; i += 1000) block[i] = static_cast<char>(i % 127 + 1);
    warmer.warm(block + mapped / 2, block + mapped);  // a newer request replaces the rest
  }
  for (size_t i = 0; i < mapped; i += 1000) {
    ASSERT_EQ(block[i], static_cast<char>(i % 127 + 1)) << i;
  }
  unmap_pages(block, mapped);
}

TEST(ArenaTest, WarmsAFewMegabytesAheadOfItsAllocationsAndKeepsThemZero) {
  Arena arena;
  arena.set_page_warming(true);
  std::span<uint8_t> last;
  // 16 KiB pieces fill the small blocks (64 KiB doubling to 1 MiB), then the blocks mapped from
  // the kernel (2, 4, 8 MiB): 600 pieces end 1.4375 MiB into the 8 MiB block.
  for (int i = 0; i < 600; ++i) {
    last = arena.allocate<uint8_t>(16 << 10);
    for (size_t at = 0; at < last.size(); at += 512) ASSERT_EQ(last[at], 0) << i;
    std::memset(last.data(), 0x5a, last.size());
  }
  const char* cursor = reinterpret_cast<const char*>(last.data() + last.size());
  const uintptr_t huge = size_t{2} << 20;
  const char* block = cursor - reinterpret_cast<uintptr_t>(cursor) % huge;  // 2 MiB aligned
  ASSERT_EQ(cursor - block, (size_t{23} << 20) / 16);
  EXPECT_TRUE(becomes_resident(cursor, cursor + (size_t{1} << 20)));
  // Nothing past the 4 MiB asked for and the huge page holding their end.
  EXPECT_EQ(resident_pages(block + (size_t{6} << 20), block + (size_t{8} << 20)), 0u);
  arena.set_page_warming(false);
  std::span<uint8_t> more = arena.allocate<uint8_t>(16 << 10);
  EXPECT_EQ(more[100], 0);
}

}  // namespace
}  // namespace px
