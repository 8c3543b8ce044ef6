// "Did you mean": the word of a list nearest to a misspelt one (a command, an option, a code), by
// Levenshtein distance.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace px::cli {

// The number of single-character insertions, deletions and substitutions from a to b.
size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to word when it is close (a few typos, never more than a third of the
// word), the first of equals; empty when none is.
std::string nearest_word(std::string_view word, std::span<const std::string_view> candidates);

}  // namespace px::cli
