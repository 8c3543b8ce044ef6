#include "engine/errors.h"

#include <cstring>

#include "absl/strings/cord.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "engine/strings.h"

namespace px {

absl::Status refuse(std::string_view rule, std::string_view element, int64_t line,
                    std::string_view detail) {
  return absl::InvalidArgumentError(cat(rule, ": <", element, "> at line ", line, ": ", detail));
}

absl::Status refuse(std::string_view rule, std::string_view detail) {
  return absl::InvalidArgumentError(cat(rule, ": ", detail));
}

absl::Status over_budget(std::string_view rule, std::string_view element, int64_t line,
                         std::string_view detail) {
  return absl::ResourceExhaustedError(cat(rule, ": <", element, "> at line ", line, ": ", detail));
}

absl::Status over_budget(std::string_view rule, std::string_view detail) {
  return absl::ResourceExhaustedError(cat(rule, ": ", detail));
}

absl::Status io_error(std::string_view detail) {
  return absl::UnavailableError(std::string(detail));
}

namespace {

// The payloads an I/O failure carries its cause in (absl::Status payloads are keyed by a URL).
constexpr absl::string_view kErrnoPayload = "polyxios/io-errno";
constexpr absl::string_view kPathPayload = "polyxios/io-path";

}  // namespace

absl::Status io_error(std::string_view action, std::string_view path, int error,
                      std::string_view why) {
  absl::Status status = io_error(
      cat(action, " ", path, ": ", why.empty() ? std::string_view(std::strerror(error)) : why));
  status.SetPayload(kErrnoPayload, absl::Cord(cat(error)));
  status.SetPayload(kPathPayload, absl::Cord(std::string(path)));
  return status;
}

std::optional<IoCause> io_cause(const absl::Status& status) {
  const auto error = status.GetPayload(kErrnoPayload);
  const auto path = status.GetPayload(kPathPayload);
  IoCause cause;
  if (!error || !path || !absl::SimpleAtoi(std::string(*error), &cause.error)) return std::nullopt;
  cause.path = std::string(*path);
  return cause;
}

absl::Status out_of_memory(std::string_view detail) {
  return absl::AbortedError(cat("out of memory: ", detail));
}

absl::Status cancelled(std::string_view detail) {
  return absl::CancelledError(cat("cancelled: ", detail));
}

absl::Status repair_reads_it(const absl::Status& status) {
  return absl::Status(status.code(), cat(std::string(status.message()), kRepairReadsIt));
}

namespace {

std::string memory_limit_detail(uint64_t limit) {
  return cat("the read needs more than its memory limit of ",
             limit >= (uint64_t{1} << 20) ? cat(limit >> 20, " MiB") : cat(limit, " bytes"),
             " (convert --max-memory MIB)");
}

}  // namespace

absl::Status memory_limit_exceeded(uint64_t limit) {
  return over_budget("limits.memory", memory_limit_detail(limit));
}

absl::Status memory_limit_exceeded(uint64_t limit, std::string_view element, int64_t line) {
  return over_budget("limits.memory", element, line, memory_limit_detail(limit));
}

bool is_memory_limit_exceeded(const absl::Status& status) {
  return status.code() == absl::StatusCode::kResourceExhausted &&
         absl::StartsWith(status.message(), "limits.memory:");
}

Failure failure_of(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kOk:
      return Failure::kNone;
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kResourceExhausted:
    case absl::StatusCode::kOutOfRange:
    case absl::StatusCode::kUnimplemented:
      return Failure::kRefused;
    case absl::StatusCode::kUnavailable:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kPermissionDenied:
    case absl::StatusCode::kAlreadyExists:
      return Failure::kIo;
    case absl::StatusCode::kAborted:
      return Failure::kOutOfMemory;
    default:
      return Failure::kInternal;
  }
}

int exit_status(Failure failure) {
  switch (failure) {
    case Failure::kNone:
      return 0;
    case Failure::kUsage:
      return 1;
    case Failure::kRefused:
      return 2;
    case Failure::kIo:
    case Failure::kOutOfMemory:
      return kOutOfMemoryExitStatus;
    case Failure::kInternal:
      break;
  }
  return 4;
}

}  // namespace px
