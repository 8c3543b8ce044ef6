#include "tools/cli/nearest_word.h"

#include <algorithm>
#include <vector>

namespace px::cli {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);  // one row at a time
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

std::string nearest_word(std::string_view word, std::span<const std::string_view> candidates) {
  size_t best = std::min<size_t>(3, word.size() / 3) + 1;
  std::string_view nearest;
  for (std::string_view candidate : candidates) {
    size_t d = edit_distance(word, candidate);
    if (d < best) {
      best = d;
      nearest = candidate;
    }
  }
  return std::string(nearest);
}

}  // namespace px::cli
