#include "python/src/reorder.h"

#include <string>
#include <vector>

#include "python/src/renumber.h"
#include "python/src/scene_edit.h"
#include "python/src/values.h"

namespace px::python {
namespace {

// The entries of `order`, read before the scene is looked at (their __index__ is Python code).
std::vector<long long> entries(py::handle order, const std::string& what) {
  if (py::isinstance<py::str>(order) || !py::isinstance<py::iterable>(order)) {
    throw py::type_error(what + ": order must be a sequence of integers, not " + type_name(order));
  }
  std::vector<long long> out;
  for (py::handle entry : order) out.push_back(python_int(entry, what + ": order entry"));
  return out;
}

// The entries as a permutation of 0..count-1.
std::vector<size_t> permutation(const std::vector<long long>& entries, size_t count,
                                const std::string& what, const char* parts) {
  const std::string counted = "the scene has " + std::to_string(count) + " " + parts;
  if (entries.size() != count) {
    throw py::value_error(what + ": order has " + std::to_string(entries.size()) +
                          " entries, but " + counted + ": it lists each index once");
  }
  std::vector<bool> seen(count, false);
  std::vector<size_t> order(count);
  for (size_t i = 0; i < count; ++i) {
    const long long entry = entries[i];
    if (entry < 0 || static_cast<unsigned long long>(entry) >= count) {
      throw py::value_error(what + ": order entry " + std::to_string(entry) +
                            " is out of range: " + counted);
    }
    if (seen[entry]) {
      throw py::value_error(what + ": order lists " + std::to_string(entry) + " twice");
    }
    seen[entry] = true;
    order[i] = static_cast<size_t>(entry);
  }
  return order;
}

template <class Part>
void reorder(SceneBox& box, py::handle order, const char* parts, bool numbered_by_pointer,
             void (*renumber)(Scene&, const IndexMap&)) {
  const std::string what = std::string("reorder_") + parts;
  const std::vector<long long> listed = entries(order, what);
  box.check_editable();
  Scene& scene = box.scene;
  const std::vector<size_t> permuted =
      permutation(listed, PartKind<Part>::parts(scene).size(), what, parts);
  if (numbered_by_pointer) {
    if (const std::string why = numbered_by_pointers(scene, parts); !why.empty()) {
      throw py::value_error(what + ": " + why);
    }
  }
  renumber(scene, reordering(permuted));
  PartKind<Part>::slots(box).permute(permuted);
}

}  // namespace

void reorder_meshes(SceneBox& box, py::handle order) {
  reorder<Mesh>(box, order, "meshes", true, &renumber_meshes);
}

void reorder_nodes(SceneBox& box, py::handle order) {
  reorder<Node>(box, order, "nodes", true, &renumber_nodes);
}

void reorder_materials(SceneBox& box, py::handle order) {
  reorder<Material>(box, order, "materials", true, &renumber_materials);
}

void reorder_textures(SceneBox& box, py::handle order) {
  reorder<Texture>(box, order, "textures", false, &renumber_textures);
}

void reorder_images(SceneBox& box, py::handle order) {
  reorder<Image>(box, order, "images", false, &renumber_images);
}

}  // namespace px::python
