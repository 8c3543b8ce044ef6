#include "tools/cli/axis_flags.h"

namespace px::cli {

std::string set_axis_unit(const CommandLine& args, AxisUnitTarget& target) {
  if (args.has("--up-axis")) {
    target.up_axis = up_axis_letter(args.value("--up-axis"));
    if (!target.up_axis) return "--up-axis takes x, y or z";
  }
  target.meters = args.has("--meters");
  target.bake = args.has("--bake-transforms");
  if (target.bake && !target.any()) return "--bake-transforms needs --up-axis or --meters";
  return "";
}

}  // namespace px::cli
