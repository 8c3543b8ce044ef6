// SceneData.reorder_meshes, reorder_nodes, reorder_materials, reorder_textures and
// reorder_images (reorder.h).
#include <pybind11/pybind11.h>

#include <string>

#include "python/src/bindings.h"
#include "python/src/handles.h"
#include "python/src/reorder.h"

namespace px::python {
namespace {

constexpr const char* kOrder =
    " `order` is a permutation of 0..n-1: new part i is old part order[i]. Each Python object of "
    "a part keeps standing for it at its new index. ValueError, the scene unchanged, for an order "
    "of another length, or with an entry out of range or listed twice";

template <void (*Reorder)(SceneBox&, py::handle)>
void bind_one(py::class_<SceneHandle>& c, const char* name, const std::string& doc) {
  c.def(
      name, [](const SceneHandle& self, py::handle order) { Reorder(*self.box, order); },
      py::arg("order"), doc.c_str());
}

}  // namespace

void bind_reorder(py::module_& m) {
  auto c = py::reinterpret_borrow<py::class_<SceneHandle>>(m.attr("SceneData"));
  const std::string pointers =
      "; and in a scene whose animations hold KHR_animation_pointer channels, whose JSON pointers "
      "number them.";
  bind_one<&reorder_meshes>(c, "reorder_meshes",
                            std::string("Reorders the meshes; the nodes' mesh indices and the "
                                        "material variants follow.") +
                                kOrder + pointers);
  bind_one<&reorder_nodes>(c, "reorder_nodes",
                           std::string("Reorders the nodes; every node index follows: children, "
                                       "the scenes' roots, skins' joints and skeleton, animation "
                                       "targets.") +
                               kOrder + pointers);
  bind_one<&reorder_materials>(
      c, "reorder_materials",
      std::string("Reorders the materials; the meshes' 'material' cell columns (replaced by new "
                  "arrays: those read before keep their values) and the material variants "
                  "follow.") +
          kOrder + pointers);
  bind_one<&reorder_textures>(c, "reorder_textures",
                              std::string("Reorders the textures; every texture reference of the "
                                          "materials (their extensions' too) follows.") +
                                  kOrder + ".");
  bind_one<&reorder_images>(c, "reorder_images",
                            std::string("Reorders the images; the textures' image indices "
                                        "follow.") +
                                kOrder + ".");
}

}  // namespace px::python
