// Changes to a scene's materials made from Python, checked in full before anything changes.
//
// Material indices, wherever the scene holds them (each mesh's "material" cell column, the
// material variants), stay consistent:
// - append_material adds a material last; its texture references must name textures of the scene.
// - remove_material refuses (ValueError naming what holds on to it) a material that cells of a
//   mesh show or a material variant names, and any material of a scene with
//   KHR_animation_pointer channels (their JSON pointers number the materials). Otherwise every
//   reference to a later material moves down one: a mesh's "material" column holding one is
//   replaced by a new column (copy-on-write; arrays handed out before keep their values).
#pragma once

#include <cstddef>

#include "polyxios/scene/scene.h"
#include "python/src/handles.h"

namespace px::python {

// IndexError naming `what` when `ref` names a texture the scene does not have.
void check_texture(const Scene& scene, const TextureRef& ref, const char* what);

// Appends `material` (detached: its textures not yet checked) and returns its index.
size_t append_material(SceneBox& box, Material material);

// Removes material `index` (in range), or raises ValueError as the header says.
void remove_material(SceneBox& box, size_t index);

}  // namespace px::python
