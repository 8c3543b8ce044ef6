// The lists of codes against the sources: every code a string literal in a module's sources
// (engine/, model/, formats/collada, formats/gltf, formats/polyxios.cc, ...) spells is in that
// module's list (its codes.cc) or in the list of a module below it, every listed code is spelled
// in its module or built from a construction this test knows, each code is in one list, the CLI's
// known list is theirs, and a new construction of a code at run time fails here until it is
// expanded.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/codes.h"
#include "formats/codes.h"
#include "formats/collada/codes.h"
#include "formats/gltf/codes.h"
#include "polyxios/ops/codes.h"
#include "tools/cli/known_codes.h"

namespace px::cli {
namespace {

namespace fs = std::filesystem;

bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The string literals of a C++ source, comments skipped (escapes are kept as written).
std::vector<std::string> string_literals(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    if (text.substr(i, 2) == "//") {
      i = text.find('\n', i);
    } else if (text.substr(i, 2) == "/*") {
      i = text.find("*/", i + 2);
      if (i != std::string_view::npos) i += 2;
    } else if (text[i] == 'R' && text.substr(i + 1, 1) == "\"" &&
               (i == 0 || !is_identifier_char(text[i - 1]))) {
      size_t open = text.find('(', i);
      if (open == std::string_view::npos) break;
      std::string close(1, ')');
      close.append(text.substr(i + 2, open - i - 2)).push_back('"');
      size_t end = text.find(close, open);
      if (end == std::string_view::npos) break;
      out.emplace_back(text.substr(open + 1, end - open - 1));
      i = end + close.size();
    } else if (text[i] == '"' ||
               (text[i] == '\'' && (i == 0 || !is_identifier_char(text[i - 1])))) {
      // A quote after a digit is a digit separator (1'000), not a character literal.
      const char quote = text[i];
      size_t j = i + 1;
      std::string literal;
      while (j < text.size() && text[j] != quote) {
        size_t n = text[j] == '\\' ? 2 : 1;
        literal.append(text.substr(j, n));
        j += n;
      }
      if (quote == '"') out.push_back(std::move(literal));
      i = j + 1;
    } else {
      ++i;
    }
  }
  return out;
}

bool is_word_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

// "collada.p.length", "gltf.read.budget" of "gltf.read.budget: ": lower-case words joined by dots,
// the words after the first may hold '-' but not end the code with it.
bool is_code(std::string_view s) {
  if (s.empty() || !(s[0] >= 'a' && s[0] <= 'z')) return false;
  size_t dots = 0;
  bool word_empty = false;
  for (char c : s) {
    if (c == '.') {
      if (word_empty) return false;
      ++dots;
      word_empty = true;
    } else if (is_word_char(c) || (c == '-' && dots > 0)) {
      word_empty = false;
    } else {
      return false;
    }
  }
  return dots > 0 && !word_empty && s.back() != '-';
}

bool is_word(std::string_view s) {
  return !s.empty() && s[0] >= 'a' && s[0] <= 'z' && std::all_of(s.begin(), s.end(), is_word_char);
}

// The head of a code built at run time: "collada.", "collada.write.", "collada.node.second-".
bool is_code_head(std::string_view s) {
  if (s.size() < 2) return false;
  std::string_view body = s.substr(0, s.size() - 1);
  if (s.back() == '.') return is_word(body) || is_code(body);
  return s.back() == '-' && is_code(body);
}

struct Scan {
  std::set<std::string> codes;
  std::map<std::string, int> heads;  // "file: head" -> how many literals spell it there
};

void scan_file(const fs::path& root, const fs::path& path, Scan& scan) {
  const std::string ext = path.extension().string();
  // A module's list (codes.cc) spells each code it lists, emitted or not.
  if ((ext != ".cc" && ext != ".h") || path.filename() == "codes.cc") return;
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  const std::string file = path.lexically_relative(root).generic_string();
  for (const std::string& literal : string_literals(text.str())) {
    std::string_view head = std::string_view(literal).substr(0, literal.find(": "));
    if (is_code(head)) {
      scan.codes.emplace(head);
    } else if (is_code_head(head)) {
      ++scan.heads[file + ": " + std::string(head)];
    }
  }
}

// The sources of `folder` (from the root), its subfolders with them unless `only_its_own`.
Scan scan_folder(std::string_view folder, bool only_its_own = false) {
  Scan scan;
  const fs::path root = PX_SOURCE_DIR;
  if (only_its_own) {
    for (const fs::directory_entry& entry : fs::directory_iterator(root / folder)) {
      if (entry.is_regular_file()) scan_file(root, entry.path(), scan);
    }
    return scan;
  }
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root / folder)) {
    if (entry.is_regular_file()) scan_file(root, entry.path(), scan);
  }
  return scan;
}

Scan scan_sources() {
  Scan scan;
  for (const char* folder : {"engine", "model", "formats"}) {
    Scan part = scan_folder(folder);
    scan.codes.merge(part.codes);
    scan.heads.merge(part.heads);
  }
  return scan;
}

// A module whose sources emit codes, with its list; its sources may spell the codes of the modules
// below it too (the engine's limits.input-bytes in each reader). Every folder of engine/, model/
// and formats/ is one's, so that no code is spelled outside every list.
struct Module {
  const char* folder;
  bool only_its_own;  // formats/: polyxios.cc, not the formats' folders
  const char* list;   // where its codes are listed
  std::span<const std::string_view> codes;
  std::vector<const char*> below;
};

const std::vector<Module>& modules() {
  static const std::vector<Module> kModules = {
      {"model", false, "model/ops/codes.cc", model_codes(), {}},
      {"engine", false, "engine/codes.cc", engine_codes(), {"model"}},
      {"formats/common", false, "no list", {}, {"engine", "model"}},
      {"formats/image", false, "no list", {}, {"engine", "model"}},
      {"formats/collada", false, "formats/collada/codes.cc", collada::codes(), {"engine", "model"}},
      {"formats/gltf", false, "formats/gltf/codes.cc", gltf::codes(), {"engine", "model"}},
      {"formats",
       true,
       "formats/codes.cc",
       api_codes(),
       {"formats/collada", "formats/gltf", "engine", "model"}},
  };
  return kModules;
}

const Module& module_of(std::string_view folder) {
  for (const Module& m : modules()) {
    if (m.folder == folder) return m;
  }
  ADD_FAILURE() << "no module " << folder;
  return modules().front();
}

bool lists(std::span<const std::string_view> codes, std::string_view code) {
  return std::binary_search(codes.begin(), codes.end(), code);
}

// The codes built at run time, by where and from what, with what known_codes lists for them.
struct Construction {
  const char* where;  // "file: head", as Scan::heads counts it
  int literals;
  std::vector<std::string> codes;
};

const std::vector<Construction>& constructions() {
  static const std::vector<Construction> kConstructions = {
      // cat("collada.", lower(semantic), ".duplicate-set"), twice: COLLADA's geometry semantics
      // (any other a document spells is known too, by is_known_code's family).
      {"formats/collada/read/mesh_inputs.cc: collada.",
       2,
       {"collada.binormal.duplicate-set", "collada.color.duplicate-set",
        "collada.normal.duplicate-set", "collada.position.duplicate-set",
        "collada.tangent.duplicate-set", "collada.texbinormal.duplicate-set",
        "collada.texcoord.duplicate-set", "collada.textangent.duplicate-set",
        "collada.uv.duplicate-set"}},
      // cat("collada.node.second-", key) for an <instance_camera> or <instance_light>.
      {"formats/collada/read/nodes.cc: collada.node.second-",
       1,
       {"collada.node.second-camera", "collada.node.second-light"}},
  };
  return kConstructions;
}

TEST(KnownCodes, AreSortedOnceEachAndWellFormed) {
  std::span<const std::string_view> codes = known_codes();
  EXPECT_GT(codes.size(), 300u);
  EXPECT_TRUE(std::is_sorted(codes.begin(), codes.end()));
  EXPECT_EQ(std::adjacent_find(codes.begin(), codes.end()), codes.end());
  for (std::string_view code : codes) {
    EXPECT_TRUE(is_code(code)) << code;
    EXPECT_TRUE(is_known_code(code)) << code;
  }
}

TEST(KnownCodes, EachIsInOneModulesListAndTheKnownListIsTheirs) {
  std::vector<std::string_view> all;
  for (const Module& m : modules()) {
    EXPECT_TRUE(std::is_sorted(m.codes.begin(), m.codes.end())) << m.list;
    EXPECT_EQ(std::adjacent_find(m.codes.begin(), m.codes.end()), m.codes.end()) << m.list;
    all.insert(all.end(), m.codes.begin(), m.codes.end());
  }
  std::sort(all.begin(), all.end());
  auto twice = std::adjacent_find(all.begin(), all.end());
  EXPECT_TRUE(twice == all.end()) << *twice << " is in two lists";
  std::span<const std::string_view> known = known_codes();
  EXPECT_EQ(std::vector<std::string_view>(known.begin(), known.end()), all);
}

TEST(KnownCodes, EachModuleListsEveryCodeItsSourcesSpell) {
  Scan all = scan_sources();
  ASSERT_GT(all.codes.size(), 300u) << "the scan found too few codes: is PX_SOURCE_DIR right?";
  std::set<std::string> seen;
  for (const Module& m : modules()) {
    for (const std::string& code : scan_folder(m.folder, m.only_its_own).codes) {
      bool listed = lists(m.codes, code);
      for (const char* below : m.below) listed = listed || lists(module_of(below).codes, code);
      EXPECT_TRUE(listed) << code << " is emitted in " << m.folder << " but not in " << m.list;
      seen.insert(code);
    }
  }
  for (const std::string& code : all.codes) {
    EXPECT_TRUE(seen.contains(code)) << code << " is emitted in a folder of no module: add its "
                                     << "codes.cc and its line to modules() above";
  }
}

TEST(KnownCodes, EachModuleListsNoCodeItsSourcesCannotEmit) {
  std::set<std::string> built;
  for (const Construction& c : constructions()) built.insert(c.codes.begin(), c.codes.end());
  for (const Module& m : modules()) {
    Scan scan = scan_folder(m.folder, m.only_its_own);
    for (std::string_view code : m.codes) {
      EXPECT_TRUE(scan.codes.contains(std::string(code)) || built.contains(std::string(code)))
          << code << " is listed in " << m.list << " but no source in " << m.folder << " emits it";
    }
  }
}

TEST(KnownCodes, ExpandEveryCodeBuiltAtRunTime) {
  Scan scan = scan_sources();
  std::map<std::string, int> expected;
  for (const Construction& c : constructions()) {
    expected[c.where] = c.literals;
    for (const std::string& code : c.codes) EXPECT_TRUE(is_known_code(code)) << code;
  }
  // A new code head (or another use of one) is a new code built at run time: list what it can
  // build in its module's codes.cc and add it to constructions() above.
  EXPECT_EQ(scan.heads, expected);
}

TEST(KnownCodes, TheSemanticFamilyTakesAnyWordButNoOther) {
  EXPECT_TRUE(is_known_code("collada.weights_3.duplicate-set"));
  EXPECT_FALSE(is_known_code("collada..duplicate-set"));
  EXPECT_FALSE(is_known_code("collada.a.b.duplicate-set"));
  EXPECT_FALSE(is_known_code("collada.UV.duplicate-set"));
  EXPECT_FALSE(is_known_code("gltf.uv.duplicate-set"));
  EXPECT_FALSE(is_known_code("collada.polygons.holes-droppe"));
}

TEST(KnownCodes, FamiliesAreKnownByTheirPrefix) {
  EXPECT_TRUE(is_known_family("collada.polygons."));
  EXPECT_TRUE(is_known_family("gltf.write.global"));
  EXPECT_TRUE(is_known_family(""));
  EXPECT_FALSE(is_known_family("collada.polygonz"));
  EXPECT_FALSE(is_known_family("zzz"));
}

TEST(KnownCodes, TheNearestCodeIsOfferedOnlyWhenClose) {
  EXPECT_EQ(nearest_known_code("collada.polygon.holes-dropped"), "collada.polygons.holes-dropped");
  EXPECT_EQ(nearest_known_code("gltf.write.globaldropped"), "gltf.write.global-dropped");
  EXPECT_EQ(nearest_known_code("entirely.different"), "");
  EXPECT_EQ(nearest_known_code(""), "");
}

TEST(KnownCodes, TheScannerReadsLiteralsNotComments) {
  std::vector<std::string> literals = string_literals(
      "// \"comment.code\"\n"
      "/* \"block.code\" */ f(\"a.b\", 'x', '\"', 1'000, R\"(raw.code)\", \"esc\\\"aped\");");
  EXPECT_EQ(literals, (std::vector<std::string>{"a.b", "raw.code", "esc\\\"aped"}));
}

}  // namespace
}  // namespace px::cli
