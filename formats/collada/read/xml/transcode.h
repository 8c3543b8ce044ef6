// Encodings expat cannot read itself (Shift_JIS, EUC-JP, windows-1252, ...) are transcoded to
// UTF-8 with iconv before parsing; an encoding iconv does not know is refused.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/source.h"

namespace px {

// The encoding named by the XML declaration at the start of `prefix` ("" when none, or when a
// byte order mark or UTF-16 layout says expat will work it out).
std::string declared_encoding(std::string_view prefix);

// Whether expat decodes the encoding itself (UTF-8, UTF-16, ISO-8859-1, US-ASCII).
bool expat_decodes(std::string_view encoding);

// A source yielding `inner`'s bytes (starting with `prefix`, already read from it) converted
// from `encoding` to UTF-8. Refused (xml.encoding.unsupported) when iconv does not know it.
absl::StatusOr<std::unique_ptr<Source>> transcoding_source(std::string prefix,
                                                           std::unique_ptr<Source> inner,
                                                           std::string_view encoding);

// A source that replays `prefix` before the rest of `inner`.
std::unique_ptr<Source> prefixed_source(std::string prefix, std::unique_ptr<Source> inner);

}  // namespace px
