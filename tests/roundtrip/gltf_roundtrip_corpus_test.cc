// Round trips over the shared corpus's glTF files (the Khronos validator's test assets and
// assimp's): every file polyxios reads goes glb -> gltf -> glb and gltf -> glb -> gltf, and the
// scenes read back are compared as decoded values (scene_compare.h): accessors, cells, node
// transforms, materials, skins and animation keys. A file the validator reports without errors
// must also write; a file with errors may be refused on write, but what it writes must read back
// as it was written. Writing a scene twice gives the same bytes. Skipped when the corpus is
// absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "engine/diagnostics.h"
#include "engine/options.h"
#include "engine/strings.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "rapidjson/document.h"
#include "tests/roundtrip/scene_compare.h"

namespace px::testing {
namespace {

namespace fs = std::filesystem;

fs::path corpus_dir() {
  if (const char* env = std::getenv("POLYXIOS_CORPUS"); env != nullptr && *env != '\0') return env;
  return PX_CORPUS_DIR;
}

std::vector<fs::path> gltf_files(const fs::path& corpus) {
  std::vector<fs::path> out;
  for (const char* root : {"validator", "assimp"}) {
    if (!fs::is_directory(corpus / "gltf" / root)) continue;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(corpus / "gltf" / root)) {
      std::string ext = e.path().extension().string();
      std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
      if (e.is_regular_file() && (ext == ".gltf" || ext == ".glb")) out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The validator's error count from the file's .report.json; 0 without a report (assimp's assets,
// which the glTF corpus test validates itself).
int reported_errors(const fs::path& file) {
  std::ifstream in(file.string() + ".report.json", std::ios::binary);
  if (!in) return 0;
  std::stringstream text;
  text << in.rdbuf();
  rapidjson::Document doc;
  doc.Parse(text.str().c_str());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("issues")) return 0;
  return doc["issues"]["numErrors"].GetInt();
}

// Writes the scene as GLB and reads it back; a second write must give the same bytes.
absl::StatusOr<Scene> through_glb(const Scene& scene, Diagnostics& diagnostics) {
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(scene, true, "", diagnostics);
  if (!glb.ok()) return glb.status();
  Diagnostics again;
  absl::StatusOr<gltf::Written> second = gltf::write_to_memory(scene, true, "", again);
  if (!second.ok() || second->json != glb->json) {
    return absl::InternalError("a second write of the same scene gave other bytes");
  }
  return gltf::read_memory(glb->json, {}, {}, diagnostics);
}

absl::StatusOr<Scene> through_gltf(const Scene& scene, const fs::path& folder) {
  fs::remove_all(folder);
  fs::create_directories(folder);
  Diagnostics diagnostics;
  if (absl::Status s = gltf::write(scene, folder / "scene.gltf", false, diagnostics); !s.ok()) {
    return s;
  }
  absl::StatusOr<Scene> back = gltf::read(folder / "scene.gltf", {}, diagnostics);
  fs::remove_all(folder);
  return back;
}

std::string listed(const std::vector<std::string>& differences) {
  std::string out;
  for (const std::string& d : differences) out += cat("\n    ", d);
  return out;
}

TEST(GltfRoundTrip, CorpusFilesKeepTheirDecodedSceneThroughGlbAndGltf) {
  const fs::path corpus = corpus_dir();
  const std::vector<fs::path> files = gltf_files(corpus);
  if (files.empty()) GTEST_SKIP() << "no glTF corpus at " << corpus;
  const fs::path scratch = fs::temp_directory_path() / cat("polyxios_roundtrip_", getpid());
  int read = 0, round_tripped = 0, refused_on_write = 0, unchanged = 0;
  for (const fs::path& file : files) {
    Diagnostics diagnostics;
    absl::StatusOr<Scene> original = gltf::read(file, {}, diagnostics);
    if (!original.ok()) continue;
    ++read;
    const bool valid = reported_errors(file) == 0;
    const std::string name = fs::relative(file, corpus).string();
    // glb -> gltf -> glb: the file's scene, then through a GLB, a .gltf, and a GLB again.
    absl::StatusOr<Scene> glb = through_glb(*original, diagnostics);
    if (!glb.ok()) {
      // assimp's assets have no report: one holding Inf (BoxWithInfinites) is refused by rule.
      const bool by_rule = absl::StrContains(glb.status().message(), "gltf.write.non-finite");
      EXPECT_TRUE(!valid || by_rule)
          << name << ": a valid file's write was refused: " << glb.status();
      EXPECT_NE(glb.status().code(), absl::StatusCode::kInternal) << name << ": " << glb.status();
      std::printf("refused on write: %s: %s\n", name.c_str(),
                  std::string(glb.status().message()).c_str());
      ++refused_on_write;
      continue;
    }
    absl::StatusOr<Scene> gltf = through_gltf(*glb, scratch);
    ASSERT_TRUE(gltf.ok()) << name
                           << ": what was written does not write as .gltf: " << gltf.status();
    Diagnostics again;
    absl::StatusOr<Scene> glb_again = through_glb(*gltf, again);
    ASSERT_TRUE(glb_again.ok()) << name << ": " << glb_again.status();
    // What a read or write changes it says with a warning; without one, the file's scene must
    // come back as it was (normals renormalised on write: hence the looser tolerance).
    if (valid && diagnostics.warning_count() == 0) {
      std::vector<std::string> d = scene_differences(*original, *glb, 1e-4);
      EXPECT_TRUE(d.empty()) << name << ": the GLB's scene is not the file's, with no warning:"
                             << listed(d);
      ++unchanged;
    }
    std::vector<std::string> d = scene_differences(*glb, *gltf);
    EXPECT_TRUE(d.empty()) << name << ": glb -> gltf changed the scene:" << listed(d);
    d = scene_differences(*gltf, *glb_again);
    EXPECT_TRUE(d.empty()) << name << ": gltf -> glb changed the scene:" << listed(d);
    // gltf -> glb -> gltf, starting from the .gltf form.
    absl::StatusOr<Scene> gltf_again = through_gltf(*glb_again, scratch);
    ASSERT_TRUE(gltf_again.ok()) << name << ": " << gltf_again.status();
    d = scene_differences(*gltf, *gltf_again);
    EXPECT_TRUE(d.empty()) << name << ": gltf -> glb -> gltf changed the scene:" << listed(d);
    ++round_tripped;
  }
  std::printf(
      "glTF round trips: %d files read, %d round-tripped (%d valid and converted without a "
      "warning, compared with the file), %d refused on write\n",
      read, round_tripped, unchanged, refused_on_write);
  EXPECT_GT(round_tripped, 0);
}

}  // namespace
}  // namespace px::testing
