// The plan of the node tree (formats/collada/write/node_writer.cc): which nodes the document holds,
// under which id and sid, spelled with which transform elements, and which are instanced from
// <library_nodes> or from an earlier node they were read as a copy of.
#pragma once

#include <string>
#include <vector>

#include "polyxios/scene/transform_elements.h"

namespace px::collada {

struct NodePlan {
  // A <visual_scene> reaches the node, as its own <node> element or through the element of the
  // node it is a copy of (copy_of). A node no scene reaches is not written (and warned about).
  bool written = false;
  // The written element's id: the node's own collada_id when it is an NCName no earlier node
  // holds, else a generated one; every written node that is not a copy has one. Empty when the
  // node is not written or is a copy.
  std::string id;
  // The node's sid: Node::sid when it is an NCName; empty when it has none, or none valid.
  // Controllers give joints one; the writer writes this, not Node::sid.
  std::string sid;
  bool joint = false;  // type="JOINT": Node::joint, or set by the controllers
  // The node's Node::instances are written, each a child <node>: it has some, and each one's
  // matrix is finite (else they are left out with a warning and the node shows its mesh once).
  bool instances = false;
  // The transform elements as written, each sid empty where it is not written: the node's
  // Node::transforms when they still compose to its matrix, else one <matrix sid="transform">
  // of the matrix, row by row (as_matrix; also for a node without elements, e.g. glTF's).
  std::vector<TransformElement> transforms;
  bool as_matrix = false;
  // The node whose written element this node is a copy of (an <instance_node> read back and
  // instanced again, or a node below such a copy): its document id is that node's, its transforms
  // that node's. That node is never a copy itself. -1 otherwise.
  int copy_of = -1;
  // Written once in <library_nodes> and instanced by every parent (a node reached more than once,
  // also through its copies).
  bool in_library = false;
};

struct NodesPlan {
  std::vector<NodePlan> nodes;  // one per scene node
  // The <visual_scene> ids, one per Scene::scenes entry.
  std::vector<std::string> visual_scene_ids;
  // private to node_writer.cc: the order and structure it writes
  std::vector<int> library_roots;  // nodes written in <library_nodes>, in order
  // Per node, the children its element holds (each its own <node>, or an <instance_node> of a
  // node in_library or of a copy's original); links that would close a cycle are cut.
  std::vector<std::vector<int>> children;
  std::vector<std::vector<int>> scene_roots;  // per scene, the roots written
};

}  // namespace px::collada
