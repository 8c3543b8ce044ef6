// The animation-fidelity check (fidelity.h) over the shared corpus's animated COLLADA files: every
// file of collada/ holding an <animation> (the CTS library_animations and animation clips of
// COLLADA 1.4 and 1.5, the 3ds Max, Maya, FBX and Blender exports of collada/assimp and
// collada/pycollada) and every CTS file under library_controllers. The files checked and those
// animating a node may not fall below the counts measured. Skipped when the corpus is absent
// ($POLYXIOS_CORPUS, else the folder configured as PX_CORPUS_DIR).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/source.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "tests/animation/fidelity.h"
#include "tests/support/corpus_files.h"
#include "tests/support/required.h"

namespace px::animation_testing {
namespace {

namespace fs = std::filesystem;

using test_support::corpus_dir;

bool is_dae(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
  return ext == ".dae";
}

bool holds_animation(const fs::path& p) {
  absl::StatusOr<std::string> text = read_whole_file(p);
  if (!text.ok()) return false;
  std::string lower = *text;
  std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
  return lower.find("<animation") != std::string::npos;
}

std::vector<fs::path> animated_files(const fs::path& corpus) {
  std::vector<fs::path> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(corpus / "collada")) {
    if (!e.is_regular_file() || !is_dae(e.path())) continue;
    const std::string path = e.path().string();
    if (path.find("/library_controllers/") != std::string::npos || holds_animation(e.path())) {
      out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// How many files the check reads and writes, and how many of those animate a node, measured on
// 2026-12-02 (main at 929f22f): these may only go up, so that a reader or writer refusing more
// files cannot pass by checking fewer.
constexpr size_t kMinFilesChecked = 202;
constexpr size_t kMinFilesAnimated = 103;

TEST(AnimationFidelity, CorpusAnimatedFilesPlayTheSameInTheirGltf) {
  const fs::path corpus = corpus_dir();
  if (!fs::is_directory(corpus / "collada")) PX_SKIP_UNLESS_REQUIRED() << "no corpus at " << corpus;
  const std::vector<fs::path> files = animated_files(corpus);
  ASSERT_FALSE(files.empty());
  Worst translation, rotation;
  double of_range = 0;
  std::string of_range_file;
  size_t checked = 0, animated = 0;
  for (const fs::path& file : files) {
    const std::string name = fs::relative(file, corpus).string();
    Diagnostics diagnostics;
    absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(file);
    ASSERT_TRUE(source.ok()) << name;
    absl::StatusOr<Scene> scene = collada::read(**source, ReadOptions(), diagnostics);
    if (!scene.ok()) {
      std::printf("refused  %s: %s\n", name.c_str(), std::string(scene.status().message()).c_str());
      continue;
    }
    absl::StatusOr<gltf::Written> written =
        gltf::write_to_memory(*scene, false, "out.bin", diagnostics);
    if (!written.ok()) {
      std::printf("refused  %s: %s\n", name.c_str(),
                  std::string(written.status().message()).c_str());
      continue;
    }
    rapidjson::Document doc;
    doc.Parse(written->json.data(), written->json.size());
    ASSERT_FALSE(doc.HasParseError()) << name;
    FidelityReport report = check_fidelity(*scene, doc, written->bin);
    ++checked;
    if (report.nodes > 0) ++animated;
    std::printf(
        "%-8s %s: %zu clips, %zu nodes, %zu samples; translation %.3g of tolerance "
        "(%.3g of range), rotation %.3g deg, scale %.3g of tolerance\n",
        report.failures.empty() ? "ok" : "FAILED", name.c_str(), report.clips, report.nodes,
        report.samples, report.translation.value, report.translation_of_range,
        report.rotation.value, report.scale.value);
    for (size_t i = 0; i < report.failures.size() && i < 5; ++i) {
      ADD_FAILURE() << name << ": " << report.failures[i];
    }
    if (report.translation.value > translation.value) {
      translation = {report.translation.value, name + ", " + report.translation.where};
    }
    if (report.rotation.value > rotation.value) {
      rotation = {report.rotation.value, name + ", " + report.rotation.where};
    }
    if (report.translation_of_range > of_range) {
      of_range = report.translation_of_range;
      of_range_file = name;
    }
  }
  std::printf("\n%zu files checked, %zu animated\n", checked, animated);
  std::printf("worst translation: %.4g of the tolerance at %s\n", translation.value,
              translation.where.c_str());
  std::printf("worst translation against the node's range: %.4g (%s)\n", of_range,
              of_range_file.c_str());
  std::printf("worst rotation: %.4g degrees at %s\n", rotation.value, rotation.where.c_str());
  EXPECT_GE(checked, kMinFilesChecked);
  EXPECT_GE(animated, kMinFilesAnimated);
}

}  // namespace
}  // namespace px::animation_testing
