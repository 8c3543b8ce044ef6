#include "engine/xml_document.h"

// Debian builds expat with DTD support; the header hides the amplification limits without this.
#ifndef XML_DTD
#define XML_DTD
#endif
#include <expat.h>

#include <cstring>
#include <string>

#include "engine/errors.h"
#include "engine/numbers.h"
#include "engine/strings.h"
#include "engine/transcode.h"

namespace px::xml {

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
      : doc_(doc), source_(&source), options_(options) {}

  absl::Status run();

 private:
  struct Frame {
    Element* element = nullptr;
    Element* last_child = nullptr;
    TextMode mode = TextMode::kIgnore;
    std::string text;
    TokenSplitter splitter;
    std::vector<float>* floats = nullptr;
    std::vector<double>* doubles = nullptr;
    std::vector<int32_t>* ints = nullptr;
  };

  static void XMLCALL on_start(void* self, const XML_Char* name, const XML_Char** attrs) {
    static_cast<Builder*>(self)->start(name, attrs);
  }
  static void XMLCALL on_end(void* self, const XML_Char*) { static_cast<Builder*>(self)->end(); }
  static void XMLCALL on_text(void* self, const XML_Char* s, int len) {
    static_cast<Builder*>(self)->text(std::string_view(s, static_cast<size_t>(len)));
  }
  static void XMLCALL on_entity_decl(void* self, const XML_Char* name, int, const XML_Char*, int,
                                     const XML_Char*, const XML_Char*, const XML_Char*,
                                     const XML_Char*) {
    auto* b = static_cast<Builder*>(self);
    b->fail(refuse("xml.entity.declared", cat("!ENTITY ", name),
                   XML_GetCurrentLineNumber(b->parser_),
                   "the document declares an XML entity, which is refused"));
  }
  static void XMLCALL on_xml_decl(void* self, const XML_Char*, const XML_Char* encoding, int) {
    auto* b = static_cast<Builder*>(self);
    if (encoding != nullptr) b->doc_.declared_encoding_ = b->intern_copy(encoding);
  }

  void start(const XML_Char* name, const XML_Char** attrs);
  void end();
  void text(std::string_view data);
  void fail(absl::Status status) {
    if (status_.ok()) status_ = std::move(status);
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
  template <class T>
  bool push_number(Frame& f, std::string_view token);
  absl::Status reserve_for_count(Frame& f);

  Document& doc_;
  Source* source_;  // the input as expat sees it: transcoded to UTF-8 where expat needs that
  const ParseOptions& options_;
  XML_Parser parser_ = nullptr;
  std::vector<Frame> stack_;  // frames are reused, never shrunk, so their buffers are too
  size_t depth_ = 0;
  absl::Status status_;
};

void Builder::start(const XML_Char* name, const XML_Char** attrs) {
  if (!status_.ok()) return;
  if (depth_ >= static_cast<size_t>(options_.max_depth)) {
    fail(refuse("xml.depth", name, XML_GetCurrentLineNumber(parser_),
                cat("elements nest deeper than ", options_.max_depth)));
    return;
  }
  size_t n_attrs = 0;
  while (attrs[2 * n_attrs] != nullptr) ++n_attrs;
  auto* attributes = static_cast<Attribute*>(
      doc_.memory_.allocate(sizeof(Attribute) * (n_attrs == 0 ? 1 : n_attrs), alignof(Attribute)));
  for (size_t i = 0; i < n_attrs; ++i) {
    new (&attributes[i]) Attribute{intern_copy(attrs[2 * i]), copy(attrs[2 * i + 1])};
  }
  auto* element = new (doc_.memory_.allocate(sizeof(Element), alignof(Element))) Element();
  element->name = intern_copy(name);
  element->attributes = {attributes, n_attrs};
  element->line = XML_GetCurrentLineNumber(parser_);
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
  if (stack_.size() <= depth_) stack_.emplace_back();
  Frame& f = stack_[depth_++];
  f.element = element;
  f.last_child = nullptr;
  f.text.clear();
  f.floats = nullptr;
  f.doubles = nullptr;
  f.ints = nullptr;
  f.mode = options_.policy == nullptr ? TextMode::kString : options_.policy(*element);
  element->mode = f.mode;
  switch (f.mode) {
    case TextMode::kFloat32:
      f.floats = &doc_.floats_.emplace_back();
      break;
    case TextMode::kFloat64:
      f.doubles = &doc_.doubles_.emplace_back();
      break;
    case TextMode::kInt32:
      f.ints = &doc_.ints_.emplace_back();
      break;
    default:
      break;
  }
  if (f.floats != nullptr || f.doubles != nullptr || f.ints != nullptr) {
    if (absl::Status s = reserve_for_count(f); !s.ok()) fail(std::move(s));
  }
}

// A declared count is believed only as far as the rest of the input could hold that many
// values (each at least one character and a separator); past that the document is refused
// before anything is reserved.
absl::Status Builder::reserve_for_count(Frame& f) {
  const std::string_view* count_text = f.element->find_attr("count");
  if (count_text == nullptr) return absl::OkStatus();
  int64_t count = 0;
  if (!parse_int64(*count_text, &count) || count < 0) return absl::OkStatus();  // reader's rule
  uint64_t consumed = static_cast<uint64_t>(XML_GetCurrentByteIndex(parser_));
  uint64_t bound = source_->size_bound();
  uint64_t remaining = bound > consumed ? bound - consumed : 0;
  if (static_cast<uint64_t>(count) > remaining / 2 + 1) {
    return refuse(
        "xml.count.exceeds-input", f.element->name, f.element->line,
        cat("count=", count, " but only ", remaining, " bytes of input remain to hold the values"));
  }
  size_t n = static_cast<size_t>(count);
  if (f.floats) f.floats->reserve(n);
  if (f.doubles) f.doubles->reserve(n);
  if (f.ints) f.ints->reserve(n);
  return absl::OkStatus();
}

template <class T>
bool Builder::push_number(Frame& f, std::string_view token) {
  T value;
  bool ok;
  if constexpr (std::is_same_v<T, float>) {
    ok = parse_float(token, &value);
  } else if constexpr (std::is_same_v<T, double>) {
    ok = parse_double(token, &value);
  } else {
    ok = parse_int32(token, &value);
  }
  if (!ok) {
    std::string shown(token.substr(0, 40));
    fail(refuse("number.not-a-number", f.element->name, XML_GetCurrentLineNumber(parser_),
                cat("\"", shown, "\" is not ", std::is_integral_v<T> ? "an integer" : "a number",
                    std::is_integral_v<T> ? "" : " (a decimal comma is refused)")));
    return false;
  }
  if constexpr (std::is_same_v<T, float>) {
    f.floats->push_back(value);
  } else if constexpr (std::is_same_v<T, double>) {
    f.doubles->push_back(value);
  } else {
    f.ints->push_back(value);
  }
  return true;
}

void Builder::text(std::string_view data) {
  if (!status_.ok() || depth_ == 0) return;
  Frame& f = stack_[depth_ - 1];
  switch (f.mode) {
    case TextMode::kIgnore:
      return;
    case TextMode::kString:
      f.text.append(data);
      return;
    case TextMode::kFloat32:
      f.splitter.feed(data, [&](std::string_view t) { return push_number<float>(f, t); });
      return;
    case TextMode::kFloat64:
      f.splitter.feed(data, [&](std::string_view t) { return push_number<double>(f, t); });
      return;
    case TextMode::kInt32:
      f.splitter.feed(data, [&](std::string_view t) { return push_number<int32_t>(f, t); });
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
    case TextMode::kFloat32:
      if (!f.splitter.finish([&](std::string_view t) { return push_number<float>(f, t); })) return;
      e->floats = *f.floats;
      break;
    case TextMode::kFloat64:
      if (!f.splitter.finish([&](std::string_view t) { return push_number<double>(f, t); })) return;
      e->doubles = *f.doubles;
      break;
    case TextMode::kInt32:
      if (!f.splitter.finish([&](std::string_view t) { return push_number<int32_t>(f, t); })) {
        return;
      }
      e->ints = *f.ints;
      break;
  }
}

absl::Status Builder::run() {
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
  parser_ = XML_ParserCreate(expat_decodes(encoding) ? nullptr : "UTF-8");
  if (parser_ == nullptr) return absl::InternalError("cannot create the XML parser");
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

  constexpr size_t kBlock = 1 << 18;
  while (true) {
    void* buffer = XML_GetBuffer(parser_, kBlock);
    if (buffer == nullptr) return out_of_memory("the XML parser's buffer");
    absl::StatusOr<size_t> n = source_->read(static_cast<char*>(buffer), kBlock);
    if (!n.ok()) return n.status();
    bool last = *n == 0;
    if (XML_ParseBuffer(parser_, static_cast<int>(*n), last) != XML_STATUS_OK) {
      if (!status_.ok()) return status_;
      XML_Error code = XML_GetErrorCode(parser_);
      int64_t line = XML_GetCurrentLineNumber(parser_);
      if (code == XML_ERROR_NO_MEMORY) return out_of_memory(cat("the XML parser, line ", line));
      if (code == XML_ERROR_UNKNOWN_ENCODING || code == XML_ERROR_INCORRECT_ENCODING) {
        return refuse("xml.encoding.unsupported", cat("line ", line, ": ", XML_ErrorString(code),
                                                      " (", doc_.declared_encoding_, ")"));
      }
      return refuse("xml.malformed",
                    cat(source_->name(), " line ", line, ": ", XML_ErrorString(code)));
    }
    if (!status_.ok()) return status_;
    if (last) break;
  }
  if (doc_.root_ == nullptr) return refuse("xml.malformed", "the document holds no element");
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<Document>> parse(Source& source, const ParseOptions& options) {
  auto doc = std::make_unique<Document>();
  Builder builder(*doc, source, options);
  if (absl::Status s = builder.run(); !s.ok()) return s;
  return doc;
}

}  // namespace px::xml
