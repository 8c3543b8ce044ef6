#include "tools/cli/validate_command.h"

#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "engine/errors.h"
#include "engine/source.h"
#include "engine/strings.h"
#include "tools/cli/asset_list.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/code_policy.h"
#include "tools/cli/command_line.h"
#include "tools/cli/conversion_flags.h"
#include "tools/cli/validate_asset.h"
#include "tools/cli/validate_report.h"
#include "tools/cli/validate_workers.h"

namespace px::cli {
namespace {

constexpr long kMaxWorkers = 1024;

// The config first, then the flags, so that a flag's severity wins over the config's for the
// same code.
absl::Status build_policy(const CommandLine& args, CodePolicy& policy) {
  if (args.has("--config")) {
    const std::string path = args.value("--config");
    absl::StatusOr<std::string> text = read_whole_file(path);
    if (!text.ok()) return text.status();
    if (absl::Status s = policy.load_config(*text, path); !s.ok()) return s;
  }
  for (const std::string& code : args.values("--ignore")) {
    if (absl::Status s = policy.ignore(code); !s.ok()) return s;
  }
  for (const std::string& code : args.values("--only")) {
    if (absl::Status s = policy.only(code); !s.ok()) return s;
  }
  for (const std::string& rule : args.values("--severity")) {
    if (absl::Status s = policy.set_severity(rule); !s.ok()) return s;
  }
  if (args.has("--werror")) policy.set_werror(true);
  return absl::OkStatus();
}

// job(i) for every i below n, on up to `workers` threads; emit(result i) on this thread in input
// order, each as soon as it and every one before it are done. Should no thread start, the jobs
// run here.
template <class Result, class Job, class Emit>
void run_in_order(size_t n, size_t workers, const Job& job, const Emit& emit) {
  std::vector<std::optional<Result>> done(n);
  std::mutex mutex;
  std::condition_variable ready;
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (size_t w = 0; w < std::min(workers, n); ++w) {
    try {
      threads.emplace_back([&] {
        for (size_t i = next++; i < n; i = next++) {
          Result result = job(i);
          std::lock_guard<std::mutex> lock(mutex);
          done[i] = std::move(result);
          ready.notify_one();
        }
      });
    } catch (const std::system_error&) {
      break;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    if (threads.empty()) {
      emit(job(i));
      continue;
    }
    std::optional<Result> result;
    {
      std::unique_lock<std::mutex> lock(mutex);
      ready.wait(lock, [&] { return done[i].has_value(); });
      result.swap(done[i]);
    }
    emit(*result);
  }
  for (std::thread& t : threads) t.join();
}

// The line of an asset validate_in_workers lost: stopped at the timeout (exit 3, as batch's
// timeout), or its worker died (exit 4, as a crash in batch; 3 when it ran out of memory).
AssetReport lost_report(const Asset& asset, const FinishedJob& job, double timeout_seconds) {
  AssetReport report;
  report.uri = asset.relative;
  absl::Status status;
  if (job.timed_out) {
    report.timed_out = true;
    status = io_error(cat("validate.timeout: still running after the --timeout of ",
                          timeout_seconds, " seconds; its worker was stopped"));
  } else if (WIFEXITED(job.wait_status) && WEXITSTATUS(job.wait_status) == kOutOfMemoryExitStatus) {
    status = out_of_memory("its worker ran out of memory");
  } else if (WIFSIGNALED(job.wait_status)) {
    status = absl::InternalError(
        cat("its worker ended on signal ", WTERMSIG(job.wait_status), " while validating it"));
  } else {
    status = absl::InternalError("its worker ended without answering");
  }
  report.failure = failure_of(status);
  report.messages.push_back(refusal_message(status));
  return report;
}

// validate -v's line for a message as it is raised: "polyxios: validate: warning: PATH: CODE:
// MESSAGE (line N)".
std::string graded_line(const Asset& asset, const Message& m) {
  return cat("polyxios: validate: ", level_name(m.level), ": ", asset.relative, ": ",
             diagnostic_text(m.code, m.message, m.line, m.count));
}

// The summary's words, as batch's: an asset the rules refuse (a refusal, an error after
// --severity) is "refused"; one that could not be done (I/O, memory, timeout, internal) is
// "failed".
enum Tally { kOk, kWarned, kRefused, kFailed, kTallies };

Tally tally_of(const PrintedLine& printed) {
  if (printed.exit_code > exit_status(Failure::kRefused)) return kFailed;
  switch (printed.verdict) {
    case Verdict::kOk:
      return kOk;
    case Verdict::kWarnings:
      return kWarned;
    case Verdict::kFailed:
      break;
  }
  return kRefused;
}

}  // namespace

FlagSpec validate_flags() {
  FlagSpec flags{
      {"--json", "--werror", "--allow-empty", "--quiet", "-v"},
      {"-j", "--config", "--ignore", "--only", "--severity", "--timeout"}};
  flags.aliases.emplace("--verbose", "-v");
  add_conversion_flags(flags);
  return flags;
}

int run_validate(int argc, char** argv) {
  CommandLine args(argc, argv, 2, validate_flags());
  if (!args.error().empty()) return usage(args.error());
  if (args.positional().empty()) return usage("validate takes one PATH or more");
  ReadOptions read_options;
  WriteOptions write_options;
  AxisUnitTarget axis_unit;
  if (std::string error = set_conversion(args, "", read_options, write_options, axis_unit);
      !error.empty()) {
    return usage(error);
  }
  long workers = default_workers();
  if (args.has("-j") && !parse_count(args.value("-j"), 1, kMaxWorkers, &workers)) {
    return usage(cat("-j takes a whole number from 1 to ", kMaxWorkers));
  }
  double timeout_seconds = 0;
  if (args.has("--timeout") && !parse_seconds(args.value("--timeout"), &timeout_seconds)) {
    return usage("--timeout takes a number of seconds above 0");
  }
  CodePolicy policy;
  if (absl::Status s = build_policy(args, policy); !s.ok()) {
    return failure_of(s) == Failure::kIo ? fail(s) : usage(std::string(s.message()));
  }
  // Assets read side by side already use the cores: each reads on its own thread alone, unless
  // --threads says otherwise.
  if (workers > 1 && !args.has("--threads")) read_options.threads = 1;
  int64_t symlinks_left_out = 0;
  absl::StatusOr<std::vector<Asset>> assets =
      find_assets(args.positional(), read_options.allow_external_files, &symlinks_left_out);
  if (!assets.ok()) return fail(assets.status());
  std::fputs(symlinks_left_out_line("validate", symlinks_left_out, "their folder").c_str(), stderr);
  if (assets->empty() && !args.has("--allow-empty")) {
    std::string paths;
    for (const std::string& path : args.positional()) paths += (paths.empty() ? "" : " ") + path;
    return found_no_asset("validate", paths);
  }

  const bool json = args.has("--json");
  // --quiet: the summary and the exit code alone (--json's reports are the output, kept); -v:
  // each warning and note on stderr as it is raised, graded, with its asset.
  const bool quiet = args.has("--quiet");
  const bool verbose = args.has("-v") && !quiet;
  int exit_code = 0;
  int64_t tally[kTallies] = {};
  auto line_of = [&](size_t i) {
    const Asset& asset = (*assets)[i];
    Diagnostics::Listener listener;
    if (verbose) {
      listener = [&](const Diagnostic& d) {
        if (std::optional<Message> m = policy.grade(d)) print_line(graded_line(asset, *m));
      };
    }
    AssetReport report =
        validate_asset(asset, read_options, write_options, axis_unit, policy, listener);
    return PrintedLine{json ? json_line(report) : plain_line(report), verdict_of(report),
                       exit_code_of(report)};
  };
  auto emit = [&](const PrintedLine& printed) {
    if (json || !quiet) {
      std::fwrite(printed.line.data(), 1, printed.line.size(), stdout);
      std::fputc('\n', stdout);
      std::fflush(stdout);
    }
    ++tally[tally_of(printed)];
    exit_code = std::max(exit_code, printed.exit_code);  // the gravest: 4, 3, then 2
  };
  if (timeout_seconds > 0) {
    absl::StatusOr<int> stopped = validate_in_workers(
        assets->size(), static_cast<int>(workers), timeout_seconds, line_of,
        [&](size_t i, const FinishedJob& job) {
          AssetReport report = lost_report((*assets)[i], job, timeout_seconds);
          return PrintedLine{json ? json_line(report) : plain_line(report), verdict_of(report),
                             exit_code_of(report)};
        },
        emit);
    if (!stopped.ok()) return fail(stopped.status());
    if (*stopped != 0) return 128 + *stopped;
  } else {
    run_in_order<PrintedLine>(assets->size(), static_cast<size_t>(workers), line_of, emit);
  }
  // JSON Lines hold reports only; the summary goes beside them.
  std::fprintf(json ? stderr : stdout,
               "%zu asset%s: %lld ok, %lld with warnings, %lld refused, %lld failed\n",
               assets->size(), assets->size() == 1 ? "" : "s", static_cast<long long>(tally[kOk]),
               static_cast<long long>(tally[kWarned]), static_cast<long long>(tally[kRefused]),
               static_cast<long long>(tally[kFailed]));
  return exit_code;
}

}  // namespace px::cli
