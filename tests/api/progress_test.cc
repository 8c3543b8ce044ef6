// The progress callback of ReadOptions and WriteOptions: told non-decreasing fractions in [0, 1]
// ending at 1, and a call it stops at any of them returns Cancelled, writes nothing and leaves
// nothing in the output's folder, whichever format is read or written and whether helper threads
// (the COLLADA reader's decoding thread, the writers' makers) run or not.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/strings.h"
#include "polyxios/polyxios.h"
#include "tests/api/api_test_util.h"
#include "tests/support/scratch_dir_test.h"

namespace px {
namespace {

namespace fs = std::filesystem;

// A COLLADA strip of triangles over `points` points, large enough for several blocks of input, a
// decoding thread and writers' helper threads (a buffer and number lists of over a MiB).
std::string strip_document(int points) {
  std::string xyz;
  for (int i = 0; i < points; ++i) xyz += cat(i, ".25 ", i % 7, ".5 -", i % 13, ".125 ");
  std::string p;
  for (int i = 0; i + 2 < points; ++i) p += cat(i, " ", i + 1, " ", i + 2, " ");
  return cat(
      "<?xml version=\"1.0\"?><COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" "
      "version=\"1.4.1\"><library_geometries><geometry id=\"g\"><mesh><source id=\"p\">"
      "<float_array id=\"pa\" count=\"",
      3 * points, "\">", xyz, "</float_array><technique_common><accessor source=\"#pa\" count=\"",
      points,
      "\" stride=\"3\"><param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/>"
      "<param name=\"Z\" type=\"float\"/></accessor></technique_common></source>"
      "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#p\"/></vertices>"
      "<triangles count=\"",
      points - 2, "\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/><p>", p,
      "</p></triangles></mesh></geometry></library_geometries><library_visual_scenes>"
      "<visual_scene id=\"s\"><node id=\"n\"><instance_geometry url=\"#g\"/></node>"
      "</visual_scene></library_visual_scenes><scene><instance_visual_scene url=\"#s\"/></scene>"
      "</COLLADA>");
}

// The fractions a call tells, stopping it at the stop_at-th (1-based; 0: never).
struct Recorder {
  std::vector<double> fractions;
  size_t stop_at = 0;
  ProgressCallback callback() {
    return [this](double fraction) {
      fractions.push_back(fraction);
      return fractions.size() != stop_at;
    };
  }
};

void expect_well_told(const std::vector<double>& fractions, const std::string& what) {
  ASSERT_FALSE(fractions.empty()) << what;
  for (size_t i = 0; i < fractions.size(); ++i) {
    EXPECT_GE(fractions[i], 0.0) << what << " #" << i;
    EXPECT_LE(fractions[i], 1.0) << what << " #" << i;
    if (i > 0) {
      EXPECT_GE(fractions[i], fractions[i - 1]) << what << " #" << i;
    }
  }
  EXPECT_EQ(fractions.back(), 1.0) << what;
}

void expect_cancelled(const absl::Status& status, const std::string& what) {
  EXPECT_EQ(status.code(), absl::StatusCode::kCancelled) << what << ": " << status;
  EXPECT_EQ(std::string(status.message()).rfind("cancelled: ", 0), 0u) << what << ": " << status;
}

class ProgressTest : public test_support::ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    fs::create_directories(dir_ / "in");
    fs::create_directories(dir_ / "out");
  }

  // The inputs: the demo sample and the strip as COLLADA, and each again as .gltf + .bin and GLB;
  // the strip gzipped too.
  std::vector<fs::path> inputs() {
    std::vector<fs::path> out = {gzipped_strip()};
    fs::copy_file(fs::path(PX_SOURCE_DIR) / "corpus/samples/robot_arm.dae", dir_ / "in/arm.dae");
    write_file("in/strip.dae", strip_document(60000));
    for (const char* stem : {"arm", "strip"}) {
      const fs::path dae = dir_ / "in" / cat(stem, ".dae");
      out.push_back(dae);
      Diagnostics d;
      absl::StatusOr<Scene> scene = read_scene(dae, ReadOptions{}, d);
      EXPECT_TRUE(scene.ok()) << scene.status();
      if (!scene.ok()) continue;
      for (const char* ext : {".gltf", ".glb"}) {
        const fs::path path = dir_ / "in" / cat(stem, ext);
        EXPECT_TRUE(write_scene(*scene, path, WriteOptions{}, d).ok());
        out.push_back(path);
      }
    }
    return out;
  }

  fs::path gzipped_strip() const {
    const fs::path path = dir_ / "in/strip.dae.gz";
    const std::string text = strip_document(60000);
    gzFile gz = gzopen(path.c_str(), "wb");
    EXPECT_NE(gz, nullptr);
    EXPECT_EQ(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())),
              static_cast<int>(text.size()));
    EXPECT_EQ(gzclose(gz), Z_OK);
    return path;
  }

  std::vector<std::string> output_files() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_ / "out")) {
      names.push_back(entry.path().filename().string());
    }
    return names;
  }
};

TEST_F(ProgressTest, EveryReadStopsCleanlyAtEachOfItsCallbacks) {
  for (const fs::path& input : inputs()) {
    for (int threads : {1, 2}) {
      const std::string what = cat(input.filename().string(), " threads=", threads);
      ReadOptions options;
      options.threads = threads;
      Recorder whole;
      options.progress = whole.callback();
      Diagnostics d;
      ASSERT_TRUE(read_scene(input, options, d).ok()) << what;
      expect_well_told(whole.fractions, what);
      for (size_t k = 1; k <= whole.fractions.size(); ++k) {
        Recorder stopping;
        stopping.stop_at = k;
        options.progress = stopping.callback();
        Diagnostics dk;
        absl::StatusOr<Scene> scene = read_scene(input, options, dk);
        expect_cancelled(scene.status(), cat(what, " stopped at ", k));
        // Never told again once it said stop, and told as the whole read told it until then.
        ASSERT_EQ(stopping.fractions.size(), k) << what;
        for (size_t i = 0; i < k; ++i) EXPECT_EQ(stopping.fractions[i], whole.fractions[i]);
      }
    }
  }
}

TEST_F(ProgressTest, EveryWriteStopsAtEachOfItsCallbacksLeavingNothing) {
  for (const fs::path& input : inputs()) {
    Diagnostics d;
    absl::StatusOr<Scene> scene = read_scene(input, ReadOptions{}, d);
    ASSERT_TRUE(scene.ok()) << scene.status();
    for (const char* ext : {".glb", ".gltf", ".dae"}) {
      for (int threads : {1, 2}) {
        const fs::path out = dir_ / "out" / cat("written", ext);
        const std::string what = cat(input.filename().string(), " to ", ext, " threads=", threads);
        WriteOptions options;
        options.threads = threads;
        Recorder whole;
        options.progress = whole.callback();
        ASSERT_TRUE(write_scene(*scene, out, options, d).ok()) << what;
        expect_well_told(whole.fractions, what);
        for (const std::string& name : output_files()) fs::remove(dir_ / "out" / name);
        for (size_t k = 1; k <= whole.fractions.size(); ++k) {
          Recorder stopping;
          stopping.stop_at = k;
          options.progress = stopping.callback();
          Diagnostics dk;
          expect_cancelled(write_scene(*scene, out, options, dk), cat(what, " stopped at ", k));
          EXPECT_EQ(stopping.fractions.size(), k) << what;
          EXPECT_EQ(output_files(), std::vector<std::string>()) << what << " stopped at " << k;
        }
      }
    }
  }
}

// A .dae.gz's progress follows its compressed bytes, its inflated size being unknown.
TEST_F(ProgressTest, AGzippedReadIsToldByTheBytesInflated) {
  ReadOptions options;
  Recorder whole;
  options.progress = whole.callback();
  Diagnostics d;
  ASSERT_TRUE(read_scene(gzipped_strip(), options, d).ok());
  EXPECT_TRUE(std::any_of(whole.fractions.begin(), whole.fractions.end(),
                          [](double f) { return f > 0.3 && f < 0.9; }));
}

TEST_F(ProgressTest, AGlbStreamStoppedIsGivenNothing) {
  Diagnostics d;
  absl::StatusOr<Scene> scene = read_scene_bytes(strip_document(60000), ReadOptions{}, d);
  ASSERT_TRUE(scene.ok()) << scene.status();
  WriteOptions options;
  options.binary = true;
  Recorder whole;
  options.progress = whole.callback();
  absl::Status status;
  ASSERT_FALSE(testing::written_to_stream(*scene, options, &status).empty());
  ASSERT_TRUE(status.ok()) << status;
  for (size_t k = 1; k <= whole.fractions.size(); ++k) {
    Recorder stopping;
    stopping.stop_at = k;
    options.progress = stopping.callback();
    EXPECT_EQ(testing::written_to_stream(*scene, options, &status), "");
    expect_cancelled(status, cat("GLB stream stopped at ", k));
  }
}

TEST_F(ProgressTest, AReadFromMemoryStopsAtEachOfItsCallbacks) {
  for (const std::string& bytes : {std::string(testing::kTriangle), strip_document(60000)}) {
    ReadOptions options;
    Recorder whole;
    options.progress = whole.callback();
    Diagnostics d;
    ASSERT_TRUE(read_scene_bytes(bytes, options, d).ok());
    expect_well_told(whole.fractions, "memory");
    for (size_t k = 1; k <= whole.fractions.size(); ++k) {
      Recorder stopping;
      stopping.stop_at = k;
      options.progress = stopping.callback();
      expect_cancelled(read_scene_bytes(bytes, options, d).status(), cat("memory at ", k));
    }
  }
}

}  // namespace
}  // namespace px
