// One batch asset's outcome, as a line of the JSON Lines report (--report), and the summary of
// many (the end of a batch, merge-reports). The report is the batch's memory: --resume reads it
// back to skip what is already converted.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace px::cli {

enum class Outcome { kConverted, kRefused, kIoError, kTimeout, kMemory, kCrashed };
constexpr int kOutcomeCount = 6;

// One vocabulary in reports, summaries and progress: an asset is "converted", "refused" (by the
// rules: do not retry) or "failed" (for another reason: I/O, timeout, memory, a crash), and a
// failure names its reason.
std::string_view outcome_word(Outcome outcome);  // "converted", "refused", "failed"
std::string_view outcome_name(Outcome outcome);  // "converted", "refused", "io-error", ...
bool is_failure(Outcome outcome);                // io-error, timeout, memory or crashed

struct AssetRecord {
  std::string input;   // relative to SRC, '/'-separated
  std::string output;  // relative to OUT
  Outcome outcome = Outcome::kCrashed;
  int exit_code = -1;  // the worker's, -1 when it died of a signal
  int signal = 0;      // the signal that ended the worker, or 0
  std::string rule;    // the rule a refusal broke
  std::string message;
  std::vector<std::pair<std::string, int64_t>> warnings;  // by code, first-seen order
  int64_t input_bytes = 0;
  int64_t input_mtime_ns = 0;
  int64_t output_bytes = 0;
  double seconds = 0;
  int64_t peak_rss_kib = 0;
};

// One line, '\n' ended: "outcome" is outcome_word, and "failure" outcome_name when it failed. A
// line of an earlier version, whose "outcome" was the reason itself, still parses.
std::string to_json_line(const AssetRecord& record);
// A line of a report; an InvalidArgument for anything else.
absl::StatusOr<AssetRecord> parse_json_line(std::string_view line);

// Every record of a report file in order; lines that do not parse (a line cut by a crash) are
// skipped and counted in *skipped. A missing file is an empty report.
absl::StatusOr<std::vector<AssetRecord>> read_report(const std::string& path, int64_t* skipped);

struct Summary {
  int64_t counts[kOutcomeCount] = {};
  int64_t skipped = 0;  // already converted, by --resume
  // Symlinks under SRC leading out of it, not taken (batch's own run; no report line holds them).
  int64_t symlinks_left_out = 0;
  std::map<std::string, int64_t> refusal_rules;
  // Refused assets whose refusal says --repair reads them (kRepairReadsIt).
  int64_t readable_with_repair = 0;
  int64_t input_bytes = 0;
  int64_t output_bytes = 0;
  double worker_seconds = 0;  // summed over assets
  int64_t assets() const;
  int64_t failed() const;  // io-error, timeout, memory and crashed together
  void add(const AssetRecord& record);
};

// The batch exit code: 4 if a worker crashed, else 3 if any I/O, timeout or memory failure, else
// 2 if any refusal, else 0.
int exit_code_of(const Summary& summary);

// "N assets: C converted, R refused, F failed (K io-error, ...)", the top refusal rules, and
// throughput over wall_seconds (0: not shown).
void print_summary(std::FILE* out, const Summary& summary, double wall_seconds);
std::string summary_json(const Summary& summary);

}  // namespace px::cli
