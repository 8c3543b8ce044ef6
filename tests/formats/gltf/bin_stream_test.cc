// stream_bin: views made in order with their zero padding, a view made to another length than
// planned caught, a refusal ending the making, a failing sink ending the writing but not the
// making, and the same bytes and warnings on one thread or two.
#include "formats/gltf/write/bin_stream.h"

#include <cstring>
#include <string>
#include <vector>

#include "engine/errors.h"
#include "gtest/gtest.h"

namespace px::gltf::testing {
namespace {

// A maker of `length` bytes of `fill`, through the lent buffers when `buffered`, else as bytes
// of its own (which live as long as the maker).
ViewMaker bytes_of(size_t length, char fill, bool buffered) {
  auto owned = std::make_shared<std::string>(length, fill);
  return [owned, buffered](ViewOut& out, Diagnostics&) {
    if (!buffered) {
      out.bytes(*owned);
      return absl::OkStatus();
    }
    for (size_t done = 0; done < owned->size();) {
      const size_t n = std::min(ViewOut::kChunkBytes, owned->size() - done);
      std::memcpy(out.buffer(), owned->data() + done, n);
      out.commit(n);
      done += n;
    }
    return absl::OkStatus();
  };
}

ViewMaker warning(std::string code) {
  return [code](ViewOut&, Diagnostics& diagnostics) {
    diagnostics.warn(code, "made");
    return absl::OkStatus();
  };
}

class FailingSink : public ByteSink {
 public:
  absl::Status write(std::string_view bytes) override {
    ++writes;
    written += bytes.size();
    return io_error("the disk is full");
  }
  int writes = 0;
  size_t written = 0;
};

TEST(StreamBin, ViewsComeInOrderWithZerosBetweenAndAfter) {
  BinLayout layout;
  layout.add_view(1, 0, bytes_of(1, 'a', false));
  layout.add_view(6, 0, bytes_of(6, 'b', true));
  layout.add_view(2, 0, bytes_of(2, 'c', false));
  EXPECT_EQ(layout.size(), 16u);
  std::string out;
  StringSink sink(out);
  Diagnostics diagnostics;
  StreamResult result = stream_bin(layout, sink, 1, diagnostics);
  ASSERT_TRUE(result.refusal.ok() && result.io.ok());
  EXPECT_EQ(out, std::string("a\0\0\0bbbbbb\0\0cc\0\0", 16));
}

TEST(StreamBin, AViewMadeToAnotherLengthThanPlannedIsAnInternalError) {
  BinLayout layout;
  layout.add_view(8, 0, bytes_of(7, 'x', true));
  std::string out;
  StringSink sink(out);
  Diagnostics diagnostics;
  StreamResult result = stream_bin(layout, sink, 1, diagnostics);
  EXPECT_EQ(result.refusal.code(), absl::StatusCode::kInternal);
}

TEST(StreamBin, ARefusalEndsTheMakingWhateverTheThreads) {
  for (int threads : {1, 2}) {
    BinLayout layout;
    layout.add_view(size_t{3} << 20, 0, bytes_of(size_t{3} << 20, 'x', true));
    layout.add_view(0, 0, warning("test.before"));
    layout.add_view(0, 0, [](ViewOut&, Diagnostics&) { return refuse("test.refused", "no"); });
    layout.add_view(0, 0, warning("test.after"));
    std::string out;
    StringSink sink(out);
    Diagnostics diagnostics;
    StreamResult result = stream_bin(layout, sink, threads, diagnostics);
    EXPECT_EQ(result.refusal.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(diagnostics.count("test.before"), 1);
    EXPECT_EQ(diagnostics.count("test.after"), 0);
  }
}

TEST(StreamBin, AFailingSinkEndsTheWritingButNotTheMaking) {
  for (int threads : {1, 2}) {
    BinLayout layout;
    layout.add_view(size_t{2} << 20, 0, bytes_of(size_t{2} << 20, 'x', true));
    layout.add_view(size_t{2} << 20, 0, bytes_of(size_t{2} << 20, 'y', false));
    layout.add_view(0, 0, warning("test.made"));
    FailingSink sink;
    Diagnostics diagnostics;
    StreamResult result = stream_bin(layout, sink, threads, diagnostics);
    EXPECT_TRUE(result.refusal.ok());
    EXPECT_EQ(result.io.code(), absl::StatusCode::kUnavailable);
    EXPECT_EQ(sink.writes, 1);
    EXPECT_EQ(diagnostics.count("test.made"), 1);

    // A refusal the views give after the failure still comes first.
    layout.add_view(0, 0, [](ViewOut&, Diagnostics&) { return refuse("test.refused", "no"); });
    FailingSink again;
    result = stream_bin(layout, again, threads, diagnostics);
    EXPECT_EQ(result.refusal.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(result.io.code(), absl::StatusCode::kUnavailable);
  }
}

TEST(StreamBin, OneThreadOrTwoGiveTheSameBytes) {
  BinLayout layout;
  for (int v = 0; v < 12; ++v) {
    const size_t length = (size_t{1} << 18) * (v % 3) + 4 * v + v % 4;
    layout.add_view(length, 0, bytes_of(length, static_cast<char>('a' + v), v % 2 == 0));
  }
  std::string one, two;
  StringSink sink_one(one), sink_two(two);
  Diagnostics d1, d2;
  ASSERT_TRUE(stream_bin(layout, sink_one, 1, d1).refusal.ok());
  ASSERT_TRUE(stream_bin(layout, sink_two, 2, d2).refusal.ok());
  EXPECT_EQ(one.size(), layout.size());
  EXPECT_TRUE(one == two);
}

}  // namespace
}  // namespace px::gltf::testing
