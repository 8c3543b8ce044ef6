// Round trips through the COLLADA writer over the shared corpus, comparing decoded scenes, not
// bytes (scene_compare.h, collada_compare.h):
//   dae -> dae -> dae     a corpus .dae read (S), written (A), read, written (B), read, written
//                         (C): S and A's scene agree as collada_compare.h compares them (what a
//                         write keeps), B and C are the same bytes, and the scenes read from A
//                         and B are equal (the writer's output is a fixed point of a read and a
//                         write).
//   glb -> dae -> glb     a corpus glTF / GLB read (S), written as COLLADA and read back (S'):
//                         geometry, materials, node world matrices, skins and animations as
//                         collada_compare.h describes, modulo what spec collada.md says changes.
//   dae -> glb -> dae -> glb  a corpus .dae written as GLB and read (G1), through COLLADA and a
//                         GLB again (G2): G2's scene is G1's, animations sampled between G1 and
//                         the COLLADA read in between.
// A refusal on write (a collada.write.* rule) is counted, not a failure. What changes on the way
// with a warning of the writer's ("dropped with a warning") is listed, not a failure, when the
// warning is of the difference's kind (writer_warning_kinds.h: a material term dropped excuses a
// material that differs, not a mesh or a node); any other difference fails, as does any
// difference between the first write and the second. The counts of files read, round-tripped and
// found equal may not fall below those measured (Floors). Skipped when the corpus is absent.
// $PX_ROUNDTRIP_FILTER (a substring of the corpus-relative path) narrows the files, and then the
// counts are not held to their floors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/diagnostics.h"
#include "tests/roundtrip/collada_compare.h"
#include "tests/roundtrip/scene_compare.h"
#include "tests/roundtrip/writer_warning_kinds.h"
#include "tests/support/required.h"
#include "tests/support/through_collada.h"

namespace px::testing {
namespace {

namespace fs = std::filesystem;
using test_support::read_dae_file;

fs::path corpus_dir() {
  if (const char* env = std::getenv("POLYXIOS_CORPUS"); env != nullptr && *env != '\0') return env;
  return PX_CORPUS_DIR;
}

std::vector<fs::path> corpus_files(const fs::path& corpus, const char* folder,
                                   const std::vector<std::string>& extensions) {
  std::vector<fs::path> out;
  if (!fs::is_directory(corpus / folder)) return out;
  const char* filter = std::getenv("PX_ROUNDTRIP_FILTER");
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(corpus / folder)) {
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (!e.is_regular_file() ||
        std::find(extensions.begin(), extensions.end(), ext) == extensions.end()) {
      continue;
    }
    if (filter != nullptr && !absl::StrContains(e.path().string(), filter)) continue;
    out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

absl::StatusOr<Scene> read_dae_text(const std::string& text, Diagnostics& diagnostics) {
  std::unique_ptr<Source> source = memory_source(text);
  return collada::read(*source, ReadOptions{}, diagnostics);
}

// The rule a refusal on write names, or "" when the status is not one.
std::string write_rule(const absl::Status& status) {
  const std::string m(status.message());
  const size_t at = m.find("collada.write.");
  if (status.code() != absl::StatusCode::kInvalidArgument || at == std::string_view::npos)
    return "";
  const size_t end = m.find_first_of(": ", at);
  return m.substr(at, end == std::string::npos ? end : end - at);
}

std::string listed(const std::vector<Difference>& differences, size_t most = 8) {
  std::string out;
  for (size_t i = 0; i < differences.size() && i < most; ++i) {
    out += cat("\n    [", kind_name(differences[i].kind), "] ", differences[i].text);
  }
  if (differences.size() > most) out += cat("\n    ... ", differences.size() - most, " more");
  return out;
}

// Differences that are all of one kind (what a comparison of whole scenes finds).
std::vector<Difference> all_of_kind(DifferenceKind kind, const std::vector<std::string>& texts) {
  std::vector<Difference> out;
  for (const std::string& text : texts) out.push_back({kind, text});
  return out;
}

// The COLLADA writer's warning codes: what it says it changes (a glTF write's on the way warn of
// COLLADA's own globals it drops, which a scene read from glTF never had, and excuse nothing).
std::vector<std::string> writer_codes(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const auto& [code, count] : d.counts_by_code()) {
    if (code.starts_with("collada.write.")) out.push_back(code);
  }
  return out;
}

// Where two writes differ: the line and what each holds there.
std::string first_difference(const std::string& b, const std::string& c) {
  const size_t at =
      std::mismatch(b.begin(), b.begin() + std::min(b.size(), c.size()), c.begin()).first -
      b.begin();
  const size_t line = std::count(b.begin(), b.begin() + at, '\n') + 1;
  const size_t from = at < 40 ? 0 : at - 40;
  return cat("B and C differ from line ", line, ": '", b.substr(from, 80), "' vs '",
             c.substr(from, 80), "'");
}

// How many corpus files a round trip reads, takes all the way round and finds equal: these may
// only go up, so that a reader or writer refusing (or warning on) more files cannot pass by
// checking fewer. Not checked when $PX_ROUNDTRIP_FILTER narrows the files.
struct Floors {
  int read = 0, round_tripped = 0, equal = 0;
};
// Measured with main at 2af7d83, dae -> dae -> dae comparing the file's scene with the first
// write's (5 files change with a warning of the difference's kind: images and textures dropped).
constexpr Floors kDaeDaeDaeFloors{.read = 1242, .round_tripped = 1242, .equal = 1237};
constexpr int kMinGltfScenesCompared = 349;
constexpr Floors kGltfThroughColladaFloors{.read = 349, .round_tripped = 349, .equal = 341};
constexpr Floors kDaeThroughGlbFloors{.read = 1242, .round_tripped = 1239, .equal = 1236};

struct Tally {
  int files = 0, read = 0, refused_on_write = 0, round_tripped = 0, equal = 0, warned = 0,
      disagree = 0;
  std::map<std::string, int> rules;            // refusals on write by rule
  std::map<std::string, int> read_back_codes;  // warnings reading back what was written
  std::vector<std::string> changed;            // files changed with a warning, first differences
  std::map<std::string, int> patterns;         // disagreements by kind and text sans numbers

  void refused(const absl::Status& status, const std::string& name) {
    const std::string rule = write_rule(status);
    EXPECT_FALSE(rule.empty()) << name << ": the write failed, not by a rule: " << status;
    ++refused_on_write;
    ++rules[rule.empty() ? std::string(status.message()) : rule];
  }
  // A step that must succeed failed: what was written does not read, say.
  void broken(const std::string& name, const char* what, const absl::Status& status) {
    ++round_tripped;
    ++disagree;
    ++patterns[cat(what, " ", absl::StatusCodeToString(status.code()))];
    ADD_FAILURE() << name << what << status;
  }
  // Differences no warning excuses, found by `what`.
  void disagrees(const std::string& name, std::string_view what, const std::vector<Difference>& d) {
    ++round_tripped;
    ++disagree;
    for (const Difference& one : d) ++patterns[pattern_of(one)];
    ADD_FAILURE() << name << what << listed(d);
  }
  void read_back(const Diagnostics& d) {
    for (const auto& [code, count] : d.counts_by_code()) ++read_back_codes[code];
  }
  // The scene written as COLLADA (its warnings in written) and read back; nullopt when the write
  // was refused (counted by rule) or what it wrote does not read (a failure).
  std::optional<Scene> written_and_read_back(const Scene& scene, const std::string& name,
                                             Diagnostics& written) {
    absl::StatusOr<std::string> dae = collada::write_to_memory(scene, written);
    if (!dae.ok()) {
      refused(dae.status(), name);
      return std::nullopt;
    }
    Diagnostics reading;
    absl::StatusOr<Scene> back = read_dae_text(*dae, reading);
    read_back(reading);
    if (!back.ok()) {
      broken(name, ": what was written does not read: ", back.status());
      return std::nullopt;
    }
    return std::move(*back);
  }
  // Classifies a round trip's differences: none, each of a kind a warning of the writer's on the
  // way (`codes`) excuses, or a disagreement.
  void judge(const std::string& name, const std::vector<Difference>& d,
             const std::vector<std::string>& codes) {
    if (d.empty()) {
      ++round_tripped;
      ++equal;
      return;
    }
    std::set<DifferenceKind> excused;
    for (const std::string& code : codes) excused.merge(kinds_excused_by(code));
    std::vector<Difference> unexcused;
    for (const Difference& one : d) {
      if (!excused.contains(one.kind)) unexcused.push_back(one);
    }
    const std::string warnings = absl::StrJoin(codes, ", ");
    if (!unexcused.empty()) {
      return disagrees(name,
                       cat(": the scene changed with no warning of its kind on the way (",
                           warnings.empty() ? "none" : warnings, "):"),
                       unexcused);
    }
    ++round_tripped;
    ++warned;
    if (changed.size() < 40) changed.push_back(cat(name, " [", warnings, "]: ", d[0].text));
  }
  void expect_at_least(const Floors& floors) const {
    if (std::getenv("PX_ROUNDTRIP_FILTER") != nullptr) return;
    EXPECT_GE(read, floors.read);
    EXPECT_GE(round_tripped, floors.round_tripped);
    EXPECT_GE(equal, floors.equal);
  }
  void print(const char* title) const {
    std::printf(
        "%s: %d files, %d read, %d refused on write, %d round-tripped: %d equal, %d changed with a "
        "warning of the writer's, %d disagree\n",
        title, files, read, refused_on_write, round_tripped, equal, warned, disagree);
    for (const auto& [rule, n] : rules)
      std::printf("  refused on write: %-48s %d\n", rule.c_str(), n);
    for (const auto& [code, n] : read_back_codes) {
      std::printf("  warning reading back what was written: %-40s %d files\n", code.c_str(), n);
    }
    for (const std::string& c : changed) std::printf("  changed with a warning: %s\n", c.c_str());
    for (const auto& [pattern, n] : patterns) {
      std::printf("  disagreement: %-70s %d\n", pattern.c_str(), n);
    }
  }

  // A difference's kind and its text without its numbers and names, to count differences alike.
  static std::string pattern_of(const Difference& one) {
    const std::string& difference = one.text;
    std::string out = cat("[", kind_name(one.kind), "] ");
    for (size_t i = 0; i < difference.size(); ++i) {
      const char c = difference[i];
      if (c == '\'') {
        const size_t end = difference.find('\'', i + 1);
        out += "'…'";
        i = end == std::string::npos ? difference.size() : end;
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '-' && i + 1 < difference.size() &&
                  std::isdigit(static_cast<unsigned char>(difference[i + 1])))) {
        while (i + 1 < difference.size() &&
               std::strchr("0123456789.eE+-", difference[i + 1]) != nullptr) {
          ++i;
        }
        out += '#';
      } else {
        out += c;
      }
    }
    return out.substr(0, 100);
  }
};

TEST(ColladaRoundTrip, DaeDaeDaeIsAFixedPoint) {
  const fs::path corpus = corpus_dir();
  const std::vector<fs::path> files = corpus_files(corpus, "collada", {".dae"});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no COLLADA corpus at " << corpus;
  Tally t;
  for (const fs::path& file : files) {
    ++t.files;
    const std::string name = fs::relative(file, corpus).string();
    Diagnostics diagnostics;
    absl::StatusOr<Scene> original = read_dae_file(file, diagnostics);
    if (!original.ok()) continue;
    ++t.read;
    std::optional<Scene> scene_a = t.written_and_read_back(*original, name, diagnostics);
    if (!scene_a) continue;
    Diagnostics again;
    absl::StatusOr<std::string> b = collada::write_to_memory(*scene_a, again);
    if (!b.ok()) {
      t.broken(name, ": what was read back does not write: ", b.status());
      continue;
    }
    absl::StatusOr<Scene> scene_b = read_dae_text(*b, again);
    if (!scene_b.ok()) {
      t.broken(name, ": the second write does not read: ", scene_b.status());
      continue;
    }
    absl::StatusOr<std::string> c = collada::write_to_memory(*scene_b, again);
    if (!c.ok()) {
      t.broken(name, ": ", c.status());
      continue;
    }
    // What the first write wrote, a second keeps: no warning excuses a difference here.
    const std::vector<std::string> fixed = *b == *c
                                               ? scene_differences(*scene_a, *scene_b)
                                               : std::vector<std::string>{first_difference(*b, *c)};
    if (!fixed.empty()) {
      t.disagrees(name, ": the second write changed what the first wrote:",
                  all_of_kind(DifferenceKind::kScene, fixed));
      continue;
    }
    // The first write may change the file's scene, each change with a warning of its kind.
    t.judge(name, through_collada_differences(*original, *scene_a, pair_nodes(*original, *scene_a)),
            writer_codes(diagnostics));
  }
  t.print("dae -> dae -> dae");
  t.expect_at_least(kDaeDaeDaeFloors);
}

// The comparison itself: a glTF scene against itself has no difference (its elements compared as
// multisets, since a glTF read keeps the order of its primitives, which the COLLADA grouping may
// not), so what the round trips below report is the writer's.
TEST(ColladaRoundTrip, TheComparisonFindsNoDifferenceBetweenAGltfSceneAndItself) {
  const fs::path corpus = corpus_dir();
  const std::vector<fs::path> files = corpus_files(corpus, "gltf", {".gltf", ".glb"});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no glTF corpus at " << corpus;
  ThroughColladaOptions options;
  options.collada_cell_order = false;
  int compared = 0;
  for (const fs::path& file : files) {
    Diagnostics diagnostics;
    absl::StatusOr<Scene> scene = gltf::read(file, {}, diagnostics);
    if (!scene.ok()) continue;
    const std::vector<Difference> d =
        through_collada_differences(*scene, *scene, pair_nodes(*scene, *scene), options);
    EXPECT_TRUE(d.empty()) << fs::relative(file, corpus).string() << ":" << listed(d);
    ++compared;
  }
  if (std::getenv("PX_ROUNDTRIP_FILTER") == nullptr) {
    EXPECT_GE(compared, kMinGltfScenesCompared);
  }
}

TEST(ColladaRoundTrip, GltfThroughColladaKeepsItsScene) {
  const fs::path corpus = corpus_dir();
  const std::vector<fs::path> files = corpus_files(corpus, "gltf", {".gltf", ".glb"});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no glTF corpus at " << corpus;
  Tally t;
  size_t animations = 0, skipped = 0, samples = 0;
  for (const fs::path& file : files) {
    ++t.files;
    const std::string name = fs::relative(file, corpus).string();
    Diagnostics read_diagnostics;
    absl::StatusOr<Scene> original = gltf::read(file, {}, read_diagnostics);
    if (!original.ok()) continue;
    ++t.read;
    Diagnostics write_diagnostics;
    std::optional<Scene> back = t.written_and_read_back(*original, name, write_diagnostics);
    if (!back) continue;
    const std::vector<int> pairs = pair_nodes(*original, *back);
    std::vector<Difference> d = through_collada_differences(*original, *back, pairs);
    const AnimationComparison a = compare_animations(*original, *back, pairs);
    animations += a.animations;
    skipped += a.skipped;
    samples += a.samples;
    std::ranges::move(all_of_kind(DifferenceKind::kAnimation, a.failures), std::back_inserter(d));
    t.judge(name, d, writer_codes(write_diagnostics));
  }
  t.print("glb -> dae -> glb");
  std::printf("  animations sampled: %zu (%zu samples), not sampled: %zu (CUBICSPLINE, morph)\n",
              animations, samples, skipped);
  t.expect_at_least(kGltfThroughColladaFloors);
}

TEST(ColladaRoundTrip, DaeThroughGlbAndColladaKeepsTheGlbScene) {
  const fs::path corpus = corpus_dir();
  const std::vector<fs::path> files = corpus_files(corpus, "collada", {".dae"});
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no COLLADA corpus at " << corpus;
  Tally t;
  int glb_refused = 0;
  size_t animations = 0, skipped = 0, samples = 0;
  for (const fs::path& file : files) {
    ++t.files;
    const std::string name = fs::relative(file, corpus).string();
    Diagnostics diagnostics;
    absl::StatusOr<Scene> original = read_dae_file(file, diagnostics);
    if (!original.ok()) continue;
    ++t.read;
    absl::StatusOr<gltf::Written> glb1 = gltf::write_to_memory(*original, true, "", diagnostics);
    if (!glb1.ok()) {
      ++glb_refused;  // the glTF writer's rules, which its own round trip test judges
      continue;
    }
    Diagnostics on_the_way;
    absl::StatusOr<Scene> g1 = gltf::read_memory(glb1->json, {}, {}, on_the_way);
    if (!g1.ok()) {
      t.broken(name, ": ", g1.status());
      continue;
    }
    Diagnostics written;
    std::optional<Scene> collada_scene = t.written_and_read_back(*g1, name, written);
    if (!collada_scene) continue;
    absl::StatusOr<gltf::Written> glb2 = gltf::write_to_memory(*collada_scene, true, "", written);
    if (!glb2.ok()) {
      t.broken(name, ": the COLLADA read does not write as GLB: ", glb2.status());
      continue;
    }
    absl::StatusOr<Scene> g2 = gltf::read_memory(glb2->json, {}, {}, on_the_way);
    if (!g2.ok()) {
      t.broken(name, ": ", g2.status());
      continue;
    }
    // The glTF write groups elements by its own rules: elements compare as multisets.
    ThroughColladaOptions options;
    options.collada_cell_order = false;
    std::vector<Difference> d =
        through_collada_differences(*g1, *g2, pair_nodes(*g1, *g2), options);
    // Animations: G1's glTF keys against the COLLADA keys they were baked into (G2's glTF keys of
    // those COLLADA keys are the animation_fidelity test's).
    const AnimationComparison a =
        compare_animations(*g1, *collada_scene, pair_nodes(*g1, *collada_scene));
    animations += a.animations;
    skipped += a.skipped;
    samples += a.samples;
    std::ranges::move(all_of_kind(DifferenceKind::kAnimation, a.failures), std::back_inserter(d));
    t.judge(name, d, writer_codes(written));
  }
  t.print("dae -> glb -> dae -> glb");
  std::printf("  refused by the first glTF write: %d\n", glb_refused);
  std::printf("  animations sampled: %zu (%zu samples), not sampled: %zu (CUBICSPLINE, morph)\n",
              animations, samples, skipped);
  t.expect_at_least(kDaeThroughGlbFloors);
}

}  // namespace
}  // namespace px::testing
