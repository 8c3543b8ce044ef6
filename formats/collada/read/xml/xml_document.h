// A light element tree built by expat's SAX callbacks. Only structure, attributes and short text
// are kept as strings; the text of bulk number elements (COLLADA's float_array, p, v, ...) is
// decoded into typed arrays as it streams past (on a second thread when asked), so the document
// text is never held whole. A reader may consume a finished part of the tree as its end tag
// arrives and release its arrays. Entity declarations are refused before anything they declare
// can be expanded.
//
// Everything that grows with the input is charged to the memory budget of the read the document
// is made in (polyxios/memory/memory_budget.h) as it is built: the tree's blocks, its maps of names
// and ids, the text an element's end tag has not closed yet and expat's own buffers. A document
// past the budget is refused with limits.memory, naming the element and the line it had reached.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <memory_resource>
#include <span>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/scratch_pool.h"
#include "engine/source.h"
#include "polyxios/hash_containers.h"
#include "polyxios/memory/budget_account.h"

namespace px::xml {

enum class TextMode : uint8_t { kIgnore, kString, kFloat32, kFloat64, kInt32 };

struct NumberArray;
class NumberSink;
struct Element;

// A map whose nodes and buckets a budget account counts (nullptr: none).
template <class K, class V>
using AccountedMap =
    std::unordered_map<K, V, HashOf<K>, EqualOf<K>, AccountedAllocator<std::pair<const K, V>>>;
// Elements by their "id" attribute.
using IdMap = AccountedMap<std::string_view, const Element*>;

struct Attribute {
  std::string_view name;
  std::string_view value;
};

struct Element {
  std::string_view name;  // without namespace prefix handling: as spelled
  std::span<const Attribute> attributes;
  const Element* parent = nullptr;
  const Element* first_child = nullptr;
  const Element* next_sibling = nullptr;
  int64_t line = 0;
  TextMode mode = TextMode::kIgnore;
  std::string_view text;            // kString
  std::span<const float> floats;    // kFloat32
  std::span<const double> doubles;  // kFloat64
  std::span<const int32_t> ints;    // kInt32
  NumberArray* numbers = nullptr;   // where a numeric element's values are kept (the document's)

  // The attribute's value; empty when absent (use find_attr to tell the two apart).
  std::string_view attr(std::string_view attr_name) const;
  const std::string_view* find_attr(std::string_view attr_name) const;
  const Element* child(std::string_view child_name) const;
  // Number of values the element's text held, whatever its numeric mode.
  size_t value_count() const;
  // True when the values were freed by Document::release_numbers.
  bool released() const;

  class Children {
   public:
    struct Iterator {
      const Element* e;
      const Element& operator*() const { return *e; }
      const Element* operator->() const { return e; }
      Iterator& operator++() {
        e = e->next_sibling;
        return *this;
      }
      bool operator==(const Iterator& o) const { return e == o.e; }
    };
    explicit Children(const Element* first) : first_(first) {}
    Iterator begin() const { return {first_}; }
    Iterator end() const { return {nullptr}; }

   private:
    const Element* first_;
  };
  Children children() const { return Children(first_child); }
};

// Decides, when an element starts (its name, attributes and parent known), what to keep of its
// text. A numeric element with a "count" attribute has that count checked against the bytes
// left in the input before its array is reserved.
using TextPolicy = TextMode (*)(const Element& element);

// Called as each element's end tag arrives, with its subtree complete. Its arrays may not be
// decoded yet: work that reads them goes to sink.after(), which runs it once they are.
using CloseHook = std::function<void(const Element& element, NumberSink& sink)>;
// How many values a numeric element that declares no count is expected to hold (0: not known):
// the room reserved for it, rather than an array grown by copies as its values arrive.
using CountHint = size_t (*)(const Element& element);

struct ParseOptions {
  TextPolicy policy = nullptr;  // nullptr: keep every element's text as a string
  // A numeric element without a count attribute reserves what this says, held to what the rest
  // of the input could hold (a hint is the reader's guess, never a reason to refuse).
  CountHint count_hint = nullptr;
  int max_depth = 256;
  // The longest element or attribute name, attribute value or text kept as a string; past it the
  // document is refused (limits.string-length).
  uint64_t max_string_bytes = UINT64_MAX;
  // 1: numbers are decoded on the parsing thread; 2: on a second thread while expat scans.
  int threads = 1;
  // A float array (kFloat32, kFloat64) whose tokens spell every decimal point as a comma, none
  // of which could be a separator, is read with the commas as points (a repair; see
  // decimal_comma.h); its NumberArray's spelling.comma says so.
  bool decimal_comma = false;
  // A run of number text at least this long after a numeric element's start tag goes to the
  // number decoder without expat scanning it (number_runs.h); 0: expat scans every byte.
  size_t number_run_bytes = 1024;
  CloseHook on_close;
};

class Document {
 public:
  Document();
  ~Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  const Element* root() const { return root_; }
  // The encoding the document declared, as expat reported it (empty when none was declared).
  std::string_view declared_encoding() const { return declared_encoding_; }
  // The first element in document order whose "id" attribute is id; nullptr when none. While the
  // document is parsed: the first among the elements started so far.
  const Element* find_id(std::string_view id) const;
  const IdMap& ids() const { return ids_; }
  // Frees the values of every numeric element under (and at) `subtree`, whose spans become
  // empty. For a reader that has consumed that part of the tree.
  void release_numbers(const Element& subtree);
  // Bytes of number text handed to the decoder without expat scanning them
  // (ParseOptions::number_run_bytes).
  uint64_t number_run_bytes_taken() const { return number_run_bytes_taken_; }
  // How many numeric elements were read with their decimal commas as points
  // (ParseOptions::decimal_comma).
  size_t decimal_comma_arrays() const;
  // The pool the document's arrays come from, for a reader's own transient tables.
  ScratchPool* scratch() const { return &scratch_; }

 private:
  friend class Builder;
  mutable ScratchPool scratch_;  // first, so that it outlives the arrays taken from it
  // What the tree takes (memory_'s blocks, the maps), charged to the read's budget.
  BudgetAccount account_{current_memory_budget()};
  AccountedResource blocks_{account_};
  std::pmr::monotonic_buffer_resource memory_{1 << 16, &blocks_};
  AccountedMap<std::string_view, std::string_view> names_{
      AccountedAllocator<std::pair<const std::string_view, std::string_view>>(&account_)};
  IdMap ids_{IdMap::allocator_type(&account_)};
  // In memory_, destroyed with the document.
  std::vector<NumberArray*, AccountedAllocator<NumberArray*>> arrays_{
      AccountedAllocator<NumberArray*>(&account_)};
  const Element* root_ = nullptr;
  std::string_view declared_encoding_;
  uint64_t number_run_bytes_taken_ = 0;
};

// Parses the whole source into an empty document. Refusals name the rule (xml.malformed,
// xml.entity.declared, xml.depth, xml.encoding.unsupported, number.not-a-number,
// xml.count.exceeds-input, limits.string-length, limits.memory), the element and the line; a
// source's failure is returned as it is.
absl::Status parse_into(Document& document, Source& source, const ParseOptions& options);
absl::StatusOr<std::unique_ptr<Document>> parse(Source& source, const ParseOptions& options);

}  // namespace px::xml
