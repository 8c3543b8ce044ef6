#include "formats/gltf/read/json_numbers.h"

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>

namespace px::gltf {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A number token of JSON's grammar starting at `at`: its end and the decimal exponent of its
// first nonzero digit (nullopt for a zero).
struct NumberToken {
  size_t end = 0;
  std::optional<int64_t> magnitude;
};

// nullopt when the text at `at` is not a JSON number (RapidJSON refuses it then).
std::optional<NumberToken> scan_number(std::string_view s, size_t at) {
  size_t i = at;
  if (i < s.size() && s[i] == '-') ++i;
  if (i >= s.size() || !is_digit(s[i])) return std::nullopt;
  // The decimal exponent of the first nonzero digit. JSON's integer part is "0" or starts with a
  // nonzero digit, so that digit is its first when it has one.
  int64_t first_nonzero = INT64_MIN;
  if (s[i] == '0') {
    ++i;
  } else {
    const size_t integer_start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    first_nonzero = static_cast<int64_t>(i - integer_start) - 1;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (i >= s.size() || !is_digit(s[i])) return std::nullopt;
    for (int64_t f = 1; i < s.size() && is_digit(s[i]); ++i, ++f) {
      if (s[i] != '0' && first_nonzero == INT64_MIN) first_nonzero = -f;
    }
  }
  int64_t exponent = 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    if (i >= s.size() || !is_digit(s[i])) return std::nullopt;
    for (; i < s.size() && is_digit(s[i]); ++i) {
      if (exponent < 100000) exponent = exponent * 10 + (s[i] - '0');  // saturates: far enough
    }
    if (negative) exponent = -exponent;
  }
  NumberToken token{i, std::nullopt};
  if (first_nonzero != INT64_MIN) token.magnitude = first_nonzero + exponent;
  return token;
}

// The shortest spelling of the double `text` rounds to, as RapidJSON reads it.
std::string nearest_double(std::string_view text) {
  double value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);  // a tiny value: never fails
  if (value == 0) return text.front() == '-' ? "-0.0" : "0";
  char buffer[32];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

}  // namespace

std::optional<std::string> respell_tiny_numbers(std::string_view json) {
  std::optional<std::string> out;
  size_t i = 0;
  while (i < json.size()) {
    const char c = json[i];
    if (c == '"') {  // a string: to its closing quote, escapes skipped
      size_t j = i + 1;
      while (j < json.size()) {
        j = json.find_first_of("\"\\", j);
        if (j == std::string_view::npos || json[j] == '"') break;
        j += 2;
      }
      if (j == std::string_view::npos || j >= json.size()) break;
      i = j + 1;
      continue;
    }
    if (c != '-' && !is_digit(c)) {
      ++i;
      continue;
    }
    std::optional<NumberToken> token = scan_number(json, i);
    if (!token) {
      ++i;
      continue;
    }
    // Below 1e-323 (the first nonzero digit's exponent -324 or less).
    if (token->magnitude && *token->magnitude <= -324) {
      std::string spelled = nearest_double(json.substr(i, token->end - i));
      if (spelled.size() <= token->end - i) {
        if (!out) out.emplace(json);
        spelled.resize(token->end - i, ' ');
        out->replace(i, spelled.size(), spelled);
      }
    }
    i = token->end;
  }
  return out;
}

}  // namespace px::gltf
