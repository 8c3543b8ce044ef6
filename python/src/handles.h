// What the Python objects hold: a scene read by read_scene, shared by its SceneData and every
// object reached from it, and a mesh with what keeps its arrays alive. Every array the module
// hands out views this memory, with the Python object holding the handle as its base.
#pragma once

#include <memory>

#include "polyxios/scene/mesh.h"
#include "polyxios/scene/scene.h"

namespace px::python {

// SceneData. Immutable: nothing in the module changes a scene once read.
struct SceneHandle {
  std::shared_ptr<const Scene> scene;
};

// PolyData: one of a scene's meshes (owner: the scene) or a mesh of its own (owner: the
// px::PolyData that to_polydata, read or the constructor made).
struct MeshHandle {
  std::shared_ptr<const void> owner;
  const Mesh* mesh = nullptr;
};

// SceneNode, SceneMaterial, SceneTexture, SceneImage: one part of a scene.
template <class Part>
struct PartHandle {
  std::shared_ptr<const Scene> scene;
  const Part* part = nullptr;
};

}  // namespace px::python
