// The repair of numbers spelled in a locale whose decimal separator is a comma ("1,5 2,25"), as
// some exporters of the 2000s wrote them. Read as a point only where no comma could be a
// separator: every token holding a comma holds exactly one, between two digits, and no point.
#pragma once

#include <string>
#include <string_view>

namespace px {

// What the tokens of an array seen so far spelled.
struct DecimalSpelling {
  bool comma = false;  // some token wrote its fraction after a comma
  bool point = false;  // some token wrote a point
};

// Copies whole tokens of `text` to *out with each decimal comma made a point, noting in *seen what
// they spelled. False, at the first token whose comma could be a separator ("1,2,3", "1,", ",5",
// "1.000,5"), or once the array has spelled both a comma and a point.
bool point_from_decimal_comma(std::string_view text, std::string* out, DecimalSpelling* seen);

}  // namespace px
