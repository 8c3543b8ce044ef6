#include "formats/collada/read/xml/xml_document.h"

// Debian builds expat with DTD support; the header hides the amplification limits without this.
#ifndef XML_DTD
#define XML_DTD
#endif
#include <expat.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <utility>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/xml/number_runs.h"
#include "formats/collada/read/xml/number_sink.h"
#include "formats/collada/read/xml/numbers.h"
#include "formats/collada/read/xml/transcode.h"
#include "polyxios/memory/allocation_gate.h"

namespace px::xml {
namespace {

// What expat's memory is charged to while a Builder drives the parser on this thread: expat's
// allocation functions take no context of their own.
struct ExpatMemory {
  BudgetAccount* account = nullptr;
  uint64_t refused_limit = 0;  // the budget's limit, once it refused an allocation
};
thread_local ExpatMemory* t_expat_memory = nullptr;

// Each block of expat's starts with its size and the account that counts it (nullptr: none), so
// that it is given back to that account whichever thread frees it.
struct alignas(std::max_align_t) ExpatBlock {
  size_t size;
  BudgetAccount* account;
};

// Counts `bytes` more of expat's in `account`; false (an allocation expat sees fail) past the
// budget, which expat_parse then tells as limits.memory.
bool expat_take(BudgetAccount* account, size_t bytes) {
  if (account == nullptr) return true;
  try {
    account->take(bytes);
    return true;
  } catch (const MemoryLimitExceeded& e) {
    if (t_expat_memory != nullptr) t_expat_memory->refused_limit = e.limit();
    return false;
  }
}

// expat's memory, through the allocation gate (the allocation-failure sweep fails it too).
void* expat_malloc(size_t size) {
  if (size > SIZE_MAX - sizeof(ExpatBlock) || !allocation_gate_allows(size)) return nullptr;
  BudgetAccount* account = t_expat_memory == nullptr ? nullptr : t_expat_memory->account;
  if (!expat_take(account, size)) return nullptr;
  auto* block = static_cast<ExpatBlock*>(std::malloc(sizeof(ExpatBlock) + size));
  if (block == nullptr) {
    if (account != nullptr) account->give(size);
    return nullptr;
  }
  *block = {size, account};
  return block + 1;
}
void expat_free(void* p) {
  if (p == nullptr) return;
  ExpatBlock* block = static_cast<ExpatBlock*>(p) - 1;
  if (block->account != nullptr) block->account->give(block->size);
  std::free(block);
}
void* expat_realloc(void* p, size_t size) {
  if (p == nullptr) return expat_malloc(size);
  if (size > SIZE_MAX - sizeof(ExpatBlock) || !allocation_gate_allows(size)) return nullptr;
  ExpatBlock* block = static_cast<ExpatBlock*>(p) - 1;
  const ExpatBlock was = *block;
  if (size > was.size && !expat_take(was.account, size - was.size)) return nullptr;
  auto* moved = static_cast<ExpatBlock*>(std::realloc(block, sizeof(ExpatBlock) + size));
  if (moved == nullptr) {
    if (size > was.size && was.account != nullptr) was.account->give(size - was.size);
    return nullptr;
  }
  if (size < was.size && was.account != nullptr) was.account->give(was.size - size);
  moved->size = size;
  return moved + 1;
}
const XML_Memory_Handling_Suite kGatedMemory{expat_malloc, expat_realloc, expat_free};

}  // namespace

std::string_view Element::attr(std::string_view attr_name) const {
  const std::string_view* v = find_attr(attr_name);
  return v == nullptr ? std::string_view() : *v;
}

const std::string_view* Element::find_attr(std::string_view attr_name) const {
  for (const Attribute& a : attributes) {
    if (a.name == attr_name) return &a.value;
  }
  return nullptr;
}

const Element* Element::child(std::string_view child_name) const {
  for (const Element* c = first_child; c != nullptr; c = c->next_sibling) {
    if (c->name == child_name) return c;
  }
  return nullptr;
}

Document::Document() = default;

Document::~Document() {
  for (NumberArray* a : arrays_) a->~NumberArray();
}

const Element* Document::find_id(std::string_view id) const {
  auto it = ids_.find(id);
  return it == ids_.end() ? nullptr : it->second;
}

void Document::release_numbers(const Element& subtree) {
  // Iterative, so that a deep subtree cannot exhaust the stack; never looks past subtree's own
  // children (its siblings may still be growing).
  if (subtree.numbers != nullptr) subtree.numbers->release();
  const Element* e = subtree.first_child;
  while (e != nullptr) {
    if (e->numbers != nullptr) e->numbers->release();
    if (e->first_child != nullptr) {
      e = e->first_child;
      continue;
    }
    while (e != nullptr && e->next_sibling == nullptr) {
      e = e->parent;
      if (e == &subtree) e = nullptr;
    }
    if (e != nullptr) e = e->next_sibling;
  }
}

size_t Document::decimal_comma_arrays() const {
  size_t n = 0;
  for (const NumberArray* a : arrays_) n += a->spelling.comma ? 1 : 0;
  return n;
}

bool Element::released() const { return numbers != nullptr && numbers->released; }

size_t Element::value_count() const {
  switch (mode) {
    case TextMode::kFloat32:
      return floats.size();
    case TextMode::kFloat64:
      return doubles.size();
    case TextMode::kInt32:
      return ints.size();
    default:
      return 0;
  }
}

class Builder {
 public:
  Builder(Document& doc, Source& source, const ParseOptions& options)
      : doc_(doc), source_(&source), options_(options), account_(doc.account_.budget()) {}

  absl::Status run();

 private:
  using Text = std::basic_string<char, std::char_traits<char>, AccountedAllocator<char>>;
  struct Frame {
    explicit Frame(BudgetAccount* account) : text(AccountedAllocator<char>(account)) {}
    Element* element = nullptr;
    Element* last_child = nullptr;
    TextMode mode = TextMode::kIgnore;
    Text text;
    NumberArray* array = nullptr;  // numeric modes
  };

  // No exception crosses expat's C frames: one thrown in a handler (an allocation that failed)
  // stops the parse and is rethrown once expat has returned; the memory limit reached is the
  // refusal limits.memory at `element` (nullptr: the innermost element open).
  template <class Handle>
  static void guarded(void* self, const XML_Char* element, Handle handle) {
    auto* b = static_cast<Builder*>(self);
    try {
      handle(*b);
    } catch (const MemoryLimitExceeded& e) {
      b->fail(b->over_memory(e.limit(), element));
    } catch (...) {
      b->stop_for_exception();
    }
  }
  static void XMLCALL on_start(void* self, const XML_Char* name, const XML_Char** attrs) {
    guarded(self, name, [&](Builder& b) { b.start(name, attrs); });
  }
  static void XMLCALL on_end(void* self, const XML_Char* name) {
    guarded(self, name, [](Builder& b) { b.end(); });
  }
  static void XMLCALL on_text(void* self, const XML_Char* s, int len) {
    guarded(self, nullptr,
            [&](Builder& b) { b.text(std::string_view(s, static_cast<size_t>(len))); });
  }
  static void XMLCALL on_entity_decl(void* self, const XML_Char* name, int, const XML_Char*, int,
                                     const XML_Char*, const XML_Char*, const XML_Char*,
                                     const XML_Char*) {
    guarded(self, nullptr, [&](Builder& b) {
      b.fail(refuse("xml.entity.declared", cat("!ENTITY ", name), b.line(),
                    "the document declares an XML entity, which is refused"));
    });
  }
  static void XMLCALL on_xml_decl(void* self, const XML_Char*, const XML_Char* encoding, int) {
    guarded(self, nullptr, [&](Builder& b) {
      if (encoding != nullptr) b.doc_.declared_encoding_ = b.intern_copy(encoding);
    });
  }

  void start(const XML_Char* name, const XML_Char** attrs);
  void end();
  void text(std::string_view data);
  void fail(absl::Status status) {
    if (status_.ok()) status_ = std::move(status);
    XML_StopParser(parser_, XML_FALSE);
  }
  // limits.memory at `element`, or at the innermost element open when it is nullptr.
  absl::Status over_memory(uint64_t limit, const XML_Char* element) const {
    std::string_view name = element != nullptr ? std::string_view(element)
                            : depth_ > 0       ? stack_[depth_ - 1].element->name
                                               : std::string_view("?xml");
    return memory_limit_exceeded(limit, shortened(name), line());
  }
  void stop_for_exception() {
    if (exception_ == nullptr) exception_ = std::current_exception();
    XML_StopParser(parser_, XML_FALSE);
  }
  std::string_view copy(std::string_view s) {
    if (s.empty()) return {};
    char* p = static_cast<char*>(doc_.memory_.allocate(s.size(), 1));
    std::memcpy(p, s.data(), s.size());
    return {p, s.size()};
  }
  std::string_view intern_copy(std::string_view s) {
    auto it = doc_.names_.find(s);
    if (it != doc_.names_.end()) return it->second;
    std::string_view stored = copy(s);
    doc_.names_.emplace(stored, stored);
    return stored;
  }
  absl::Status believed_count(const Element& element, size_t* count);
  // Bytes of input not yet consumed, as far as the source's size bound tells.
  uint64_t remaining_input() const;
  // False, having failed the parse (limits.string-length), when `text` (a name or an attribute
  // value of element `element`, named by `what`) is longer than the limit.
  bool check_length(std::string_view element, std::string_view text, std::string_view what) {
    if (text.size() <= options_.max_string_bytes) return true;
    fail(long_string(element, text.size(), what));
    return false;
  }
  absl::Status long_string(std::string_view element, uint64_t bytes, std::string_view what) {
    return over_budget(
        kStringLengthRule, shortened(element), line(),
        cat(what, " reaches ", bytes, " bytes, past the limit of ", options_.max_string_bytes));
  }
  // A name for a message: at most 64 bytes of it.
  static std::string shortened(std::string_view name) {
    return name.size() <= 64 ? std::string(name) : cat(name.substr(0, 64), "...");
  }
  absl::Status scan();
  // Hands data[0, size) to expat, taking the long runs of number text after a numeric element's
  // start tag straight to the sink (number_runs.h).
  absl::Status feed(const char* data, size_t size, bool last);
  absl::Status expat_parse(const char* data, size_t size, bool last);
  // Takes the number text at the start of data[0, size), measured as `run`, to the array as expat
  // would have handed it over; the length taken.
  size_t take_run(NumberArray& array, const char* data, size_t size, const NumberRun& run);
  // The line expat is at, counting the line ends of the runs it never saw.
  int64_t line() const { return XML_GetCurrentLineNumber(parser_) + run_lines_; }
  // A token was not a number: the sink has the refusal.
  void stop_for_numbers() {
    if (status_.ok()) status_ = absl::CancelledError();
    XML_StopParser(parser_, XML_FALSE);
  }

  Document& doc_;
  Source* source_;  // the input as expat sees it: transcoded to UTF-8 where expat needs that
  const ParseOptions& options_;
  // What the parse holds while it lasts (the frames' text, expat's memory), charged to the
  // document's budget; first, so that it outlives them.
  BudgetAccount account_;
  ExpatMemory expat_memory_{&account_};
  XML_Parser parser_ = nullptr;
  std::unique_ptr<NumberSink> sink_;
  std::vector<Frame> stack_;  // frames are reused, never shrunk, so their buffers are too
  size_t depth_ = 0;
  absl::Status status_;
  std::exception_ptr exception_;  // thrown in a handler, rethrown when expat returns

  // The fast path for number text (feed()); off for input expat reads as UTF-16.
  bool take_runs_ = false;
  StartTagScanner tags_;
  uint64_t expat_bytes_ = 0;         // bytes handed to expat so far
  int64_t run_lines_ = 0;            // line ends in them
  bool run_ended_in_cr_ = false;     // the last byte taken was a CR
  std::string run_text_;             // a run's piece with its line ends made expat's
  NumberArray* open_run_ = nullptr;  // an array whose run went on to the end of the last block
  // The numeric element expat opened last and where its start tag ended (expat's offsets).
  NumberArray* started_array_ = nullptr;
  uint64_t started_end_ = 0;
};

void Builder::start(const XML_Char* name, const XML_Char** attrs) {
  if (!status_.ok()) return;
  if (depth_ >= static_cast<size_t>(options_.max_depth)) {
    fail(refuse("xml.depth", name, line(), cat("elements nest deeper than ", options_.max_depth)));
    return;
  }
  size_t n_attrs = 0;
  while (attrs[2 * n_attrs] != nullptr) ++n_attrs;
  if (!check_length(name, name, "its name")) return;
  for (size_t i = 0; i < 2 * n_attrs; ++i) {
    if (!check_length(name, attrs[i],
                      cat(i % 2 == 0 ? "the name of attribute " : "attribute ",
                          shortened(attrs[i - i % 2])))) {
      return;
    }
  }
  auto* attributes = n_attrs == 0 ? nullptr
                                  : static_cast<Attribute*>(doc_.memory_.allocate(
                                        sizeof(Attribute) * n_attrs, alignof(Attribute)));
  for (size_t i = 0; i < n_attrs; ++i) {
    new (&attributes[i]) Attribute{intern_copy(attrs[2 * i]), copy(attrs[2 * i + 1])};
  }
  auto* element = new (doc_.memory_.allocate(sizeof(Element), alignof(Element))) Element();
  element->name = intern_copy(name);
  element->attributes = {attributes, n_attrs};
  element->line = line();
  if (const std::string_view* id = element->find_attr("id")) doc_.ids_.try_emplace(*id, element);
  if (depth_ > 0) {
    Frame& parent = stack_[depth_ - 1];
    element->parent = parent.element;
    if (parent.last_child == nullptr) {
      parent.element->first_child = element;
    } else {
      parent.last_child->next_sibling = element;
    }
    parent.last_child = element;
  } else {
    doc_.root_ = element;
  }
  if (stack_.size() <= depth_) stack_.emplace_back(&account_);
  Frame& f = stack_[depth_++];
  f.element = element;
  f.last_child = nullptr;
  f.text.clear();
  f.array = nullptr;
  f.mode = options_.policy == nullptr ? TextMode::kString : options_.policy(*element);
  element->mode = f.mode;
  if (f.mode == TextMode::kFloat32 || f.mode == TextMode::kFloat64 || f.mode == TextMode::kInt32) {
    size_t count = 0;
    if (absl::Status s = believed_count(*element, &count); !s.ok()) {
      fail(std::move(s));
      return;
    }
    // What the pool kept of earlier arrays and tables for reuse goes back past half the input
    // left: near the end of a large document the scene is at its largest, and blocks kept beside
    // it set the read's peak (a reader's arrays and tables for a span of input take about as
    // many bytes as its text, so the last geometries map some of theirs afresh).
    doc_.scratch_.keep_released_at_most(
        static_cast<size_t>(std::min<uint64_t>(remaining_input() / 2, SIZE_MAX)));
    auto* array = new (doc_.memory_.allocate(sizeof(NumberArray), alignof(NumberArray)))
        NumberArray(&doc_.scratch_);
    doc_.arrays_.push_back(array);
    array->element = element;
    array->mode = f.mode;
    array->decimal_comma = options_.decimal_comma;
    element->numbers = array;
    f.array = array;
    started_array_ = array;
    started_end_ = static_cast<uint64_t>(XML_GetCurrentByteIndex(parser_)) +
                   static_cast<uint64_t>(XML_GetCurrentByteCount(parser_));
    sink_->begin(*array, count);
    if (sink_->failed()) stop_for_numbers();
  }
}

// A declared count is believed only as far as the rest of the input could hold that many
// values (each at least one character and a separator); past that the document is refused
// before anything is reserved. Without one, the reader's hint is held to the same bound.
uint64_t Builder::remaining_input() const {
  uint64_t consumed =
      static_cast<uint64_t>(XML_GetCurrentByteIndex(parser_)) + doc_.number_run_bytes_taken_;
  uint64_t bound = source_->size_bound();
  return bound > consumed ? bound - consumed : 0;
}

absl::Status Builder::believed_count(const Element& element, size_t* count) {
  const uint64_t remaining = remaining_input();
  const std::string_view* count_text = element.find_attr("count");
  if (count_text == nullptr) {
    if (options_.count_hint != nullptr) {
      *count =
          static_cast<size_t>(std::min<uint64_t>(options_.count_hint(element), remaining / 2 + 1));
    }
    return absl::OkStatus();
  }
  int64_t declared = 0;
  if (!parse_int64(*count_text, &declared) || declared < 0) return absl::OkStatus();  // reader's
  if (static_cast<uint64_t>(declared) > remaining / 2 + 1) {
    return refuse("xml.count.exceeds-input", element.name, element.line,
                  cat("count=", declared, " but only ", remaining,
                      " bytes of input remain to hold the values"));
  }
  *count = static_cast<size_t>(declared);
  return absl::OkStatus();
}

void Builder::text(std::string_view data) {
  if (!status_.ok() || depth_ == 0) return;
  Frame& f = stack_[depth_ - 1];
  switch (f.mode) {
    case TextMode::kIgnore:
      return;
    case TextMode::kString:
      if (f.text.size() + data.size() > options_.max_string_bytes) {
        fail(long_string(f.element->name, f.text.size() + data.size(), "its text"));
        return;
      }
      f.text.append(data);
      return;
    default:
      if (f.array->first_line == 0) f.array->first_line = line();
      sink_->text(*f.array, data);  // a failure is seen at the element's end
      return;
  }
}

void Builder::end() {
  if (!status_.ok()) return;
  Frame& f = stack_[--depth_];
  Element* e = f.element;
  switch (f.mode) {
    case TextMode::kIgnore:
      break;
    case TextMode::kString:
      e->text = copy(f.text);
      break;
    default:
      sink_->end(*f.array);
      if (sink_->failed()) {
        stop_for_numbers();
        return;
      }
      break;
  }
  if (options_.on_close) options_.on_close(*e, *sink_);
}

absl::Status Builder::run() {
  sink_ = make_number_sink(options_.threads);
  absl::Status parsed = scan();
  // A token that was not a number comes before whatever stopped the scan (the scan never hands
  // over text past its own failure), so the sink's refusal wins.
  absl::Status numbers = sink_->finish(!parsed.ok());
  if (!numbers.ok()) return numbers;
  return parsed;
}

absl::Status Builder::scan() {
  // Look at the XML declaration: an encoding expat lacks is transcoded to UTF-8 first.
  std::string prefix(1024, '\0');
  size_t have = 0;
  while (have < prefix.size()) {
    absl::StatusOr<size_t> n = source_->read(prefix.data() + have, prefix.size() - have);
    if (!n.ok()) return n.status();
    if (*n == 0) break;
    have += *n;
  }
  prefix.resize(have);
  std::string encoding = declared_encoding(prefix);
  // UTF-16 puts a zero byte in every ASCII character: no run of number text to take there.
  const bool utf16 =
      expat_decodes(encoding) &&
      (ascii_lower(encoding).starts_with("utf-16") || prefix.starts_with("\xFE\xFF") ||
       prefix.starts_with("\xFF\xFE") || prefix.substr(0, 4).find('\0') != std::string::npos);
  std::unique_ptr<Source> input;
  if (expat_decodes(encoding)) {
    input = prefixed_source(std::move(prefix), borrowed_source(*source_));
  } else {
    absl::StatusOr<std::unique_ptr<Source>> transcoded =
        transcoding_source(std::move(prefix), borrowed_source(*source_), encoding);
    if (!transcoded.ok()) return transcoded.status();
    input = std::move(*transcoded);
  }
  source_ = input.get();
  // expat's memory is charged from its creation to its end (the parser is freed first).
  struct ChargeExpat {
    ExpatMemory* outer;
    ~ChargeExpat() { t_expat_memory = outer; }
  } charge_expat{std::exchange(t_expat_memory, &expat_memory_)};
  parser_ =
      XML_ParserCreate_MM(expat_decodes(encoding) ? nullptr : "UTF-8", &kGatedMemory, nullptr);
  if (parser_ == nullptr) return out_of_memory("creating the XML parser");
  struct Free {
    XML_Parser p;
    ~Free() { XML_ParserFree(p); }
  } free_parser{parser_};
  XML_SetUserData(parser_, this);
  XML_SetElementHandler(parser_, on_start, on_end);
  XML_SetCharacterDataHandler(parser_, on_text);
  XML_SetEntityDeclHandler(parser_, on_entity_decl);
  XML_SetXmlDeclHandler(parser_, on_xml_decl);
  XML_SetParamEntityParsing(parser_, XML_PARAM_ENTITY_PARSING_NEVER);
  XML_SetBillionLaughsAttackProtectionMaximumAmplification(parser_, 16.0f);
  XML_SetBillionLaughsAttackProtectionActivationThreshold(parser_, 1 << 20);

  take_runs_ = options_.number_run_bytes > 0 && !utf16;

  constexpr size_t kBlock = 1 << 18;
  std::unique_ptr<char[]> block(new char[kBlock]);
  while (true) {
    absl::StatusOr<size_t> n = source_->read(block.get(), kBlock);
    if (!n.ok()) return n.status();
    bool last = *n == 0;
    if (absl::Status s = feed(block.get(), *n, last); !s.ok()) return s;
    if (last) break;
  }
  if (doc_.root_ == nullptr) return refuse("xml.malformed", "the document holds no element");
  return absl::OkStatus();
}

absl::Status Builder::feed(const char* data, size_t size, bool last) {
  if (!take_runs_) return expat_parse(data, size, last);
  size_t fed = 0;  // data[0, fed) is expat's or taken
  if (open_run_ != nullptr) {
    fed = take_run(*open_run_, data, size, measure_number_run(data, size));
    if (fed < size) open_run_ = nullptr;
  }
  size_t at = fed;
  while (open_run_ == nullptr && (at = tags_.next(data, at, size)) != StartTagScanner::kNone) {
    // A run that reaches the block's end may go on in the next: a candidate whatever its length.
    const NumberRun run = measure_number_run(data + at, size - at);
    if (run.length < options_.number_run_bytes && at + run.length < size) continue;
    if (absl::Status s = expat_parse(data + fed, at - fed, false); !s.ok()) return s;
    fed = at;
    // Taken only when expat has just opened a numeric element whose start tag ends here.
    if (started_array_ == nullptr || started_end_ != expat_bytes_ || depth_ == 0 ||
        stack_[depth_ - 1].array != started_array_) {
      continue;
    }
    NumberArray& array = *started_array_;
    if (array.first_line == 0) array.first_line = line();
    fed = at += take_run(array, data + at, size - at, run);
    if (at == size) open_run_ = &array;  // the next block may go on with it
  }
  return expat_parse(data + fed, size - fed, last);
}

size_t Builder::take_run(NumberArray& array, const char* data, size_t size, const NumberRun& run) {
  size_t length = run.length;
  // A CR before more of the block is left to expat, which then sees it with the LF that may
  // follow (a CR at the block's end is remembered: run_ended_in_cr_).
  if (length > 0 && length < size && data[length - 1] == '\r') --length;
  // In pieces the size of the sink's batches, so that a long run never grows one batch past them.
  constexpr size_t kPiece = size_t{64} << 10;
  if (!run.carriage_return) {
    // Nothing to change but an LF right after a CR that ended the last block, one line end
    // with it (counted then).
    size_t from = 0;
    run_lines_ += static_cast<int64_t>(run.line_feeds);
    if (length > 0 && run_ended_in_cr_ && data[0] == '\n') {
      from = 1;
      --run_lines_;
    }
    if (length > 0) run_ended_in_cr_ = false;
    for (size_t i = from; i < length && status_.ok(); i += kPiece) {
      sink_->text(array, std::string_view(data + i, std::min(kPiece, length - i)));
    }
  } else {
    for (size_t i = 0; i < length && status_.ok(); i += kPiece) {
      const std::string_view piece = expat_line_ends(
          std::string_view(data + i, std::min(kPiece, length - i)), &run_ended_in_cr_, &run_text_);
      run_lines_ += std::count(piece.begin(), piece.end(), '\n');
      if (!piece.empty()) sink_->text(array, piece);
    }
  }
  doc_.number_run_bytes_taken_ += length;
  return length;
}

absl::Status Builder::expat_parse(const char* data, size_t size, bool last) {
  if (size == 0 && !last) return absl::OkStatus();
  if (size > 0) run_ended_in_cr_ = false;
  expat_bytes_ += size;
  if (XML_Parse(parser_, data, static_cast<int>(size), last) != XML_STATUS_OK) {
    if (exception_ != nullptr) std::rethrow_exception(exception_);
    if (!status_.ok()) return status_;
    XML_Error code = XML_GetErrorCode(parser_);
    int64_t at = line();
    if (code == XML_ERROR_NO_MEMORY && expat_memory_.refused_limit != 0) {
      return over_memory(expat_memory_.refused_limit, nullptr);
    }
    if (code == XML_ERROR_NO_MEMORY) return out_of_memory(cat("the XML parser, line ", at));
    if (code == XML_ERROR_UNKNOWN_ENCODING || code == XML_ERROR_INCORRECT_ENCODING) {
      return refuse("xml.encoding.unsupported", cat("line ", at, ": ", XML_ErrorString(code), " (",
                                                    doc_.declared_encoding_, ")"));
    }
    return refuse("xml.malformed", cat(source_->name(), " line ", at, ": ", XML_ErrorString(code)));
  }
  return status_;
}

absl::Status parse_into(Document& document, Source& source, const ParseOptions& options) {
  Builder builder(document, source, options);
  return builder.run();
}

absl::StatusOr<std::unique_ptr<Document>> parse(Source& source, const ParseOptions& options) {
  auto doc = std::make_unique<Document>();
  if (absl::Status s = parse_into(*doc, source, options); !s.ok()) return s;
  return doc;
}

}  // namespace px::xml
