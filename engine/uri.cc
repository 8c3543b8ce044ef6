#include "engine/uri.h"

#include <algorithm>
#include <cstring>

#include "engine/base64.h"

namespace px {
namespace {

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[i]) return false;
  }
  return true;
}

// "%XX" of the byte.
void append_escape(std::string& out, unsigned char b) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out += '%';
  out += kHex[b >> 4];
  out += kHex[b & 15];
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool is_data_uri(std::string_view uri) { return starts_with_nocase(uri, "data:"); }

std::optional<DataUri> decode_data_uri(std::string_view uri) {
  if (!is_data_uri(uri)) return std::nullopt;
  size_t comma = uri.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  std::string_view header = uri.substr(5, comma - 5);
  std::string_view payload = uri.substr(comma + 1);
  DataUri out;
  bool base64 = false;
  size_t semicolon = header.find(';');
  out.media_type = std::string(header.substr(0, semicolon));
  while (semicolon != std::string_view::npos) {
    size_t next = header.find(';', semicolon + 1);
    std::string_view parameter = header.substr(semicolon + 1, next - semicolon - 1);
    if (parameter.size() == 6 && starts_with_nocase(parameter, "base64")) base64 = true;
    semicolon = next;
  }
  if (base64) {
    std::optional<std::vector<uint8_t>> bytes = base64_decode(percent_decode(payload));
    if (!bytes) return std::nullopt;
    out.bytes = std::move(*bytes);
  } else {
    std::string text = percent_decode(payload);
    out.bytes.assign(text.begin(), text.end());
  }
  return out;
}

std::string data_uri(std::string_view media_type, std::span<const uint8_t> bytes) {
  std::string out = "data:";
  out += media_type;
  out += ";base64,";
  out += base64_encode(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  return out;
}

std::string percent_encode(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    auto b = static_cast<unsigned char>(c);
    bool unreserved = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') ||
                      b == '-' || b == '.' || b == '_' || b == '~';
    if (unreserved) {
      out += c;
    } else {
      append_escape(out, b);
    }
  }
  return out;
}

std::string as_uri_reference(std::string_view uri) {
  auto alpha = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  // A scheme: a letter, then letters, digits, '+', '-' or '.', ending in ':' before any / ? #.
  size_t scheme_end = 0;
  if (!uri.empty() && alpha(uri[0])) {
    size_t i = 1;
    while (i < uri.size() &&
           (alpha(uri[i]) || digit(uri[i]) || uri[i] == '+' || uri[i] == '-' || uri[i] == '.')) {
      ++i;
    }
    if (i < uri.size() && uri[i] == ':') scheme_end = i + 1;
  }
  std::string out(uri.substr(0, scheme_end));
  out.reserve(uri.size());
  bool first_segment = scheme_end == 0;  // a ':' there would read as a scheme's end
  bool in_fragment = false;
  for (size_t i = scheme_end; i < uri.size(); ++i) {
    const char c = uri[i];
    const auto b = static_cast<unsigned char>(c);
    bool keep;
    if (c == '%') {
      keep = i + 2 < uri.size() && hex_value(uri[i + 1]) >= 0 && hex_value(uri[i + 2]) >= 0;
    } else if (c == ':') {
      keep = !first_segment;
    } else if (c == '#') {
      keep = !in_fragment;
      in_fragment = true;
    } else {
      keep = alpha(c) || digit(c) ||
             std::string_view("-._~!$&'()*+,;=@/?").find(c) != std::string_view::npos;
    }
    if (c == '/' || c == '?' || c == '#') first_segment = false;
    if (keep) {
      out += c;
    } else {
      append_escape(out, b);
    }
  }
  return out;
}

std::string percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      int hi = hex_value(text[i + 1]), lo = hex_value(text[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out.push_back(static_cast<char>(hi * 16 + lo));
        i += 2;
        continue;
      }
    }
    out.push_back(text[i]);
  }
  return out;
}

bool is_media_type(std::string_view type) {
  auto token_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("!#$&^_.+-").find(c) != std::string_view::npos;
  };
  const size_t slash = type.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 == type.size()) return false;
  return std::all_of(type.begin(), type.begin() + slash, token_char) &&
         std::all_of(type.begin() + slash + 1, type.end(), token_char);
}

std::string_view sniff_media_type(std::span<const uint8_t> b) {
  auto starts = [&](const char* magic, size_t n, size_t at = 0) {
    return b.size() >= at + n && std::memcmp(b.data() + at, magic, n) == 0;
  };
  if (starts("\x89PNG\r\n\x1a\n", 8)) return "image/png";
  if (starts("\xff\xd8\xff", 3)) return "image/jpeg";
  if (starts("GIF87a", 6) || starts("GIF89a", 6)) return "image/gif";
  if (starts("BM", 2)) return "image/bmp";
  if (starts("II*\0", 4) || starts("MM\0*", 4)) return "image/tiff";
  if (starts("RIFF", 4) && starts("WEBP", 4, 8)) return "image/webp";
  if (starts("DDS ", 4)) return "image/vnd-ms.dds";
  if (starts("\xabKTX 20\xbb\r\n\x1a\n", 12)) return "image/ktx2";
  // An ISO media file (its first box "ftyp") of major brand AVIF image or sequence.
  if (starts("ftyp", 4, 4) && (starts("avif", 4, 8) || starts("avis", 4, 8))) return "image/avif";
  return {};
}

}  // namespace px
