// What each warning of the COLLADA writer says it changes, as the kinds of difference
// (collada_compare.h) it excuses in a round trip: a material term dropped excuses a material that
// differs, not a mesh or a node. A code this table does not hold excuses nothing.
#pragma once

#include <set>
#include <string_view>

#include "tests/roundtrip/collada_compare.h"

namespace px::testing {

// The kinds of difference a collada.write.* warning code excuses; empty for any other code.
std::set<DifferenceKind> kinds_excused_by(std::string_view writer_code);

}  // namespace px::testing
