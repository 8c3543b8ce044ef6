#include "formats/collada/write/geometry_writer.h"

namespace px::collada {

absl::Status plan_geometries(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics) {
  (void)scene;
  (void)plan;
  (void)diagnostics;
  return absl::OkStatus();
}

void write_geometries(const Scene& scene, const WritePlan& plan, XmlWriter& xml) {
  (void)scene;
  (void)plan;
  (void)xml;
}

}  // namespace px::collada
