// The Khronos glTF-Validator's issue codes, each with the severity the validator gives it by
// default (its ISSUES.md, version 2.0.0-dev.3.10), and the one each polyxios glTF code
// corresponds to. `validate` grades a glTF asset by them, so that its error / no-error verdict is
// the validator's; a polyxios code with no counterpart (what a conversion would change, a limit
// of polyxios's own) has none.
//
// A polyxios code that stands for several Khronos codes of one severity (accessor-bounds for the
// min and max mismatches) names the first; the verdict is the same whichever it names.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace px::gltf {

// Numbered as the validator's reports number them.
enum class KhronosSeverity { kError = 0, kWarning = 1, kInfo = 2, kHint = 3 };

struct KhronosCode {
  std::string_view code;  // "ACCESSOR_MIN_MISMATCH"
  KhronosSeverity severity;
};

// Every code the validator defines, sorted.
std::span<const KhronosCode> khronos_codes();

// The validator's code by its name; nullopt for a name it does not define.
std::optional<KhronosCode> khronos_code_named(std::string_view code);

struct KhronosCorrespondence {
  std::string_view polyxios;  // "gltf.read.node-trs-ignored"
  std::string_view khronos;   // "NODE_MATRIX_TRS"
};

// Every polyxios code that has a counterpart, sorted by the polyxios code.
std::span<const KhronosCorrespondence> khronos_correspondences();

// The validator's code a polyxios code corresponds to; nullopt for one that has none.
std::optional<KhronosCode> khronos_code_of(std::string_view polyxios_code);

}  // namespace px::gltf
