#include "tools/cli/asset_worker.h"

#include <sys/wait.h>

#include <system_error>

#include "engine/atomic_file.h"
#include "engine/errors.h"
#include "engine/strings.h"
#include "polyxios/polyxios.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/out_of_memory.h"

namespace px::cli {
namespace fs = std::filesystem;
namespace {

// The outcome of a worker that exited without writing its record (or a stand-in worker's).
Outcome outcome_of_exit(int code) {
  switch (code) {
    case 0:
      return Outcome::kConverted;
    case 2:
      return Outcome::kRefused;
    case 3:
      return Outcome::kIoError;
    case kWorkerOutOfMemory:
      return Outcome::kMemory;
    default:
      return Outcome::kCrashed;
  }
}

Outcome outcome_of(Failure failure) {
  switch (failure) {
    case Failure::kNone:
      return Outcome::kConverted;
    case Failure::kRefused:
      return Outcome::kRefused;
    case Failure::kIo:
      return Outcome::kIoError;
    case Failure::kOutOfMemory:
      return Outcome::kMemory;
    default:
      return Outcome::kCrashed;
  }
}

// The first line of a message: a record is one line.
std::string one_line(std::string_view text) { return std::string(text.substr(0, text.find('\n'))); }

}  // namespace

int convert_in_worker(const BatchJob& job, const ConvertSettings& settings, std::string& result,
                      const SendNote& note) {
  exit_on_out_of_memory(kWorkerOutOfMemory);  // this runs in the worker
  AssetRecord record;
  record.input = job.asset.relative;
  record.output = job.output;
  Diagnostics diagnostics;
  if (note) {
    diagnostics.set_listener([&](const Diagnostic& d) {
      note(cat("polyxios: batch: ", severity_word(d.severity), ": ", job.asset.relative, ": ",
               diagnostic_text(d.code, d.message, d.line, d.count)));
    });
  }
  absl::Status status;
  const fs::path target = settings.out / job.output;
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) {
    status = io_error(cat("cannot create ", target.parent_path().string(), ": ", ec.message()));
  } else {
    // What a batch killed mid-rename (kill -9) may have left beside this output.
    for (const fs::path& file : output_files(settings.out, job.output)) remove_temporaries_of(file);
    absl::StatusOr<Scene> scene = read_scene(job.asset.path, settings.read, diagnostics);
    status = scene.ok() ? apply_axis_unit(*scene, settings.axis_unit, diagnostics) : scene.status();
    if (status.ok()) status = write_scene(*scene, target, settings.write, diagnostics);
  }
  const Failure failure = failure_of(status);
  const int code = exit_status(failure);
  record.exit_code = code;
  record.outcome = outcome_of(failure);
  if (!status.ok()) {
    record.rule = rule_of(status);
    record.message = one_line(std::string_view(status.message().data(), status.message().size()));
  }
  record.warnings = diagnostics.counts_by_code();
  if (status.ok()) {
    for (const fs::path& file : output_files(settings.out, job.output)) {
      uintmax_t size = fs::file_size(file, ec);
      if (!ec) record.output_bytes += static_cast<int64_t>(size);
    }
  }
  result = to_json_line(record);
  return code;
}

AssetRecord record_of_finished(const BatchJob& job, const std::string& result, int wait_status,
                               bool timed_out) {
  AssetRecord record;
  std::string_view line(result);
  absl::StatusOr<AssetRecord> written = parse_json_line(line.substr(0, line.find('\n')));
  if (written.ok()) record = std::move(*written);
  record.input = job.asset.relative;
  record.output = job.output;
  record.input_bytes = job.input_bytes;
  record.input_mtime_ns = job.input_mtime_ns;
  if (WIFEXITED(wait_status)) {
    record.exit_code = WEXITSTATUS(wait_status);
    record.signal = 0;
    if (!written.ok()) record.outcome = outcome_of_exit(record.exit_code);
    if (record.exit_code == kWorkerOutOfMemory) record.exit_code = kOutOfMemoryExitStatus;
  } else {
    record.exit_code = -1;
    record.signal = WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0;
    record.outcome = Outcome::kCrashed;
    record.message = cat("the worker died of signal ", record.signal);
  }
  if (timed_out) {
    record.outcome = Outcome::kTimeout;
    record.message = "the worker was stopped at the --timeout";
  }
  if (record.outcome != Outcome::kConverted) record.output_bytes = 0;
  return record;
}

}  // namespace px::cli
