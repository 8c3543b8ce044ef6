// Round trips over the shared corpus's glTF files (the Khronos validator's test assets and
// assimp's): every file polyxios reads goes glb -> gltf -> glb and gltf -> glb -> gltf, and the
// scenes read back are compared as decoded values (scene_compare.h): accessors, cells, node
// transforms, materials, skins and animation keys. A file the validator reports without errors
// must also write; a file with errors may be refused on write, but what it writes must read back
// as it was written. Writing a scene twice gives the same bytes. The counts of files read,
// round-tripped and compared with the file may not fall below those measured. Apart: the
// validator's test assets it reports without an error give none of the validity warnings (V24).
// Skipped when the corpus is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "engine/strings.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "rapidjson/document.h"
#include "tests/roundtrip/scene_compare.h"
#include "tests/support/required.h"

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

// The validator's error count from the file's .report.json; nullopt without a report (assimp's
// assets, which the glTF corpus test validates itself).
std::optional<int> reported_errors(const fs::path& file) {
  std::ifstream in(file.string() + ".report.json", std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  rapidjson::Document doc;
  doc.Parse(text.str().c_str());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("issues")) return std::nullopt;
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

// How many files of the shared corpus the tests check, measured on 2026-12-02 (main at 929f22f):
// these may only go up. A reader or writer that came to refuse (or warn on) more files would
// otherwise pass, checking fewer.
constexpr int kMinRead = 349;             // files read
constexpr int kMinRoundTripped = 348;     // round-tripped through GLB and .gltf both ways
constexpr int kMinUnchanged = 74;         // valid, no warning, compared with the file itself
constexpr int kMinValidatorPassed = 129;  // validator test assets reported without an error

std::string listed(const std::vector<std::string>& differences) {
  std::string out;
  for (const std::string& d : differences) out += cat("\n    ", d);
  return out;
}

TEST(GltfRoundTrip, CorpusFilesKeepTheirDecodedSceneThroughGlbAndGltf) {
  const fs::path corpus = corpus_dir();
  const std::vector<fs::path> files = gltf_files(corpus);
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no glTF corpus at " << corpus;
  const fs::path scratch = fs::temp_directory_path() / cat("polyxios_roundtrip_", getpid());
  int read = 0, round_tripped = 0, refused_on_write = 0, unchanged = 0;
  for (const fs::path& file : files) {
    Diagnostics diagnostics;
    absl::StatusOr<Scene> original = gltf::read(file, {}, diagnostics);
    if (!original.ok()) continue;
    ++read;
    const bool valid = reported_errors(file).value_or(0) == 0;
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
  EXPECT_GE(read, kMinRead);
  EXPECT_GE(round_tripped, kMinRoundTripped);
  EXPECT_GE(unchanged, kMinUnchanged);
}

// V24 of tests/SPEC_COVERAGE.md on real documents: the codes of the validity checks (rows V1 to
// V23), each standing for errors of the Khronos validator's.
constexpr std::string_view kValidityCodes[] = {
    "gltf.read.accessor-bounds",
    "gltf.read.accessor-misaligned",
    "gltf.read.accessor-no-bounds",
    "gltf.read.accessor-non-finite",
    "gltf.read.accessor-small-stride",
    "gltf.read.accessor-too-long",
    "gltf.read.accessor-undecodable",
    "gltf.read.animation-duplicate-target",
    "gltf.read.animation-input-format",
    "gltf.read.animation-input-negative",
    "gltf.read.animation-input-not-increasing",
    "gltf.read.animation-input-too-few",
    "gltf.read.animation-output-count",
    "gltf.read.animation-output-format",
    "gltf.read.animation-pointer-target-node",
    "gltf.read.animation-pointer-target-path",
    "gltf.read.animation-rotation-not-unit",
    "gltf.read.animation-weights-without-morphs",
    "gltf.read.asset-min-version",
    "gltf.read.attribute-invalid",
    "gltf.read.attribute-misaligned",
    "gltf.read.attribute-not-continuous",
    "gltf.read.attribute-unsigned-int",
    "gltf.read.buffer-media-type",
    "gltf.read.buffer-missing",
    "gltf.read.buffer-too-short",
    "gltf.read.buffer-view-target-override",
    "gltf.read.buffer-view-too-long",
    "gltf.read.byte-stride-invalid",
    "gltf.read.byte-stride-missing",
    "gltf.read.byte-stride-too-big",
    "gltf.read.camera-invalid",
    "gltf.read.camera-magnification-zero",
    "gltf.read.channel-targets-matrix",
    "gltf.read.color-not-clamped",
    "gltf.read.empty-array",
    "gltf.read.empty-object",
    "gltf.read.extension-duplicate",
    "gltf.read.extension-misplaced",
    "gltf.read.extension-not-required",
    "gltf.read.extension-required-unused",
    "gltf.read.extension-undeclared",
    "gltf.read.image-data-invalid",
    "gltf.read.image-media-type",
    "gltf.read.image-type-not-enabled",
    "gltf.read.image-unexpected-eos",
    "gltf.read.index-primitive-restart",
    "gltf.read.inverse-bind-matrix-invalid",
    "gltf.read.joint-duplicate",
    "gltf.read.joint-out-of-range",
    "gltf.read.joints-weights-mismatch",
    "gltf.read.json-bom",
    "gltf.read.light-empty",
    "gltf.read.light-spot-angles",
    "gltf.read.light-unresolved",
    "gltf.read.light-value-out-of-range",
    "gltf.read.node-matrix-not-trs",
    "gltf.read.node-parent-override",
    "gltf.read.node-skin-joints-outside-scene",
    "gltf.read.node-skin-unskinned-mesh",
    "gltf.read.normalized-invalid",
    "gltf.read.not-unique",
    "gltf.read.one-of",
    "gltf.read.property-dependency",
    "gltf.read.property-missing",
    "gltf.read.property-type",
    "gltf.read.reference-unresolved",
    "gltf.read.scene-node-duplicate",
    "gltf.read.scene-node-not-root",
    "gltf.read.skin-ibm-count",
    "gltf.read.skin-ibm-format",
    "gltf.read.skin-no-common-root",
    "gltf.read.skin-skeleton-invalid",
    "gltf.read.sparse-count",
    "gltf.read.sparse-indices-not-increasing",
    "gltf.read.tangent-sign",
    "gltf.read.tangent-space-missing",
    "gltf.read.texcoord-missing",
    "gltf.read.uri-invalid",
    "gltf.read.value-not-multiple",
    "gltf.read.value-out-of-range",
    "gltf.read.vector-not-unit",
    "gltf.read.weight-negative",
    "gltf.read.weights-not-normalized",
};

// The validator's own test assets it reports without an error (their .report.json) give none of
// the validity warnings (V24: no false positives). Files it reports with errors, and assimp's,
// which have no report, are left to the glTF corpus test.
TEST(GltfValidityCorpus, FilesTheValidatorPassesGiveNoneOfTheValidityWarnings) {
  const fs::path corpus = corpus_dir();
  const std::vector<fs::path> files = gltf_files(corpus);
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no glTF corpus at " << corpus;
  int valid = 0;
  for (const fs::path& file : files) {
    if (reported_errors(file) != 0) continue;
    ++valid;
    const std::string name = fs::relative(file, corpus).string();
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = gltf::read(file, {}, diagnostics);
    // A required extension polyxios cannot decode refuses a valid file by rule: no warning to see.
    if (!scene.ok() && absl::StrContains(scene.status().message(), "gltf.extension.unsupported")) {
      continue;
    }
    EXPECT_TRUE(scene.ok()) << name << ": " << scene.status();
    for (const auto& [code, count] : diagnostics.counts_by_code()) {
      EXPECT_EQ(std::find(std::begin(kValidityCodes), std::end(kValidityCodes), code),
                std::end(kValidityCodes))
          << name << ": the validator finds no error, yet the read warns " << code << " (x" << count
          << ")";
    }
  }
  std::printf("validity warnings: %d files the validator passes, read\n", valid);
  EXPECT_GE(valid, kMinValidatorPassed);
}

}  // namespace
}  // namespace px::testing
