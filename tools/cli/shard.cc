#include "tools/cli/shard.h"

#include <charconv>

#include "engine/strings.h"

namespace px::cli {
namespace {

bool parse_whole(std::string_view text, int64_t* out) {
  int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 0) return false;
  *out = n;
  return true;
}

absl::Status bad(std::string_view what) { return absl::InvalidArgumentError(std::string(what)); }

// A shard from a scheduler's 0-based index and a count.
absl::StatusOr<Shard> from_index(std::string_view variable, std::string_view index_text,
                                 int64_t offset, int64_t count, std::string_view count_source) {
  int64_t index = 0;
  if (!parse_whole(index_text, &index) || index < offset) {
    return bad(cat(variable, "=", index_text, " is not a shard index"));
  }
  if (count <= 0) return bad(cat(variable, " is set: give the number of shards with --shards N"));
  index -= offset;
  if (index >= count) {
    return bad(cat(variable, "=", index_text, " is past the ", count, " shards of ", count_source));
  }
  return Shard{index, count, cat(variable, "=", index_text, " of ", count, " (", count_source, ")")};
}

}  // namespace

uint64_t stable_hash(std::string_view text) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
  return h ^ (h >> 31);
}

bool in_shard(std::string_view relative, const Shard& shard) {
  return shard.whole() ||
         stable_hash(relative) % static_cast<uint64_t>(shard.count) ==
             static_cast<uint64_t>(shard.index);
}

std::string with_shard(std::string_view path, const Shard& shard) {
  constexpr std::string_view kPlaceholder = "{shard}";
  std::string out;
  size_t at;
  while ((at = path.find(kPlaceholder)) != std::string_view::npos) {
    out += path.substr(0, at);
    out += std::to_string(shard.index + 1);
    path.remove_prefix(at + kPlaceholder.size());
  }
  out += path;
  return out;
}

absl::StatusOr<Shard> choose_shard(std::string_view shard_flag, int64_t shards_flag,
                                   GetEnv getenv) {
  if (!shard_flag.empty()) {
    size_t slash = shard_flag.find('/');
    int64_t k = 0, n = 0;
    if (slash == std::string_view::npos || !parse_whole(shard_flag.substr(0, slash), &k) ||
        !parse_whole(shard_flag.substr(slash + 1), &n) || n < 1 || k < 1 || k > n) {
      return bad(cat("--shard ", shard_flag, ": give K/N with 1 <= K <= N"));
    }
    return Shard{k - 1, n, cat("--shard ", shard_flag)};
  }
  std::string shards_source = cat("--shards ", shards_flag);
  if (const char* index = getenv("JOB_COMPLETION_INDEX")) {
    return from_index("JOB_COMPLETION_INDEX", index, 0, shards_flag, shards_source);
  }
  if (const char* index = getenv("SLURM_ARRAY_TASK_ID")) {
    // With --shards N the task ID is the index (an array of 0-(N-1), of which any part may be
    // resubmitted); without, the array's own size and first ID (--array=1-8) tell.
    if (shards_flag > 0) return from_index("SLURM_ARRAY_TASK_ID", index, 0, shards_flag, shards_source);
    int64_t count = 0;
    const char* task_count = getenv("SLURM_ARRAY_TASK_COUNT");
    if (task_count == nullptr || !parse_whole(task_count, &count)) {
      return bad("SLURM_ARRAY_TASK_ID is set without a usable SLURM_ARRAY_TASK_COUNT: give --shards N");
    }
    int64_t offset = 0;
    if (const char* min = getenv("SLURM_ARRAY_TASK_MIN"); min && !parse_whole(min, &offset)) {
      return bad(cat("SLURM_ARRAY_TASK_MIN=", min, " is not an index"));
    }
    return from_index("SLURM_ARRAY_TASK_ID", index, offset, count,
                      cat("SLURM_ARRAY_TASK_COUNT=", task_count));
  }
  if (const char* index = getenv("AWS_BATCH_JOB_ARRAY_INDEX")) {
    if (shards_flag > 0) {
      return from_index("AWS_BATCH_JOB_ARRAY_INDEX", index, 0, shards_flag, shards_source);
    }
    int64_t count = 0;
    const char* size = getenv("AWS_BATCH_JOB_ARRAY_SIZE");
    if (size == nullptr || !parse_whole(size, &count)) {
      return bad("AWS_BATCH_JOB_ARRAY_INDEX is set without a usable AWS_BATCH_JOB_ARRAY_SIZE: "
                 "give --shards N");
    }
    return from_index("AWS_BATCH_JOB_ARRAY_INDEX", index, 0, count,
                      cat("AWS_BATCH_JOB_ARRAY_SIZE=", size));
  }
  if (shards_flag > 0) {
    return bad("--shards N needs an index: --shard K/N, JOB_COMPLETION_INDEX, "
               "SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX");
  }
  return Shard{};
}

}  // namespace px::cli
