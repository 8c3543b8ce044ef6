// Where the text of numeric elements goes: copied into batches that are decoded on the parsing
// thread as each fills (inline), or by a second thread while expat scans on (threaded; when that
// thread falls behind, the parsing thread decodes small arrays itself as their text arrives).
// Either way each element's values land in its NumberArray, and the first token that is not a
// number ends the document with the same refusal, naming the element and the token's line.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "engine/scratch_pool.h"
#include "formats/collada/read/xml/decimal_comma.h"
#include "formats/collada/read/xml/number_scan.h"
#include "formats/collada/read/xml/xml_document.h"

namespace px::xml {

// The numbers of one element's text.
struct NumberArray {
  explicit NumberArray(ScratchPool* pool) : floats(pool), doubles(pool), ints(pool) {}

  Element* element = nullptr;
  TextMode mode = TextMode::kFloat32;
  NumberBuffer<float> floats;
  NumberBuffer<double> doubles;
  NumberBuffer<int32_t> ints;
  int64_t first_line =
      0;                  // where the element's text begins; set by the parser with its first piece
  size_t newlines = 0;    // line feeds in the text decoded so far
  std::string carry;      // the start of a token the last piece cut (on the side that cuts)
  bool released = false;  // its values were freed by Document::release_numbers
  bool decoded_by_parser = false;  // decoded on the parser's thread as its text arrives
  // A float array may spell its decimal point as a comma (ParseOptions::decimal_comma); what its
  // tokens spelled so far, spelling.comma telling a reader the repair was made.
  bool decimal_comma = false;
  DecimalSpelling spelling;

  // Reserves room for n values of the array's type.
  void reserve(size_t n);
  // Decodes whole tokens (scan_numbers' terms); a token that is not a number gives the refusal.
  absl::Status decode(std::string_view text, const char* readable_end);
  // decode's two ways: the tokens as they are, or with their decimal commas made points.
  absl::Status scan(std::string_view text, const char* readable_end);
  absl::Status decode_decimal_comma(std::string_view text);
  // Points the element's span at the values (once they are all decoded).
  void publish();
  // Frees the values and empties the element's span.
  void release();
  // The memory its values take.
  size_t capacity_bytes() const {
    return floats.capacity() * sizeof(float) + doubles.capacity() * sizeof(double) +
           ints.capacity() * sizeof(int32_t);
  }
};

class NumberSink {
 public:
  virtual ~NumberSink() = default;
  // A numeric element starts; reserve is its believed count of values.
  virtual void begin(NumberArray& array, size_t reserve) = 0;
  // A piece of its text, as expat hands it over (a token may be cut between pieces).
  virtual void text(NumberArray& array, std::string_view piece) = 0;
  // Its end tag.
  virtual void end(NumberArray& array) = 0;
  // Runs task once every value given so far is decoded, in the order tasks were given and one at
  // a time: at once when decoding is inline, else on a task thread while the decoding thread goes
  // on. Tasks are dropped after a failure.
  virtual void after(std::function<void()> task) = 0;
  // True once a token is known not to be a number: the parse may stop.
  virtual bool failed() const = 0;
  // Waits until everything given is decoded (and, unless cancel_tasks, every task has run), and
  // returns the first failure. Called once, after the last piece.
  virtual absl::Status finish(bool cancel_tasks) = 0;
};

// threads 1: inline; 2 or more: a decoding thread and a task thread beside the parser's.
std::unique_ptr<NumberSink> make_number_sink(int threads);

}  // namespace px::xml
