#include "engine/source.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace px {
namespace {

std::string drain(Source& source) {
  std::string out;
  char buffer[7];  // small, to exercise many reads
  while (true) {
    auto n = source.read(buffer, sizeof buffer);
    EXPECT_TRUE(n.ok());
    if (!n.ok() || *n == 0) break;
    out.append(buffer, *n);
  }
  return out;
}

TEST(Source, MemoryYieldsTheBytes) {
  auto source = memory_source("hello world, in pieces");
  EXPECT_EQ(source->size_bound(), 22u);
  EXPECT_EQ(drain(*source), "hello world, in pieces");
}

TEST(Source, FilesAndGzipFilesReadAlike) {
  auto dir = std::filesystem::temp_directory_path();
  auto plain = dir / "px_source_plain.dae";
  auto packed = dir / "px_source_packed.dae";
  std::string text = "<COLLADA>some text that repeats, some text that repeats</COLLADA>";
  std::ofstream(plain) << text;
  gzFile gz = gzopen(packed.c_str(), "wb");
  gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
  for (const auto& path : {plain, packed}) {
    auto source = open_file_source(path);
    ASSERT_TRUE(source.ok()) << source.status();
    EXPECT_EQ(drain(**source), text);
    EXPECT_EQ((*source)->base_dir(), dir);
  }
  std::filesystem::remove(plain);
  std::filesystem::remove(packed);
}

// gzip -d's reading: members one after the other, and bytes after the last member that start no
// other are ignored; a stream cut short is gzip.corrupt. A source made again reads from the start.
TEST(Source, GzipMembersFollowEachOtherAndACutStreamIsCorrupt) {
  auto dir = std::filesystem::temp_directory_path();
  auto path = dir / ("px_source_members_" + std::to_string(::getpid()) + ".dae");
  auto member = [](const std::string& text) {
    std::string out(compressBound(text.size()) + 32, '\0');
    z_stream z{};
    deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
  };
  const std::string first = member("<COLLADA>first half, ");
  const std::string second = member("second half</COLLADA>");
  std::ofstream(path, std::ios::binary) << first << second << "trailing bytes";
  auto source = open_file_source(path);
  ASSERT_TRUE(source.ok()) << source.status();
  EXPECT_EQ(drain(**source), "<COLLADA>first half, second half</COLLADA>");
  auto again = (*source)->reopen();
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(drain(**again), "<COLLADA>first half, second half</COLLADA>");

  std::ofstream(path, std::ios::binary | std::ios::trunc) << first.substr(0, first.size() - 9);
  auto cut = open_file_source(path);
  ASSERT_TRUE(cut.ok());
  char buffer[256];
  absl::StatusOr<size_t> n = (*cut)->read(buffer, sizeof buffer);
  while (n.ok() && *n > 0) n = (*cut)->read(buffer, sizeof buffer);
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.status().message().substr(0, 14), "gzip.corrupt: ") << n.status();
  std::filesystem::remove(path);
}

TEST(Source, MissingFileIsAnIoError) {
  auto source = open_file_source("/nonexistent/px/file.dae");
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().code(), absl::StatusCode::kUnavailable);
}

}  // namespace
}  // namespace px
