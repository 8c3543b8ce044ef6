#include "formats/collada/write/xml_writer.h"

#include <algorithm>
#include <type_traits>

#include "engine/utf8.h"

namespace px::collada {
namespace {

// A chunk of a long list, formatted on one thread into its own buffer.
constexpr size_t kChunkChars = 128 << 10;

// About the longest text of one item of a list of T, with its space.
template <class T>
constexpr size_t chars_per_item() {
  if constexpr (std::is_same_v<T, float>) return 16;   // -1.17549435e-38
  if constexpr (std::is_same_v<T, double>) return 25;  // -2.2250738585072014e-308
  return sizeof(T) <= 4 ? 12 : 21;                     // -2147483648
}

// The length of the valid UTF-8 sequence of a character XML 1.0 can hold starting at s[i]
// (a non-ASCII character), or 0.
size_t valid_utf8_length(std::string_view s, size_t i) {
  size_t n = 0;
  uint32_t cp = decode_utf8(s, i, &n);
  return cp == 0xFFFE || cp == 0xFFFF ? 0 : n;
}

}  // namespace

XmlWriter::XmlWriter(Sink sink, size_t buffer_size, int threads)
    : sink_(std::move(sink)),
      capacity_(buffer_size < 256 ? 256 : buffer_size),
      threads_(std::max(threads, 1)) {
  stack_.reserve(32);
}

void XmlWriter::declaration() { put("<?xml version=\"1.0\" encoding=\"utf-8\"?>"); }

void XmlWriter::open(std::string_view name) {
  end_start_tag();
  if (!stack_.empty()) stack_.back().has_children = true;
  newline_indent();
  put('<');
  put(name);
  stack_.push_back({name});
  start_tag_open_ = true;
}

void XmlWriter::attr(std::string_view name, std::string_view value) {
  put(' ');
  put(name);
  put("=\"");
  escape(value, true);
  put('"');
}

void XmlWriter::attr(std::string_view name, int64_t value) {
  put(' ');
  put(name);
  put("=\"");
  put_number(value);
  put('"');
}

void XmlWriter::attr(std::string_view name, double value) {
  put(' ');
  put(name);
  put("=\"");
  put_number(value);
  put('"');
}

template <class T>
void XmlWriter::put_number(T value) {
  buffer_.set_end(write_number(buffer_.room(kMaxNumberChars), value));
  if (buffer_.size() >= capacity_) flush();
}

void XmlWriter::close() {
  if (stack_.empty()) return;
  Open top = stack_.back();
  stack_.pop_back();
  if (start_tag_open_) {
    put("/>");
    start_tag_open_ = false;
    return;
  }
  if (top.has_children) newline_indent();
  put("</");
  put(top.name);
  put('>');
}

void XmlWriter::text(std::string_view value) {
  end_start_tag();
  if (!stack_.empty()) stack_.back().has_text = true;
  escape(value, false);
}

void XmlWriter::separator() {
  end_start_tag();
  if (stack_.empty()) return;
  if (stack_.back().has_text) put(' ');
  stack_.back().has_text = true;
}

void XmlWriter::number(double value) {
  separator();
  put_number(value);
}

void XmlWriter::number(float value) {
  separator();
  put_number(value);
}

void XmlWriter::integer(int64_t value) {
  separator();
  put_number(value);
}

template <class T>
void XmlWriter::number_list(std::span<const T> values) {
  list(values.size(), chars_per_item<T>(), [values](size_t first, size_t last, TextBuffer& out) {
    append_numbers(values.subspan(first, last - first), first != 0, out);
  });
}

void XmlWriter::numbers(std::span<const double> values) { number_list(values); }
void XmlWriter::numbers(std::span<const float> values) { number_list(values); }
void XmlWriter::integers(std::span<const int32_t> values) { number_list(values); }
void XmlWriter::integers(std::span<const uint32_t> values) { number_list(values); }
void XmlWriter::integers(IndexSpan values) {
  values.visit([this](auto span) { number_list(span); });
}

void XmlWriter::column_values(const Column& column) {
  size_t n = column.size();
  switch (column.dtype) {
    case DType::kFloat32:
      return number_list(column.values<float>());
    case DType::kFloat64:
      return number_list(column.values<double>());
    case DType::kInt32:
      return number_list(column.values<int32_t>());
    case DType::kUInt32:
      return number_list(column.values<uint32_t>());
    case DType::kInt64:
      return number_list(column.values<int64_t>());
    default:  // 8- and 16-bit integers, which a double holds exactly
      for (size_t i = 0; i < n; ++i) {
        integer(static_cast<int64_t>(column.get(i / column.cols, i % column.cols)));
      }
  }
}

void XmlWriter::list(size_t items, size_t chars_per_item, ListWrite write) {
  // After the sink's failure (an I/O error, a cancelled write) nothing reaches it: a list, the
  // bulk of a document, is not even made.
  if (items == 0 || !status_.ok()) return;
  separator();
  const size_t chunk = std::max<size_t>(1, kChunkChars / chars_per_item);
  if (threads_ > 1 && items >= 2 * chunk) {
    flush();
    if (pipeline_ == nullptr) pipeline_ = std::make_unique<ChunkPipeline>(threads_);
    pipeline_->run(
        (items + chunk - 1) / chunk,
        [&](size_t c, TextBuffer& out) { write(c * chunk, std::min(items, (c + 1) * chunk), out); },
        [&](std::string_view text) { return emit(text); });
    return;
  }
  // On this thread: pieces of about the buffer's size, flushed as it fills.
  const size_t piece = std::max<size_t>(1, capacity_ / chars_per_item);
  for (size_t first = 0; first < items; first += piece) {
    write(first, std::min(items, first + piece), buffer_);
    if (buffer_.size() >= capacity_) flush();
  }
}

void XmlWriter::element(std::string_view name, std::string_view text_value) {
  open(name);
  text(text_value);
  close();
}

void XmlWriter::number_element(std::string_view name, double value, std::string_view sid) {
  open(name);
  if (!sid.empty()) attr("sid", sid);
  number(value);
  close();
}

absl::Status XmlWriter::finish() {
  put('\n');
  flush();
  return status_;
}

void XmlWriter::end_start_tag() {
  if (!start_tag_open_) return;
  put('>');
  start_tag_open_ = false;
}

void XmlWriter::newline_indent() {
  // Capped, so that a hostile 100,000-deep node chain does not make the output quadratic.
  constexpr std::string_view kIndent = "                                ";
  put('\n');
  put(kIndent.substr(0, std::min(2 * stack_.size(), kIndent.size())));
}

void XmlWriter::put(std::string_view bytes) {
  buffer_.append(bytes);
  if (buffer_.size() >= capacity_) flush();
}

void XmlWriter::put(char c) {
  buffer_.push_back(c);
  if (buffer_.size() >= capacity_) flush();
}

void XmlWriter::escape(std::string_view value, bool attribute) {
  size_t run = 0;  // start of the bytes not yet copied
  for (size_t i = 0; i < value.size();) {
    unsigned char c = static_cast<unsigned char>(value[i]);
    std::string_view replacement;
    size_t length = 1;
    if (c >= 0x80) {
      length = valid_utf8_length(value, i);
      if (length != 0) {
        i += length;
        continue;
      }
      length = 1;
      replacement = kReplacementCharacter;
      ++replaced_;
    } else if (c == '&') {
      replacement = "&amp;";
    } else if (c == '<') {
      replacement = "&lt;";
    } else if (c == '>') {
      replacement = "&gt;";
    } else if (c == '"' && attribute) {
      replacement = "&quot;";
    } else if (c == '\r') {
      replacement = "&#13;";
    } else if (c == '\n' && attribute) {
      replacement = "&#10;";
    } else if (c == '\t' && attribute) {
      replacement = "&#9;";
    } else if (c < 0x20 && c != '\n' && c != '\t') {
      replacement = kReplacementCharacter;
      ++replaced_;
    } else {
      ++i;
      continue;
    }
    put(value.substr(run, i - run));
    put(replacement);
    i += length;
    run = i;
  }
  put(value.substr(run));
}

bool XmlWriter::emit(std::string_view text) {
  flushed_ += text.size();
  if (status_.ok()) status_ = sink_(text);
  return status_.ok();
}

void XmlWriter::flush() {
  if (buffer_.size() == 0) return;
  emit(buffer_.view());
  buffer_.clear();
}

}  // namespace px::collada
