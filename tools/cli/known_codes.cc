#include "tools/cli/known_codes.h"

#include <algorithm>
#include <vector>

#include "engine/codes.h"
#include "formats/codes.h"
#include "formats/collada/codes.h"
#include "formats/gltf/codes.h"
#include "formats/gltf/khronos_codes.h"
#include "polyxios/ops/codes.h"
#include "tools/cli/nearest_word.h"

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
  std::vector<std::string_view> known = all_codes();
  for (const gltf::KhronosCode& khronos : gltf::khronos_codes()) known.push_back(khronos.code);
  return nearest_word(code, known);
}

}  // namespace px::cli
