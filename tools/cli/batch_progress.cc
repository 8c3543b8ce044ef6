#include "tools/cli/batch_progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>

#include "engine/utf8.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "tools/cli/cli_common.h"

namespace px::cli {
namespace {

std::string clock_time(double seconds) {
  long s = static_cast<long>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  return text;
}

// The tail of path in at most width bytes, "..." in front when cut (whole UTF-8 characters).
std::string cut_to(std::string_view path, size_t width) {
  if (path.size() <= width) return std::string(path);
  if (width <= 3) return std::string();
  size_t from = path.size() - (width - 3);
  while (from < path.size() && (static_cast<unsigned char>(path[from]) & 0xC0) == 0x80) ++from;
  return "..." + std::string(path.substr(from));
}

}  // namespace

int terminal_columns(int fd) {
  struct winsize size {};
  if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  const char* columns = std::getenv("COLUMNS");
  if (columns != nullptr) {
    char* end = nullptr;
    long n = std::strtol(columns, &end, 10);
    if (*columns != '\0' && *end == '\0' && n > 0 && n < 100000) return static_cast<int>(n);
  }
  return 80;
}

std::string with_thousands(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

BatchProgress::BatchProgress(Mode mode, int64_t total_files, int64_t total_bytes,
                             double interval_seconds, int columns, std::FILE* out)
    : mode_(mode),
      total_files_(total_files),
      total_bytes_(total_bytes),
      interval_(mode == Mode::kBar ? 0.1 : interval_seconds),
      columns_(columns),
      out_(out),
      started_(now_seconds()) {}

void BatchProgress::start() {
  if (mode_ != Mode::kBar && mode_ != Mode::kLines) return;
  last_drawn_ = now_seconds();
  draw();
}

void BatchProgress::done(std::string_view path, Outcome outcome, int64_t bytes) {
  ++files_;
  bytes_ += bytes;
  failed_ += is_failure(outcome) ? 1 : 0;
  refused_ += outcome == Outcome::kRefused ? 1 : 0;
  last_path_ = path;
  if (mode_ == Mode::kJson) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
    w.StartObject();
    w.Key("done");
    w.Int64(files_);
    w.Key("total");
    w.Int64(total_files_);
    std::string text = valid_utf8(path);
    w.Key("path");
    w.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
    w.Key("outcome");
    w.String(outcome_word(outcome).data());
    if (is_failure(outcome)) {
      w.Key("failure");
      w.String(outcome_name(outcome).data());
    }
    w.Key("elapsed");
    w.Double(std::round((now_seconds() - started_) * 1e3) / 1e3);
    w.EndObject();
    std::fprintf(out_, "%s\n", buffer.GetString());
    std::fflush(out_);
    return;
  }
  if (mode_ == Mode::kNone) return;
  double now = now_seconds();
  if (last_drawn_ >= 0 && now - last_drawn_ < interval_) return;
  last_drawn_ = now;
  draw();
}

void BatchProgress::note(const std::string& line) {
  if (mode_ != Mode::kNone && mode_ != Mode::kJson) say(line);
}

void BatchProgress::say(const std::string& line) {
  if (mode_ == Mode::kBar) std::fputs("\r\033[K", out_);
  std::fprintf(out_, "%s\n", line.c_str());
  if (mode_ == Mode::kBar && last_drawn_ >= 0) draw();
  std::fflush(out_);
}

void BatchProgress::finish() {
  if (mode_ != Mode::kBar && mode_ != Mode::kLines) return;
  draw();
  if (mode_ == Mode::kBar) std::fputc('\n', out_);
  std::fflush(out_);
}

std::string BatchProgress::bar_line() const {
  double elapsed = now_seconds() - started_;
  double rate = elapsed > 0 ? static_cast<double>(bytes_) / 1e6 / elapsed : 0;
  // The time left by bytes, which track work better than files of very different sizes.
  std::string eta = "-:--:--";
  if (bytes_ > 0 && total_bytes_ >= bytes_) {
    eta = clock_time(elapsed * static_cast<double>(total_bytes_ - bytes_) /
                     static_cast<double>(bytes_));
  }
  char files[64], rate_text[32], eta_text[32], outcomes[64];
  std::snprintf(files, sizeof files, "%lld/%lld files", static_cast<long long>(files_),
                static_cast<long long>(total_files_));
  std::snprintf(rate_text, sizeof rate_text, "  %.1f MB/s", rate);
  std::snprintf(eta_text, sizeof eta_text, "  ETA %s", eta.c_str());
  std::snprintf(outcomes, sizeof outcomes, "  %lld refused  %lld failed",
                static_cast<long long>(refused_), static_cast<long long>(failed_));
  std::string status = std::string(files) + rate_text + eta_text + outcomes;
  if (mode_ == Mode::kLines) return status;
  // One column short of the width, so that the cursor never wraps. A narrow terminal loses the
  // rate, then the ETA, before the counts are cut.
  const size_t width = static_cast<size_t>(std::max(columns_ - 1, 1));
  if (status.size() > width) status = std::string(files) + eta_text + outcomes;
  if (status.size() > width) status = std::string(files) + outcomes;
  // The status comes first, then the path (up to 40 columns of it), then the bar in what is left;
  // the path is cut to fit.
  std::string line = status;
  if (line.size() >= width) return line.substr(0, width);
  const size_t path_wanted = last_path_.empty() ? 0 : std::min<size_t>(last_path_.size() + 2, 42);
  const size_t bar_room = width - line.size() - std::min(path_wanted, width - line.size());
  if (bar_room >= 13) {  // "[" + at least 10 + "] "
    size_t inner = std::min<size_t>(30, bar_room - 3);
    size_t filled = total_files_ > 0 ? inner * static_cast<size_t>(std::min(files_, total_files_)) /
                                           static_cast<size_t>(total_files_)
                                     : inner;
    std::string bar(inner + 3, ' ');
    bar.front() = '[';
    bar.replace(1, filled, filled, '=');
    bar[inner + 1] = ']';
    line.insert(0, bar);
  }
  if (!last_path_.empty() && line.size() + 2 + 8 <= width) {
    line.append("  ").append(cut_to(last_path_, width - line.size() - 2));
  }
  return line;
}

void BatchProgress::draw() {
  if (mode_ == Mode::kLines) {
    std::fprintf(out_, "polyxios: batch: %s\n", bar_line().c_str());
  } else {
    std::fprintf(out_, "\r\033[K%s", bar_line().c_str());
  }
  std::fflush(out_);
}

}  // namespace px::cli
