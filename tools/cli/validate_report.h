// One asset's validation as validate prints it: a line for a terminal, or a report in the shape
// of the Khronos glTF-Validator's (uri, mimeType, validatedAt, issues with their counts and
// messages, each with its Khronos code where it has one), with the validator's info keys and
// polyxios's counts of what the scene holds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "engine/errors.h"
#include "polyxios/polyxios.h"
#include "tools/cli/code_policy.h"
#include "tools/cli/validator_info.h"

namespace px::cli {

struct AssetReport {
  std::string uri;                    // the asset's path as found
  Format format = Format::kUnknown;   // what it was read as
  std::vector<Message> messages;      // the policy's, then the refusal (an error) when there is one
  std::optional<ValidatorInfo> info;  // when the asset read
  std::string validated_at;           // when, as the validator writes it: UTC, ISO 8601
  Failure failure = Failure::kNone;   // why the read or the write failed: refused, I/O, ...
  bool timed_out = false;             // stopped at validate's --timeout (a failure of I/O)
};

// A failed read or write as a message: its rule as the code (or "io.error", "memory.exhausted",
// "internal.error" for a failure that names none), the rest of its text, its line when it names
// one ("<p> at line 12: ...").
Message refusal_message(const absl::Status& status);

// The messages of a level, with their repeats.
int64_t count_at(const AssetReport& report, Level level);

// 0, or the exit code the asset calls for: its failure's, else 2 for an error (--werror made its
// warnings errors in the code policy, before they reached the report).
int exit_code_of(const AssetReport& report);

enum class Verdict { kOk, kWarnings, kFailed };
Verdict verdict_of(const AssetReport& report);

// "ok         PATH", "warnings   PATH: 3 warnings (CODE x2, CODE x1)", "timeout    PATH: ...",
// "refused    PATH: RULE: DETAIL; 1 warning (CODE x1)", without a newline.
std::string plain_line(const AssetReport& report);

// One JSON object on one line, without a newline. Strings that are not UTF-8 (a file name, a
// name in the document) have their bad bytes written as U+FFFD, so the line is always JSON.
std::string json_line(const AssetReport& report);

// "model/gltf-binary", "model/gltf+json", "model/vnd.collada+xml" (.dae, .dae.gz and .zae) for what
// the file holds; "application/octet-stream" for what no reader takes.
std::string_view mime_type_of(Format format);

}  // namespace px::cli
