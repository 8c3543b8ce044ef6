// The hash containers of the library: the standard's, hashed by Abseil. An insert into one that
// cannot allocate throws and leaves it as it was. Abseil's flat containers (Debian 12's
// 20220623) set their new capacity before allocating the larger table, so a growth that fails
// leaves a container whose destructor frees what it never allocated: the allocation-failure
// sweep (tests/allocation) found it on the first insert of an empty map.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

#include "absl/hash/hash.h"
#include "absl/strings/string_view.h"

namespace px {

template <class K>
struct HashOf : absl::Hash<K> {};

// std::string keys are looked up by string views too (the standard's and Abseil's, which Debian
// builds as a type of its own), without a copy.
template <>
struct HashOf<std::string> {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return absl::Hash<std::string_view>{}(s); }
  size_t operator()(const std::string& s) const { return (*this)(std::string_view(s)); }
  size_t operator()(absl::string_view s) const {
    return (*this)(std::string_view(s.data(), s.size()));
  }
};

template <class K>
using EqualOf =
    std::conditional_t<std::is_same_v<K, std::string>, std::equal_to<>, std::equal_to<K>>;

template <class K, class V>
using HashMap = std::unordered_map<K, V, HashOf<K>, EqualOf<K>>;

template <class K>
using HashSet = std::unordered_set<K, HashOf<K>, EqualOf<K>>;

}  // namespace px
