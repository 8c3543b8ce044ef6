// The parser's fast path for bulk numbers. Nearly all of a large COLLADA document is the text of
// its number arrays, which expat would scan byte by byte only to hand it over unchanged. The
// parser feeds expat the markup and hands such a run of number characters straight to the
// number sink: StartTagScanner proposes where a start tag ends, measure_number_run measures the
// run after it, and the parser takes the run only when expat has just opened a numeric element
// ending exactly there. The scanner is a heuristic (comments, CDATA and odd markup may fool it);
// that confirmation is what keeps the result the same as expat's, whatever the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace px::xml {

// Finds, block after block of the input, the ends of what look like start tags.
class StartTagScanner {
 public:
  static constexpr size_t kNone = static_cast<size_t>(-1);
  // The offset just past the next '>' in data[from, size) that ends a tag starting with a name
  // character and not ending in "/>" (size when that '>' is the block's last byte); kNone when
  // the block holds none (the scanner keeps its place for the next block).
  size_t next(const char* data, size_t from, size_t size);

 private:
  enum class State : uint8_t { kText, kOpen, kStartTag, kOtherMarkup };
  State state_ = State::kText;
  char quote_ = 0;      // inside a start tag: the quote of the attribute value it is in
  bool slash_ = false;  // inside a start tag: the last character was '/'
};

// The run at data[0, size) of characters a number list may hold: digits, '+', '-', '.', 'e', 'E',
// space, tab, CR and LF. Nothing in it means anything to XML.
struct NumberRun {
  size_t length = 0;
  size_t line_feeds = 0;         // LFs in it
  bool carriage_return = false;  // it holds a CR (expat_line_ends has work to do)
};
NumberRun measure_number_run(const char* data, size_t size);

// The run as expat would hand it over: CR LF and a CR alone made LF. `cr_before` says the byte
// before the run was a CR (so that a leading LF is dropped), and is set for the next run. The run
// itself when it needs no change, else a copy in *scratch.
std::string_view expat_line_ends(std::string_view run, bool* cr_before, std::string* scratch);

}  // namespace px::xml
