// Helpers for the compression tests (Draco, meshopt): a grid mesh whose vertices can be told
// apart after any reordering, GLB bytes taken apart, and the triangles of a read mesh as vertex
// identities, so that a round trip is compared on values, not order.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/write/gltf_writer.h"
#include "gtest/gtest.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "tests/formats/gltf/read_test_util.h"
#include "tests/formats/gltf/test_scene.h"

namespace px::gltf::testing {

// An n x n grid of points (i, j, a small height) with normals, texture coordinates, colours, and
// its squares as triangles, the first half of them of material 0 and the rest of material 1; a
// line cell beside them (a primitive no compression of triangles takes). Point (i, j) is i * n + j.
struct Grid {
  int n = 0;
  std::vector<float> xyz, normals, uv, colors;
  std::vector<std::array<uint32_t, 3>> triangles;

  explicit Grid(int size) : n(size) {
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const float h = 0.25f * std::sin(0.7f * i + 0.3f * j);
        xyz.insert(xyz.end(), {static_cast<float>(i), static_cast<float>(j), h});
        float nx = -0.2f * std::cos(0.7f * i), ny = -0.1f * std::cos(0.3f * j), nz = 1.0f;
        const float len = std::sqrt(nx * nx + ny * ny + nz * nz);
        normals.insert(normals.end(), {nx / len, ny / len, nz / len});
        uv.insert(uv.end(), {static_cast<float>(i) / (n - 1), static_cast<float>(j) / (n - 1)});
        colors.insert(colors.end(),
                      {static_cast<float>(i) / n, static_cast<float>(j) / n, 0.5f, 1.0f});
      }
    }
    for (int i = 0; i + 1 < n; ++i) {
      for (int j = 0; j + 1 < n; ++j) {
        const uint32_t a = i * n + j, b = (i + 1) * n + j, c = (i + 1) * n + j + 1,
                       d = i * n + j + 1;
        triangles.push_back({a, b, c});
        triangles.push_back({a, c, d});
      }
    }
  }

  // A scene of one node holding the grid (two materials, and a line cell when `line`).
  Scene scene(bool line = true) const {
    Scene scene;
    scene.materials.resize(2);
    MeshBuilder mesh(scene);
    mesh.points(xyz)
        .point_data("normals", normals, 3)
        .point_data("texcoords", uv, 2)
        .point_data("colors", colors, 4);
    for (size_t t = 0; t < triangles.size(); ++t) {
      const std::array<uint32_t, 3>& tri = triangles[t];
      mesh.cell(CellType::kTriangle, {tri[0], tri[1], tri[2]}, t < triangles.size() / 2 ? 0 : 1);
    }
    if (line) mesh.cell(CellType::kLine, {0, static_cast<uint32_t>(n * n - 1)}, 0);
    mesh.add();
    Node node;
    node.mesh = 0;
    scene.nodes.push_back(node);
    scene.scenes.push_back({0});
    return scene;
  }

  // The grid point a position lies nearest, or -1 when it is further than `slack` from it.
  int point_of(const double* p, double slack) const {
    const long i = std::lround(p[0]), j = std::lround(p[1]);
    if (i < 0 || j < 0 || i >= n || j >= n) return -1;
    const int k = static_cast<int>(i * n + j);
    for (int c = 0; c < 3; ++c) {
      if (std::abs(p[c] - xyz[k * 3 + c]) > slack) return -1;
    }
    return k;
  }
};

// A triangle as grid points, rotated so that its least point comes first (winding kept).
inline std::array<int, 3> canonical(std::array<int, 3> t) {
  while (t[0] > t[1] || t[0] > t[2]) t = {t[1], t[2], t[0]};
  return t;
}

// The GLB's JSON chunk parsed, and its BIN chunk.
struct Glb {
  rapidjson::Document json;
  std::string bin;
};

inline Glb split_glb(const std::string& glb) {
  Glb out;
  uint32_t json_length = 0;
  std::memcpy(&json_length, glb.data() + 12, 4);
  out.json.Parse(glb.data() + 20, json_length);
  EXPECT_FALSE(out.json.HasParseError());
  const size_t bin_at = 20 + json_length;
  if (glb.size() > bin_at + 8) {
    uint32_t bin_length = 0;
    std::memcpy(&bin_length, glb.data() + bin_at, 4);
    out.bin = glb.substr(bin_at + 8, bin_length);
  }
  return out;
}

inline std::string json_text(const rapidjson::Value& value) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  value.Accept(writer);
  return {buffer.GetString(), buffer.GetSize()};
}

inline absl::StatusOr<std::string> write_glb(const Scene& scene, const MeshCompression& compression,
                                             Diagnostics& diagnostics, int threads = 1) {
  absl::StatusOr<Written> written = write_to_memory(
      scene, true, "", diagnostics, {.threads = threads, .compression = compression});
  if (!written.ok()) return written.status();
  return written->json;
}

}  // namespace px::gltf::testing
