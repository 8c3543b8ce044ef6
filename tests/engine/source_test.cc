#include "engine/source.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>

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

TEST(Source, MissingFileIsAnIoError) {
  auto source = open_file_source("/nonexistent/px/file.dae");
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().code(), absl::StatusCode::kUnavailable);
}

}  // namespace
}  // namespace px
