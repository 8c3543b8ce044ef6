// Which slice of the asset list this process converts: --shard K/N, or the array-job variables
// of Kubernetes Indexed Jobs, Slurm and AWS Batch. An asset belongs to the slice its relative
// path hashes to, so adding files moves no other file to another shard.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace px::cli {

struct Shard {
  int64_t index = 0;  // 0 .. count-1
  int64_t count = 1;
  std::string source;  // how it was chosen: "--shard 2/4", "JOB_COMPLETION_INDEX=1", ...
  bool whole() const { return count == 1; }
};

// FNV-1a, 64 bits, then splitmix64's finalizer: the same on every machine and in every build.
// FNV-1a alone leaves its low bits a function of the characters' low bits only (its prime is odd),
// so a shard taken modulo a small N followed the letters used (210 to 386 of 1,279 files in 4
// shards); the finalizer spreads every bit of the path over every bit of the hash.
uint64_t stable_hash(std::string_view text);
bool in_shard(std::string_view relative, const Shard& shard);
// A path with "{shard}" replaced by the shard's K (of K/N), so that each shard of an array job
// whose command no shell expands (AWS Batch) writes its own report.
std::string with_shard(std::string_view path, const Shard& shard);

using GetEnv = const char* (*)(const char*);

// shard_flag is --shard's text ("" when absent), shards_flag --shards's (0 when absent). Without
// --shard the environment is read: JOB_COMPLETION_INDEX (with --shards), then
// SLURM_ARRAY_TASK_ID (of --shards, else of SLURM_ARRAY_TASK_COUNT counting from
// SLURM_ARRAY_TASK_MIN), then AWS_BATCH_JOB_ARRAY_INDEX (of --shards, else of
// AWS_BATCH_JOB_ARRAY_SIZE); with none the whole list is one shard. A bad value is an
// InvalidArgument naming it.
absl::StatusOr<Shard> choose_shard(std::string_view shard_flag, int64_t shards_flag,
                                   GetEnv getenv);

}  // namespace px::cli
