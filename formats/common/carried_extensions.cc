#include "formats/common/carried_extensions.h"

#include <algorithm>
#include <string>
#include <utility>

#include "engine/strings.h"
#include "formats/common/material_extension_rules.h"

namespace px {
namespace {

// Leaves out the entries whose key `keep` refuses, and the second of a key given twice.
template <class Entry, class Keep>
void filter_members(std::vector<Entry>& entries, Keep keep) {
  std::vector<Entry> kept;
  for (Entry& entry : entries) {
    const bool twice = std::any_of(kept.begin(), kept.end(),
                                   [&](const Entry& k) { return k.first == entry.first; });
    if (keep(entry, twice)) kept.push_back(std::move(entry));
  }
  entries = std::move(kept);
}

// Why the extension cannot be written, "" when it can; its members that cannot are left out.
std::string clean(MaterialExtension& e, const std::string& where, std::string_view code,
                  Diagnostics& diagnostics) {
  const CarriedExtension* rules = carried_material_extension(e.name);
  if (rules == nullptr) return "polyxios does not carry it";
  std::string problem;
  auto drop_member = [&](std::string_view key, std::string_view why) {
    diagnostics.warn(code, cat(where, ": member \"", key, "\" left out: ", why));
  };
  filter_members(e.values, [&](const std::pair<std::string, Value>& member, bool twice) {
    const MemberRule* rule = member_rule(*rules, member.first);
    if (twice) {
      drop_member(member.first, "given twice");
    } else if (rule == nullptr) {
      return true;  // extras, or a member the extension does not define: written as it is
    } else if (is_texture(*rule)) {
      drop_member(member.first, "a texture given as a value");
    } else if (std::string why = number_problem(*rule, member.second); !why.empty()) {
      if (problem.empty()) problem = cat("\"", member.first, "\" ", why);
    } else {
      return true;
    }
    return false;
  });
  filter_members(e.textures, [&](const std::pair<std::string, TextureRef>& member, bool twice) {
    const MemberRule* rule = member_rule(*rules, member.first);
    if (twice) {
      drop_member(member.first, "given twice");
    } else if (rule == nullptr || !is_texture(*rule)) {
      drop_member(member.first, cat(e.name, " defines no such texture"));
    } else {
      return true;
    }
    return false;
  });
  return problem;
}

}  // namespace

void clean_carried_extensions(std::vector<MaterialExtension>& extensions, std::string_view label,
                              std::string_view code, Diagnostics& diagnostics) {
  std::vector<MaterialExtension> kept;
  for (MaterialExtension& e : extensions) {
    const std::string where = cat(label, ": ", e.name);
    std::string why = std::any_of(kept.begin(), kept.end(),
                                  [&](const MaterialExtension& k) { return k.name == e.name; })
                          ? "given twice"
                          : clean(e, where, code, diagnostics);
    if (why.empty()) {
      kept.push_back(std::move(e));
    } else {
      diagnostics.warn(code, cat(where, " left out: ", why));
    }
  }
  extensions = std::move(kept);
}

}  // namespace px
