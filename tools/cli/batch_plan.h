// What a batch will do: each asset of the source (or the manifest) with the output it will be
// written to, the slice of them this shard takes, and which of those a resumed run may skip.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "tools/cli/asset_list.h"
#include "tools/cli/batch_report.h"
#include "tools/cli/shard.h"

namespace px::cli {

struct BatchJob {
  Asset asset;
  std::string output;  // relative to OUT
  int64_t input_bytes = 0;
  int64_t input_mtime_ns = 0;
  bool input_readable = true;  // stat succeeded
};

// One job per asset, in the list's order. The output is the input's relative path with the
// format's extension; where two inputs would share one ("a.dae" and "a.glb" to "a.glb") each
// keeps its whole name ("a.dae.glb", "a.glb.glb"). Decided over the whole list, so every shard
// names outputs alike.
std::vector<BatchJob> plan_jobs(const std::vector<Asset>& assets, std::string_view extension);

std::vector<BatchJob> take_shard(std::vector<BatchJob> jobs, const Shard& shard);

// The last record of each input in a report.
absl::flat_hash_map<std::string, AssetRecord> last_records(std::vector<AssetRecord> records);

// A resumed run skips a job whose last record says converted, for an input of the same size and
// mtime, with its output still in out.
bool already_converted(const BatchJob& job, const absl::flat_hash_map<std::string, AssetRecord>&
                       records, const std::filesystem::path& out);

// Every file the job's output takes (a .gltf has its .bin beside it).
std::vector<std::filesystem::path> output_files(const std::filesystem::path& out,
                                                const std::string& output);

}  // namespace px::cli
