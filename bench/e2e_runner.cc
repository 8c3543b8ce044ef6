// px_e2e FILE [--out OUT.glb] [--repeat N] [--stages abcde] [--json]
//
// Times, on the same bytes and in one process, four stages that each read FILE from the start:
//   a  expat with empty handlers (the floor: XML scanning alone)
//   b  expat + std::from_chars on every number of the text (DESIGN.md's second baseline)
//   c  px::xml::parse: the element tree with float_array as float32, p / vcount as int32
//   d  px::read_scene + px::write_scene to GLB: the whole conversion
// and a fifth on stage d's output:
//   e  the GLB stage d wrote read back and written as COLLADA (OUT.glb.dae): the COLLADA writer
// Each stage runs in a forked child so that its peak RSS (ru_maxrss, read by wait4) is its own;
// the child runs the stage --repeat times and reports the best time through a pipe.
#include <expat.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "engine/source.h"
#include "engine/strings.h"
#include "engine/xml_document.h"
#ifdef PX_E2E_CONVERT
#include "formats/polyxios.h"
#endif

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double cpu_now() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// What a child sends back: plain bytes through a pipe.
struct StageResult {
  bool ok = false;
  double seconds = 0;        // best wall time of the repeats
  double cpu_seconds = 0;    // best process CPU time of the repeats (less hurt by a busy machine)
  double read_seconds = 0;   // stage d: read_scene, in the best run
  double write_seconds = 0;  // stage d: write_scene, in the best run
  uint64_t numbers = 0;      // stage b: numbers tokenised; c: values kept in typed arrays
  uint64_t output_bytes = 0;
  uint64_t warnings = 0;
  char warning_codes[256] = {};  // "code x count, ..." (cut short if long)
  char error[512] = {};
};

template <size_t N>
void set_text(char (&field)[N], std::string_view text) {
  size_t n = std::min(text.size(), N - 1);
  std::memcpy(field, text.data(), n);
  field[n] = '\0';
}

void set_error(StageResult& r, std::string_view message) { set_text(r.error, message); }

// ---- a, b: expat fed in 256 KiB blocks through XML_GetBuffer / XML_ParseBuffer --------------

constexpr int kBlock = 256 * 1024;

bool expat_pass(const std::string& path, XML_Parser parser, StageResult& r) {
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    set_error(r, px::cat(path, ": ", std::strerror(errno)));
    return false;
  }
  bool ok = true;
  while (true) {
    void* buffer = XML_GetBuffer(parser, kBlock);
    if (buffer == nullptr) {
      set_error(r, "XML_GetBuffer: out of memory");
      ok = false;
      break;
    }
    ssize_t n = ::read(fd, buffer, kBlock);
    if (n < 0) {
      set_error(r, px::cat(path, ": ", std::strerror(errno)));
      ok = false;
      break;
    }
    if (XML_ParseBuffer(parser, static_cast<int>(n), n == 0) != XML_STATUS_OK) {
      set_error(r, px::cat("line ", static_cast<int64_t>(XML_GetCurrentLineNumber(parser)), ": ",
                           XML_ErrorString(XML_GetErrorCode(parser))));
      ok = false;
      break;
    }
    if (n == 0) break;
  }
  ::close(fd);
  return ok;
}

void XMLCALL empty_start(void*, const XML_Char*, const XML_Char**) {}
void XMLCALL empty_end(void*, const XML_Char*) {}
void XMLCALL empty_text(void*, const XML_Char*, int) {}

bool stage_expat(const std::string& path, StageResult& r) {
  XML_Parser parser = XML_ParserCreate(nullptr);
  XML_SetElementHandler(parser, empty_start, empty_end);
  XML_SetCharacterDataHandler(parser, empty_text);
  bool ok = expat_pass(path, parser, r);
  XML_ParserFree(parser);
  return ok;
}

// Stage b: the same typing as stage c's policy (float, int32), and double for numbers in any
// other element (matrix, color, ...), whose non-numeric tokens are skipped.
class NumberScan {
 public:
  enum Kind : uint8_t { kFloat, kInt, kOther };

  static void XMLCALL on_start(void* self, const XML_Char* name, const XML_Char**) {
    auto* s = static_cast<NumberScan*>(self);
    s->flush();
    std::string_view n(name);
    s->kinds_.push_back(s->kind_);
    s->kind_ = n == "float_array"                                            ? kFloat
               : (n == "p" || n == "vcount" || n == "int_array" || n == "v") ? kInt
                                                                             : kOther;
  }
  static void XMLCALL on_end(void* self, const XML_Char*) {
    auto* s = static_cast<NumberScan*>(self);
    s->flush();
    s->kind_ = s->kinds_.back();
    s->kinds_.pop_back();
  }
  static void XMLCALL on_text(void* self, const XML_Char* text, int len) {
    static_cast<NumberScan*>(self)->feed(text, text + len);
  }

  uint64_t numbers() const { return numbers_; }
  double checksum() const { return checksum_; }

 private:
  static bool space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

  void feed(const char* p, const char* end) {
    if (partial_len_ > 0) {
      while (p < end && !space(*p)) {
        if (partial_len_ < sizeof partial_) partial_[partial_len_++] = *p;
        ++p;
      }
      if (p == end) return;
      flush();
    }
    while (true) {
      while (p < end && space(*p)) ++p;
      if (p == end) return;
      const char* start = p;
      while (p < end && !space(*p)) ++p;
      if (p == end) {
        partial_len_ = std::min(sizeof partial_, static_cast<size_t>(p - start));
        std::memcpy(partial_, start, partial_len_);
        return;
      }
      token(start, p);
    }
  }
  void flush() {
    if (partial_len_ == 0) return;
    token(partial_, partial_ + partial_len_);
    partial_len_ = 0;
  }
  void token(const char* first, const char* last) {
    switch (kind_) {
      case kFloat: {
        float v;
        if (std::from_chars(first, last, v).ec == std::errc()) {
          ++numbers_;
          checksum_ += v;
        }
        break;
      }
      case kInt: {
        int32_t v;
        if (std::from_chars(first, last, v).ec == std::errc()) {
          ++numbers_;
          checksum_ += v;
        }
        break;
      }
      case kOther: {
        double v;
        if (std::from_chars(first, last, v).ec == std::errc()) {
          ++numbers_;
          checksum_ += v;
        }
        break;
      }
    }
  }

  Kind kind_ = kOther;
  std::vector<Kind> kinds_;
  char partial_[64];
  size_t partial_len_ = 0;
  uint64_t numbers_ = 0;
  double checksum_ = 0;
};

bool stage_from_chars(const std::string& path, StageResult& r) {
  NumberScan scan;
  XML_Parser parser = XML_ParserCreate(nullptr);
  XML_SetUserData(parser, &scan);
  XML_SetElementHandler(parser, NumberScan::on_start, NumberScan::on_end);
  XML_SetCharacterDataHandler(parser, NumberScan::on_text);
  bool ok = expat_pass(path, parser, r);
  XML_ParserFree(parser);
  r.numbers = scan.numbers();
  if (scan.checksum() == 1e300) std::fputc(' ', stderr);  // keeps the sum observable
  return ok;
}

// ---- c: px::xml::parse ------------------------------------------------------------------------

px::xml::TextMode keep_policy(const px::xml::Element& e) {
  if (e.name == "float_array") return px::xml::TextMode::kFloat32;
  if (e.name == "p" || e.name == "vcount") return px::xml::TextMode::kInt32;
  return px::xml::TextMode::kString;
}

uint64_t count_values(const px::xml::Element& e) {
  uint64_t n = e.value_count();
  for (const px::xml::Element& c : e.children()) n += count_values(c);
  return n;
}

bool stage_xml_parse(const std::string& path, StageResult& r) {
  auto source = px::open_file_source(path);
  if (!source.ok()) {
    set_error(r, source.status().ToString());
    return false;
  }
  px::xml::ParseOptions options;
  options.policy = keep_policy;
  auto doc = px::xml::parse(**source, options);
  if (!doc.ok()) {
    set_error(r, doc.status().ToString());
    return false;
  }
  r.numbers = count_values(*(*doc)->root());  // not timed apart: a walk over the tree's spine
  return true;
}

// ---- d: the whole conversion ------------------------------------------------------------------

int g_threads = 0;  // --threads: ReadOptions::threads

bool convert(const std::string& path, const std::string& out_path, bool collada, StageResult& r) {
#ifdef PX_E2E_CONVERT
  px::Diagnostics diagnostics;
  Clock::time_point start = Clock::now();
  {
    px::ReadOptions read_options;
    read_options.threads = g_threads;
    auto scene = px::read_scene(path, read_options, diagnostics);
    r.read_seconds = seconds_since(start);
    if (!scene.ok()) {
      set_error(r, px::cat("read_scene: ", scene.status().ToString()));
      return false;
    }
    Clock::time_point write_start = Clock::now();
    px::WriteOptions options;
    options.binary = !collada;
    options.collada = collada;
    absl::Status written = px::write_scene(*scene, out_path, options, diagnostics);
    r.write_seconds = seconds_since(write_start);
    if (!written.ok()) {
      set_error(r, px::cat("write_scene: ", written.ToString()));
      return false;
    }
  }  // the scene is freed inside the timed span: a user pays for it too
  r.warnings = static_cast<uint64_t>(diagnostics.warning_count());
  std::string codes;
  for (const auto& [code, count] : diagnostics.counts_by_code()) {
    codes += px::cat(codes.empty() ? "" : ", ", code, " x", count);
  }
  set_text(r.warning_codes, codes);
  std::error_code ec;
  r.output_bytes = std::filesystem::file_size(out_path, ec);
  return true;
#else
  (void)path;
  (void)out_path;
  (void)collada;
  set_error(r, "not built: configure with -DPX_E2E_CONVERT=ON");
  return false;
#endif
}

bool stage_convert(const std::string& path, const std::string& out_path, StageResult& r) {
  return convert(path, out_path, false, r);
}

// ---- e: the COLLADA writer, on the GLB stage d wrote ------------------------------------------

std::string dae_path(const std::string& glb_path) { return glb_path + ".dae"; }

bool stage_write_collada(const std::string& glb_path, StageResult& r) {
  if (!std::filesystem::exists(glb_path)) {
    set_error(r, "stage e reads the GLB stage d writes: run d first (or give --out)");
    return false;
  }
  return convert(glb_path, dae_path(glb_path), true, r);
}

// ---- the forked children ----------------------------------------------------------------------

struct Stage {
  char letter;
  const char* name;
};
constexpr Stage kStages[] = {{'a', "expat, empty handlers"},
                             {'b', "expat + from_chars"},
                             {'c', "px::xml::parse"},
                             {'d', "read_scene + write_scene"},
                             {'e', "GLB of d -> COLLADA"}};

struct Config {
  std::string path;
  std::string out_path;
  bool keep_output = false;
  int repeat = 1;
  std::string stages = "abcde";
  bool json = false;
};

StageResult run_stage(char letter, const Config& config) {
  StageResult best;
  for (int i = 0; i < config.repeat; ++i) {
    StageResult r;
    double cpu_start = cpu_now();
    Clock::time_point start = Clock::now();
    switch (letter) {
      case 'a':
        r.ok = stage_expat(config.path, r);
        break;
      case 'b':
        r.ok = stage_from_chars(config.path, r);
        break;
      case 'c':
        r.ok = stage_xml_parse(config.path, r);
        break;
      case 'd':
        r.ok = stage_convert(config.path, config.out_path, r);
        break;
      case 'e':
        r.ok = stage_write_collada(config.out_path, r);
        break;
      default:
        break;  // the baseline child: does nothing
    }
    r.seconds = seconds_since(start);
    r.cpu_seconds = cpu_now() - cpu_start;
    if (!r.ok && letter != '0') return r;
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
    set_error(m.result, px::cat("pipe: ", std::strerror(errno)));
    return m;
  }
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = ::fork();
  if (pid < 0) {
    set_error(m.result, px::cat("fork: ", std::strerror(errno)));
    ::close(fds[0]);
    ::close(fds[1]);
    return m;
  }
  if (pid == 0) {
    ::close(fds[0]);
    StageResult r = run_stage(letter, config);
    if (letter == '0') r.ok = true;
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
    set_error(m.result, px::cat("crashed: ", strsignal(WTERMSIG(status))));
  } else {
    set_error(m.result, px::cat("child exited with ", WEXITSTATUS(status)));
  }
  return m;
}

// Reads the file once so every stage starts from the page cache.
bool warm_page_cache(const std::string& path, uint64_t* size) {
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return false;
  std::vector<char> buffer(1 << 20);
  *size = 0;
  ssize_t n;
  while ((n = ::read(fd, buffer.data(), buffer.size())) > 0) *size += static_cast<uint64_t>(n);
  ::close(fd);
  return n == 0;
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

struct Row {
  const Stage* stage;
  Measured m;
};

void print_table(const Config& config, uint64_t bytes, long baseline_kib,
                 const std::vector<Row>& rows) {
  const double mb = static_cast<double>(bytes) / 1e6;
  std::printf("%s: %.2f MB, best of %d\n", config.path.c_str(), mb, config.repeat);
  std::printf("   %-26s %9s %9s %9s %9s %12s\n", "stage", "seconds", "MB/s", "x expat", "cpu s",
              "peak RSS");
  double expat_seconds = 0;
  for (const Row& row : rows) {
    if (row.stage->letter == 'a' && row.m.result.ok) expat_seconds = row.m.result.seconds;
  }
  for (const Row& row : rows) {
    const StageResult& r = row.m.result;
    const double rss_mib = static_cast<double>(row.m.peak_rss_kib) / 1024;
    if (!r.ok) {
      std::printf("%c  %-26s %41s %8.1f MiB\n", row.stage->letter, row.stage->name, "failed",
                  rss_mib);
      std::printf("   %s\n", r.error);
      continue;
    }
    char ratio[16] = "-";
    if (expat_seconds > 0) std::snprintf(ratio, sizeof ratio, "%.2f", r.seconds / expat_seconds);
    std::printf("%c  %-26s %9.3f %9.1f %9s %9.3f %8.1f MiB\n", row.stage->letter, row.stage->name,
                r.seconds, mb / r.seconds, ratio, r.cpu_seconds, rss_mib);
    if (row.stage->letter == 'b' || row.stage->letter == 'c') {
      std::printf("   %.2f M numbers%s\n", static_cast<double>(r.numbers) / 1e6,
                  row.stage->letter == 'b' ? " tokenised" : " kept in typed arrays");
    }
    if (row.stage->letter == 'd' || row.stage->letter == 'e') {
      std::string output = row.stage->letter == 'd' ? config.out_path : dae_path(config.out_path);
      std::printf(
          "   read %.3f s, write %.3f s (%.1f MB/s of output); %s: %.2f MB; %llu warnings%s%s\n",
          r.read_seconds, r.write_seconds,
          static_cast<double>(r.output_bytes) / 1e6 / r.write_seconds,
          config.keep_output ? output.c_str() : "output", static_cast<double>(r.output_bytes) / 1e6,
          static_cast<unsigned long long>(r.warnings), r.warning_codes[0] ? ": " : "",
          r.warning_codes);
    }
  }
  std::printf("   (a forked child's own peak RSS before any stage: %.1f MiB)\n",
              static_cast<double>(baseline_kib) / 1024);
}

void print_json(const Config& config, uint64_t bytes, long baseline_kib,
                const std::vector<Row>& rows) {
  double expat_seconds = 0;
  for (const Row& row : rows) {
    if (row.stage->letter == 'a' && row.m.result.ok) expat_seconds = row.m.result.seconds;
  }
  std::string out = px::cat(
      "{\"file\":", json_string(config.path), ",\"bytes\":", bytes, ",\"repeat\":", config.repeat,
      ",\"baseline_rss_kib\":", static_cast<int64_t>(baseline_kib), ",\"stages\":[");
  for (size_t i = 0; i < rows.size(); ++i) {
    const StageResult& r = rows[i].m.result;
    if (i > 0) out += ',';
    out += px::cat("{\"stage\":\"", rows[i].stage->letter,
                   "\",\"name\":", json_string(rows[i].stage->name),
                   ",\"ok\":", r.ok ? "true" : "false",
                   ",\"peak_rss_kib\":", static_cast<int64_t>(rows[i].m.peak_rss_kib));
    if (r.ok) {
      out += px::cat(",\"seconds\":", r.seconds, ",\"cpu_seconds\":", r.cpu_seconds,
                     ",\"mb_per_s\":", static_cast<double>(bytes) / 1e6 / r.seconds);
      if (expat_seconds > 0) out += px::cat(",\"ratio_to_expat\":", r.seconds / expat_seconds);
      if (rows[i].stage->letter == 'b' || rows[i].stage->letter == 'c') {
        out += px::cat(",\"numbers\":", r.numbers);
      }
      if (rows[i].stage->letter == 'd' || rows[i].stage->letter == 'e') {
        out += px::cat(",\"read_seconds\":", r.read_seconds, ",\"write_seconds\":", r.write_seconds,
                       ",\"output_bytes\":", r.output_bytes, ",\"warnings\":", r.warnings,
                       ",\"warning_codes\":", json_string(r.warning_codes));
      }
    } else {
      out += px::cat(",\"error\":", json_string(r.error));
    }
    out += '}';
  }
  out += "]}\n";
  std::fputs(out.c_str(), stdout);
}

int usage() {
  std::fprintf(stderr,
               "usage: px_e2e FILE [--out OUT.glb] [--repeat N] [--stages abcde] [--json]\n"
               "  a: expat, empty handlers   b: expat + std::from_chars on every number\n"
               "  c: px::xml::parse          d: px::read_scene + px::write_scene to GLB\n"
               "  e: d's GLB read and written as COLLADA (OUT.glb.dae)\n"
               "  Each stage runs in its own forked child (own peak RSS), best of N runs.\n");
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  Config config;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--out" && i + 1 < argc) {
      config.out_path = argv[++i];
      config.keep_output = true;
    } else if (arg == "--repeat" && i + 1 < argc) {
      config.repeat = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--stages" && i + 1 < argc) {
      config.stages = argv[++i];
    } else if (arg == "--json") {
      config.json = true;
    } else if (arg == "--threads" && i + 1 < argc) {
      g_threads = std::max(0, std::atoi(argv[++i]));
    } else if (arg.starts_with("-") || !config.path.empty()) {
      return usage();
    } else {
      config.path = std::string(arg);
    }
  }
  if (config.path.empty()) return usage();
  if (config.out_path.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    config.out_path = px::cat(tmp != nullptr && *tmp ? tmp : "/tmp", "/px_e2e_",
                              static_cast<int64_t>(::getpid()), ".glb");
  }
  uint64_t bytes = 0;
  if (!warm_page_cache(config.path, &bytes)) {
    std::fprintf(stderr, "px_e2e: cannot read %s: %s\n", config.path.c_str(), std::strerror(errno));
    return 3;
  }

  long baseline_kib = measure_in_child('0', config).peak_rss_kib;
  std::vector<Row> rows;
  bool all_ok = true;
  for (const Stage& stage : kStages) {
    if (config.stages.find(stage.letter) == std::string::npos) continue;
    rows.push_back({&stage, measure_in_child(stage.letter, config)});
    all_ok = all_ok && rows.back().m.result.ok;
  }
  if (!config.keep_output) {
    std::remove(config.out_path.c_str());
    std::remove(dae_path(config.out_path).c_str());
  }

  if (config.json) {
    print_json(config, bytes, baseline_kib, rows);
  } else {
    print_table(config, bytes, baseline_kib, rows);
  }
  return all_ok ? 0 : 2;
}
