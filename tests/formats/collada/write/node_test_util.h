// Helpers for the node writer tests (node_writer_test.cc, node_instancing_test.cc): documents of
// nodes, and looking for parts of the written text.
#pragma once

#include <Eigen/Core>
#include <initializer_list>
#include <string>
#include <string_view>

#include "tests/formats/collada/write/geometry_test_util.h"  // MeshBuilder, occurrences
#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {

inline std::string document_of(std::string_view libraries) {
  return cat(
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
      "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n",
      libraries, "\n</COLLADA>");
}

// A document whose one visual scene holds `nodes`, with `before` ahead of it.
inline std::string scene_document(std::string_view nodes, std::string_view before = "") {
  return document_of(cat(before, "<library_visual_scenes><visual_scene id=\"vs\">", nodes,
                         "</visual_scene></library_visual_scenes>"
                         "<scene><instance_visual_scene url=\"#vs\"/></scene>"));
}

inline Scene read_ok(std::string_view text) {
  ReadResult r = read_text(text);
  EXPECT_TRUE(r.scene.ok()) << r.scene.status() << "\n" << text;
  return r.scene.ok() ? std::move(*r.scene) : Scene();
}

// The node's COLLADA id; empty when it has none.
inline std::string id_of(const Node& node) { return node.collada_id.value_or(""); }

inline bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// Every part appears in text, each after the one before.
inline bool in_order(const std::string& text, std::initializer_list<std::string_view> parts) {
  size_t at = 0;
  for (std::string_view part : parts) {
    at = text.find(part, at);
    if (at == std::string::npos) return false;
    at += part.size();
  }
  return true;
}

// A scene of `count` bare nodes, node 0 the root of its one scene.
inline Scene scene_of_nodes(size_t count) {
  Scene scene;
  scene.nodes.resize(count);
  scene.scenes.push_back({0});
  return scene;
}

inline Eigen::Matrix4d translation(double x, double y, double z) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.block<3, 1>(0, 3) = Eigen::Vector3d(x, y, z);
  return m;
}

}  // namespace px::collada::testing
