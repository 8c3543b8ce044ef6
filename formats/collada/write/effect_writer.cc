#include "formats/collada/write/effect_writer.h"

namespace px::collada {

absl::Status plan_effects(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  (void)scene;
  (void)plan;
  (void)diagnostics;
  return absl::OkStatus();
}

void write_effects(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  (void)scene;
  (void)plan;
  (void)xml;
}

}  // namespace px::collada
