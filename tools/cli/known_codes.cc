#include "tools/cli/known_codes.h"

#include <algorithm>
#include <vector>

#include "engine/codes.h"
#include "formats/codes.h"
#include "formats/collada/codes.h"
#include "formats/gltf/codes.h"
#include "formats/gltf/khronos_codes.h"
#include "polyxios/ops/codes.h"

namespace px::cli {
namespace {

// The lists beside each module that emits codes, one list each, sorted together once.
const std::vector<std::string_view>& all_codes() {
  static const std::vector<std::string_view> kAll = [] {
    std::vector<std::string_view> all;
    for (std::span<const std::string_view> list :
         {engine_codes(), model_codes(), collada::codes(), gltf::codes(), api_codes()}) {
      all.insert(all.end(), list.begin(), list.end());
    }
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
  }();
  return kAll;
}

constexpr std::string_view kSemanticFamilyHead = "collada.";
constexpr std::string_view kSemanticFamilyTail = ".duplicate-set";

bool is_semantic_word(std::string_view word) {
  if (word.empty()) return false;
  return std::all_of(word.begin(), word.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// Levenshtein distance, one row at a time.
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::span<const std::string_view> known_codes() { return all_codes(); }

bool is_known_code(std::string_view code) {
  const std::vector<std::string_view>& codes = all_codes();
  if (std::binary_search(codes.begin(), codes.end(), code)) return true;
  const size_t ends = kSemanticFamilyHead.size() + kSemanticFamilyTail.size();
  if (code.size() <= ends || !code.starts_with(kSemanticFamilyHead) ||
      !code.ends_with(kSemanticFamilyTail)) {
    return false;
  }
  return is_semantic_word(code.substr(kSemanticFamilyHead.size(), code.size() - ends));
}

bool is_known_family(std::string_view prefix) {
  const std::vector<std::string_view>& codes = all_codes();
  auto it = std::lower_bound(codes.begin(), codes.end(), prefix);
  return it != codes.end() && it->starts_with(prefix);
}

std::string nearest_known_code(std::string_view code) {
  // Close: a few typos, never more than a third of the code.
  size_t best = std::min<size_t>(3, code.size() / 3) + 1;
  std::string_view nearest;
  auto consider = [&](std::string_view known) {
    size_t d = edit_distance(code, known);
    if (d < best) {
      best = d;
      nearest = known;
    }
  };
  for (std::string_view known : all_codes()) consider(known);
  for (const gltf::KhronosCode& known : gltf::khronos_codes()) consider(known.code);
  return std::string(nearest);
}

}  // namespace px::cli
