// Number tokens as XML spells them: no locale, XML Schema's NaN / INF / -INF, and no decimal
// comma. Character data arrives in pieces, so TokenSplitter carries a partial token across them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace px {

// Each parses one whole token; false when the token is not a number of that kind.
bool parse_double(std::string_view token, double* out);
bool parse_float(std::string_view token, float* out);
bool parse_int32(std::string_view token, int32_t* out);
bool parse_int64(std::string_view token, int64_t* out);

inline bool is_xml_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }
inline std::string_view trim_xml_space(std::string_view s) {
  while (!s.empty() && is_xml_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_xml_space(s.back())) s.remove_suffix(1);
  return s;
}

// Splits character data delivered in arbitrary pieces into whitespace-separated tokens.
class TokenSplitter {
 public:
  // Calls on_token(std::string_view) for every token completed by this piece; stops early and
  // returns false as soon as on_token returns false.
  template <class OnToken>
  bool feed(std::string_view piece, OnToken&& on_token) {
    size_t i = 0;
    const size_t n = piece.size();
    if (!partial_.empty()) {
      while (i < n && !is_xml_space(piece[i])) ++i;
      partial_.append(piece.data(), i);
      if (i == n) return true;  // the token goes on into the next piece
      bool ok = on_token(std::string_view(partial_));
      partial_.clear();
      if (!ok) return false;
    }
    while (true) {
      while (i < n && is_xml_space(piece[i])) ++i;
      if (i == n) return true;
      size_t start = i;
      while (i < n && !is_xml_space(piece[i])) ++i;
      if (i == n) {
        partial_.assign(piece.data() + start, n - start);
        return true;
      }
      if (!on_token(piece.substr(start, i - start))) return false;
    }
  }

  // Hands over the last token, if the data ended inside one.
  template <class OnToken>
  bool finish(OnToken&& on_token) {
    if (partial_.empty()) return true;
    bool ok = on_token(std::string_view(partial_));
    partial_.clear();
    return ok;
  }

 private:
  std::string partial_;
};

}  // namespace px
