// A streaming XML writer: elements, attributes, text and number lists go into a fixed buffer that
// is handed to a sink each time it fills, so no tree and no whole document is ever held. Elements
// are indented two spaces a level, sixteen levels at most. Element
// names are string literals kept by view on a stack (no allocation per element). Text and
// attribute values are escaped; characters XML 1.0 cannot hold at all (controls other than tab,
// line feed and carriage return, invalid UTF-8) are written as U+FFFD and counted. Numbers are
// spelled as std::to_chars spells them (number_text.h), so every float32 and float64 reads back
// bit-identical; non-finite values are spelled NaN, INF and -INF, as XML Schema's xs:double
// spells them. A long list of numbers is formatted a chunk at a time on `threads` threads, each
// chunk into a buffer of its own handed to the sink in order: the bytes never depend on the
// thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "formats/collada/text_buffer.h"
#include "formats/collada/write/chunk_pipeline.h"
#include "formats/collada/write/number_text.h"
#include "polyxios/scene/column.h"
#include "polyxios/scene/index_span.h"

namespace px::collada {

// Appends values to out separated by single spaces, with one before the first when
// leading_space.
template <class T>
void append_numbers(std::span<const T> values, bool leading_space, TextBuffer& out) {
  out.set_end(
      write_numbers(out.room(values.size() * (kMaxNumberChars + 1)), values, leading_space));
}

inline void append_numbers(IndexSpan values, bool leading_space, TextBuffer& out) {
  values.visit([&](auto span) { append_numbers(span, leading_space, out); });
}

class XmlWriter {
 public:
  // sink receives the bytes in order, a buffer at a time; its first error stops all writing and
  // is returned by finish().
  using Sink = std::function<absl::Status(std::string_view)>;
  // threads: how many threads format a long list (1: this one alone).
  explicit XmlWriter(Sink sink, size_t buffer_size = 1 << 16, int threads = 1);

  // <?xml version="1.0" encoding="utf-8"?>
  void declaration();

  // Starts <name ...>; attributes may follow until the first child, text or close().
  void open(std::string_view name);
  void attr(std::string_view name, std::string_view value);
  void attr(std::string_view name, const char* value) { attr(name, std::string_view(value)); }
  void attr(std::string_view name, int64_t value);
  void attr(std::string_view name, int value) { attr(name, int64_t{value}); }
  void attr(std::string_view name, size_t value) { attr(name, static_cast<int64_t>(value)); }
  // In the shortest round-trip form, NaN / INF / -INF when not finite.
  void attr(std::string_view name, double value);
  // Ends the innermost element: "/>" when it holds nothing, else its end tag.
  void close();

  // Escaped character data inside the innermost element.
  void text(std::string_view value);
  // Numbers inside the innermost element, separated by single spaces (a space before the first
  // too when text was already written in this element).
  void number(double value);
  void number(float value);
  void integer(int64_t value);
  void numbers(std::span<const double> values);
  void numbers(std::span<const float> values);
  void integers(std::span<const int32_t> values);
  void integers(std::span<const uint32_t> values);
  void integers(IndexSpan values);
  // Every value of a column in row-major order: floats by their own dtype's shortest form
  // (float32 as float32), integers as integers.
  void column_values(const Column& column);
  // A list of `items` items inside the innermost element, after a space when text was already
  // written there: write(first, last, out) appends items [first, last) to out, separated by
  // single spaces, with one before the first unless first is 0 (append_numbers does that).
  // write is called for a chunk of about 128 KiB at a time (chars_per_item: about the longest
  // item), from several threads at once when the list is long.
  using ListWrite = absl::FunctionRef<void(size_t first, size_t last, TextBuffer& out)>;
  void list(size_t items, size_t chars_per_item, ListWrite write);

  // <name>text</name> in one call.
  void element(std::string_view name, std::string_view text_value);
  // <name sid="...">number</name>, the sid left out when empty.
  void number_element(std::string_view name, double value, std::string_view sid = {});

  // Writes what is buffered and returns the sink's first error (OK when none). Every element
  // must be closed.
  absl::Status finish();

  // Characters written as U+FFFD since the writer was made.
  int64_t replaced_characters() const { return replaced_; }
  // Bytes handed to the sink or buffered so far.
  uint64_t bytes_written() const { return flushed_ + buffer_.size(); }

 private:
  template <class T>
  void number_list(std::span<const T> values);
  void end_start_tag();  // closes "<name attrs" with ">" when still open
  void separator();
  void newline_indent();
  void put(std::string_view bytes);
  void put(char c);
  // Shortest round-trip digits of an integer or a float of its own precision; NaN, INF, -INF.
  template <class T>
  void put_number(T value);
  void escape(std::string_view value, bool attribute);
  // Hands text to the sink unless it failed before; false once it has.
  bool emit(std::string_view text);
  void flush();

  struct Open {
    std::string_view name;
    bool has_children = false;  // an element child was written
    bool has_text = false;      // text or numbers were written
  };
  Sink sink_;
  size_t capacity_;
  TextBuffer buffer_;
  int threads_;
  std::unique_ptr<ChunkPipeline> pipeline_;  // made for the first long list
  std::vector<Open> stack_;
  bool start_tag_open_ = false;
  absl::Status status_;
  int64_t replaced_ = 0;
  uint64_t flushed_ = 0;
};

}  // namespace px::collada
