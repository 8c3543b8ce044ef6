#include "formats/collada/read/xml/transcode.h"

#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px {
namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

class PrefixedSource : public Source {
 public:
  PrefixedSource(std::string prefix, std::unique_ptr<Source> inner)
      : prefix_(std::move(prefix)), inner_(std::move(inner)) {}
  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    if (position_ < prefix_.size()) {
      size_t n = std::min(size, prefix_.size() - position_);
      std::memcpy(buffer, prefix_.data() + position_, n);
      position_ += n;
      return n;
    }
    return inner_->read(buffer, size);
  }
  uint64_t size_bound() const override { return inner_->size_bound(); }
  std::filesystem::path path() const override { return inner_->path(); }
  std::string name() const override { return inner_->name(); }

 private:
  std::string prefix_;
  size_t position_ = 0;
  std::unique_ptr<Source> inner_;
};

class IconvSource : public Source {
 public:
  IconvSource(iconv_t cd, std::unique_ptr<Source> inner, std::string encoding)
      : cd_(cd), inner_(std::move(inner)), encoding_(std::move(encoding)) {}
  ~IconvSource() override { iconv_close(cd_); }

  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    size_t produced = 0;
    while (produced == 0) {
      if (pending_.size() - consumed_ < 16 && !eof_) {
        pending_.erase(0, consumed_);
        consumed_ = 0;
        size_t old = pending_.size();
        pending_.resize(old + (1 << 16));
        absl::StatusOr<size_t> n = inner_->read(pending_.data() + old, 1 << 16);
        if (!n.ok()) return n.status();
        pending_.resize(old + *n);
        eof_ = *n == 0;
      }
      if (consumed_ == pending_.size()) return size_t{0};
      char* in = pending_.data() + consumed_;
      size_t in_left = pending_.size() - consumed_;
      char* out = buffer;
      size_t out_left = size;
      size_t r = iconv(cd_, &in, &in_left, &out, &out_left);
      consumed_ = pending_.size() - in_left;
      produced = size - out_left;
      if (r == static_cast<size_t>(-1)) {
        if (errno == EILSEQ || (errno == EINVAL && eof_)) {
          return refuse("xml.encoding.invalid", cat(inner_->name(), ": bytes that are not ",
                                                    encoding_, " near byte ", consumed_));
        }
        // EINVAL: an incomplete sequence waits for more input; E2BIG: the buffer is full.
      }
    }
    return produced;
  }
  // UTF-8 takes at most three bytes per character of any of these encodings' one or two.
  uint64_t size_bound() const override { return inner_->size_bound() * 3; }
  std::filesystem::path path() const override { return inner_->path(); }
  std::string name() const override { return inner_->name(); }

 private:
  iconv_t cd_;
  std::unique_ptr<Source> inner_;
  std::string encoding_;
  std::string pending_;
  size_t consumed_ = 0;
  bool eof_ = false;
};

}  // namespace

std::string declared_encoding(std::string_view prefix) {
  if (prefix.starts_with("\xef\xbb\xbf")) prefix.remove_prefix(3);
  if (prefix.size() >= 2 && (prefix[0] == '\0' || prefix[1] == '\0')) return "";  // UTF-16
  if (!prefix.starts_with("<?xml")) return "";
  size_t end = prefix.find("?>");
  std::string_view declaration = prefix.substr(0, end);
  size_t at = declaration.find("encoding");
  if (at == std::string_view::npos) return "";
  at = declaration.find_first_of("\"'", at);
  if (at == std::string_view::npos) return "";
  size_t close = declaration.find(declaration[at], at + 1);
  if (close == std::string_view::npos) return "";
  return std::string(declaration.substr(at + 1, close - at - 1));
}

bool expat_decodes(std::string_view encoding) {
  std::string e = upper(encoding);
  return e.empty() || e == "UTF-8" || e == "UTF8" || e == "UTF-16" || e == "UTF-16LE" ||
         e == "UTF-16BE" || e == "ISO-8859-1" || e == "US-ASCII" || e == "LATIN1";
}

absl::StatusOr<std::unique_ptr<Source>> transcoding_source(std::string prefix,
                                                           std::unique_ptr<Source> inner,
                                                           std::string_view encoding) {
  std::string name(encoding);
  iconv_t cd = iconv_open("UTF-8", name.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) {
    return refuse("xml.encoding.unsupported", cat(inner->name(), ": the document's encoding \"",
                                                  encoding, "\" cannot be read or transcoded"));
  }
  auto replay = std::make_unique<PrefixedSource>(std::move(prefix), std::move(inner));
  return std::unique_ptr<Source>(new IconvSource(cd, std::move(replay), name));
}

std::unique_ptr<Source> prefixed_source(std::string prefix, std::unique_ptr<Source> inner) {
  return std::make_unique<PrefixedSource>(std::move(prefix), std::move(inner));
}

}  // namespace px
