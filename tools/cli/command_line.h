// The flags of one command: switches (--quiet), options that take a value (--to glb, --to=glb,
// -j 2, -j2), repeatable options (--ignore A --ignore B), and positional arguments. A flag the
// command does not know (with the nearest it knows, "did you mean"), or an option without its
// value, is a usage error. An alias is the same flag under another name (--to for --format).
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace px::cli {

struct FlagSpec {
  std::set<std::string, std::less<>> switches;  // "--quiet"
  std::set<std::string, std::less<>> options;   // "--format", "-j"
  std::map<std::string, std::string, std::less<>> aliases = {};  // "--to" -> "--format"

  bool takes(std::string_view flag) const;  // a switch, an option or an alias of this spec
};

class CommandLine {
 public:
  // argv[first..argc) against spec; error() is non-empty when they do not fit it.
  CommandLine(int argc, char** argv, int first, const FlagSpec& spec);

  const std::string& error() const { return error_; }
  const std::vector<std::string>& positional() const { return positional_; }
  // Flags by their own names, not by an alias.
  bool has(std::string_view flag) const;
  // The last value given for an option, or fallback.
  std::string value(std::string_view option, std::string_view fallback = "") const;
  // Every value given for a repeatable option, in order.
  std::vector<std::string> values(std::string_view option) const;

 private:
  std::vector<std::string> positional_;
  std::set<std::string, std::less<>> switches_;
  std::map<std::string, std::vector<std::string>, std::less<>> values_;
  std::string error_;
};

// -j's default: the cores this process may run on (its CPU affinity, which a container's cpuset
// narrows), no more than its cgroup's CPU quota (a pod's CPU limit), at least 1.
int default_workers();

// "-j 4" and friends: a whole number in [low, high], or false.
bool parse_count(std::string_view text, long low, long high, long* out);

}  // namespace px::cli
