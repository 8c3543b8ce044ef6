// What every part of the COLLADA reader shares: the parsed document, its id index, the scene
// being built, the options and the diagnostics sink.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/strings.h"
#include "formats/collada/read/xml/xml_document.h"
#include "polyxios/diagnostics.h"
#include "polyxios/hash_containers.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

using xml::Element;
struct ZaeFolder;
class ExternalDocuments;

// What a read takes in under Limits::max_input_bytes (limits.input-bytes): its document's bytes
// as read (a .dae.gz's inflated), then each other document and image file it reads, together, as
// a .gltf's buffer and image files are. One per read, shared by the contexts of its documents.
class InputBytes {
 public:
  InputBytes(uint64_t limit, uint64_t document_bytes) : limit_(limit), taken_(document_bytes) {}
  // The bytes a file may still bring.
  uint64_t left() const { return taken_ >= limit_ ? 0 : limit_ - taken_; }
  // Takes in a file of `bytes`, before it is read; refused (limits.input-bytes) at `at` when that
  // takes the read past the limit. what: the file, for the message ("image file \"a.png\"").
  absl::Status take(uint64_t bytes, const Element& at, std::string_view what);
  // Charges what a source metered within left() gave (engine/metered_source.h).
  void took(uint64_t bytes) { taken_ += bytes; }

 private:
  uint64_t limit_;
  uint64_t taken_;
};

struct ReadContext {
  ReadContext(const xml::Document& d, Scene& s, const ReadOptions& o, Diagnostics& diag,
              uint64_t bytes)
      : doc(d), scene(s), options(o), diagnostics(diag), document_bytes(bytes) {}

  const xml::Document& doc;
  Scene& scene;
  const ReadOptions& options;
  Diagnostics& diagnostics;
  uint64_t document_bytes;
  std::filesystem::path base_dir;
  std::filesystem::path document_path;  // empty for memory input
  // The .zae the document was inflated from, where its relative image URIs are looked up;
  // nullptr for a document read from a file or from memory.
  ZaeFolder* archive = nullptr;
  // The documents "file.dae#id" URLs name (external_documents.h); nullptr when none are read.
  ExternalDocuments* documents = nullptr;
  // The read's input tally, which every file a document names is charged to; nullptr only in the
  // context of a geometry read during the parse, which opens no file.
  InputBytes* input = nullptr;
  // What the collada_id of this document's lights and cameras begins with: empty for
  // the input, "other.dae#" (its path from the input's folder) for a document it references.
  std::string key_prefix;
  // Elements by id, the first in the document for each: the document's own index, or a
  // geometry's while it is read before the document ends.
  const xml::IdMap* ids = &doc.ids();

  // A warning at `at`'s line; in a referenced document, the message names that document, whose
  // line it is.
  void warn(std::string_view code, std::string message, const Element* at = nullptr) {
    if (!key_prefix.empty()) {
      message =
          cat("in ", std::string_view(key_prefix).substr(0, key_prefix.size() - 1), ": ", message);
    }
    diagnostics.warn(code, std::move(message), at == nullptr ? 0 : at->line);
  }
  // A note (info, not a warning), its message placed as warn's.
  void info(std::string_view code, std::string message, const Element* at = nullptr) {
    if (!key_prefix.empty()) {
      message =
          cat("in ", std::string_view(key_prefix).substr(0, key_prefix.size() - 1), ": ", message);
    }
    diagnostics.info(code, std::move(message), at == nullptr ? 0 : at->line);
  }
  // A warning given once per document however often its case arises.
  void warn_once(std::string_view code, std::string message, const Element* at = nullptr) {
    if (warned_once.insert(std::string(code)).second) warn(code, std::move(message), at);
  }
  HashSet<std::string> warned_once;
  // The bytes that per-instance copies (material columns, skin copies) may take: by default
  // sixteen per byte of document, never less than 256 MiB (Limits).
  uint64_t copy_budget() const {
    const Limits& limits = options.limits;
    return std::max(limits.max_copy_bytes,
                    saturating_product(document_bytes, limits.copy_bytes_per_input_byte));
  }
  uint64_t copy_bytes_used = 0;
  // The nodes instancing may expand the tree to: by default one per eight bytes of document,
  // never less than 262144 (Limits); animation targets and skin rebindings are capped by it too.
  uint64_t node_cap() const {
    const Limits& limits = options.limits;
    return std::max(limits.max_nodes,
                    limits.bytes_per_node == 0 ? 0 : document_bytes / limits.bytes_per_node);
  }
  static uint64_t saturating_product(uint64_t a, uint64_t b) {
    return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
  }
};

enum class UrlKind { kLocal, kExternal };

// The context of the document holding `element`: `ctx` itself, or the other document
// (external_documents.h) the element lies in.
ReadContext& document_of(ReadContext& ctx, const Element& element);

// True when `url` ("other.dae#id", from `ctx`'s document) names a document that was to be
// followed but is missing or not COLLADA, already warned about (collada.url.external-missing).
bool names_missing_document(const ReadContext& ctx, std::string_view url);

// The attribute of an element whose URL may name another document the read follows
// (external_documents.h): "url" of the instances, "target" of <instance_material>; empty for
// any other element.
std::string_view followed_attribute(std::string_view name);

// A "#id" reference resolved in this document. kExternal for "file.dae#id", unless the referrer
// is an instance that follows other documents and that document was read: the target is then
// the element in it (kLocal). An id the named document does not hold is refused
// (collada.url.unresolved) naming the referring element.
struct ResolvedUrl {
  UrlKind kind = UrlKind::kLocal;
  const Element* target = nullptr;
};
absl::StatusOr<ResolvedUrl> resolve_url(const ReadContext& ctx, const Element& referrer,
                                        std::string_view attribute);

// With ReadOptions::repair, true when `status` is the refusal collada.url.unresolved, after a
// collada.repair.url-dropped warning saying that `dropped` is left out instead; the caller then
// goes on without the reference. False otherwise (the caller returns the status).
bool drop_unresolved(const ReadContext& ctx, const absl::Status& status, const Element& dropped);
// What the caller of drop_unresolved returns when it gave false: `status`, saying that --repair
// reads it when it is collada.url.unresolved (drop_unresolved gave false for the mode being off).
absl::Status unresolved_refusal(const absl::Status& status);

// A reference as an id without '#' (the sid-or-id reference of a <texture>, <skeleton> text).
const Element* find_id(const ReadContext& ctx, std::string_view id);

// Children of `parent` named `name`, in order; also the children of every library of one kind.
template <class F>
void for_each_child(const Element& parent, std::string_view name, F&& f) {
  for (const Element& c : parent.children()) {
    if (c.name == name) f(c);
  }
}

// The status of a read that needs an array a geometry read during the parse has already released
// (a reference into a <mesh> from outside it): the document is then read again without releasing.
absl::Status needs_released_array(const Element& array);
bool is_needs_released_array(const absl::Status& status);

// Parses a whole attribute as an integer; false when absent or not an integer.
bool attr_int(const Element& e, std::string_view name, int64_t* out);
// The text of an element as numbers (float64), for short elements kept as strings.
bool text_doubles(std::string_view text, std::vector<double>* out);

}  // namespace px::collada
