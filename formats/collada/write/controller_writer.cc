#include "formats/collada/write/controller_writer.h"

namespace px::collada {

absl::Status plan_controllers(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  (void)scene;
  (void)plan;
  (void)diagnostics;
  return absl::OkStatus();
}

void write_controllers(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  (void)scene;
  (void)plan;
  (void)xml;
}

}  // namespace px::collada
