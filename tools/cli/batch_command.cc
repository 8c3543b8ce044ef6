#include "tools/cli/batch_command.h"

#include <string.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <system_error>

#include "engine/atomic_file.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "tools/cli/asset_worker.h"
#include "tools/cli/axis_flags.h"
#include "tools/cli/batch_progress.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/command_line.h"
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
  bool quiet = false;
  double progress_interval = 10;
};

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

  // Runs every job; gives the signal that stopped it, or 0.
  absl::StatusOr<int> run(ReportFile& report) {
    int64_t total_bytes = 0;
    for (const BatchJob& job : jobs_) total_bytes += job.input_bytes;
    BatchProgress::Mode mode = settings_.quiet          ? BatchProgress::Mode::kNone
                               : ::isatty(STDERR_FILENO) ? BatchProgress::Mode::kBar
                                                          : BatchProgress::Mode::kLines;
    BatchProgress progress(mode, static_cast<int64_t>(jobs_.size()), total_bytes,
                           settings_.progress_interval);
    const char* override_program = std::getenv(kWorkerOverride);
    WorkerPool pool(settings_.jobs, settings_.limits, [&](size_t job, std::string& result) {
      const BatchJob& j = jobs_[job];
      if (override_program == nullptr) return convert_in_worker(j, settings_.convert, result);
      fs::path target = settings_.convert.out / j.output;
      std::error_code ec;
      fs::create_directories(target.parent_path(), ec);
      ::execl(override_program, override_program, j.asset.path.c_str(), target.c_str(),
              static_cast<char*>(nullptr));
      return 127;
    });
    size_t next = 0;
    int64_t files_done = 0, bytes_done = 0, failures = 0;
    auto finish = [&](size_t job, AssetRecord record) -> absl::Status {
      if (record.outcome != Outcome::kConverted) {
        ++failures;
        // What an earlier run or half of a pair left is not this input's output.
        std::error_code ec;
        for (const fs::path& f : output_files(settings_.convert.out, jobs_[job].output)) {
          fs::remove(f, ec);
          remove_temporaries_of(f);  // a worker killed while renaming its output into place
        }
        std::string line = cat("polyxios: batch: ", outcome_name(record.outcome), " ",
                               record.input, ": ", record.message);
        progress.note(line.c_str());
      }
      ++files_done;
      bytes_done += record.input_bytes;
      summary_.add(record);
      progress.update(files_done, bytes_done, failures);
      return report.add(record);
    };
    progress.update(0, 0, 0);
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

int run_batch(int argc, char** argv) {
  FlagSpec flags{{"--resume", "--quiet", "--allow-external-files", "--allow-remote-uris",
                   "--strict-resources", "--repair", "--transcode-images",
                   "--no-transcode-images", "--allow-empty"},
                  {"--to", "--from", "-j", "--timeout", "--max-memory", "--report", "--shard",
                   "--shards", "--progress-interval", "--max-input"}};
  flags.switches.insert(std::begin(kAxisSwitches), std::end(kAxisSwitches));
  flags.options.insert(std::begin(kAxisOptions), std::end(kAxisOptions));
  CommandLine args(argc, argv, 2, flags);
  if (!args.error().empty()) return usage(args.error());
  if (args.positional().size() != 2) return usage("batch takes SRC and OUT");
  BatchSettings settings;
  const fs::path src = args.positional()[0];
  settings.convert.out = args.positional()[1];
  if (!set_output_format(args.value("--to", "glb"), settings.convert.write)) {
    return usage("--to takes glb, gltf or dae");
  }
  if (std::string error = set_axis_unit(args, settings.convert.axis_unit); !error.empty()) {
    return usage(error);
  }
  settings.convert.read.allow_external_files = args.has("--allow-external-files");
  settings.convert.read.strict_resources = args.has("--strict-resources");
  settings.convert.read.repair = args.has("--repair");
  if (!set_max_input(args, settings.convert.read)) {
    return usage("--max-input takes a number of MiB from 1");
  }
  settings.convert.write.allow_external_files = args.has("--allow-external-files");
  settings.convert.write.allow_remote_uris = args.has("--allow-remote-uris");
  if (args.has("--transcode-images") && args.has("--no-transcode-images")) {
    return usage("--transcode-images and --no-transcode-images contradict each other");
  }
  if (args.has("--transcode-images")) settings.convert.write.transcode_images = true;
  if (args.has("--no-transcode-images")) settings.convert.write.transcode_images = false;
  long workers = default_workers();
  if (args.has("-j") && !parse_count(args.value("-j"), 1, 1024, &workers)) {
    return usage("-j takes a number of workers from 1 to 1024");
  }
  settings.jobs = static_cast<int>(workers);
  if (args.has("--timeout") &&
      !parse_seconds(args.value("--timeout"), &settings.limits.timeout_seconds)) {
    return usage("--timeout takes a number of seconds above 0");
  }
  long mib = 0;
  if (args.has("--max-memory") && !parse_count(args.value("--max-memory"), 1, 1 << 24, &mib)) {
    return usage("--max-memory takes a number of MiB from 1");
  }
  settings.limits.max_memory_mib = mib;
  if (args.has("--progress-interval") &&
      !parse_seconds(args.value("--progress-interval"), &settings.progress_interval)) {
    return usage("--progress-interval takes a number of seconds above 0");
  }
  settings.report = args.value("--report");
  settings.resume = args.has("--resume");
  settings.quiet = args.has("--quiet");
  if (settings.resume && settings.report.empty()) return usage("--resume needs --report FILE");
  long shards = 0;
  if (args.has("--shards") && !parse_count(args.value("--shards"), 1, 1 << 20, &shards)) {
    return usage("--shards takes a number of shards from 1");
  }
  absl::StatusOr<Shard> shard = choose_shard(args.value("--shard"), shards,
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
  absl::StatusOr<int> stopped = BatchRun(settings, std::move(jobs), summary).run(report);
  if (!stopped.ok()) return fail(stopped.status());
  print_summary(stdout, summary, now_seconds() - started);
  std::fflush(stdout);
  if (*stopped != 0) {
    std::fprintf(stderr, "polyxios: batch: stopped by %s; rerun with --resume to go on\n",
                 strsignal(*stopped));
    return 128 + *stopped;
  }
  return exit_code_of(summary);
}

}  // namespace px::cli
