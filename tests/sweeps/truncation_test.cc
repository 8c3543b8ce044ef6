// The truncation sweep (issue 13, "every byte truncated"): each small fixture (the repository's
// corpus/ and the shared corpus's COLLADA, .gltf and .glb files of at most kSmallFixtureBytes) cut
// at every byte offset and read. Each cut is refused by a known rule (fuzz/outcome_checks.h) or
// read; never a crash or a hang (ctest's time limit). A cut that reads is written as GLB and as
// COLLADA in memory, each distinct output saved once under PX_SWEEP_OUTPUT_DIR with a line in its
// manifest.tsv; truncation_outputs_valid then checks the GLBs with the Khronos validator and the
// documents against the COLLADA 1.4.1 schema (check_outputs.mjs).
//
// CI sweeps a sample (select_fixtures); PX_SWEEP_ALL=1 (tools/sweep_truncation.sh) sweeps every
// small fixture. The counts are printed at the end of each test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "tests/fuzz/outcome_checks.h"
#include "tests/support/required.h"

namespace px {
namespace {

namespace fs = std::filesystem;

constexpr uintmax_t kSmallFixtureBytes = 16 * 1024;
// CI's sample of the shared corpus: every stride-th fixture of a kind by path, the stride chosen
// so that the sample holds about PX_SWEEP_SAMPLE_CUTS cuts (tests/sweeps/CMakeLists.txt: fewer in
// the sanitizer build, where a COLLADA cut costs some hundred times more), which keeps each sweep
// within a minute in the release build and two in the sanitizer build. A cut COLLADA document is
// parsed up to the cut, so the COLLADA fixtures take most of the time (all of them: about four
// minutes of CPU in the release build); a cut JSON document is refused once its end is reached.
constexpr uint64_t kSampleCuts = PX_SWEEP_SAMPLE_CUTS;
// Failures reported in full before the rest are only counted.
constexpr int kMaxReported = 20;

// The writes: one thread, and images as they are, not transcoded as a GLB write does by default.
const WriteOptions kWrite{.threads = 1, .transcode_images = false};

enum class Kind { kCollada, kGltf };

bool has_extension(const fs::path& path, std::initializer_list<std::string_view> extensions) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
}

// The small fixtures of a kind under root, sorted by path.
std::vector<fs::path> small_fixtures(const fs::path& root, Kind kind) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (!it->is_regular_file(ec) || it->file_size(ec) > kSmallFixtureBytes) continue;
    const bool wanted = kind == Kind::kCollada ? has_extension(it->path(), {".dae"})
                                               : has_extension(it->path(), {".gltf", ".glb"});
    if (wanted) out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool sweep_all() {
  const char* all = std::getenv("PX_SWEEP_ALL");
  return all != nullptr && std::string_view(all) == "1";
}

std::vector<fs::path> select_fixtures(Kind kind) {
  std::vector<fs::path> all = small_fixtures(PX_REPO_CORPUS_DIR, kind);
  const fs::path corpus_folder =
      fs::path(PX_CORPUS_DIR) / (kind == Kind::kCollada ? "collada" : "gltf");
  PX_EXPECT_PRESENT(fs::is_directory(corpus_folder)) << "the shared corpus at " << corpus_folder;
  std::vector<fs::path> shared = small_fixtures(corpus_folder, kind);
  if (sweep_all()) {
    all.insert(all.end(), shared.begin(), shared.end());
    return all;
  }
  uint64_t cuts = 0;
  for (const fs::path& path : shared) cuts += fs::file_size(path) + 1;
  const size_t stride = std::max<uint64_t>(1, (cuts + kSampleCuts - 1) / kSampleCuts);
  for (size_t i = 0; i < shared.size(); i += stride) all.push_back(shared[i]);
  return all;
}

struct Counts {
  size_t fixtures = 0;
  uint64_t cuts = 0;
  uint64_t read = 0;
  uint64_t refused = 0;
  uint64_t write_refused = 0;  // a cut that read, refused by a writer (either)
  size_t outputs = 0;          // distinct outputs saved
};

class TruncationSweep : public ::testing::Test {
 protected:
  // Reads a cut of the fixture (its first bytes).
  virtual absl::StatusOr<Scene> read_cut(const fs::path& fixture, std::string_view cut,
                                         Diagnostics& diagnostics) = 0;

  void sweep(Kind kind) {
    const std::vector<fs::path> fixtures = select_fixtures(kind);
    if (fixtures.empty())
      PX_SKIP_UNLESS_REQUIRED() << "no fixture of this kind (the shared corpus is absent)";
    out_dir_ = fs::path(PX_SWEEP_OUTPUT_DIR) /
               ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name();
    fs::create_directories(out_dir_);
    manifest_.open(out_dir_ / "manifest.tsv", std::ios::trunc);
    for (const fs::path& fixture : fixtures) {
      absl::StatusOr<std::string> bytes = read_whole_file(fixture);
      ASSERT_TRUE(bytes.ok()) << bytes.status();
      ++counts_.fixtures;
      for (size_t n = 0; n <= bytes->size(); ++n) {
        sweep_cut(fixture, std::string_view(*bytes).substr(0, n));
      }
    }
    manifest_.close();
    std::printf(
        "truncation sweep (%s): %zu fixtures, %llu cuts: %llu read, %llu refused (crashes 0); "
        "%llu reads refused by a writer; %zu distinct outputs in %s\n",
        sweep_all() ? "all small fixtures" : "CI sample", counts_.fixtures,
        static_cast<unsigned long long>(counts_.cuts),
        static_cast<unsigned long long>(counts_.read),
        static_cast<unsigned long long>(counts_.refused),
        static_cast<unsigned long long>(counts_.write_refused), counts_.outputs,
        out_dir_.string().c_str());
    EXPECT_EQ(problems_, 0) << "cuts with an unclean outcome (the first are listed above)";
    EXPECT_GT(counts_.read, 0u) << "no cut read: the whole fixtures should";
  }

 private:
  void report(const fs::path& fixture, size_t n, std::string_view what) {
    if (problems_++ < kMaxReported) {
      ADD_FAILURE() << fixture.string() << " cut after " << n << " bytes: " << what;
    }
  }

  void sweep_cut(const fs::path& fixture, std::string_view cut) {
    ++counts_.cuts;
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = read_cut(fixture, cut, diagnostics);
    if (!scene.ok()) {
      ++counts_.refused;
      const std::string problem = fuzz::refusal_problem(scene.status());
      if (!problem.empty()) report(fixture, cut.size(), problem);
      return;
    }
    ++counts_.read;
    if (std::string unknown = fuzz::unknown_warning(diagnostics); !unknown.empty()) {
      report(fixture, cut.size(), cat("a warning with an unknown code: ", unknown));
    }
    Diagnostics written;
    absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(*scene, true, "", written, kWrite);
    absl::StatusOr<std::string> dae = collada::write_to_memory(*scene, written, kWrite);
    for (const absl::Status& status : {glb.status(), dae.status()}) {
      if (status.ok()) continue;
      ++counts_.write_refused;
      const std::string problem = fuzz::refusal_problem(status);
      if (!problem.empty()) report(fixture, cut.size(), cat("on write: ", problem));
    }
    if (glb.ok()) save(fixture, cut.size(), glb->json, ".glb");
    if (dae.ok()) save(fixture, cut.size(), *dae, ".dae");
  }

  // Saves an output not seen before as <fixture stem>-<hash><extension>, with a manifest line:
  // the output's file name, the fixture and the cut.
  void save(const fs::path& fixture, size_t n, std::string_view bytes, std::string_view extension) {
    const size_t hash = std::hash<std::string_view>{}(bytes);
    if (!seen_.insert(cat(hash, extension)).second) return;
    const std::string name = cat(fixture.stem().string(), "-", hash, extension);
    std::ofstream(out_dir_ / name, std::ios::binary) << bytes;
    manifest_ << name << '\t' << fs::absolute(fixture).string() << '\t' << n << '\n';
    ++counts_.outputs;
  }

  fs::path out_dir_;
  std::ofstream manifest_;
  std::set<std::string> seen_;
  Counts counts_;
  int problems_ = 0;
};

class ColladaTruncation : public TruncationSweep {
  absl::StatusOr<Scene> read_cut(const fs::path&, std::string_view cut,
                                 Diagnostics& diagnostics) override {
    std::unique_ptr<Source> source = memory_source(cut);
    ReadOptions options;
    options.threads = 1;
    return collada::read(*source, options, diagnostics);
  }
};

class GltfTruncation : public TruncationSweep {
  // Relative buffers and images resolve against the fixture's folder: only the document is cut.
  absl::StatusOr<Scene> read_cut(const fs::path& fixture, std::string_view cut,
                                 Diagnostics& diagnostics) override {
    ReadOptions options;
    options.threads = 1;
    return gltf::read_memory(cut, fixture.parent_path(), options, diagnostics);
  }
};

TEST_F(ColladaTruncation, EveryCutOfEachFixtureIsReadOrRefused) { sweep(Kind::kCollada); }
TEST_F(GltfTruncation, EveryCutOfEachFixtureIsReadOrRefused) { sweep(Kind::kGltf); }

}  // namespace
}  // namespace px
