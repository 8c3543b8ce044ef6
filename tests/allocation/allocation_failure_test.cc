// The allocation-failure sweep (issue 13, as ufbx tests itself): every allocation made while
// reading a fixture, and while writing its scene as GLB, .gltf + .bin and COLLADA, is made to
// fail once, one run per allocation. Each run must end cleanly: an out-of-memory status
// ("out of memory: ...") and nothing written, or, where the code could do without that memory,
// the same result as the run that failed nothing. No crash; in the sanitizer build, no leak
// (LeakSanitizer runs at exit) and no bad access.
//
// CI sweeps a sample of fixtures (robot_arm.dae: hierarchy and materials; box_nested_animation.dae:
// a skin and nested <animation>s; a skinned GLB, a textured GLB, a skinned .gltf, a .zae);
// PX_SWEEP_ALL=1 sweeps every file of the shared corpus up to PX_SWEEP_MAX_BYTES (default 8 KiB):
// tools/sweep_allocations.sh. Threads: 1, so that the allocations come in the same order each run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "polyxios/polyxios.h"
#include "polyxios/scene/value.h"
#include "tests/allocation/failing_new.h"
#include "tests/support/required.h"
#include "tests/support/scratch_dir_test.h"

namespace px {
namespace {

namespace fs = std::filesystem;

fs::path corpus_dir() {
  if (const char* env = std::getenv("POLYXIOS_CORPUS"); env != nullptr && *env != '\0') return env;
  return PX_CORPUS_DIR;
}

bool sweep_all() {
  const char* env = std::getenv("PX_SWEEP_ALL");
  return env != nullptr && std::string(env) == "1";
}

uintmax_t max_bytes() {
  const char* env = std::getenv("PX_SWEEP_MAX_BYTES");
  return env != nullptr ? std::strtoull(env, nullptr, 10) : 8192;
}

// The fixtures: the repository's sample, and a sample of the shared corpus (all of its small
// files with PX_SWEEP_ALL=1), each there or missing (a failure with PX_REQUIRE_ALL=1).
std::vector<fs::path> fixtures() {
  std::vector<fs::path> files = {fs::path(PX_SOURCE_DIR) / "corpus/samples/robot_arm.dae"};
  const fs::path corpus = corpus_dir();
  PX_EXPECT_PRESENT(fs::is_directory(corpus)) << "the shared corpus at " << corpus;
  if (!fs::is_directory(corpus)) return files;
  if (sweep_all()) {
    std::vector<fs::path> found;
    for (const auto& entry : fs::recursive_directory_iterator(corpus)) {
      if (!entry.is_regular_file() || entry.file_size() > max_bytes()) continue;
      const bool zae = entry.path().extension() == ".zae";
      if (zae || format_from_extension(entry.path()) != Format::kUnknown) {
        found.push_back(entry.path());
      }
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
    return files;
  }
  for (const char* rel :
       {"collada/assimp/box_nested_animation.dae", "gltf/assimp/simple_skin/quad_skin.glb",
        "gltf/assimp/BoxTextured-glTF-Binary/BoxTextured.glb",
        "gltf/validator/base/data/skin/valid.gltf",
        "collada/cts/1_5/zae/root_fragment/root_fragment.zae"}) {
    const bool present = fs::exists(corpus / rel);
    PX_EXPECT_PRESENT(present) << corpus / rel;
    if (present) files.push_back(corpus / rel);
  }
  return files;
}

bool is_out_of_memory(const absl::Status& status) {
  return status.code() == absl::StatusCode::kAborted &&
         absl::StartsWith(status.message(), "out of memory: ");
}

// What a run gives: its status, and what it left in its folder.
struct Outcome {
  absl::Status status;
  std::vector<std::pair<std::string, std::string>> files;  // name, bytes
};

class AllocationFailure : public test_support::ScratchDirTest {
 protected:
  // Runs `run` with the fail_at-th allocation failing (0: none); counted is set to the
  // allocations it made. Only the run is counted, not the look at what it left.
  Outcome outcome_of(const std::function<absl::Status()>& run, int64_t fail_at = 0,
                     int64_t* counted = nullptr) {
    Outcome out;
    testing::start_counting(fail_at);
    absl::Status status = run();
    int64_t n = testing::stop_counting();
    if (counted != nullptr) *counted = n;
    out.status = std::move(status);
    for (const std::string& name : files()) out.files.emplace_back(name, file_bytes(dir_ / name));
    for (const auto& entry : fs::directory_iterator(dir_)) fs::remove_all(entry.path());
    return out;
  }

  // Runs `run` once failing nothing, then once per allocation that run made, failing that one;
  // `same` compares a run that succeeded despite the failure with the first.
  void sweep(const std::string& what, const std::function<absl::Status()>& run) {
    SCOPED_TRACE(what);
    outcome_of(run);  // first use of any function-local static happens outside the sweep
    int64_t allocations = 0;
    Outcome reference = outcome_of(run, 0, &allocations);
    ASSERT_GT(allocations, 0);
    // To debug a failure: PX_SWEEP_TRACE=1 names each run, PX_SWEEP_ONLY=N starts at the N-th.
    const bool trace = std::getenv("PX_SWEEP_TRACE") != nullptr;
    const char* only = std::getenv("PX_SWEEP_ONLY");
    for (int64_t n = only != nullptr ? std::atoll(only) : 1; n <= allocations; ++n) {
      if (trace)
        std::fprintf(stderr, "%s: allocation %lld\n", what.c_str(), static_cast<long long>(n));
      Outcome failed = outcome_of(run, n);
      ++runs_;
      if (is_out_of_memory(failed.status)) {
        ++clean_errors_;
        EXPECT_TRUE(failed.files.empty()) << "allocation " << n << ": files left behind";
      } else {
        // The failure was absorbed (or never reached, when the run allocates less after it):
        // the result is the reference's.
        EXPECT_EQ(failed.status, reference.status) << "allocation " << n;
        EXPECT_EQ(failed.files, reference.files) << "allocation " << n;
        if (failed.status != reference.status || failed.files != reference.files) return;
      }
    }
  }

  int64_t runs_ = 0;
  int64_t clean_errors_ = 0;
};

TEST_F(AllocationFailure, EveryAllocationOfReadingAndWritingFailsCleanly) {
  ReadOptions read_options;
  read_options.threads = 1;
  WriteOptions write_options;
  write_options.threads = 1;
  const std::vector<fs::path> files = fixtures();
  int64_t fixtures_read = 0;
  for (const fs::path& file : files) {
    sweep("read " + file.string(), [&] {
      Diagnostics d;
      absl::StatusOr<Scene> scene = read_scene(file, read_options, d);
      return scene.status();
    });
    Diagnostics d;
    absl::StatusOr<Scene> scene = read_scene(file, read_options, d);
    if (!scene.ok()) continue;
    ++fixtures_read;
    for (const char* name : {"out.glb", "out.gltf", "out.dae"}) {
      const fs::path out = dir_ / name;  // made before the sweep: only the write is swept
      sweep(std::string("write ") + name + " from " + file.string(), [&] {
        Diagnostics wd;
        return write_scene(*scene, out, write_options, wd);
      });
    }
    if (HasFailure()) break;
  }
  std::printf("allocation sweep: %zu fixtures (%lld read), %lld runs, %lld out-of-memory errors\n",
              files.size(), static_cast<long long>(fixtures_read), static_cast<long long>(runs_),
              static_cast<long long>(clean_errors_));
  EXPECT_GT(fixtures_read, 0);
}

// A Value whose copy runs out of memory throws std::bad_alloc and leaves the source as it was
// (std::variant's own copy constructor crashed there: polyxios/scene/value.h).
TEST(ValueCopy, AFailedCopyThrowsBadAlloc) {
  const Value source(ValueMap{
      {"name", Value(std::string(64, 'x'))},
      {"list", Value(ValueArray{Value(1), Value(std::string(64, 'y')), Value(ValueMap{})})}});
  for (int64_t n = 1; n <= 16; ++n) {
    bool threw = false;
    testing::start_counting(n);
    try {
      Value copy(source);
      Value assigned(std::string(64, 'z'));
      assigned = source;
    } catch (const std::bad_alloc&) {
      threw = true;
    }
    const bool injected = testing::failure_injected();
    testing::stop_counting();
    EXPECT_EQ(threw, injected) << "allocation " << n;
  }
  ASSERT_EQ(source.as_map().size(), 2u);
  EXPECT_EQ(source.as_map()[0].second.as_string(), std::string(64, 'x'));
  EXPECT_EQ(source.as_map()[1].second.as_array().size(), 3u);
}

}  // namespace
}  // namespace px
