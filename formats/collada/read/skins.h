// <controller><skin>: per-vertex joints and weights for the skinned mesh, and after the node
// tree is read, the joints bound to nodes as Scene::skins (polyxios/scene/skin.h): the controller's
// name, the joint nodes, its inverse bind matrices (identities when it has none), its bind shape
// matrix when it spells one, and the skeleton when the instance names one <skeleton>; the skinned
// node's Node::skin is the index of its skin.
#pragma once

#include <array>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/geometry.h"
#include "polyxios/hash_containers.h"

namespace px::collada {

struct NodeIndex;

class SkinReader {
 public:
  explicit SkinReader(ReadContext& ctx);
  SkinReader(const SkinReader&) = delete;
  ~SkinReader();

  // The geometry a <controller> shows (through a skin and a morph, in either order), also when
  // it or the controller lies in another document read (external_documents.h); nullptr for one in
  // a document that was not read. `skin_controller` is set to the controller holding the <skin>,
  // `morph_controller` to the one holding the (outermost) <morph>, each nullptr where none.
  absl::StatusOr<const Element*> source_geometry(const Element& controller,
                                                 const Element** skin_controller,
                                                 const Element** morph_controller);
  // The influences of `controller`'s skin on `record`'s vertices, read once per pair.
  absl::StatusOr<const SkinColumns*> columns(const Element& controller,
                                             const GeometryRecord& record);
  // A node showing a skinned mesh through `instance` (an <instance_controller>).
  void add_use(int node, const Element& instance, const Element& controller);
  // Reads a <node> element into the scene as a new subtree; returns its index.
  using NodeReaderFn = std::function<absl::StatusOr<int>(const Element&)>;
  // Binds every use's joints to nodes and writes the skins; after the whole tree is read. A
  // <skeleton> naming a node no visual scene reached (a rig kept in <library_nodes>) is read
  // with `read_node` and added as a root of the skinned node's scene, with a warning.
  absl::Status bind(const NodeIndex& nodes, const NodeReaderFn& read_node);

 private:
  struct Skin {
    const Element* element = nullptr;
    std::vector<std::string_view> name_storage;
    std::vector<std::string_view> joint_names;
    std::string_view joint_kind;  // the array element naming the joints
    const Element* joint_source = nullptr;
    std::vector<double> inverse_bind;  // 16 per joint, row-major; empty: identities
    std::optional<std::array<double, 16>> bind_shape;
  };
  absl::StatusOr<const Skin*> skin(const Element& controller);
  // The document holding `element`: a controller of another document resolves its own ids.
  ReadContext& doc_of(const Element& element) const;

  ReadContext& ctx_;
  HashMap<const Element*, std::unique_ptr<Skin>> skins_;
  std::deque<SkinColumns> columns_;
  HashMap<std::pair<const Element*, const Element*>, const SkinColumns*> by_pair_;
  struct Use {
    int node;
    const Element* instance;
    const Element* controller;
  };
  std::vector<Use> uses_;
};

}  // namespace px::collada
