#include "tools/cli/batch_command.h"

#include <string.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "engine/atomic_file.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "tools/cli/asset_worker.h"
#include "tools/cli/batch_progress.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/command_line.h"
#include "tools/cli/conversion_flags.h"
#include "tools/cli/output_format.h"
#include "tools/cli/report_file.h"
#include "tools/cli/worker_pool.h"

namespace px::cli {
namespace fs = std::filesystem;
namespace {

// Tests put a stand-in program here (one that crashes, hangs or allocates without end): a worker
// given an asset then becomes `PROGRAM INPUT OUTPUT` (exec) instead of converting it, so it ends
// with that asset, and its exit code is read as convert's.
constexpr char kWorkerOverride[] = "POLYXIOS_BATCH_WORKER";

struct BatchSettings {
  ConvertSettings convert;
  int jobs = 1;
  WorkerLimits limits;
  std::string report;
  bool resume = false;
  BatchProgress::Mode progress = BatchProgress::Mode::kNone;
  bool verbose = false;  // -v: each warning as its worker raises it
  double progress_interval = 10;
};

// --progress auto|bar|lines|json|none; auto (the default): a bar on a terminal, lines
// otherwise, none with --quiet.
bool set_progress(const CommandLine& args, BatchSettings& settings) {
  using Mode = BatchProgress::Mode;
  const std::string name = args.value("--progress", "auto");
  if (name == "auto") {
    settings.progress = args.has("--quiet")       ? Mode::kNone
                        : ::isatty(STDERR_FILENO) ? Mode::kBar
                                                  : Mode::kLines;
  } else if (name == "bar" || name == "lines" || name == "json" || name == "none") {
    settings.progress = name == "bar"     ? Mode::kBar
                        : name == "lines" ? Mode::kLines
                        : name == "json"  ? Mode::kJson
                                          : Mode::kNone;
  } else {
    return false;
  }
  return true;
}

bool is_inside(const fs::path& path, const fs::path& folder) {
  auto [end, _] = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
  return end == folder.end();
}

// The assets under src (or listed by --from), less any under out: a batch writing into its own
// source does not convert its outputs on the next run. *left_out: the symlinks under src leading
// out of it, not taken (a manifest naming one is refused instead).
absl::StatusOr<std::vector<Asset>> batch_assets(const fs::path& src, const fs::path& out,
                                                const std::string& from, bool allow_external,
                                                int64_t* left_out) {
  absl::StatusOr<std::vector<Asset>> assets;
  *left_out = 0;
  if (from.empty()) {
    assets = assets_under(src, allow_external, left_out);
  } else {
    absl::StatusOr<std::string> manifest = read_file_or_stdin(from);
    if (!manifest.ok()) return manifest.status();
    assets = assets_listed(src, *manifest, allow_external);
  }
  if (!assets.ok()) return assets.status();
  std::error_code ec;
  fs::path out_abs = fs::weakly_canonical(out, ec);
  std::vector<Asset> kept;
  for (Asset& a : *assets) {
    if (!is_inside(fs::weakly_canonical(a.path, ec), out_abs)) kept.push_back(std::move(a));
  }
  return kept;
}

class BatchRun {
 public:
  BatchRun(const BatchSettings& settings, std::vector<BatchJob> jobs, Summary& summary)
      : settings_(settings), jobs_(std::move(jobs)), summary_(summary) {}

  // Runs every job; gives the signal that stopped it, or 0. *done: the assets done.
  absl::StatusOr<int> run(ReportFile& report, int64_t* done) {
    int64_t total_bytes = 0;
    for (const BatchJob& job : jobs_) total_bytes += job.input_bytes;
    BatchProgress progress(settings_.progress, static_cast<int64_t>(jobs_.size()), total_bytes,
                           settings_.progress_interval, terminal_columns(STDERR_FILENO));
    const char* override_program = std::getenv(kWorkerOverride);
    auto job_main = [&](size_t job, std::string& result, const SendNote& note) {
      const BatchJob& j = jobs_[job];
      if (override_program == nullptr) {
        return convert_in_worker(j, settings_.convert, result,
                                 settings_.verbose ? note : SendNote());
      }
      fs::path target = settings_.convert.out / j.output;
      std::error_code ec;
      fs::create_directories(target.parent_path(), ec);
      ::execl(override_program, override_program, j.asset.path.c_str(), target.c_str(),
              static_cast<char*>(nullptr));
      return 127;
    };
    // -v: the warnings the workers send as they are raised, above the progress.
    WorkerPool pool(settings_.jobs, settings_.limits, job_main,
                    [&](size_t, std::string_view line) { progress.say(std::string(line)); });
    size_t next = 0;
    *done = 0;
    auto finish = [&](size_t job, AssetRecord record) -> absl::Status {
      if (record.outcome != Outcome::kConverted) {
        // What an earlier run or half of a pair left is not this input's output.
        std::error_code ec;
        for (const fs::path& f : output_files(settings_.convert.out, jobs_[job].output)) {
          fs::remove(f, ec);
          remove_temporaries_of(f);  // a worker killed while renaming its output into place
        }
        std::string why = is_failure(record.outcome) ? cat(" (", outcome_name(record.outcome), ")")
                                                     : std::string();
        progress.note(cat("polyxios: batch: ", outcome_word(record.outcome), why, " ", record.input,
                          ": ", record.message));
      }
      ++*done;
      summary_.add(record);
      progress.done(record.input, record.outcome, record.input_bytes);
      return report.add(record);
    };
    progress.start();
    while (next < jobs_.size() || !pool.idle()) {
      if (int signal = WorkerPool::stop_signal(); signal != 0) {
        pool.kill_all();
        while (!pool.idle()) pool.wait(100);  // reaped, not recorded: a rerun converts them
        progress.finish();
        return signal;
      }
      while (next < jobs_.size() && !pool.full()) {
        size_t job = next++;
        const BatchJob& j = jobs_[job];
        if (!j.input_readable) {
          AssetRecord r = record_of_finished(j, "", 3 << 8, false);
          r.message = "cannot read the input";
          if (absl::Status s = finish(job, std::move(r)); !s.ok()) return s;
          continue;
        }
        absl::Status started = pool.start(job);
        if (!started.ok()) {
          AssetRecord r = record_of_finished(j, "", 3 << 8, false);
          r.message = std::string(started.message());
          if (absl::Status s = finish(job, std::move(r)); !s.ok()) return s;
        }
      }
      for (FinishedJob& done : pool.wait(200)) {
        AssetRecord r =
            record_of_finished(jobs_[done.job], done.result, done.wait_status, done.timed_out);
        r.seconds = done.seconds;
        r.peak_rss_kib = done.peak_rss_kib;
        if (absl::Status s = finish(done.job, std::move(r)); !s.ok()) return s;
      }
    }
    progress.finish();
    return 0;
  }

 private:
  const BatchSettings& settings_;
  std::vector<BatchJob> jobs_;
  Summary& summary_;
};

}  // namespace

FlagSpec batch_flags() {
  FlagSpec flags{{"--resume", "--quiet", "-v", "--allow-empty"},
                 {"--from", "-j", "--timeout", "--report", "--shard", "--shards", "--progress",
                  "--progress-interval", "-o"}};
  flags.aliases.emplace("--verbose", "-v");
  flags.aliases.emplace("--output", "-o");
  add_conversion_flags(flags);
  return flags;
}

int run_batch(int argc, char** argv) {
  CommandLine args(argc, argv, 2, batch_flags());
  if (!args.error().empty()) return usage(args.error());
  std::vector<std::string> paths = args.positional();
  if (args.has("-o")) paths.push_back(args.value("-o"));
  if (paths.size() != 2) return usage("batch takes SRC and OUT (or SRC -o OUT)");
  BatchSettings settings;
  const fs::path src = paths[0];
  settings.convert.out = paths[1];
  if (std::string error = set_conversion(args, "", settings.convert.read, settings.convert.write,
                                         settings.convert.axis_unit);
      !error.empty()) {
    return usage(error);
  }
  long workers = default_workers();
  if (args.has("-j") && !parse_count(args.value("-j"), 1, 1024, &workers)) {
    return usage("-j takes a number of workers from 1 to 1024");
  }
  settings.jobs = static_cast<int>(workers);
  if (args.has("--timeout") &&
      !parse_seconds(args.value("--timeout"), &settings.limits.timeout_seconds)) {
    return usage("--timeout takes a number of seconds above 0");
  }
  // batch's --max-memory caps each worker (by setrlimit), not the read's budget: past it the
  // asset failed (memory: retry with more), rather than refused.
  if (args.has("--max-memory")) {
    settings.limits.max_memory_mib =
        static_cast<long>(settings.convert.read.limits.max_memory_bytes >> 20);
    settings.convert.read.limits.max_memory_bytes = Limits().max_memory_bytes;
  }
  if (args.has("--progress-interval") &&
      !parse_seconds(args.value("--progress-interval"), &settings.progress_interval)) {
    return usage("--progress-interval takes a number of seconds above 0");
  }
  if (!set_progress(args, settings))
    return usage("--progress takes auto, bar, lines, json or none");
  settings.verbose = args.has("-v");
  settings.report = args.value("--report");
  settings.resume = args.has("--resume");
  if (settings.resume && settings.report.empty()) return usage("--resume needs --report FILE");
  long shards = 0;
  if (args.has("--shards") && !parse_count(args.value("--shards"), 1, 1 << 20, &shards)) {
    return usage("--shards takes a number of shards from 1");
  }
  absl::StatusOr<Shard> shard =
      choose_shard(args.value("--shard"), shards,
                   [](const char* name) -> const char* { return std::getenv(name); });
  if (!shard.ok()) return usage(std::string(shard.status().message()));
  settings.report = with_shard(settings.report, *shard);

  std::error_code ec;
  if (!fs::is_directory(src, ec)) return fail(io_error(cat("not a folder: ", src.string())));
  if (fs::weakly_canonical(src, ec) == fs::weakly_canonical(settings.convert.out, ec)) {
    return usage("OUT must not be SRC: outputs would replace their inputs");
  }
  fs::create_directories(settings.convert.out, ec);
  if (ec) {
    return fail(io_error(cat("cannot create ", settings.convert.out.string(), ": ", ec.message())));
  }
  Summary summary;
  absl::StatusOr<std::vector<Asset>> assets =
      batch_assets(src, settings.convert.out, args.value("--from"),
                   settings.convert.read.allow_external_files, &summary.symlinks_left_out);
  if (!assets.ok()) {
    if (absl::IsInvalidArgument(assets.status())) {  // a manifest line outside SRC
      return usage(std::string(assets.status().message()));
    }
    return fail(assets.status());
  }
  // Even with --quiet: an asset left out unsaid would look converted to whoever reads the log.
  std::fputs(symlinks_left_out_line("batch", summary.symlinks_left_out, "SRC").c_str(), stderr);
  // The whole list, not the shard's: a shard may rightly get none of a few assets.
  if (assets->empty() && !args.has("--allow-empty")) {
    return found_no_asset(
        "batch", args.has("--from") ? cat("the list ", args.value("--from")) : src.string());
  }
  std::vector<BatchJob> jobs =
      take_shard(plan_jobs(*assets, output_extension(settings.convert.write)), *shard);
  if (!shard->whole()) {  // even with --quiet: a scheduler's log should say which slice ran
    std::fprintf(stderr, "polyxios: batch: shard %lld/%lld from %s: %zu of %zu assets\n",
                 static_cast<long long>(shard->index + 1), static_cast<long long>(shard->count),
                 shard->source.c_str(), jobs.size(), assets->size());
  }

  if (settings.resume) {
    int64_t unreadable = 0;
    absl::StatusOr<std::vector<AssetRecord>> earlier = read_report(settings.report, &unreadable);
    if (!earlier.ok()) return fail(earlier.status());
    auto last = last_records(std::move(*earlier));
    std::vector<BatchJob> left;
    for (BatchJob& job : jobs) {
      if (already_converted(job, last, settings.convert.out)) {
        ++summary.skipped;
      } else {
        left.push_back(std::move(job));
      }
    }
    jobs = std::move(left);
  }
  ReportFile report;
  if (absl::Status s = report.open(settings.report, settings.resume); !s.ok()) return fail(s);

  double started = now_seconds();
  const int64_t total = static_cast<int64_t>(jobs.size()) + summary.skipped;
  int64_t done = 0;
  absl::StatusOr<int> stopped = BatchRun(settings, std::move(jobs), summary).run(report, &done);
  if (!stopped.ok()) return fail(stopped.status());
  if (*stopped != 0) {  // how far it got, then what it did
    std::printf("stopped by %s after %s of %s assets\n", strsignal(*stopped),
                with_thousands(done + summary.skipped).c_str(), with_thousands(total).c_str());
  }
  print_summary(stdout, summary, now_seconds() - started);
  std::fflush(stdout);
  if (*stopped != 0) {
    std::fprintf(stderr,
                 "polyxios: batch: stopped by %s after %s of %s assets; rerun with --resume to "
                 "go on\n",
                 strsignal(*stopped), with_thousands(done + summary.skipped).c_str(),
                 with_thousands(total).c_str());
    return 128 + *stopped;
  }
  return exit_code_of(summary);
}

}  // namespace px::cli
