// A scene's parts of one kind renumbered, for removing a part or reordering them: the parts move
// to their new indices and every index the scene holds of that kind follows them. One function per
// kind serves both edits (scene_edit.h, material_edit.h, mesh_edit.h, image_edit.h, reorder.h).
// The callers check the edit first: these never refuse, and leave the handles' slots to them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "polyxios/scene/scene.h"

namespace px::python {

// Where each part of a kind goes: the new index of old part i, -1 for a part removed.
using IndexMap = std::vector<int>;

// Why parts of a kind cannot be renumbered in `scene`: "animation 2 has KHR_animation_pointer
// channels, whose JSON pointers number the <parts>" (nodes, meshes and materials are numbered so),
// or "" when no channel is one.
std::string numbered_by_pointers(const Scene& scene, const char* parts);

// Part `removed` of `count` gone, the later ones one down.
IndexMap removal(size_t count, size_t removed);
// New part i is old part order[i] (a permutation of 0..n-1).
IndexMap reordering(const std::vector<size_t>& order);

// Nodes: children and roots drop a removed node; skins' joints and skeleton (a glTF read's skin
// object too) and animation targets follow, the caller having refused to remove a node they name.
void renumber_nodes(Scene& scene, const IndexMap& map);
// Meshes: a node showing a removed mesh shows none (its skin and own morph weights put away with
// it), the material variants of a removed mesh go.
void renumber_meshes(Scene& scene, const IndexMap& map);
// Materials: a mesh's "material" cell column that changes is replaced by a new column in the
// arena (copy-on-write: arrays viewing the old one keep their values); the material variants
// follow. The caller refuses to remove a material cells show or a variant names.
void renumber_materials(Scene& scene, const IndexMap& map);
// Textures: every texture reference of every material (its extensions' too) follows; the caller
// refuses to remove a texture one shows.
void renumber_textures(Scene& scene, const IndexMap& map);
// Images: every texture's image and extension image follow; the caller refuses to remove an image
// a texture shows.
void renumber_images(Scene& scene, const IndexMap& map);

}  // namespace px::python
