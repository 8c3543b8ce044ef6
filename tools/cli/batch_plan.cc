#include "tools/cli/batch_plan.h"

#include <sys/stat.h>

#include <system_error>


namespace px::cli {
namespace fs = std::filesystem;

std::vector<BatchJob> plan_jobs(const std::vector<Asset>& assets, std::string_view extension) {
  std::vector<BatchJob> jobs;
  jobs.reserve(assets.size());
  absl::flat_hash_map<std::string, int> uses;
  for (const Asset& asset : assets) {
    BatchJob job{asset, with_extension(asset.relative, extension)};
    ++uses[job.output];
    struct stat st {};
    if (::stat(asset.path.c_str(), &st) == 0) {
      job.input_bytes = static_cast<int64_t>(st.st_size);
      job.input_mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 +
                           st.st_mtim.tv_nsec;
    } else {
      job.input_readable = false;
    }
    jobs.push_back(std::move(job));
  }
  for (BatchJob& job : jobs) {
    if (uses[job.output] > 1) job.output = job.asset.relative + std::string(extension);
  }
  return jobs;
}

std::vector<BatchJob> take_shard(std::vector<BatchJob> jobs, const Shard& shard) {
  if (shard.whole()) return jobs;
  std::vector<BatchJob> mine;
  for (BatchJob& job : jobs) {
    if (in_shard(job.asset.relative, shard)) mine.push_back(std::move(job));
  }
  return mine;
}

absl::flat_hash_map<std::string, AssetRecord> last_records(std::vector<AssetRecord> records) {
  absl::flat_hash_map<std::string, AssetRecord> last;
  for (AssetRecord& r : records) {
    std::string key = r.input;
    last.insert_or_assign(std::move(key), std::move(r));
  }
  return last;
}

bool already_converted(const BatchJob& job,
                       const absl::flat_hash_map<std::string, AssetRecord>& records,
                       const fs::path& out) {
  auto it = records.find(job.asset.relative);
  if (it == records.end()) return false;
  const AssetRecord& r = it->second;
  if (r.outcome != Outcome::kConverted || r.input_bytes != job.input_bytes ||
      r.input_mtime_ns != job.input_mtime_ns || r.output != job.output) {
    return false;
  }
  std::error_code ec;
  return fs::is_regular_file(out / job.output, ec);  // a .gltf's .bin is absent when empty
}

std::vector<fs::path> output_files(const fs::path& out, const std::string& output) {
  fs::path main = out / output;
  if (main.extension() != ".gltf") return {main};
  fs::path bin = main;
  bin.replace_extension(".bin");
  return {main, bin};
}

}  // namespace px::cli
