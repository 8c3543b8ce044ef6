// Helpers for the COLLADA reader tests: documents built from small pieces, read from memory,
// and the scene's arrays read back as plain vectors.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/read/collada_reader.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"

namespace px::collada::testing {

// A read's outcome with the warnings it gave.
struct ReadResult {
  absl::StatusOr<Scene> scene;
  Diagnostics diagnostics;
};

inline ReadResult read_text(std::string_view text) {
  ReadResult out{absl::UnknownError("not read"), {}};
  std::unique_ptr<Source> source = memory_source(text);
  out.scene = read(*source, ReadOptions(), out.diagnostics);
  return out;
}

// A whole COLLADA 1.4.1 document around `libraries` (any children of <COLLADA>).
inline std::string document(std::string_view libraries) {
  return cat(
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
      "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n",
      libraries, "\n</COLLADA>");
}

// A document whose <library_geometries> holds `geometries`, followed by `rest`.
inline std::string geometries_document(std::string_view geometries, std::string_view rest = "") {
  return document(cat("<library_geometries>\n", geometries, "\n</library_geometries>\n", rest));
}

// A <geometry> holding a <mesh> of `mesh_body`.
inline std::string geometry(std::string_view id, std::string_view mesh_body,
                            std::string_view name = "") {
  return cat("<geometry id=\"", id, "\"", name.empty() ? "" : cat(" name=\"", name, "\""),
             ">\n<mesh>\n", mesh_body, "\n</mesh>\n</geometry>\n");
}

// A document of one geometry "g" whose mesh holds `mesh_body`.
inline std::string mesh_document(std::string_view mesh_body) {
  return geometries_document(geometry("g", mesh_body));
}

inline size_t count_tokens(std::string_view text) {
  size_t n = 0;
  bool in_token = false;
  for (char c : text) {
    bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (!space && !in_token) ++n;
    in_token = !space;
  }
  return n;
}

// A <source> of a float_array read through an accessor with one param per name of `params`
// ("X Y Z"; "-" is a param without a name), stride the number of params.
inline std::string source(std::string_view id, std::string_view params, std::string_view values) {
  std::string param_xml;
  size_t stride = 0;
  size_t i = 0;
  while (i < params.size()) {
    while (i < params.size() && params[i] == ' ') ++i;
    size_t start = i;
    while (i < params.size() && params[i] != ' ') ++i;
    if (i == start) break;
    std::string_view name = params.substr(start, i - start);
    param_xml += name == "-" ? std::string("<param type=\"float\"/>")
                             : cat("<param name=\"", name, "\" type=\"float\"/>");
    ++stride;
  }
  size_t n = count_tokens(values);
  return cat("<source id=\"", id, "\">\n<float_array id=\"", id, "-array\" count=\"", n, "\">",
             values, "</float_array>\n<technique_common>\n<accessor source=\"#", id,
             "-array\" count=\"", stride == 0 ? 0 : n / stride, "\" stride=\"", stride, "\">",
             param_xml, "</accessor>\n</technique_common>\n</source>\n");
}

// <source id="<vertices>-pos"> of the given xyz values and the <vertices id="<vertices>">
// binding it. Ids are document-wide: a second geometry takes other ones.
inline std::string positions(std::string_view xyz, std::string_view vertices = "v") {
  return cat(source(cat(vertices, "-pos"), "X Y Z", xyz), "<vertices id=\"", vertices,
             "\"><input semantic=\"POSITION\" source=\"#", vertices, "-pos\"/></vertices>\n");
}

// One triangle over three positions, its <vertices> named `vertices`.
inline std::string triangle_mesh(std::string_view vertices = "v") {
  return cat(positions("0 0 0  1 0 0  0 1 0", vertices),
             "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#", vertices,
             "\" offset=\"0\"/><p>0 1 2</p></triangles>");
}

// Four points of the unit square in z = 0.
inline constexpr std::string_view kSquare = "0 0 0  1 0 0  1 1 0  0 1 0";

// The 1-based line of the nth occurrence of `marker` in `text` (0 when absent).
inline int64_t line_of(std::string_view text, std::string_view marker, int nth = 1) {
  size_t at = std::string_view::npos;
  size_t from = 0;
  for (int i = 0; i < nth; ++i) {
    at = text.find(marker, from);
    if (at == std::string_view::npos) return 0;
    from = at + 1;
  }
  int64_t line = 1;
  for (size_t i = 0; i < at; ++i) line += text[i] == '\n';
  return line;
}

// A refusal names its rule, then the element and its line.
inline void expect_refused(const absl::Status& status, std::string_view rule,
                           std::string_view element, int64_t line,
                           absl::StatusCode code = absl::StatusCode::kInvalidArgument) {
  EXPECT_EQ(status.code(), code) << status;
  std::string message(status.message());
  std::string want = cat(rule, ": <", element, "> at line ", line, ": ");
  EXPECT_EQ(message.substr(0, want.size()), want) << message;
}

inline std::vector<double> column_values(const Column& column) {
  std::vector<double> out;
  for (size_t r = 0; r < column.rows; ++r) {
    for (size_t c = 0; c < column.cols; ++c) out.push_back(column.get(r, c));
  }
  return out;
}

// A vertex column's values; fails the test when the mesh lacks it.
inline std::vector<double> point_values(const Mesh& mesh, std::string_view name) {
  const NamedColumn* column = mesh.find_point_data(name);
  EXPECT_NE(column, nullptr) << "no vertex column " << name;
  return column == nullptr ? std::vector<double>() : column_values(column->column);
}

inline std::vector<std::string> point_data_names(const Mesh& mesh) {
  std::vector<std::string> out;
  for (const NamedColumn& c : mesh.point_data) out.push_back(c.name);
  return out;
}

inline std::vector<std::vector<uint32_t>> cells(const Mesh& mesh) {
  std::vector<std::vector<uint32_t>> out;
  for (size_t i = 0; i < mesh.num_cells(); ++i) {
    IndexSpan c = mesh.cell(i);
    out.emplace_back(c.begin(), c.end());
  }
  return out;
}

inline std::vector<CellType> cell_types(const Mesh& mesh) {
  return {mesh.cell_types.begin(), mesh.cell_types.end()};
}

inline std::vector<int32_t> materials(const Mesh& mesh) {
  std::span<const int32_t> m = mesh.materials();
  return {m.begin(), m.end()};
}

inline const Value* extra(const Node& node, std::string_view key) {
  return find_value(node.extras, key);
}

// The COLLADA id of the camera a node shows, or the one it names that no camera has; none when it
// names none.
inline std::optional<std::string> camera_id(const Scene& scene, const Node& node) {
  if (node.unresolved_camera) return node.unresolved_camera;
  return node.camera < 0 ? std::nullopt : scene.cameras.at(node.camera).collada_id;
}

// The same of the light a node shows.
inline std::optional<std::string> light_id(const Scene& scene, const Node& node) {
  if (node.unresolved_light) return node.unresolved_light;
  return node.light < 0 ? std::nullopt : scene.lights.at(node.light).collada_id;
}

}  // namespace px::collada::testing
