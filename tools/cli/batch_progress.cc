#include "tools/cli/batch_progress.h"

#include <string>

#include "tools/cli/cli_common.h"

namespace px::cli {
namespace {

std::string clock_time(double seconds) {
  long s = static_cast<long>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  return text;
}

}  // namespace

BatchProgress::BatchProgress(Mode mode, int64_t total_files, int64_t total_bytes,
                             double interval_seconds, std::FILE* out)
    : mode_(mode),
      total_files_(total_files),
      total_bytes_(total_bytes),
      interval_(mode == Mode::kBar ? 0.1 : interval_seconds),
      out_(out),
      started_(now_seconds()) {}

void BatchProgress::update(int64_t files_done, int64_t bytes_done, int64_t failures) {
  files_ = files_done;
  bytes_ = bytes_done;
  failures_ = failures;
  if (mode_ == Mode::kNone) return;
  double now = now_seconds();
  if (last_drawn_ >= 0 && now - last_drawn_ < interval_) return;
  last_drawn_ = now;
  draw();
}

void BatchProgress::note(const char* line) {
  if (mode_ == Mode::kNone) return;
  if (mode_ == Mode::kBar) std::fputs("\r\033[K", out_);
  std::fprintf(out_, "%s\n", line);
  if (mode_ == Mode::kBar && last_drawn_ >= 0) draw();
  std::fflush(out_);
}

void BatchProgress::finish() {
  if (mode_ == Mode::kNone) return;
  draw();
  if (mode_ == Mode::kBar) std::fputc('\n', out_);
  std::fflush(out_);
}

void BatchProgress::draw() {
  double elapsed = now_seconds() - started_;
  double rate = elapsed > 0 ? static_cast<double>(bytes_) / 1e6 / elapsed : 0;
  // The time left by bytes, which track work better than files of very different sizes.
  std::string eta = "-:--:--";
  if (bytes_ > 0 && total_bytes_ >= bytes_) {
    eta = clock_time(elapsed * static_cast<double>(total_bytes_ - bytes_) /
                     static_cast<double>(bytes_));
  }
  char status[160];
  std::snprintf(status, sizeof status, "%lld/%lld files  %.1f MB/s  ETA %s  %lld failed",
                static_cast<long long>(files_), static_cast<long long>(total_files_), rate,
                eta.c_str(), static_cast<long long>(failures_));
  if (mode_ == Mode::kLines) {
    std::fprintf(out_, "polyxios: batch: %s\n", status);
  } else {
    constexpr int kWidth = 30;
    int filled = total_files_ > 0 ? static_cast<int>(kWidth * files_ / total_files_) : kWidth;
    std::string bar(static_cast<size_t>(filled), '=');
    bar.resize(kWidth, ' ');
    std::fprintf(out_, "\r\033[K[%s] %s", bar.c_str(), status);
  }
  std::fflush(out_);
}

}  // namespace px::cli
