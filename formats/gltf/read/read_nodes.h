// Nodes and scenes. A node's matrix, or its translation * rotation * scale, becomes Node::matrix;
// its mesh, children and name are kept, its camera (a copy for each node showing it, its glTF
// object kept) in Scene::cameras, its skin index in Node::skin and its glTF extras in
// extras["extras"]. A
// child reference that would make the graph other than a forest (the node itself, a second
// parent, a cycle) and a scene root that is another node's child are dropped with a warning.
#pragma once

#include "absl/status/status.h"
#include "formats/gltf/read/read_context.h"

namespace px::gltf {

absl::Status read_nodes(ReadContext& ctx);
// "scenes" and "scene" (Scene::default_scene, -1 when the document names none).
absl::Status read_scenes(ReadContext& ctx);

}  // namespace px::gltf
