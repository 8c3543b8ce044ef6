#include "tools/cli/command_help.h"

#include <utility>
#include <vector>

namespace px::cli {
namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return lines;
}

// "  --format glb|gltf|dae   ..." -> "--format"; "  -v, --verbose ..." -> "-v".
std::string_view flag_of(std::string_view entry) {
  entry.remove_prefix(2);
  return entry.substr(0, entry.find_first_of(" ,"));
}

bool names_command(std::string_view header, std::string_view command) {
  size_t open = header.find('(');
  if (open == std::string_view::npos) return false;
  std::string_view names = header.substr(open + 1, header.find(')') - open - 1);
  for (size_t at = 0; at <= names.size();) {
    size_t comma = names.find(", ", at);
    std::string_view name = names.substr(at, comma - at);
    if (name == command) return true;
    if (comma == std::string_view::npos) break;
    at = comma + 2;
  }
  return false;
}

// What starts a paragraph after out: a blank line, unless out ends in one.
std::string paragraph(const std::string& out) { return out.ends_with("\n\n") ? "" : "\n"; }

}  // namespace

std::string command_help(std::string_view help, std::string_view command, const FlagSpec& spec) {
  const std::string head = "  polyxios " + std::string(command) + " ";
  std::string out = "usage:\n";
  enum class In { kNothing, kUsage, kOptions, kExitCodes } in = In::kNothing;
  bool keep_entry = false;
  std::string list_header;  // printed with the first entry kept under it
  for (std::string_view line : lines_of(help)) {
    if (line.starts_with("  polyxios ")) {
      in = line.starts_with(head) ? In::kUsage : In::kNothing;
    } else if (!line.empty() && line.back() == ':' && !line.starts_with(" ")) {
      in = line.starts_with("exit codes")
               ? (names_command(line, command) ? In::kExitCodes : In::kNothing)
               : In::kOptions;
      list_header = line;
      if (in == In::kOptions) continue;
      if (in == In::kExitCodes) out += paragraph(out);
    } else if (in == In::kOptions) {
      if (line.starts_with("  -")) keep_entry = spec.takes(flag_of(line));
      if (line.empty() || !keep_entry) continue;
      if (!list_header.empty()) out += paragraph(out) + std::exchange(list_header, {}) + "\n";
    }
    if (in != In::kNothing) out += std::string(line) + "\n";
  }
  return out;
}

}  // namespace px::cli
