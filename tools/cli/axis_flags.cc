#include "tools/cli/axis_flags.h"


namespace px::cli {

std::string set_axis_unit(const CommandLine& args, AxisUnitTarget& target) {
  if (args.has("--up-axis")) {
    const std::string axis = args.value("--up-axis");
    if (axis == "x" || axis == "X") {
      target.up_axis = UpAxis::kX;
    } else if (axis == "y" || axis == "Y") {
      target.up_axis = UpAxis::kY;
    } else if (axis == "z" || axis == "Z") {
      target.up_axis = UpAxis::kZ;
    } else {
      return "--up-axis takes x, y or z";
    }
  }
  target.meters = args.has("--meters");
  target.bake = args.has("--bake-transforms");
  if (target.bake && !target.any()) return "--bake-transforms needs --up-axis or --meters";
  return "";
}

}  // namespace px::cli
