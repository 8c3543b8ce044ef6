// Animation clips over the shared corpus: every COLLADA file holding <library_animation_clips>
// read, each <animation_clip> one animation with its window; its glTF write one animation per
// clip, named by the clip, as long as its window; its COLLADA write reading back with the same
// names (an unnamed clip by the id the writer gives it) and windows. Before clips were read, none
// of these files kept its clips. Skipped when the corpus is absent ($POLYXIOS_CORPUS, else the
// folder configured as PX_CORPUS_DIR).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/animation.h"
#include "rapidjson/document.h"
#include "tests/support/corpus_files.h"
#include "tests/support/required.h"

namespace px::animation_testing {
namespace {

namespace fs = std::filesystem;

using test_support::corpus_dir;

size_t occurrences(const std::string& text, std::string_view what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::vector<Animation> clips_of(const Scene& scene) {
  std::vector<Animation> out;
  for (const Animation& a : scene.animations) {
    if (a.clip) out.push_back(a);
  }
  return out;
}

// Why the file does not keep its clips through glTF and COLLADA, empty when it does.
std::string check_file(const fs::path& file, size_t clip_elements) {
  Diagnostics diagnostics;
  absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(file);
  if (!source.ok()) return std::string(source.status().ToString());
  absl::StatusOr<Scene> scene = collada::read(**source, ReadOptions(), diagnostics);
  if (!scene.ok()) return cat("refused: ", scene.status().ToString());
  const std::vector<Animation> clips = clips_of(*scene);
  if (clips.size() != clip_elements) {
    return cat(clip_elements, " <animation_clip> but ", clips.size(), " clips read");
  }
  absl::StatusOr<gltf::Written> written =
      gltf::write_to_memory(*scene, false, "out.bin", diagnostics);
  if (!written.ok()) return cat("glTF write refused: ", written.status().ToString());
  rapidjson::Document doc;
  doc.Parse(written->json.data(), written->json.size());
  if (doc.HasParseError() || !doc.HasMember("animations")) return "no glTF animations";
  const auto& animations = doc["animations"];
  // The clips come after the animations no clip plays, in their order.
  if (animations.Size() < clips.size()) {
    return cat(animations.Size(), " glTF animations for ", clips.size(), " clips");
  }
  for (size_t c = 0; c < clips.size(); ++c) {
    const auto& a = animations[animations.Size() - clips.size() + c];
    const std::string name = a.HasMember("name") ? a["name"].GetString() : "";
    const std::string clip_name = clips[c].name.value_or("");
    if (name != clip_name) return cat("clip '", clip_name, "' written as '", name, "'");
    float duration = 0;
    for (const auto& s : a["samplers"].GetArray()) {
      duration = std::max(duration, doc["accessors"][s["input"].GetInt()]["max"][0].GetFloat());
    }
    const double window = clips[c].clip->end - clips[c].clip->start;
    if (std::abs(duration - window) > 1e-6 * std::max(1.0, window)) {
      return cat("clip '", clip_name, "' lasts ", duration, " s in glTF, its window ", window);
    }
  }
  absl::StatusOr<std::string> dae = collada::write_to_memory(*scene, diagnostics);
  if (!dae.ok()) return cat("COLLADA write refused: ", dae.status().ToString());
  absl::StatusOr<Scene> back = collada::read(*memory_source(*dae), ReadOptions(), diagnostics);
  if (!back.ok()) return cat("COLLADA write does not read back: ", back.status().ToString());
  const std::vector<Animation> again = clips_of(*back);
  if (again.size() != clips.size()) {
    return cat(clips.size(), " clips written to COLLADA, ", again.size(), " read back");
  }
  for (size_t c = 0; c < clips.size(); ++c) {
    // An unnamed clip reads back named by the id the writer gives it.
    const bool named_alike = clips[c].name_or_empty().empty() ? !again[c].name_or_empty().empty()
                                                              : again[c].name == clips[c].name;
    if (!named_alike || again[c].clip->start != clips[c].clip->start ||
        again[c].clip->end != clips[c].clip->end) {
      return cat("clip '", clips[c].name_or_empty(), "' reads back from COLLADA as '",
                 again[c].name_or_empty(), "'");
    }
  }
  return "";
}

// Measured on 2026-12-02: the corpus files holding clips (11 of the CTS, 1 of assimp). Before
// clips were read, none kept its clips; now every one does.
constexpr size_t kMinFilesWithClips = 12;

TEST(AnimationClipsCorpus, EveryClipIsOneGltfAnimationAndReadsBackFromCollada) {
  const fs::path corpus = corpus_dir();
  if (!fs::is_directory(corpus / "collada")) PX_SKIP_UNLESS_REQUIRED() << "no corpus at " << corpus;
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(corpus / "collada")) {
    if (e.is_regular_file() && e.path().extension() == ".dae") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  size_t with_clips = 0, kept = 0;
  for (const fs::path& file : files) {
    absl::StatusOr<std::string> text = read_whole_file(file);
    if (!text.ok() || text->find("<library_animation_clips") == std::string::npos) continue;
    ++with_clips;
    const std::string name = fs::relative(file, corpus).string();
    const std::string why = check_file(file, occurrences(*text, "<animation_clip"));
    std::printf("%-8s %s%s%s\n", why.empty() ? "ok" : "FAILED", name.c_str(),
                why.empty() ? "" : ": ", why.c_str());
    if (why.empty()) {
      ++kept;
    } else {
      ADD_FAILURE() << name << ": " << why;
    }
  }
  std::printf(
      "\n%zu files with <library_animation_clips>; %zu keep one glTF animation per clip "
      "(0 before clips were read)\n",
      with_clips, kept);
  EXPECT_GE(with_clips, kMinFilesWithClips);
  EXPECT_EQ(kept, with_clips);
}

}  // namespace
}  // namespace px::animation_testing
