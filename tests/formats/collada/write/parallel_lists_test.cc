// Tests of formats/collada/write/chunk_pipeline.cc and of the XML writer's long lists: chunks
// come out in order whatever thread made them, a sink error or an exception stops a run cleanly,
// and a document's bytes are the same on one, two or three threads.
#include <gtest/gtest.h>

#include <bit>
#include <chrono>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "formats/collada/write/chunk_pipeline.h"
#include "formats/collada/write/xml_writer.h"
#include "tests/formats/collada/write/geometry_test_util.h"

namespace px::collada {
namespace {

using testing::MeshBuilder;

std::string chunk_text(size_t chunk) { return "<" + std::to_string(chunk) + ">"; }

// Chunks take uneven times, so that the threads overtake each other.
void make_slowly(size_t chunk, TextBuffer& out) {
  if (chunk % 7 == 3) std::this_thread::sleep_for(std::chrono::microseconds(300));
  out.append(chunk_text(chunk));
}

TEST(ChunkPipeline, ChunksAreEmittedInOrderWhateverTheThreadCount) {
  for (int threads : {1, 2, 3}) {
    ChunkPipeline pipeline(threads);
    for (size_t chunks : {size_t{1}, size_t{2}, size_t{100}}) {  // the pipeline is reused
      std::string expected, got;
      for (size_t i = 0; i < chunks; ++i) expected += chunk_text(i);
      pipeline.run(chunks, make_slowly, [&](std::string_view text) {
        got.append(text);
        return true;
      });
      EXPECT_EQ(got, expected) << threads << " threads";
    }
  }
}

TEST(ChunkPipeline, EmitReturningFalseStopsTheRunAndTheNextRunStartsAfresh) {
  ChunkPipeline pipeline(2);
  int emitted = 0;
  pipeline.run(100, make_slowly, [&](std::string_view) { return ++emitted < 5; });
  EXPECT_EQ(emitted, 5);
  std::string got;
  pipeline.run(3, make_slowly, [&](std::string_view text) {
    got.append(text);
    return true;
  });
  EXPECT_EQ(got, "<0><1><2>");
}

TEST(ChunkPipeline, AnExceptionMakingAChunkIsRethrownOnTheCallingThread) {
  ChunkPipeline pipeline(2);
  auto make = [](size_t chunk, TextBuffer& out) {
    if (chunk == 37) throw std::runtime_error("chunk 37");
    make_slowly(chunk, out);
  };
  std::string got;
  auto emit = [&](std::string_view text) {
    got.append(text);
    return true;
  };
  EXPECT_THROW(pipeline.run(100, make, emit), std::runtime_error);
  EXPECT_EQ(got.find("<37>"), std::string::npos);
  got.clear();
  pipeline.run(2, make_slowly, emit);
  EXPECT_EQ(got, "<0><1>");
}

TEST(ChunkPipeline, WriterThreadsAreTheCoresAtMostTwoUnlessAskedFor) {
  EXPECT_GE(writer_threads(0), 1);
  EXPECT_LE(writer_threads(0), 2);
  EXPECT_EQ(writer_threads(1), 1);
  EXPECT_EQ(writer_threads(3), 3);
}

// Every kind of long list the writer has, after text already in the element.
std::string long_lists(int threads, size_t buffer_size) {
  std::mt19937 random(9);
  std::vector<float> floats(300000);
  for (float& f : floats) f = std::bit_cast<float>(static_cast<uint32_t>(random()));
  std::vector<double> doubles(100000);
  for (double& d : doubles) d = static_cast<int32_t>(random()) / 1024.0;
  std::vector<int32_t> ints(200000);
  for (int32_t& i : ints) i = static_cast<int32_t>(random());
  std::vector<uint32_t> indices(200000);
  for (uint32_t& i : indices) i = random() % 100000;
  std::string text;
  XmlWriter xml(
      [&](std::string_view bytes) {
        text.append(bytes);
        return absl::OkStatus();
      },
      buffer_size, threads);
  xml.open("a");
  xml.number(1.5f);
  xml.numbers(floats);
  xml.numbers(doubles);
  xml.close();
  xml.open("b");
  xml.integers(ints);
  xml.integers(indices);
  xml.close();
  xml.open("c");  // items of several numbers
  xml.list(indices.size() / 4, 24, [&](size_t first, size_t last, TextBuffer& out) {
    for (size_t k = first; k < last; ++k) {
      append_numbers(std::span<const uint32_t>(indices).subspan(4 * k, 4), k != 0, out);
    }
  });
  xml.close();
  EXPECT_TRUE(xml.finish().ok());
  EXPECT_EQ(xml.bytes_written(), text.size());
  return text;
}

TEST(XmlWriterThreads, LongListsAreTheSameBytesOnOneTwoAndThreeThreads) {
  const std::string one = long_lists(1, 1 << 16);
  EXPECT_TRUE(one.starts_with("\n<a>1.5 "));
  EXPECT_EQ(long_lists(2, 1 << 16), one);
  EXPECT_EQ(long_lists(3, 1 << 16), one);
  EXPECT_EQ(long_lists(2, 256), one);
  EXPECT_EQ(long_lists(1, 256), one);
}

TEST(XmlWriterThreads, TheSinksFirstErrorStopsALongListToo) {
  int calls = 0;
  XmlWriter xml(
      [&](std::string_view) {
        ++calls;
        return absl::UnavailableError("disk full");
      },
      256, 2);
  std::vector<uint32_t> values(1000000, 7);
  xml.open("p");
  xml.integers(values);
  xml.close();
  EXPECT_EQ(xml.finish().code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(calls, 1);
}

// W11's blocks (two materials: cells written in block order), a <polylist> with its <vcount>,
// and float32 and float64 sources, long enough to be split into chunks.
TEST(XmlWriterThreads, ADocumentIsTheSameBytesOnOneAndTwoThreads) {
  Scene scene;
  std::mt19937 random(4);
  const uint32_t n = 60000;
  std::vector<float> points(3 * n);
  for (float& p : points) p = static_cast<float>(random() % 2000000) / 1000.0f - 1000.0f;
  std::vector<double> normals(3 * n);
  for (double& v : normals) v = static_cast<double>(random()) / 4294967296.0;
  MeshBuilder mesh(scene);
  mesh.points(points).point_data("normals", normals, 3);
  std::vector<int32_t> material;
  for (uint32_t i = 0; i + 3 < n; i += 2) {
    if (i % 6 == 0) {
      mesh.cell(CellType::kQuad, {i, i + 1, i + 2, i + 3});
    } else {
      mesh.cell(CellType::kTriangle, {i, i + 1, i + 2});
    }
    material.push_back(static_cast<int32_t>(i / 2 % 2));
  }
  mesh.cell_data("material", material).add();
  Diagnostics d1, d2;
  absl::StatusOr<std::string> one = write_to_memory(scene, d1, {.threads = 1});
  absl::StatusOr<std::string> two = write_to_memory(scene, d2, {.threads = 2});
  ASSERT_TRUE(one.ok()) << one.status();
  ASSERT_TRUE(two.ok()) << two.status();
  EXPECT_NE(one->find("<vcount>4 3 3 4 3 3"), std::string::npos);
  EXPECT_GT(one->size(), size_t{2} << 20);
  EXPECT_TRUE(*one == *two);
}

}  // namespace
}  // namespace px::collada
