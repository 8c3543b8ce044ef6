// px_e2e FILE [--out OUT.glb] [--repeat N] [--stages abcdefghi] [--threads N] [--json]
//
// Times, on the same bytes and in one run, the stages of bench/e2e_stages.h: bare expat, expat
// with number decoding, the element tree, and the conversions (COLLADA -> GLB, and from that GLB
// to COLLADA, GLB and .gltf + .bin, that .gltf back to GLB, COLLADA -> COLLADA). Each stage runs
// in a forked child so that its peak RSS (ru_maxrss, read by wait4) is its own; the child runs
// the stage --repeat times and reports the best time through a pipe. Then issue 12's targets
// are checked against what was measured, in this one run.
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "bench/e2e_stages.h"
#include "engine/strings.h"

namespace px::bench {
namespace {

using Clock = std::chrono::steady_clock;

double cpu_now() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct Stage {
  char letter;
  const char* name;
};
constexpr Stage kStages[] = {{'a', "expat, empty handlers"},   {'b', "expat + from_chars"},
                             {'c', "px::xml::parse"},          {'d', "COLLADA -> GLB"},
                             {'e', "d's GLB -> COLLADA"},      {'f', "d's GLB -> GLB"},
                             {'g', "d's GLB -> .gltf + .bin"}, {'h', "g's .gltf -> GLB"},
                             {'i', "COLLADA -> COLLADA"}};

struct Config {
  StagePaths paths;
  bool keep_output = false;
  int repeat = 1;
  int threads = 0;
  std::string stages = "abcdefghi";
  bool json = false;
};

StageResult run_stage(char letter, const Config& config) {
  StageResult best;
  for (int i = 0; i < config.repeat; ++i) {
    StageResult r;
    double cpu_start = cpu_now();
    Clock::time_point start = Clock::now();
    r.ok = run_stage_once(letter, config.paths, config.threads, r);
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.cpu_seconds = cpu_now() - cpu_start;
    if (!r.ok) return r;
    double best_cpu = i == 0 ? r.cpu_seconds : std::min(best.cpu_seconds, r.cpu_seconds);
    if (i == 0 || r.seconds < best.seconds) best = r;
    best.cpu_seconds = best_cpu;
  }
  return best;
}

struct Measured {
  StageResult result;
  long peak_rss_kib = 0;
};

bool write_all(int fd, const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

Measured measure_in_child(char letter, const Config& config) {
  Measured m;
  int fds[2];
  if (::pipe(fds) != 0) {
    set_error(m.result, cat("pipe: ", std::strerror(errno)));
    return m;
  }
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = ::fork();
  if (pid < 0) {
    set_error(m.result, cat("fork: ", std::strerror(errno)));
    ::close(fds[0]);
    ::close(fds[1]);
    return m;
  }
  if (pid == 0) {
    ::close(fds[0]);
    StageResult r = run_stage(letter, config);
    _exit(write_all(fds[1], &r, sizeof r) ? 0 : 1);
  }
  ::close(fds[1]);
  StageResult r;
  size_t got = 0;
  while (got < sizeof r) {
    ssize_t n = ::read(fds[0], reinterpret_cast<char*>(&r) + got, sizeof r - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fds[0]);
  int status = 0;
  struct rusage usage {};
  while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  m.peak_rss_kib = usage.ru_maxrss;
  if (got == sizeof r) {
    m.result = r;
  } else if (WIFSIGNALED(status)) {
    set_error(m.result, cat("crashed: ", strsignal(WTERMSIG(status))));
  } else {
    set_error(m.result, cat("child exited with ", WEXITSTATUS(status)));
  }
  return m;
}

// Reads the file once so every stage starts from the page cache.
bool warm_page_cache(const std::string& path, uint64_t* size) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  std::vector<char> buffer(1 << 20);
  *size = 0;
  size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), f)) > 0) *size += n;
  bool ok = std::ferror(f) == 0;
  std::fclose(f);
  return ok;
}

struct Row {
  const Stage* stage;
  Measured m;
};

// ---- issue 12's targets, from the rows of this run ----------------------------------------

struct Target {
  std::string name;
  std::string measured;
  bool met;
};

constexpr double kMiB = 1024.0 * 1024.0;

const Row* find_row(const std::vector<Row>& rows, char letter) {
  for (const Row& row : rows) {
    if (row.stage->letter == letter && row.m.result.ok) return &row;
  }
  return nullptr;
}

std::vector<Target> check_targets(const Config& config, const std::vector<Row>& rows) {
  std::vector<Target> out;
  const Row* a = find_row(rows, 'a');
  const Row* d = find_row(rows, 'd');
  char text[256];
  if (a != nullptr && d != nullptr) {
    double ratio = d->m.result.seconds / a->m.result.seconds;
    double bound = config.threads == 1 ? 2.0 : 1.5;
    std::snprintf(text, sizeof text, "%.2fx expat's time (at most %.1fx with %s)", ratio, bound,
                  config.threads == 1 ? "--threads 1" : "both cores");
    out.push_back({"1 COLLADA -> GLB time", text, ratio <= bound});
  }
  if (d != nullptr) {
    double peak = static_cast<double>(d->m.peak_rss_kib) * 1024;
    double bound = static_cast<double>(d->m.result.output_bytes) + 64 * kMiB;
    std::snprintf(text, sizeof text, "peak %.1f MiB (at most output %.1f MiB + 64 MiB)",
                  peak / kMiB, static_cast<double>(d->m.result.output_bytes) / kMiB);
    out.push_back({"2 COLLADA -> GLB memory", text, peak <= bound});
  }
  for (char letter : {'f', 'g', 'h'}) {
    const Row* row = find_row(rows, letter);
    if (row == nullptr) continue;
    const StageResult& r = row->m.result;
    double gbps = static_cast<double>(r.input_bytes) / 1e9 / r.seconds;
    double peak = static_cast<double>(row->m.peak_rss_kib) * 1024;
    double bound = static_cast<double>(r.input_bytes) + 64 * kMiB;
    std::snprintf(text, sizeof text,
                  "%.2f GB/s of input (at least 1), peak %.1f MiB (at most input %.1f + 64)",
                  gbps, peak / kMiB, static_cast<double>(r.input_bytes) / kMiB);
    out.push_back({cat("4 ", row->stage->name), text, gbps >= 1.0 && peak <= bound});
  }
  const Row* i = find_row(rows, 'i');
  if (i != nullptr) {
    const StageResult& r = i->m.result;
    std::snprintf(text, sizeof text, "write %.3f s, read %.3f s (write at most read)",
                  r.write_seconds, r.read_seconds);
    out.push_back({"5 COLLADA write vs read", text, r.write_seconds <= r.read_seconds});
  }
  return out;
}

// ---- output -----------------------------------------------------------------------------------

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out += buffer;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

bool is_conversion(char letter) { return letter >= 'd'; }

void print_table(const Config& config, uint64_t bytes, long baseline_kib,
                 const std::vector<Row>& rows) {
  const double mb = static_cast<double>(bytes) / 1e6;
  std::printf("%s: %.2f MB, best of %d, --threads %d\n", config.paths.input.c_str(), mb,
              config.repeat, config.threads);
  std::printf("   %-26s %9s %9s %9s %9s %12s\n", "stage", "seconds", "MB/s", "x expat", "cpu s",
              "peak RSS");
  const Row* a = find_row(rows, 'a');
  for (const Row& row : rows) {
    const StageResult& r = row.m.result;
    const double rss_mib = static_cast<double>(row.m.peak_rss_kib) / 1024;
    if (!r.ok) {
      std::printf("%c  %-26s %41s %8.1f MiB\n", row.stage->letter, row.stage->name, "failed",
                  rss_mib);
      std::printf("   %s\n", r.error);
      continue;
    }
    const double in_mb = static_cast<double>(r.input_bytes) / 1e6;
    // Against expat only for the stages that read FILE, as expat did.
    const char letter = row.stage->letter;
    char ratio[16] = "-";
    if (a != nullptr && (!is_conversion(letter) || letter == 'd' || letter == 'i')) {
      std::snprintf(ratio, sizeof ratio, "%.2f", r.seconds / a->m.result.seconds);
    }
    std::printf("%c  %-26s %9.3f %9.1f %9s %9.3f %8.1f MiB\n", row.stage->letter, row.stage->name,
                r.seconds, in_mb / r.seconds, ratio, r.cpu_seconds, rss_mib);
    if (row.stage->letter == 'b' || row.stage->letter == 'c') {
      std::printf("   %.2f M numbers%s\n", static_cast<double>(r.numbers) / 1e6,
                  row.stage->letter == 'b' ? " tokenised" : " kept in typed arrays");
    }
    if (is_conversion(row.stage->letter)) {
      std::printf(
          "   read %.3f s, write %.3f s (%.1f MB/s of output); %.2f MB in, %.2f MB out; %llu "
          "warnings%s%s\n",
          r.read_seconds, r.write_seconds,
          static_cast<double>(r.output_bytes) / 1e6 / r.write_seconds, in_mb,
          static_cast<double>(r.output_bytes) / 1e6, static_cast<unsigned long long>(r.warnings),
          r.warning_codes[0] ? ": " : "", r.warning_codes);
    }
  }
  std::printf("   (a forked child's own peak RSS before any stage: %.1f MiB)\n",
              static_cast<double>(baseline_kib) / 1024);
  std::vector<Target> targets = check_targets(config, rows);
  if (!targets.empty()) std::printf("issue 12 targets:\n");
  for (const Target& t : targets) {
    std::printf("   %-34s %-8s %s\n", t.name.c_str(), t.met ? "met" : "NOT MET", t.measured.c_str());
  }
}

void print_json(const Config& config, uint64_t bytes, long baseline_kib,
                const std::vector<Row>& rows) {
  const Row* a = find_row(rows, 'a');
  std::string out = cat("{\"file\":", json_string(config.paths.input), ",\"bytes\":", bytes,
                        ",\"repeat\":", config.repeat, ",\"threads\":", config.threads,
                        ",\"baseline_rss_kib\":", static_cast<int64_t>(baseline_kib),
                        ",\"stages\":[");
  for (size_t i = 0; i < rows.size(); ++i) {
    const StageResult& r = rows[i].m.result;
    const char letter = rows[i].stage->letter;
    if (i > 0) out += ',';
    out += cat("{\"stage\":\"", letter, "\",\"name\":", json_string(rows[i].stage->name),
               ",\"ok\":", r.ok ? "true" : "false",
               ",\"peak_rss_kib\":", static_cast<int64_t>(rows[i].m.peak_rss_kib));
    if (r.ok) {
      out += cat(",\"seconds\":", r.seconds, ",\"cpu_seconds\":", r.cpu_seconds,
                 ",\"input_bytes\":", r.input_bytes,
                 ",\"mb_per_s\":", static_cast<double>(r.input_bytes) / 1e6 / r.seconds);
      if (a != nullptr) out += cat(",\"ratio_to_expat\":", r.seconds / a->m.result.seconds);
      if (letter == 'b' || letter == 'c') out += cat(",\"numbers\":", r.numbers);
      if (is_conversion(letter)) {
        out += cat(",\"read_seconds\":", r.read_seconds, ",\"write_seconds\":", r.write_seconds,
                   ",\"output_bytes\":", r.output_bytes, ",\"warnings\":", r.warnings,
                   ",\"warning_codes\":", json_string(r.warning_codes));
      }
    } else {
      out += cat(",\"error\":", json_string(r.error));
    }
    out += '}';
  }
  out += "],\"targets\":[";
  std::vector<Target> targets = check_targets(config, rows);
  for (size_t i = 0; i < targets.size(); ++i) {
    if (i > 0) out += ',';
    out += cat("{\"target\":", json_string(targets[i].name),
               ",\"measured\":", json_string(targets[i].measured),
               ",\"met\":", targets[i].met ? "true" : "false", "}");
  }
  out += "]}\n";
  std::fputs(out.c_str(), stdout);
}

int usage() {
  std::fprintf(stderr,
               "usage: px_e2e FILE.dae [--out OUT.glb] [--repeat N] [--stages abcdefghi] "
               "[--threads N] [--json]\n"
               "  a: expat, empty handlers   b: expat + std::from_chars on every number\n"
               "  c: px::xml::parse          d: FILE -> GLB (OUT.glb)\n"
               "  e: d's GLB -> COLLADA      f: d's GLB -> GLB      g: d's GLB -> .gltf + .bin\n"
               "  h: g's .gltf -> GLB        i: FILE -> COLLADA\n"
               "  Each stage runs in its own forked child (own peak RSS), best of N runs;\n"
               "  --threads is ReadOptions::threads (0: the cores). Issue 12's targets follow.\n");
  return 1;
}

void remove_outputs(const StagePaths& p) {
  for (const std::string& path :
       {p.glb, p.gltf, p.dae_from_glb(), p.glb_from_glb(), p.glb_from_gltf(), p.dae_from_dae(),
        std::string(p.gltf.substr(0, p.gltf.size() - 5)) + ".bin"}) {
    std::remove(path.c_str());
  }
}

}  // namespace
}  // namespace px::bench

int main(int argc, char** argv) {
  using namespace px::bench;
  Config config;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--out" && i + 1 < argc) {
      config.paths.glb = argv[++i];
      config.keep_output = true;
    } else if (arg == "--repeat" && i + 1 < argc) {
      config.repeat = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--stages" && i + 1 < argc) {
      config.stages = argv[++i];
    } else if (arg == "--threads" && i + 1 < argc) {
      config.threads = std::max(0, std::atoi(argv[++i]));
    } else if (arg == "--json") {
      config.json = true;
    } else if (arg.starts_with("-") || !config.paths.input.empty()) {
      return usage();
    } else {
      config.paths.input = std::string(arg);
    }
  }
  if (config.paths.input.empty()) return usage();
  if (config.paths.glb.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    config.paths.glb = px::cat(tmp != nullptr && *tmp ? tmp : "/tmp", "/px_e2e_",
                               static_cast<int64_t>(::getpid()), ".glb");
  }
  config.paths.gltf = config.paths.glb.substr(0, config.paths.glb.size() - 4) + ".gltf";
  uint64_t bytes = 0;
  if (!warm_page_cache(config.paths.input, &bytes)) {
    std::fprintf(stderr, "px_e2e: cannot read %s: %s\n", config.paths.input.c_str(),
                 std::strerror(errno));
    return 3;
  }

  long baseline_kib = measure_in_child('0', config).peak_rss_kib;
  std::vector<Row> rows;
  bool all_ok = true;
  for (const Stage& stage : kStages) {
    if (config.stages.find(stage.letter) == std::string::npos) continue;
    Measured m = measure_in_child(stage.letter, config);
    if (stage.letter <= 'c' && m.result.ok) m.result.input_bytes = bytes;
    rows.push_back({&stage, m});
    all_ok = all_ok && rows.back().m.result.ok;
  }
  if (!config.keep_output) remove_outputs(config.paths);

  if (config.json) {
    print_json(config, bytes, baseline_kib, rows);
  } else {
    print_table(config, bytes, baseline_kib, rows);
  }
  return all_ok ? 0 : 2;
}
