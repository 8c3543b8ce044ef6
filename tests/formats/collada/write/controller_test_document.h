// The controller writer's <library_controllers> inside a document written by hand around it: a
// <geometry> "g<m>" per mesh (its points and triangles) and a visual scene of the scene's nodes
// under their planned ids, sids and JOINT types, each instancing its controller (with its
// <skeleton>s) or its geometry. So the controllers read back through the COLLADA reader before
// the node and geometry writers exist, and apart from them.
#pragma once

#include <string>

#include "engine/strings.h"
#include "formats/collada/write/controller_writer.h"
#include "formats/collada/write/xml_writer.h"
#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {

inline void hand_written_node(const Scene& scene, const WritePlan& plan, int n, XmlWriter& xml) {
  const NodePlan& p = plan.nodes.nodes[n];
  xml.open("node");
  xml.attr("id", p.id);
  if (!p.sid.empty()) xml.attr("sid", p.sid);
  if (p.joint) xml.attr("type", "JOINT");
  xml.open("matrix");
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) xml.number(scene.nodes[n].matrix(r, c));
  }
  xml.close();
  const int controller = plan.controllers.node_controller[n];
  if (controller >= 0) {
    const ControllerPlan& c = plan.controllers.controllers[controller];
    xml.open("instance_controller");
    xml.attr("url", cat("#", c.id));
    for (const std::string& url : c.skeleton_urls) xml.element("skeleton", url);
    xml.close();
  } else if (scene.nodes[n].mesh >= 0) {
    xml.open("instance_geometry");
    xml.attr("url", cat("#g", scene.nodes[n].mesh));
    xml.close();
  }
  for (int child : scene.nodes[n].children) hand_written_node(scene, plan, child, xml);
  xml.close();
}

// The document, with plan.geometries' ids set to "g<m>" for the controllers to name.
inline std::string document_around_controllers(const Scene& scene, WritePlan& plan) {
  plan.geometries.geometries.resize(scene.meshes.size());
  for (size_t m = 0; m < scene.meshes.size(); ++m) plan.geometries.geometries[m].id = cat("g", m);
  std::string out;
  XmlWriter xml([&](std::string_view bytes) {
    out.append(bytes);
    return absl::OkStatus();
  });
  xml.declaration();
  xml.open("COLLADA");
  xml.attr("xmlns", "http://www.collada.org/2005/11/COLLADASchema");
  xml.attr("version", "1.4.1");
  xml.open("asset");
  xml.element("created", "1970-01-01T00:00:00Z");
  xml.element("modified", "1970-01-01T00:00:00Z");
  xml.close();
  xml.open("library_geometries");
  for (size_t m = 0; m < scene.meshes.size(); ++m) {
    const Mesh& mesh = scene.meshes[m];
    xml.open("geometry");
    xml.attr("id", cat("g", m));
    xml.open("mesh");
    xml.open("source");
    xml.attr("id", cat("g", m, "-positions"));
    xml.open("float_array");
    xml.attr("id", cat("g", m, "-positions-array"));
    xml.attr("count", mesh.points.size());
    xml.column_values(mesh.points);
    xml.close();
    xml.open("technique_common");
    xml.open("accessor");
    xml.attr("source", cat("#g", m, "-positions-array"));
    xml.attr("count", mesh.num_points());
    xml.attr("stride", 3);
    for (const char* axis : {"X", "Y", "Z"}) {
      xml.open("param");
      xml.attr("name", axis);
      xml.attr("type", "float");
      xml.close();
    }
    xml.close();
    xml.close();
    xml.close();
    xml.open("vertices");
    xml.attr("id", cat("g", m, "-vertices"));
    xml.open("input");
    xml.attr("semantic", "POSITION");
    xml.attr("source", cat("#g", m, "-positions"));
    xml.close();
    xml.close();
    xml.open("triangles");
    xml.attr("count", mesh.connectivity.size() / 3);
    xml.open("input");
    xml.attr("semantic", "VERTEX");
    xml.attr("source", cat("#g", m, "-vertices"));
    xml.attr("offset", 0);
    xml.close();
    xml.open("p");
    xml.integers(mesh.connectivity);
    xml.close();
    xml.close();
    xml.close();
    xml.close();
  }
  xml.close();
  write_controllers(scene, plan, xml);
  xml.open("library_visual_scenes");
  xml.open("visual_scene");
  xml.attr("id", "scene");
  for (int root : scene.scenes.at(0)) hand_written_node(scene, plan, root, xml);
  xml.close();
  xml.close();
  xml.open("scene");
  xml.open("instance_visual_scene");
  xml.attr("url", "#scene");
  xml.close();
  xml.close();
  xml.close();
  EXPECT_TRUE(xml.finish().ok());
  std::filesystem::create_directories(PX_WRITTEN_DAE_DIR);
  std::ofstream(written_path(), std::ios::binary) << out;  // for the schema check
  return out;
}

}  // namespace px::collada::testing
