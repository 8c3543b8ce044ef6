// Scene::to_polydata: the whole scene flattened into one mesh. Every node of the default scene
// (every scene when none is set) that shows a mesh adds a copy of it under the node's world
// transform (a copy per instance of a node that has instances, at world * instance TRS): points
// by the world matrix, normals by the inverse transpose of its linear part and
// tangents by the linear part, both renormalised. A vertex column is kept when every shown mesh
// has it with the same width; cells keep their types, and "material" is kept (-1 where a mesh
// has none).
#pragma once

#include <memory>

#include "polyxios/memory/arena.h"
#include "polyxios/scene/mesh.h"
#include "polyxios/scene/scene.h"

namespace px {

struct PolyData {
  std::unique_ptr<Arena> arena = std::make_unique<Arena>();
  Mesh mesh;
};

PolyData to_polydata(const Scene& scene);

// Each node's world matrix (parent * local): down from the scenes' roots (a node reached twice
// keeping the first world found, the last root of the last scene walked first), and for the nodes
// no scene reaches down from the roots of their own trees (a node no other lists as a child; in a
// ring of nodes without one, its first node).
std::vector<Eigen::Matrix4d> world_matrices(const Scene& scene);

}  // namespace px
