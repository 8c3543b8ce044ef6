#include "tools/cli/merge_reports_command.h"

#include <algorithm>
#include <cstdio>

#include "engine/atomic_file.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "tools/cli/asset_list.h"
#include "tools/cli/batch_plan.h"
#include "tools/cli/batch_report.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/command_line.h"

namespace px::cli {

FlagSpec merge_reports_flags() {
  FlagSpec flags{{"--json", "--allow-empty"}, {"-o"}};
  flags.aliases.emplace("--output", "-o");
  return flags;
}

int run_merge_reports(int argc, char** argv) {
  CommandLine args(argc, argv, 2, merge_reports_flags());
  if (!args.error().empty()) return usage(args.error());
  if (args.positional().empty()) return usage("merge-reports takes one or more reports");
  std::vector<AssetRecord> all;
  for (const std::string& path : args.positional()) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
      return fail(io_error(cat("no such report: ", path)));
    }
    int64_t skipped = 0;
    absl::StatusOr<std::vector<AssetRecord>> records = read_report(path, &skipped);
    if (!records.ok()) return fail(records.status());
    if (skipped > 0) {
      std::fprintf(stderr, "polyxios: merge-reports: %s: %lld lines that are not records skipped\n",
                   path.c_str(), static_cast<long long>(skipped));
    }
    std::move(records->begin(), records->end(), std::back_inserter(all));
  }
  // The last line for an input wins: a resumed run's, or the later report's.
  auto last = last_records(std::move(all));
  std::vector<AssetRecord> merged;
  merged.reserve(last.size());
  for (auto& [input, record] : last) merged.push_back(std::move(record));
  std::sort(merged.begin(), merged.end(),
            [](const AssetRecord& a, const AssetRecord& b) { return a.input < b.input; });
  if (merged.empty() && !args.has("--allow-empty")) {
    return found_no_asset("merge-reports", "the reports given");
  }
  Summary summary;
  for (const AssetRecord& r : merged) summary.add(r);

  if (std::string out = args.value("-o"); !out.empty()) {
    absl::StatusOr<AtomicFile> file = AtomicFile::create(out);
    if (!file.ok()) return fail(file.status());
    for (const AssetRecord& r : merged) {
      if (absl::Status s = file->write(to_json_line(r)); !s.ok()) return fail(s);
    }
    if (absl::Status s = file->commit(); !s.ok()) return fail(s);
  }
  if (args.has("--json")) {
    std::fputs(summary_json(summary).c_str(), stdout);
  } else {
    print_summary(stdout, summary, 0);
  }
  return exit_code_of(summary);
}

}  // namespace px::cli
