// RapidJSON 1.1.0 (Debian 12's), parsing in full precision, reads past its table of powers of ten
// for a number of 20 digits or more below 1e-323 (2.2555...5E-600, found by gltf_json_fuzz): a
// crash, or a wrong value (-4.49e+307 for 2.2555...5E-325). Such numbers are respelled before the
// parse as the double they round to, which RapidJSON reads right.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace px::gltf {

// The JSON text with every number below 1e-323 in magnitude (outside strings) spelled as its
// nearest double ("0", "-0.0", "5e-324", "1e-323"), padded with spaces to its length so that byte
// offsets stay; nullopt when the text has none (the usual case: nothing is copied).
std::optional<std::string> respell_tiny_numbers(std::string_view json);

}  // namespace px::gltf
