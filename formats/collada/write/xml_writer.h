// A streaming XML writer: elements, attributes, text and number lists go into a fixed buffer that
// is handed to a sink each time it fills, so no tree and no whole document is ever held. Elements
// are indented two spaces a level, sixteen levels at most. Element
// names are string literals kept by view on a stack (no allocation per element). Text and
// attribute values are escaped; characters XML 1.0 cannot hold at all (controls other than tab,
// line feed and carriage return, invalid UTF-8) are written as U+FFFD and counted. Numbers use
// std::to_chars' shortest round-trip form, so every float32 and float64 reads back bit-identical;
// non-finite values are spelled NaN, INF and -INF, as XML Schema's xs:double spells them.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "model/column.h"

namespace px::collada {

class XmlWriter {
 public:
  // sink receives the bytes in order, a buffer at a time; its first error stops all writing and
  // is returned by finish().
  using Sink = std::function<absl::Status(std::string_view)>;
  explicit XmlWriter(Sink sink, size_t buffer_size = 1 << 16);

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
  // Every value of a column in row-major order: floats by their own dtype's shortest form
  // (float32 as float32), integers as integers.
  void column_values(const Column& column);

  // <name>text</name> in one call.
  void element(std::string_view name, std::string_view text_value);

  // Writes what is buffered and returns the sink's first error (OK when none). Every element
  // must be closed.
  absl::Status finish();

  // Characters written as U+FFFD since the writer was made.
  int64_t replaced_characters() const { return replaced_; }
  // Bytes handed to the sink or buffered so far.
  uint64_t bytes_written() const { return flushed_ + buffer_.size(); }

 private:
  void end_start_tag();  // closes "<name attrs" with ">" when still open
  void separator();
  void newline_indent();
  void put(std::string_view bytes);
  void put(char c);
  // Shortest round-trip digits of an integer or a float of its own precision; NaN, INF, -INF.
  template <class T>
  void put_number(T value);
  void escape(std::string_view value, bool attribute);
  void flush();

  struct Open {
    std::string_view name;
    bool has_children = false;  // an element child was written
    bool has_text = false;      // text or numbers were written
  };
  Sink sink_;
  size_t capacity_;
  std::string buffer_;
  std::vector<Open> stack_;
  bool start_tag_open_ = false;
  absl::Status status_;
  int64_t replaced_ = 0;
  uint64_t flushed_ = 0;
};

}  // namespace px::collada
