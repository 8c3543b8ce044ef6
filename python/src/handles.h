// What the Python objects hold, and how Python edits a scene without breaking what it read.
//
// Design (issue 37, point 1: an editable scene):
// - A SceneData holds a SceneBox: the px::Scene, mutable, behind a shared_ptr that every part
//   and PolyData taken from it shares. Python shares the scene as it shares any mutable object:
//   an edit made through one handle is seen through every other; the Scene is never copied.
// - Arrays are copy-on-write per column. A scene's arrays live in its arena, which only grows,
//   and nothing ever writes into arena memory once a column views it. Reading hands out numpy
//   views of that memory: read-only, zero-copy, based on the Python object that keeps the box
//   alive. Assigning an array copies the new values into fresh arena memory and repoints the
//   column; the old memory is left as it was, so a view taken before the edit keeps its values
//   and stays valid. The price: replaced arrays' memory comes back only with the scene.
// - What the scene keeps outside the arena, in vectors that move when parts are added (a node's
//   matrix, names, factors), reaches Python as copies, never as views.
// - A part (node, mesh, material, texture, image) is held by its slot: its current index among
//   the scene's parts of its kind, which removing and reordering parts keep current, or
//   "removed", after which using the handle raises RuntimeError. A node, material, texture or
//   image made in Python (SceneNode(...), ...) is detached: it holds its own value until appended
//   to a scene, which moves it there and binds the handle. A PolyData of its own (PolyData(...),
//   read(), to_polydata()) is a box holding one mesh.
// - An image's bytes are immutable and shared (SharedBytes): the array handed out holds them, so
//   replacing or removing the image leaves it as it was.
// - A call running without the GIL (write_scene, write, to_polydata, world_matrix, triangles)
//   counts itself a reader of the box for its length; an edit while one runs raises
//   RuntimeError rather than change what another thread is reading.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "polyxios/scene/mesh.h"
#include "polyxios/scene/polydata.h"
#include "polyxios/scene/scene.h"

namespace px::python {

// A part's place in its scene.
struct PartSlot {
  size_t index = 0;
  bool removed = false;
};

// The slots handed out for one kind of part, index-aligned with the scene's parts of that kind:
// null where no handle was made yet, and none past the end for parts added since.
class PartSlots {
 public:
  std::shared_ptr<PartSlot> at(size_t index) {
    if (slots_.size() <= index) slots_.resize(index + 1);
    if (!slots_[index]) slots_[index] = std::make_shared<PartSlot>(PartSlot{index});
    return slots_[index];
  }
  // Part `index` was removed: its handles see that, those of the parts after it their new index.
  void erase(size_t index) {
    if (index >= slots_.size()) return;
    if (slots_[index]) slots_[index]->removed = true;
    slots_.erase(slots_.begin() + static_cast<std::ptrdiff_t>(index));
    for (size_t i = index; i < slots_.size(); ++i) {
      if (slots_[i]) slots_[i]->index = i;
    }
  }
  // The parts were reordered, new part i being old part order[i] (a permutation): each handle
  // follows its part to its new index.
  void permute(const std::vector<size_t>& order) {
    std::vector<std::shared_ptr<PartSlot>> moved(order.size());
    for (size_t i = 0; i < order.size(); ++i) {
      if (order[i] < slots_.size() && slots_[order[i]]) {
        moved[i] = std::move(slots_[order[i]]);
        moved[i]->index = i;
      }
    }
    slots_ = std::move(moved);
  }

 private:
  std::vector<std::shared_ptr<PartSlot>> slots_;
};

struct SceneBox {
  SceneBox() = default;
  explicit SceneBox(Scene s) : scene(std::move(s)) {}

  Scene scene;
  PartSlots mesh_slots, node_slots, material_slots, texture_slots, image_slots;
  // Calls reading the scene without the GIL; changed only while holding it.
  int readers = 0;
  // A PolyData of its own: the box holds that one mesh and nothing else.
  bool standalone = false;

  // Raises RuntimeError while a call reads the scene without the GIL.
  void check_editable() const {
    if (readers > 0) {
      throw std::runtime_error(
          "the scene is being read by a call running on another thread (write_scene, "
          "to_polydata, ...); edit it once that call has returned");
    }
  }
};

// The box of a PolyData of its own, holding `data`'s mesh and arena.
inline std::shared_ptr<SceneBox> standalone_box(PolyData data) {
  auto box = std::make_shared<SceneBox>();
  box->standalone = true;
  box->scene.arena = std::move(data.arena);
  box->scene.meshes.push_back(std::move(data.mesh));
  return box;
}

// Marks a call reading the box's scene without the GIL; made and destroyed holding the GIL.
class SceneReading {
 public:
  explicit SceneReading(SceneBox& box) : box_(box) { ++box_.readers; }
  ~SceneReading() { --box_.readers; }
  SceneReading(const SceneReading&) = delete;
  SceneReading& operator=(const SceneReading&) = delete;

 private:
  SceneBox& box_;
};

// Each kind of part: where the scene keeps it, its slots and its Python class's name.
template <class Part>
struct PartKind;
template <>
struct PartKind<Mesh> {
  static std::vector<Mesh>& parts(Scene& s) { return s.meshes; }
  static PartSlots& slots(SceneBox& b) { return b.mesh_slots; }
  static constexpr const char* kName = "PolyData";
};
template <>
struct PartKind<Node> {
  static std::vector<Node>& parts(Scene& s) { return s.nodes; }
  static PartSlots& slots(SceneBox& b) { return b.node_slots; }
  static constexpr const char* kName = "SceneNode";
};
template <>
struct PartKind<Material> {
  static std::vector<Material>& parts(Scene& s) { return s.materials; }
  static PartSlots& slots(SceneBox& b) { return b.material_slots; }
  static constexpr const char* kName = "SceneMaterial";
};
template <>
struct PartKind<Texture> {
  static std::vector<Texture>& parts(Scene& s) { return s.textures; }
  static PartSlots& slots(SceneBox& b) { return b.texture_slots; }
  static constexpr const char* kName = "SceneTexture";
};
template <>
struct PartKind<Image> {
  static std::vector<Image>& parts(Scene& s) { return s.images; }
  static PartSlots& slots(SceneBox& b) { return b.image_slots; }
  static constexpr const char* kName = "SceneImage";
};

// SceneData.
struct SceneHandle {
  std::shared_ptr<SceneBox> box;

  const Scene& scene() const { return box->scene; }
  // The scene to change, once no call reads it without the GIL.
  Scene& edit() const {
    box->check_editable();
    return box->scene;
  }
};

// SceneNode, SceneMaterial, SceneTexture, SceneImage, and PolyData (Part = Mesh): one part of a
// scene, or (a node made in Python) a part of no scene yet.
template <class Part>
struct PartHandle {
  std::shared_ptr<SceneBox> box;  // null for a detached part
  std::shared_ptr<PartSlot> slot;
  std::shared_ptr<Part> own;  // a detached part's value

  static PartHandle bound(std::shared_ptr<SceneBox> box, size_t index) {
    std::shared_ptr<PartSlot> slot = PartKind<Part>::slots(*box).at(index);
    return PartHandle{std::move(box), std::move(slot), nullptr};
  }
  static PartHandle detached(Part part) {
    return PartHandle{nullptr, nullptr, std::make_shared<Part>(std::move(part))};
  }

  // The part; RuntimeError once it was removed from its scene.
  const Part& get() const { return part(); }
  // The part to change, once no call reads its scene without the GIL.
  Part& edit() const {
    if (box) box->check_editable();
    return part();
  }
  // The scene holding the part, nullptr for a detached one.
  const Scene* scene() const { return box ? &box->scene : nullptr; }

 private:
  Part& part() const {
    if (!box) return *own;
    if (slot->removed) {
      throw std::runtime_error(std::string("this ") + PartKind<Part>::kName +
                               " was removed from its scene");
    }
    return PartKind<Part>::parts(box->scene)[slot->index];
  }
};

using MeshHandle = PartHandle<Mesh>;

// A PolyData of its own.
inline MeshHandle own_mesh(PolyData data) {
  return MeshHandle::bound(standalone_box(std::move(data)), 0);
}

}  // namespace px::python
