#include "tools/cli/validate_report.h"

#include <algorithm>
#include <charconv>

#include "engine/strings.h"
#include "engine/utf8.h"
#include "formats/gltf/khronos_codes.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "tools/cli/cli_common.h"

namespace px::cli {
namespace {

constexpr char kValidatorVersion[] = "polyxios " PX_VERSION;
constexpr std::string_view kAtLine = "> at line ";

// The line a refusal's detail names: refuse() spells "<element> at line N: ...".
int64_t line_named(std::string_view detail) {
  if (!detail.starts_with('<')) return 0;
  size_t at = detail.find(kAtLine);
  if (at == std::string_view::npos) return 0;
  std::string_view digits = detail.substr(at + kAtLine.size());
  int64_t line = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), line);
  return line;
}

// glTF messages open with the JSON pointer of what they are about ("/meshes/0/primitives/0: ...").
std::string_view pointer_named(std::string_view message) {
  if (!message.starts_with('/')) return {};
  return message.substr(0, std::min(message.find(": "), message.find(' ')));
}

// "3 warnings (CODE x2, CODE x1)": the messages of a level, by code in first-seen order.
std::string summary_at(const std::vector<Message>& messages, Level level) {
  std::vector<std::pair<std::string_view, int64_t>> by_code;
  int64_t total = 0;
  for (const Message& m : messages) {
    if (m.level != level) continue;
    total += m.count;
    auto it = std::find_if(by_code.begin(), by_code.end(),
                           [&](const auto& entry) { return entry.first == m.code; });
    if (it == by_code.end()) {
      by_code.emplace_back(m.code, m.count);
    } else {
      it->second += m.count;
    }
  }
  if (total == 0) return {};
  std::string out = cat(total, " ", level_name(level), total == 1 ? " (" : "s (");
  for (size_t i = 0; i < by_code.size(); ++i) {
    out += cat(i == 0 ? "" : ", ", by_code[i].first, " x", by_code[i].second);
  }
  return out + ")";
}

// The words of batch: "refused" by the rules, "failed" for another reason (its code says which:
// io.error, memory.exhausted, internal.error, validate.timeout).
std::string_view verdict_word(const AssetReport& report) {
  if (report.timed_out) return "failed";
  switch (report.failure) {
    case Failure::kNone:
      break;
    case Failure::kRefused:
      return "refused";
    default:
      return "failed";
  }
  switch (verdict_of(report)) {
    case Verdict::kOk:
      return "ok";
    case Verdict::kWarnings:
      return "warnings";
    case Verdict::kFailed:
      break;
  }
  return "refused";  // an error after --severity: the rules refuse it
}

}  // namespace

Message refusal_message(const absl::Status& status) {
  std::string text(status.message().data(), status.message().size());
  Message m;
  m.level = Level::kError;
  m.code = rule_of(status);
  if (!m.code.empty()) {
    m.message = text.size() > m.code.size() + 2 ? text.substr(m.code.size() + 2) : "";
  } else {
    m.message = text;
    switch (failure_of(status)) {
      case Failure::kIo:
        m.code = "io.error";
        break;
      case Failure::kOutOfMemory:
        m.code = "memory.exhausted";
        break;
      default:
        m.code = "internal.error";
    }
  }
  if (std::optional<gltf::KhronosCode> k = gltf::khronos_code_of(m.code)) m.khronos_code = k->code;
  m.line = line_named(m.message);
  return m;
}

int64_t count_at(const AssetReport& report, Level level) {
  int64_t n = 0;
  for (const Message& m : report.messages) n += m.level == level ? m.count : 0;
  return n;
}

Verdict verdict_of(const AssetReport& report) {
  if (report.failure != Failure::kNone || count_at(report, Level::kError) > 0) {
    return Verdict::kFailed;
  }
  return count_at(report, Level::kWarning) > 0 ? Verdict::kWarnings : Verdict::kOk;
}

int exit_code_of(const AssetReport& report) {
  if (report.failure != Failure::kNone) return exit_status(report.failure);
  return verdict_of(report) == Verdict::kFailed ? exit_status(Failure::kRefused) : 0;
}

std::string plain_line(const AssetReport& report) {
  std::string_view word = verdict_word(report);
  std::string line = cat(word, std::string(std::max<size_t>(1, 11 - word.size()), ' '), report.uri);
  std::vector<std::string> parts;
  std::vector<Message> listed = report.messages;
  if (report.failure != Failure::kNone && !listed.empty()) {
    parts.push_back(cat(listed.back().code, ": ", listed.back().message));
    listed.pop_back();
  }
  for (Level level : {Level::kError, Level::kWarning, Level::kInfo, Level::kHint}) {
    if (std::string part = summary_at(listed, level); !part.empty()) parts.push_back(part);
  }
  for (size_t i = 0; i < parts.size(); ++i) line += cat(i == 0 ? ": " : "; ", parts[i]);
  return line;
}

std::string json_line(const AssetReport& report) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> json(buffer);
  auto string = [&](std::string_view s) {
    std::string text = valid_utf8(s);
    json.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
  };
  json.StartObject();
  json.Key("uri");
  string(report.uri);
  json.Key("mimeType");
  string(mime_type_of(report.format));
  json.Key("validatorVersion");
  json.String(kValidatorVersion);
  if (!report.validated_at.empty()) {
    json.Key("validatedAt");
    string(report.validated_at);
  }
  json.Key("issues");
  json.StartObject();
  json.Key("numErrors");
  json.Int64(count_at(report, Level::kError));
  json.Key("numWarnings");
  json.Int64(count_at(report, Level::kWarning));
  json.Key("numInfos");
  json.Int64(count_at(report, Level::kInfo));
  json.Key("numHints");
  json.Int64(count_at(report, Level::kHint));
  json.Key("messages");
  json.StartArray();
  for (const Message& m : report.messages) {
    json.StartObject();
    json.Key("code");
    string(m.code);
    if (!m.khronos_code.empty()) {
      json.Key("khronosCode");
      string(m.khronos_code);
    }
    json.Key("message");
    string(m.message);
    json.Key("severity");
    json.Int(static_cast<int>(m.level));
    if (std::string_view pointer = pointer_named(m.message); !pointer.empty()) {
      json.Key("pointer");
      string(pointer);
    } else if (m.line > 0) {
      json.Key("line");
      json.Int64(m.line);
    }
    json.Key("count");
    json.Int64(m.count);
    json.EndObject();
  }
  json.EndArray();
  json.Key("truncated");
  json.Bool(false);
  json.EndObject();
  if (report.info) {
    const ValidatorInfo& info = *report.info;
    auto integer = [&](const char* key, int64_t value) {
      json.Key(key);
      json.Int64(value);
    };
    auto boolean = [&](const char* key, bool value) {
      json.Key(key);
      json.Bool(value);
    };
    json.Key("info");
    json.StartObject();
    if (!info.version.empty()) {
      json.Key("version");
      string(info.version);
    }
    if (!info.generator.empty()) {
      json.Key("generator");
      string(info.generator);
    }
    integer("animationCount", info.animations);
    integer("materialCount", info.materials);
    boolean("hasMorphTargets", info.has_morph_targets);
    boolean("hasSkins", info.has_skins);
    boolean("hasTextures", info.has_textures);
    integer("drawCallCount", info.draw_calls);
    integer("totalVertexCount", info.vertices);
    integer("totalTriangleCount", info.triangles);
    integer("maxUVs", info.max_uvs);
    integer("maxInfluences", info.max_influences);
    integer("meshes", info.meshes);
    integer("nodes", info.nodes);
    integer("materials", info.materials);
    integer("skins", info.skins);
    integer("animations", info.animations);
    json.EndObject();
  }
  json.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string_view mime_type_of(Format format) {
  switch (format) {
    case Format::kGlb:
      return "model/gltf-binary";
    case Format::kGltf:
      return "model/gltf+json";
    case Format::kCollada:
      return "model/vnd.collada+xml";
    case Format::kUnknown:
      break;
  }
  return "application/octet-stream";
}

}  // namespace px::cli
