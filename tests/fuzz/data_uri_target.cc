// data_uri_fuzz: any bytes through engine/uri.h and engine/base64.h, which every reader hands its
// data: URIs and every writer its embedded images. Decoding never fails but by nullopt; and what
// the encoders write decodes back to what they were given.
#include <string>
#include <string_view>

#include "engine/base64.h"
#include "engine/file_uri.h"
#include "engine/uri.h"
#include "tests/fuzz/fuzz_targets.h"

namespace px::fuzz {

void data_uri_input(std::string_view bytes) {
  (void)classify_uri(bytes);
  (void)sniff_media_type(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));

  // The bytes as a URI: a data: one decodes or is malformed; no other kind decodes.
  std::optional<DataUri> decoded = decode_data_uri(bytes);
  if (decoded && !is_data_uri(bytes)) fail("decode_data_uri decoded a URI that is not data:");

  // The bytes as the payload: encoded, they decode to themselves.
  const std::span<const uint8_t> payload(reinterpret_cast<const uint8_t*>(bytes.data()),
                                         bytes.size());
  std::optional<DataUri> round = decode_data_uri(data_uri("application/octet-stream", payload));
  if (!round || round->media_type != "application/octet-stream" ||
      round->bytes != std::vector<uint8_t>(payload.begin(), payload.end())) {
    fail("data_uri() does not decode back to its bytes");
  }

  // The bytes as base64 text: what decodes, encoded again, decodes to the same bytes.
  if (std::optional<std::vector<uint8_t>> once = base64_decode(bytes)) {
    const std::string again(once->begin(), once->end());
    if (base64_decode(base64_encode(again)) != once) {
      fail("base64_decode(base64_encode(x)) is not x");
    }
  }

  // The bytes as a name: escaped, they decode to themselves; made a URI reference, they decode
  // as they did, and a reference is left as it is.
  if (percent_decode(percent_encode(bytes)) != bytes) fail("percent_encode does not decode back");
  const std::string reference = as_uri_reference(bytes);
  if (percent_decode(reference) != percent_decode(bytes)) {
    fail("as_uri_reference changes what the URI decodes to", reference);
  }
  if (as_uri_reference(reference) != reference) fail("as_uri_reference is not idempotent");
}

}  // namespace px::fuzz
