// The library converts on many threads at once (a server converting uploads in parallel, issue
// 13): corpus files of both formats, each to GLB, .gltf + .bin and COLLADA, are converted one
// after another on one thread, then all of them on 8 threads at once, with threads 1 and 2 in
// turn (ReadOptions / WriteOptions::threads); every conversion must give the same files, status
// and diagnostics. tools/tsan.sh runs it under ThreadSanitizer. Skipped when the shared corpus is
// absent.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <latch>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/strings.h"
#include "polyxios/polyxios.h"
#include "tests/support/required.h"

namespace px {
namespace {

namespace fs = std::filesystem;

constexpr int kThreads = 8;
constexpr size_t kInputs = 24;

fs::path corpus_dir() {
  if (const char* env = std::getenv("POLYXIOS_CORPUS"); env != nullptr && *env != '\0') return env;
  return PX_CORPUS_DIR;
}

// Exporters' files of 8 kB to 2 MB, sorted by path, COLLADA and glTF in turn.
std::vector<fs::path> inputs(const fs::path& corpus) {
  std::vector<fs::path> by_format[2];
  for (const char* root : {"collada/assimp", "collada/pycollada", "gltf/assimp"}) {
    if (!fs::is_directory(corpus / root)) continue;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(corpus / root)) {
      std::string ext = e.path().extension().string();
      std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
      bool collada = ext == ".dae";
      if (!e.is_regular_file() || !(collada || ext == ".gltf" || ext == ".glb")) continue;
      if (e.file_size() < (8 << 10) || e.file_size() > (2 << 20)) continue;
      by_format[collada ? 0 : 1].push_back(e.path());
    }
  }
  std::vector<fs::path> out;
  for (auto& files : by_format) std::sort(files.begin(), files.end());
  for (size_t i = 0; out.size() < kInputs && i < by_format[0].size() + by_format[1].size(); ++i) {
    for (const auto& files : by_format) {
      if (i < files.size() && out.size() < kInputs) out.push_back(files[i]);
    }
  }
  return out;
}

struct Job {
  fs::path input;
  std::string output;  // "out.glb", "out.gltf", "out.dae"
  int threads = 1;
};

// What a conversion gave: its status, its diagnostics and the files it wrote, the folder it
// wrote in taken out of the text.
struct Outcome {
  std::string status;
  std::vector<std::string> diagnostics;
  std::map<std::string, std::string> files;
};

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

Outcome convert(const Job& job, const fs::path& folder) {
  fs::create_directories(folder);
  ReadOptions read_options;
  read_options.threads = job.threads;
  WriteOptions write_options;
  write_options.threads = job.threads;
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = read_scene(job.input, read_options, diagnostics);
  absl::Status status = scene.status();
  if (scene.ok()) status = write_scene(*scene, folder / job.output, write_options, diagnostics);
  Outcome outcome;
  const std::string where = folder.string();
  outcome.status = replace_all(status.ToString(), where, "<out>");
  for (const Diagnostic& d : diagnostics.entries()) {
    outcome.diagnostics.push_back(
        replace_all(cat(d.code, " ", d.line, " x", d.count, ": ", d.message), where, "<out>"));
  }
  for (const fs::directory_entry& e : fs::directory_iterator(folder)) {
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    outcome.files[e.path().filename().string()] = bytes.str();
  }
  return outcome;
}

class ConcurrentConvert : public ::testing::Test {
 protected:
  void SetUp() override {
    work_ = fs::temp_directory_path() /
            cat("px_concurrent_", ::testing::UnitTest::GetInstance()->random_seed(), "_", getpid());
    fs::remove_all(work_);
  }
  void TearDown() override { fs::remove_all(work_); }
  fs::path work_;
};

TEST_F(ConcurrentConvert, EightThreadsAtOnceWriteWhatOneThreadWrites) {
  std::vector<fs::path> files = inputs(corpus_dir());
  if (files.size() < 8) PX_SKIP_UNLESS_REQUIRED() << "no shared corpus at " << corpus_dir();
  std::vector<Job> jobs;
  for (const fs::path& input : files) {
    for (const char* output : {"out.glb", "out.gltf", "out.dae"}) {
      jobs.push_back({input, output, 1 + static_cast<int>(jobs.size() % 2)});
    }
  }
  std::vector<Outcome> alone(jobs.size());
  for (size_t i = 0; i < jobs.size(); ++i) {
    Job single = jobs[i];
    single.threads = 1;
    alone[i] = convert(single, work_ / "alone" / std::to_string(i));
  }
  // Thread t converts jobs t, t + 8, ...: each a few files of both formats to every output.
  std::vector<Outcome> together(jobs.size());
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      for (size_t i = t; i < jobs.size(); i += kThreads) {
        together[i] = convert(jobs[i], work_ / "together" / std::to_string(i));
      }
    });
  }
  for (std::thread& thread : threads) thread.join();

  size_t written = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    SCOPED_TRACE(cat(jobs[i].input.string(), " -> ", jobs[i].output));
    EXPECT_EQ(together[i].status, alone[i].status);
    EXPECT_EQ(together[i].diagnostics, alone[i].diagnostics);
    EXPECT_EQ(together[i].files.size(), alone[i].files.size());
    for (const auto& [name, bytes] : alone[i].files) {
      auto found = together[i].files.find(name);
      ASSERT_NE(found, together[i].files.end()) << name;
      EXPECT_TRUE(found->second == bytes) << name << " differs";
    }
    written += alone[i].status == "OK" ? 1 : 0;
  }
  // Most of the corpus converts; a test of refusals only would prove little.
  EXPECT_GE(written * 2, jobs.size());
}

}  // namespace
}  // namespace px
