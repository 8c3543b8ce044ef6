// The names a COLLADA document gives its parts: ids (xs:ID, an XML name without ':'), sids (an
// NCName that a target address can end in: a letter or '_', then letters, digits, '_' or '-'),
// and the registry of every id the document holds, since xs:ID values are unique per document.
#pragma once

#include <string>
#include <string_view>

#include "polyxios/hash_containers.h"

namespace px::collada {

// An NCName by the XML 1.0 fifth edition's name characters (spec collada.md, Known limitations).
bool is_ncname(std::string_view value);

// A sid a channel target can end in: [A-Za-z_][A-Za-z0-9_-]*.
bool is_target_sid(std::string_view value);

// Every id of the written document. Ids taken as they are come first (reserve), then generated
// ones (unique) never collide with them.
class IdRegistry {
 public:
  // Takes id when it is an NCName no earlier id holds; false otherwise (nothing taken).
  bool reserve(std::string_view id);
  bool contains(std::string_view id) const;
  // base itself when free (made an NCName first when it is not one), else the first free of
  // base-2, base-3, ...; each base resumes where its last search stopped, so thousands of ids
  // of one base (glTF's unnamed nodes) take linear time.
  std::string unique(std::string_view base);

 private:
  HashSet<std::string> taken_;
  HashMap<std::string, int> next_suffix_;  // a base -> the first suffix not yet tried
};

// A fragment of text made into an NCName: characters no name can hold become '_', and a first
// character no name can start with gets a '_' before it; empty input gives fallback.
std::string to_ncname(std::string_view text, std::string_view fallback);

}  // namespace px::collada
