// SceneData and its parts (SceneNode's are in node_bindings.cc, SceneMaterial's in
// material_bindings.cc, SceneTexture's and SceneImage's in image_bindings.cc). Every part holds
// the scene, so a node, a material or an array taken from the scene keeps it alive after the
// SceneData is gone.
// Lists come out as tuples and attribute maps as new dicts, made at each access; arrays are
// read-only views. How edits keep those views unchanged: handles.h.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "polyxios/scene/polydata.h"
#include "polyxios/scene/scene.h"
#include "python/src/arrays.h"
#include "python/src/bindings.h"
#include "python/src/handles.h"
#include "python/src/material_edit.h"
#include "python/src/mesh_edit.h"
#include "python/src/part_helpers.h"
#include "python/src/scene_dicts.h"
#include "python/src/scene_edit.h"
#include "python/src/scene_parts_from_python.h"
#include "python/src/values.h"

namespace px::python {
namespace {

// The scene's parts of a kind, each held by its slot.
template <class Part>
py::tuple parts_of(const SceneHandle& self) {
  const size_t count = PartKind<Part>::parts(self.box->scene).size();
  py::tuple tuple(count);
  for (size_t i = 0; i < count; ++i) tuple[i] = py::cast(PartHandle<Part>::bound(self.box, i));
  return tuple;
}

// The node's world matrix as to_polydata places its mesh (polyxios/scene/polydata.h).
py::array world_matrix(const SceneHandle& self, py::handle node_index) {
  // Any integer (numpy's too, through __index__); TypeError for another type. The count is
  // taken after __index__ has run, as Python code can edit the scene.
  const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(node_index.ptr()));
  if (!index) throw py::error_already_set();
  const size_t nodes = self.scene().nodes.size();
  int overflow = 0;
  const long long node = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0 || node < 0 || static_cast<unsigned long long>(node) >= nodes) {
    throw py::index_error("world_matrix: node " + py::str(index).cast<std::string>() +
                          " is out of range: the scene has " + std::to_string(nodes) + " nodes");
  }
  Eigen::Matrix4d world;
  {
    SceneReading reading(*self.box);
    py::gil_scoped_release release;
    world = world_matrices(self.scene())[static_cast<size_t>(node)];
  }
  py::array_t<double> out({py::ssize_t{4}, py::ssize_t{4}});
  for (py::ssize_t r = 0; r < 4; ++r) {
    for (py::ssize_t c = 0; c < 4; ++c) out.mutable_at(r, c) = world(r, c);
  }
  return std::move(out);
}

// Moves a node made in Python into the scene and binds its handle there.
size_t append_node_to(const SceneHandle& self, PartHandle<Node>& node, py::handle parent) {
  if (node.box) {
    throw py::value_error("append_node: the node is in a scene already; append a new SceneNode");
  }
  const size_t index = append_node(*self.box, *node.own, parent);
  node = PartHandle<Node>::bound(self.box, index);
  return index;
}

// Moves a material made in Python into the scene and binds its handle there.
size_t append_material_to(const SceneHandle& self, PartHandle<Material>& material) {
  if (material.box) {
    throw py::value_error(
        "append_material: the material is in a scene already; append a new SceneMaterial");
  }
  const size_t index = append_material(*self.box, *material.own);
  material = PartHandle<Material>::bound(self.box, index);
  return index;
}

void remove_mesh_at(const SceneHandle& self, py::handle index) {
  const long long mesh = python_int(index, "mesh");
  remove_mesh(*self.box, index_in(py::int_(mesh), self.scene().meshes.size(), "mesh", "meshes"));
}

void set_default_scene(const SceneHandle& self, py::handle value) {
  const long long index = python_int(value, "default_scene");
  Scene& scene = self.edit();
  if (index < -1 || index >= static_cast<long long>(scene.scenes.size())) {
    throw py::index_error("default_scene " + std::to_string(index) +
                          " is out of range: the scene has " + std::to_string(scene.scenes.size()) +
                          " scenes (-1 for none)");
  }
  scene.default_scene = static_cast<int>(index);
}

void bind_scene_data(py::module_& m) {
  py::class_<SceneHandle>(m, "SceneData", R"(A scene: meshes, node graph, materials, textures,
images and the document-wide attributes, as read_scene reads it or SceneData() starts it (empty).

Its parts are live: a part taken from it shows the scene's later edits, and keeps the scene
alive. Arrays are read-only numpy views, never changed: an edit puts new arrays in place and
leaves those handed out before it as they were (copy-on-write).)")
      .def(py::init([] { return SceneHandle{std::make_shared<SceneBox>()}; }))
      .def_property_readonly(
          "meshes", [](const SceneHandle& self) { return parts_of<Mesh>(self); },
          "tuple of PolyData: one per COLLADA <geometry> (then a mesh per further material "
          "resolution or skin use) or glTF mesh, primitives merged")
      .def_property_readonly(
          "nodes", [](const SceneHandle& self) { return parts_of<Node>(self); },
          "tuple of SceneNode: local matrix, mesh index, children")
      .def_property(
          "scenes",
          [](const SceneHandle& self) {
            const auto& scenes = self.scene().scenes;
            py::tuple tuple(scenes.size());
            for (size_t i = 0; i < scenes.size(); ++i) tuple[i] = ints(scenes[i]);
            return tuple;
          },
          [](const SceneHandle& self, py::handle value) {
            self.box->check_editable();
            set_scenes(self.box->scene, value);
          },
          "tuple of tuples: the root node indices of each scene (<visual_scene>); takes any "
          "sequence of sequences of node indices (IndexError out of range, ValueError for one "
          "listed twice in a scene)")
      .def_property(
          "default_scene", [](const SceneHandle& self) { return self.scene().default_scene; },
          &set_default_scene,
          "index of the scene to show (COLLADA <scene>, glTF scene), -1 for none")
      .def_property_readonly(
          "materials", [](const SceneHandle& self) { return parts_of<Material>(self); },
          "tuple of SceneMaterial (PBR metallic-roughness; from COLLADA effects)")
      .def_property_readonly(
          "textures", [](const SceneHandle& self) { return parts_of<Texture>(self); },
          "tuple of SceneTexture: image index and sampler settings")
      .def_property_readonly(
          "images", [](const SceneHandle& self) { return parts_of<Image>(self); },
          "tuple of SceneImage: a uri, or embedded bytes")
      .def_property_readonly(
          "global_attrs",
          [](py::object self) {
            return py::module_::import("polyxios._attrs").attr("AttrsDict")(self);
          },
          "dict: 'asset', 'skins', 'animations', 'cameras', 'lights', 'extras', ... (arrays as "
          "read-only numpy views). Assigning or deleting a key changes the scene: 'skins', "
          "'animations' and 'asset' take what they show, other keys any value (cameras and "
          "lights: SceneData.cameras / lights)")
      .def("_attrs",
           [](py::object self) {
             return global_attrs_dict(self.cast<const SceneHandle&>().scene(), self);
           })
      .def("_set_attr",
           [](py::object self, const std::string& key, py::handle value) {
             set_global_attr(*self.cast<const SceneHandle&>().box, key, value, self);
           })
      .def("_del_attr",
           [](py::object self, const std::string& key) {
             delete_global_attr(*self.cast<const SceneHandle&>().box, key, self);
           })
      .def_property(
          "cameras",
          [](py::object self) {
            py::list out;
            for (const Camera& c : self.cast<const SceneHandle&>().scene().cameras) {
              out.append(camera_dict(c, self));
            }
            return out;
          },
          [](py::object self, py::handle value) {
            set_cameras(*self.cast<const SceneHandle&>().box, value, self);
          },
          "list of dict: each camera as glTF's camera object, by the index SceneNode.camera "
          "holds. Takes a list of such dicts, held to glTF's rules (ValueError naming the "
          "camera otherwise); a camera set so carries no COLLADA id")
      .def_property(
          "lights",
          [](py::object self) {
            py::list out;
            for (const Light& l : self.cast<const SceneHandle&>().scene().lights) {
              out.append(light_object(l, self));
            }
            return out;
          },
          [](py::object self, py::handle value) {
            set_lights(*self.cast<const SceneHandle&>().box, value, self);
          },
          "list of dict: each light as KHR_lights_punctual's light object ('ambient' too), by "
          "the index SceneNode.light holds. Takes a list of such dicts, held to its rules")
      .def("append_node", &append_node_to, py::arg("node"), py::arg("parent") = py::none(),
           R"(Appends `node`, a SceneNode made in Python (SceneNode(...)), and returns its index;
the node object then stands for the scene's node. It becomes the last child of node `parent`, or
with no parent a root of the default scene (a first scene is made when there is none). IndexError
for a parent, mesh or child out of range; ValueError for a node already in a scene.)")
      .def(
          "remove_node",
          [](const SceneHandle& self, py::handle index) {
            const long long node = python_int(index, "node");
            remove_node(*self.box,
                        index_in(py::int_(node), self.scene().nodes.size(), "node", "nodes"));
          },
          py::arg("index"),
          R"(Removes node `index`: it leaves its parents' children and the scenes' roots, and every
index of a later node (children, roots, skins' joints, animation targets) moves down one; a
SceneNode object of the removed node raises RuntimeError from then on. ValueError, the scene
unchanged, for a node that has children (remove them first, or set its children to ()), that a
skin lists or an animation targets, or in a scene whose animations hold KHR_animation_pointer
channels.)")
      .def("append_material", &append_material_to, py::arg("material"),
           R"(Appends `material`, a SceneMaterial made in Python (SceneMaterial(...)), and returns
its index (the value cells show it by in element_attrs['material']); the material object then
stands for the scene's material. IndexError for a texture reference out of range; ValueError for
a material already in a scene.)")
      .def(
          "remove_material",
          [](const SceneHandle& self, py::handle index) {
            const long long material = python_int(index, "material");
            remove_material(*self.box, index_in(py::int_(material), self.scene().materials.size(),
                                                "material", "materials"));
          },
          py::arg("index"),
          R"(Removes material `index`: every later material index (the meshes' 'material' cell
columns, replaced by new arrays, and the material variants) moves down one; a SceneMaterial
object of the removed material raises RuntimeError from then on. ValueError, the scene
unchanged, for a material cells show or a material variant names (give the cells another
material first), or in a scene whose animations hold KHR_animation_pointer channels.)")
      .def(
          "append_mesh",
          [](const SceneHandle& self, MeshHandle& mesh) { return append_mesh(self.box, mesh); },
          py::arg("mesh"),
          R"(Appends `mesh`, a PolyData of its own (PolyData(...), read(), to_polydata()), without
a copy, and returns its index (for SceneNode.mesh); the PolyData object then stands for the
scene's mesh. ValueError for a mesh of a scene, or one whose element_attrs['material'] names a
material the scene lacks.)")
      .def("remove_mesh", &remove_mesh_at, py::arg("index"),
           R"(Removes mesh `index`: the nodes that showed it show none (their skin and own morph
weights dropped with it), every later mesh index moves down one, and its material variants go; a
PolyData object of the removed mesh raises RuntimeError from then on. ValueError, the scene
unchanged, in a scene whose animations hold KHR_animation_pointer channels.)")
      .def(
          "to_polydata",
          [](const SceneHandle& self) {
            PolyData data;
            {
              SceneReading reading(*self.box);
              py::gil_scoped_release release;
              data = px::to_polydata(self.scene());
            }
            return own_mesh(std::move(data));
          },
          R"(The whole scene flattened into one PolyData: every mesh a node of the default scene
shows (every scene's when none is set), under the node's world transform (points by the world
matrix, normals by the inverse transpose of its linear part, tangents by the linear part, both
renormalised). A vertex attribute is kept when every shown mesh has it with the same width;
'material' is kept, -1 where a mesh has none.)")
      .def("world_matrix", &world_matrix, py::arg("node"),
           R"((4, 4) float64: node `node`'s world matrix, indexed [row, column] as SceneNode.matrix
(translation in [:3, 3]): its matrix under its parents', root first (parent @ ... @ matrix), the
transform to_polydata places its mesh by. A node several parents list takes the path found first;
a node no scene shows is composed up its own parents. A new array; each call walks the whole graph
(O(nodes)). IndexError for an index outside 0..len(nodes) - 1.)")
      .def("__repr__", [](const SceneHandle& self) {
        const Scene& s = self.scene();
        return "<SceneData: " + std::to_string(s.meshes.size()) + " meshes, " +
               std::to_string(s.nodes.size()) + " nodes, " + std::to_string(s.materials.size()) +
               " materials, " + std::to_string(s.textures.size()) + " textures, " +
               std::to_string(s.images.size()) + " images>";
      });
}

}  // namespace

void bind_scene(py::module_& m) {
  // Before SceneData, whose append_node and append_material take them.
  bind_node(m);               // node_bindings.cc
  bind_material(m);           // material_bindings.cc
  bind_texture_and_image(m);  // image_bindings.cc
  bind_scene_data(m);
  bind_texture_and_image_edits(m);  // image_bindings.cc
  bind_reorder(m);                  // reorder_bindings.cc
}

}  // namespace px::python
