// The options of one conversion, defined once: the command line's flags (--draco-level) and the
// Python module's keywords (draco_level) are both read through this table, so an option has one
// meaning, range, default and help wherever it is given. An option belongs to the read
// (read_scene: ReadOptions and the axis and unit the read scene is turned to), to the write
// (write_scene: WriteOptions) or to both (OptionStage).
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/ops/axis_unit.h"
#include "polyxios/options.h"

namespace px {

// Everything one conversion takes; a default-constructed one holds every option's default.
struct ConversionOptions {
  ReadOptions read;
  AxisUnitTarget axis_unit;
  WriteOptions write;
};

// Where an option acts, as bits: the read, the axis and unit the read scene is turned to, the
// write. A function takes the options of some of them (read_scene: kReadAndAxis).
enum class OptionStage : uint8_t {
  kRead = 1,
  kAxis = 2,
  kReadAndAxis = 3,
  kWrite = 4,
  kReadAndWrite = 5,  // threads, allow_external_files
  kAll = 7,
};
// Whether `option_stage` acts in any of `stages`.
inline bool acts_in(OptionStage option_stage, OptionStage stages) {
  return (static_cast<int>(option_stage) & static_cast<int>(stages)) != 0;
}

enum class OptionType : uint8_t {
  kSwitch,    // given or not: --repair; a bool keyword
  kTristate,  // on, off or unset: --transcode-images / --no-transcode-images; True, False, None
  kCount,     // a whole number in a range: --draco-level 7
  kWord,      // one of a few words, or unset: --compress draco; 'draco' or None
};

// A value as given: a bool, a count, a word, or unset (Python's None).
struct OptionValue {
  enum class Kind : uint8_t { kUnset, kBool, kCount, kWord } kind = Kind::kUnset;
  bool on = false;
  uint64_t count = 0;
  std::string word;

  static OptionValue boolean(bool on) { return {Kind::kBool, on, 0, {}}; }
  static OptionValue number(uint64_t n) { return {Kind::kCount, false, n, {}}; }
  static OptionValue text(std::string_view w) { return {Kind::kWord, false, 0, std::string(w)}; }
  bool operator==(const OptionValue&) const = default;
};

struct ConversionOption {
  // "--draco-level"; a tristate's off is "--no-" and the rest; empty for an option the command
  // line does not take (the finer limits).
  std::string_view flag;
  std::string_view keyword;  // "draco_level"
  OptionType type;
  OptionStage stage;
  std::string_view metavar;  // the flag's value in help: "N", "MIB", "draco|meshopt"
  // A count's range in the keyword's unit; the flag counts 2^flag_shift of them (MiB: 20).
  uint64_t min = 0;
  uint64_t max = 0;
  int flag_shift = 0;
  // For the command line's and the Python module's help; "{keyword}" names another option
  // (option_help spells it).
  std::string_view help;
  // Sets the option from a value already checked against its type and range.
  void (*set)(ConversionOptions&, const OptionValue&);
  // Its value in `options`: its default, of a default ConversionOptions.
  OptionValue (*get)(const ConversionOptions&);
  std::string_view alias = {};  // another name of the flag: --to for --format

  // The words a kWord option takes: metavar split at '|'.
  std::vector<std::string_view> words() const;
};

// Every option, in the order help lists them.
std::span<const ConversionOption> conversion_options();
const ConversionOption* conversion_option_by_flag(std::string_view flag);
const ConversionOption* conversion_option_by_keyword(std::string_view keyword);

// How a message names an option: "--compress draco" or "compress='draco'".
enum class OptionSpelling : uint8_t { kFlag, kKeyword };

// The options given to one call, set one by one, then checked together.
class ConversionOptionSetter {
 public:
  ConversionOptionSetter(ConversionOptions& options, OptionSpelling spelling)
      : options_(options), spelling_(spelling) {}

  // Sets `option` from `value` after checking its kind and range: the error, empty when it
  // fits. A count from the command line is given in the flag's unit.
  std::string set(const ConversionOption& option, const OptionValue& value);
  // What the given options say together: a Draco setting needs compress draco, --fallback
  // needs --compress, compression needs glTF output (collada_output), bake_transforms needs
  // up_axis or meters, a tristate given both ways. The error, empty when they fit.
  std::string check(bool collada_output) const;

  // Whether `keyword` was given a value that says something: a count, a word, a switch on.
  bool given(std::string_view keyword) const;

 private:
  std::string name(std::string_view keyword) const;
  ConversionOptions& options_;
  OptionSpelling spelling_;
  std::vector<std::pair<const ConversionOption*, OptionValue>> given_;
};

// The option's help, each "{keyword}" in it spelled as a flag or a keyword.
std::string option_help(const ConversionOption& option, OptionSpelling spelling);

// The value as help shows it: "7", "none" for unset, "on" / "off".
std::string option_value_text(const ConversionOption& option, const OptionValue& value,
                              OptionSpelling spelling);

}  // namespace px
