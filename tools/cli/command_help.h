// `polyxios COMMAND --help`, cut from the one help text so that the two never disagree: the
// command's usage block, the entries of the option lists naming a flag the command takes (its
// FlagSpec), and the exit codes headed with its name.
#pragma once

#include <string>
#include <string_view>

#include "tools/cli/command_line.h"

namespace px::cli {

// help: the whole text. Its usage blocks start "  polyxios COMMAND "; an option list is a line
// ending in ':' then entries, each a line "  -FLAG ..." and the lines indented deeper below it;
// an exit-code list is headed "exit codes (COMMAND, ...):".
std::string command_help(std::string_view help, std::string_view command, const FlagSpec& spec);

}  // namespace px::cli
