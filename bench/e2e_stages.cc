#include "bench/e2e_stages.h"

#include <expat.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <vector>

#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/read/xml/xml_document.h"
#ifdef PX_E2E_CONVERT
#include "polyxios/polyxios.h"
#endif

namespace px::bench {

template <size_t N>
void set_text(char (&field)[N], std::string_view text) {
  size_t n = std::min(text.size(), N - 1);
  std::memcpy(field, text.data(), n);
  field[n] = '\0';
}

void set_error(StageResult& r, std::string_view message) { set_text(r.error, message); }

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// ---- a, b: expat fed in 256 KiB blocks through XML_GetBuffer / XML_ParseBuffer --------------

constexpr int kBlock = 256 * 1024;

bool expat_pass(const std::string& path, XML_Parser parser, StageResult& r) {
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    set_error(r, cat(path, ": ", std::strerror(errno)));
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
      set_error(r, cat(path, ": ", std::strerror(errno)));
      ok = false;
      break;
    }
    if (XML_ParseBuffer(parser, static_cast<int>(n), n == 0) != XML_STATUS_OK) {
      set_error(r, cat("line ", static_cast<int64_t>(XML_GetCurrentLineNumber(parser)), ": ",
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

// ---- c: xml::parse ------------------------------------------------------------------------

xml::TextMode keep_policy(const xml::Element& e) {
  if (e.name == "float_array") return xml::TextMode::kFloat32;
  if (e.name == "p" || e.name == "vcount") return xml::TextMode::kInt32;
  return xml::TextMode::kString;
}

uint64_t count_values(const xml::Element& e) {
  uint64_t n = e.value_count();
  for (const xml::Element& c : e.children()) n += count_values(c);
  return n;
}

bool stage_xml_parse(const std::string& path, StageResult& r) {
  auto source = open_file_source(path);
  if (!source.ok()) {
    set_error(r, source.status().ToString());
    return false;
  }
  xml::ParseOptions options;
  options.policy = keep_policy;
  auto doc = xml::parse(**source, options);
  if (!doc.ok()) {
    set_error(r, doc.status().ToString());
    return false;
  }
  r.numbers = count_values(*(*doc)->root());  // not timed apart: a walk over the tree's spine
  return true;
}

// ---- d to i: conversions through the public API ---------------------------------------------

uint64_t file_bytes(const std::string& path) {
  std::error_code ec;
  uint64_t n = std::filesystem::file_size(path, ec);
  return ec ? 0 : n;
}

// in -> out, the format of each told by its extension (as polyxios convert does).
bool convert(const std::string& in, const std::string& out, int threads, StageResult& r) {
#ifdef PX_E2E_CONVERT
  if (!std::filesystem::exists(in)) {
    set_error(r, cat(in, " is written by an earlier stage: run it first (or give --out)"));
    return false;
  }
  r.input_bytes = file_bytes(in);
  if (in.ends_with(".gltf")) {
    r.input_bytes += file_bytes(std::filesystem::path(in).replace_extension(".bin").string());
  }
  // The previous run's output goes before the clock starts: replacing a file makes the kernel
  // free its pages and blocks at the rename (46 ms for a 65 MB GLB here), which is the file
  // system's cost of the earlier run, not this conversion's.
  std::error_code ignored;
  std::filesystem::remove(out, ignored);
  if (out.ends_with(".gltf")) {
    std::filesystem::remove(std::filesystem::path(out).replace_extension(".bin"), ignored);
  }
  Diagnostics diagnostics;
  Clock::time_point start = Clock::now();
  {
    ReadOptions read_options;
    read_options.threads = threads;
    auto scene = read_scene(in, read_options, diagnostics);
    r.read_seconds = seconds_since(start);
    if (!scene.ok()) {
      set_error(r, cat("read_scene: ", scene.status().ToString()));
      return false;
    }
    Clock::time_point write_start = Clock::now();
    absl::Status written = write_scene(*scene, out, WriteOptions{}, diagnostics);
    r.write_seconds = seconds_since(write_start);
    if (!written.ok()) {
      set_error(r, cat("write_scene: ", written.ToString()));
      return false;
    }
  }  // the scene is freed inside the timed span: a user pays for it too
  r.warnings = static_cast<uint64_t>(diagnostics.warning_count());
  std::string codes;
  for (const auto& [code, count] : diagnostics.counts_by_code()) {
    codes += cat(codes.empty() ? "" : ", ", code, " x", count);
  }
  set_text(r.warning_codes, codes);
  r.output_bytes = file_bytes(out);
  if (out.ends_with(".gltf")) {
    r.output_bytes += file_bytes(std::filesystem::path(out).replace_extension(".bin").string());
  }
  return true;
#else
  (void)in;
  (void)out;
  (void)threads;
  set_error(r, "not built: configure with -DPX_E2E_CONVERT=ON");
  return false;
#endif
}

}  // namespace

bool run_stage_once(char letter, const StagePaths& paths, int threads, StageResult& r) {
  switch (letter) {
    case 'a':
      return stage_expat(paths.input, r);
    case 'b':
      return stage_from_chars(paths.input, r);
    case 'c':
      return stage_xml_parse(paths.input, r);
    case 'd':
      return convert(paths.input, paths.glb, threads, r);
    case 'e':
      return convert(paths.glb, paths.dae_from_glb(), threads, r);
    case 'f':
      return convert(paths.glb, paths.glb_from_glb(), threads, r);
    case 'g':
      return convert(paths.glb, paths.gltf, threads, r);
    case 'h':
      return convert(paths.gltf, paths.glb_from_gltf(), threads, r);
    case 'i':
      return convert(paths.input, paths.dae_from_dae(), threads, r);
    default:
      return true;  // the baseline child: does nothing
  }
}

}  // namespace px::bench
