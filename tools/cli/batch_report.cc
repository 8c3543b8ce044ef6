#include "tools/cli/batch_report.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

#include "engine/base64.h"
#include "engine/errors.h"
#include "engine/utf8.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"

namespace px::cli {
namespace {

constexpr std::string_view kOutcomeNames[kOutcomeCount] = {
    "converted", "refused", "io-error", "timeout", "memory", "crashed"};

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// Every string through valid_utf8, so a line is JSON whatever bytes a file name holds.
void put(JsonWriter& w, const char* key, std::string_view value) {
  std::string text = valid_utf8(value);
  w.Key(key);
  w.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
}

bool get_string(const rapidjson::Value& o, const char* key, std::string* out) {
  auto it = o.FindMember(key);
  if (it == o.MemberEnd()) return true;  // optional
  if (!it->value.IsString()) return false;
  out->assign(it->value.GetString(), it->value.GetStringLength());
  return true;
}

// A path as valid UTF-8 under key and, when that lost bytes (a file name that is not UTF-8),
// its bytes in base64 under raw_key, so that two such names never read back as one.
void put_path(JsonWriter& w, const char* key, const char* raw_key, std::string_view path) {
  put(w, key, path);
  if (valid_utf8(path) != path) put(w, raw_key, base64_encode(path));
}

// The path put_path wrote: raw_key's bytes when present, else key's text.
bool get_path(const rapidjson::Value& o, const char* key, const char* raw_key, std::string* out) {
  auto raw = o.FindMember(raw_key);
  if (raw == o.MemberEnd()) return get_string(o, key, out);
  if (!raw->value.IsString()) return false;
  std::optional<std::vector<uint8_t>> bytes =
      base64_decode({raw->value.GetString(), raw->value.GetStringLength()});
  if (!bytes.has_value()) return false;
  out->assign(bytes->begin(), bytes->end());
  return true;
}

void put(JsonWriter& w, const char* key, int64_t value) {
  w.Key(key);
  w.Int64(value);
}

template <typename T>
bool get_int(const rapidjson::Value& o, const char* key, T* out) {
  auto it = o.FindMember(key);
  if (it == o.MemberEnd()) return true;
  if (!it->value.IsInt64()) return false;
  *out = static_cast<T>(it->value.GetInt64());
  return true;
}

std::string megabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", bytes / 1e6);
  return text;
}

}  // namespace

std::string_view outcome_name(Outcome outcome) {
  return kOutcomeNames[static_cast<int>(outcome)];
}

bool is_failure(Outcome outcome) {
  return outcome != Outcome::kConverted && outcome != Outcome::kRefused;
}

std::string_view outcome_word(Outcome outcome) {
  return is_failure(outcome) ? "failed" : outcome_name(outcome);
}

std::string to_json_line(const AssetRecord& r) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  put_path(w, "input", "inputRaw", r.input);
  put_path(w, "output", "outputRaw", r.output);
  put(w, "outcome", outcome_word(r.outcome));
  if (is_failure(r.outcome)) put(w, "failure", outcome_name(r.outcome));
  w.Key("exitCode");
  if (r.exit_code >= 0) w.Int(r.exit_code); else w.Null();
  if (r.signal != 0) put(w, "signal", r.signal);
  if (!r.rule.empty()) put(w, "rule", r.rule);
  if (!r.message.empty()) put(w, "message", r.message);
  w.Key("warnings");
  w.StartObject();
  for (const auto& [code, count] : r.warnings) {
    std::string text = valid_utf8(code);
    w.Key(text.data(), static_cast<rapidjson::SizeType>(text.size()), true);
    w.Int64(count);
  }
  w.EndObject();
  put(w, "inputBytes", r.input_bytes);
  put(w, "inputMtimeNs", r.input_mtime_ns);
  put(w, "outputBytes", r.output_bytes);
  w.Key("seconds");
  w.Double(std::isfinite(r.seconds) ? std::round(r.seconds * 1e6) / 1e6 : 0.0);
  put(w, "peakRssKiB", r.peak_rss_kib);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize()) + "\n";
}

absl::StatusOr<AssetRecord> parse_json_line(std::string_view line) {
  rapidjson::Document doc;
  doc.Parse(line.data(), line.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    return absl::InvalidArgumentError("not a JSON object");
  }
  AssetRecord r;
  std::string outcome, failure;
  bool ok =
      get_string(doc, "failure", &failure) && get_path(doc, "input", "inputRaw", &r.input) &&
      get_path(doc, "output", "outputRaw", &r.output) && get_string(doc, "outcome", &outcome) &&
      get_int(doc, "signal", &r.signal) && get_string(doc, "rule", &r.rule) &&
      get_string(doc, "message", &r.message) && get_int(doc, "inputBytes", &r.input_bytes) &&
      get_int(doc, "inputMtimeNs", &r.input_mtime_ns) &&
      get_int(doc, "outputBytes", &r.output_bytes) && get_int(doc, "peakRssKiB", &r.peak_rss_kib);
  if (!ok || r.input.empty()) return absl::InvalidArgumentError("not a batch report line");
  if (outcome == "failed") outcome = failure;
  auto found = std::find(std::begin(kOutcomeNames), std::end(kOutcomeNames), outcome);
  if (found == std::end(kOutcomeNames)) {
    return absl::InvalidArgumentError("unknown outcome " + outcome);
  }
  r.outcome = static_cast<Outcome>(found - std::begin(kOutcomeNames));
  if (auto it = doc.FindMember("exitCode"); it != doc.MemberEnd() && it->value.IsInt()) {
    r.exit_code = it->value.GetInt();
  }
  if (auto it = doc.FindMember("seconds"); it != doc.MemberEnd() && it->value.IsNumber()) {
    r.seconds = it->value.GetDouble();
  }
  if (auto it = doc.FindMember("warnings"); it != doc.MemberEnd() && it->value.IsObject()) {
    for (const auto& m : it->value.GetObject()) {
      if (m.value.IsInt64()) r.warnings.emplace_back(m.name.GetString(), m.value.GetInt64());
    }
  }
  return r;
}

absl::StatusOr<std::vector<AssetRecord>> read_report(const std::string& path, int64_t* skipped) {
  std::vector<AssetRecord> records;
  *skipped = 0;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return records;
  std::ifstream in(path, std::ios::binary);
  if (!in) return io_error("cannot read the report " + path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    absl::StatusOr<AssetRecord> r = parse_json_line(line);
    if (r.ok()) {
      records.push_back(std::move(*r));
    } else {
      ++*skipped;
    }
  }
  if (in.bad()) return io_error("cannot read the report " + path);
  return records;
}

int64_t Summary::failed() const {
  int64_t n = 0;
  for (int i = 0; i < kOutcomeCount; ++i) n += is_failure(static_cast<Outcome>(i)) ? counts[i] : 0;
  return n;
}

int64_t Summary::assets() const {
  int64_t n = skipped;
  for (int64_t c : counts) n += c;
  return n;
}

void Summary::add(const AssetRecord& r) {
  ++counts[static_cast<int>(r.outcome)];
  if (r.outcome == Outcome::kRefused) {
    ++refusal_rules[r.rule.empty() ? "(no rule)" : r.rule];
    if (r.message.ends_with(kRepairReadsIt)) ++readable_with_repair;
  }
  input_bytes += r.input_bytes;
  output_bytes += r.output_bytes;
  worker_seconds += r.seconds;
}

int exit_code_of(const Summary& s) {
  auto n = [&](Outcome o) { return s.counts[static_cast<int>(o)]; };
  if (n(Outcome::kCrashed) > 0) return 4;
  if (n(Outcome::kIoError) + n(Outcome::kTimeout) + n(Outcome::kMemory) > 0) return 3;
  if (n(Outcome::kRefused) > 0) return 2;
  return 0;
}

namespace {

std::vector<std::pair<std::string, int64_t>> top_rules(const Summary& s, size_t most) {
  std::vector<std::pair<std::string, int64_t>> rules(s.refusal_rules.begin(),
                                                     s.refusal_rules.end());
  std::stable_sort(rules.begin(), rules.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  if (rules.size() > most) rules.resize(most);
  return rules;
}

}  // namespace

void print_summary(std::FILE* out, const Summary& s, double wall_seconds) {
  std::fprintf(out, "%lld assets: %lld converted, %lld refused", static_cast<long long>(s.assets()),
               static_cast<long long>(s.counts[static_cast<int>(Outcome::kConverted)]),
               static_cast<long long>(s.counts[static_cast<int>(Outcome::kRefused)]));
  if (s.readable_with_repair > 0) {
    std::fprintf(out, " (%lld of them readable with --repair)",
                 static_cast<long long>(s.readable_with_repair));
  }
  std::fprintf(out, ", %lld failed", static_cast<long long>(s.failed()));
  const char* open = " (";
  for (int i = 0; i < kOutcomeCount; ++i) {
    if (!is_failure(static_cast<Outcome>(i)) || s.counts[i] == 0) continue;
    std::fprintf(out, "%s%lld %s", open, static_cast<long long>(s.counts[i]),
                 kOutcomeNames[i].data());
    open = ", ";
  }
  if (s.failed() > 0) std::fputc(')', out);
  if (s.skipped > 0) {
    std::fprintf(out, "; %lld skipped (already converted)", static_cast<long long>(s.skipped));
  }
  if (s.symlinks_left_out > 0) {
    std::fprintf(out, "; %lld symlink%s leading outside SRC left out",
                 static_cast<long long>(s.symlinks_left_out), s.symlinks_left_out == 1 ? "" : "s");
  }
  std::fputc('\n', out);
  std::vector<std::pair<std::string, int64_t>> rules = top_rules(s, 10);
  if (!rules.empty()) {
    std::fputs("top refusal rules:", out);
    for (size_t i = 0; i < rules.size(); ++i) {
      std::fprintf(out, "%s %s (%lld)", i == 0 ? "" : ",", rules[i].first.c_str(),
                   static_cast<long long>(rules[i].second));
    }
    std::fputc('\n', out);
  }
  std::fprintf(out, "%s in, %s out", megabytes(static_cast<double>(s.input_bytes)).c_str(),
               megabytes(static_cast<double>(s.output_bytes)).c_str());
  if (wall_seconds > 0) {
    std::fprintf(out, " in %.2f s: %.1f MB/s", wall_seconds,
                 static_cast<double>(s.input_bytes) / 1e6 / wall_seconds);
  }
  std::fputc('\n', out);
}

std::string summary_json(const Summary& s) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  put(w, "assets", s.assets());
  w.Key("outcomes");
  w.StartObject();
  put(w, "converted", s.counts[static_cast<int>(Outcome::kConverted)]);
  put(w, "refused", s.counts[static_cast<int>(Outcome::kRefused)]);
  put(w, "failed", s.failed());
  w.EndObject();
  w.Key("failures");
  w.StartObject();
  for (int i = 0; i < kOutcomeCount; ++i) {
    if (is_failure(static_cast<Outcome>(i))) put(w, kOutcomeNames[i].data(), s.counts[i]);
  }
  w.EndObject();
  put(w, "skipped", s.skipped);
  put(w, "readableWithRepair", s.readable_with_repair);
  w.Key("topRefusalRules");
  w.StartArray();
  for (const auto& [rule, count] : top_rules(s, 10)) {
    w.StartObject();
    put(w, "rule", rule);
    put(w, "count", count);
    w.EndObject();
  }
  w.EndArray();
  put(w, "inputBytes", s.input_bytes);
  put(w, "outputBytes", s.output_bytes);
  w.Key("workerSeconds");
  w.Double(std::round(s.worker_seconds * 1e3) / 1e3);
  put(w, "exitCode", exit_code_of(s));
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize()) + "\n";
}

}  // namespace px::cli
