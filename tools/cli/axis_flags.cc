#include "tools/cli/axis_flags.h"

#include "engine/errors.h"
#include "model/memory_budget.h"

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

absl::Status apply_axis_unit(Scene& scene, const AxisUnitTarget& target,
                             Diagnostics& diagnostics) try {
  if (!target.any()) return absl::OkStatus();
  BakeNotes notes;
  convert_axis_unit(scene, target, notes);
  for (BakeNote& note : notes) diagnostics.warn(note.code, std::move(note.message));
  return absl::OkStatus();
} catch (const MemoryLimitExceeded& e) {
  return memory_limit_exceeded(e.limit());
}

}  // namespace px::cli
