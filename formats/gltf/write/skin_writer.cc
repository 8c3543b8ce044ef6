#include "formats/gltf/write/skin_writer.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <set>

#include "engine/strings.h"
#include "formats/gltf/write/value_json.h"
#include "polyxios/ops/node_tree.h"

namespace px::gltf {
namespace {

constexpr std::string_view kSkinDropped = "gltf.write.skin-dropped";

// Row `row` of a column of 16 values per row, a row-major 4x4.
bool matrix_of(const Column& c, size_t row, Eigen::Matrix4d* m) {
  if (c.cols != 16 || row >= c.rows) return false;
  for (int k = 0; k < 16; ++k) (*m)(k / 4, k % 4) = c.get(row, k);
  return true;
}

// The written mesh of a node, -1 for none.
int written_mesh(const Node& node, const std::vector<int>& mesh_index) {
  return node.mesh >= 0 && static_cast<size_t>(node.mesh) < mesh_index.size()
             ? mesh_index[node.mesh]
             : -1;
}

// A glTF read keeps the skin's whole object; members glTF does not define go unwritten.
void warn_dropped_members(const ValueMap& object, size_t s, Diagnostics& diagnostics) {
  static constexpr std::string_view kWritten[] = {"name",   "joints",     "skeleton",
                                                  "extras", "extensions", "inverseBindMatrices"};
  if (find_value(object, "extensions") != nullptr) {
    diagnostics.warn(
        "gltf.write.extension-dropped",
        cat("skin ", s, ": its extensions are left out (the writer keeps no extensionsUsed)"));
  }
  for (const auto& [key, value] : object) {
    if (std::find(std::begin(kWritten), std::end(kWritten), key) == std::end(kWritten)) {
      diagnostics.warn("gltf.write.skin-member-dropped",
                       cat("skin ", s, ": '", key, "' left out: glTF defines no such member"));
    }
  }
}

}  // namespace

SkinWriter::SkinWriter(const Scene& scene, Diagnostics& diagnostics) {
  const NodeAncestry tree(scene.nodes);
  for (size_t s = 0; s < scene.skins.size(); ++s) {
    const Skin& skin = scene.skins[s];
    auto drop = [&](std::string_view why) {
      diagnostics.warn(kSkinDropped, cat("skin ", s, " left out: ", why));
      index_.push_back(-1);
    };
    Written w;
    w.name = skin.name.value_or("");
    std::string why;
    std::set<int> seen;
    if (skin.joints.empty()) {
      why = "it has no joints";
    } else {
      for (int n : skin.joints) {
        if (n < 0 || static_cast<size_t>(n) >= scene.nodes.size() || !seen.insert(n).second) {
          why = "its joints are not distinct node indices";
          break;
        }
        w.joints.push_back(n);
      }
    }
    if (why.empty()) {
      const int root = tree.root(w.joints[0]);
      for (int j : w.joints) {
        if (tree.root(j) != root) why = "its joints are not under one root";
      }
    }
    Eigen::Matrix4d bind_shape = Eigen::Matrix4d::Identity();
    if (why.empty() && skin.bind_shape_matrix) {
      if (!matrix_of(*skin.bind_shape_matrix, 0, &bind_shape) || !bind_shape.allFinite()) {
        why = "its bind_shape_matrix is not a finite 4x4 matrix";
      }
    }
    const std::optional<Column>& ibm = skin.inverse_bind_matrices;
    if (why.empty() && skin.undecoded_matrices) {
      why = "its inverseBindMatrices were never decoded";
    }
    if (why.empty() && ibm && ibm->rows != w.joints.size()) {
      why = cat("it has ", ibm->rows, " inverse bind matrices for ", w.joints.size(), " joints");
    }
    for (size_t j = 0; why.empty() && j < w.joints.size(); ++j) {
      Eigen::Matrix4d inverse = Eigen::Matrix4d::Identity();
      if (ibm && !matrix_of(*ibm, j, &inverse)) {
        why = "its inverse_bind_matrices are not one 4x4 matrix per joint";
        break;
      }
      // COLLADA skins a vertex by joint * inverse bind * bind shape; glTF has no bind shape.
      Eigen::Matrix4d folded = inverse * bind_shape;
      bool affine = std::abs(folded(3, 0)) < 1e-9 && std::abs(folded(3, 1)) < 1e-9 &&
                    std::abs(folded(3, 2)) < 1e-9 && std::abs(folded(3, 3) - 1) < 1e-9;
      if (!folded.allFinite() || !affine) {
        why = "an inverse bind matrix is not finite with a last row of [0, 0, 0, 1]";
        break;
      }
      for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) {
          w.matrices.push_back(r == 3 ? (c == 3 ? 1.0f : 0.0f) : static_cast<float>(folded(r, c)));
        }
      }
    }
    if (!why.empty()) {
      drop(why);
      continue;
    }
    // No matrices and no bind shape to fold: glTF's default, the identity, says the same.
    if (!ibm && bind_shape == Eigen::Matrix4d::Identity()) w.matrices.clear();
    if (skin.gltf_object) {
      w.extras = find_value(*skin.gltf_object, "extras");
      warn_dropped_members(*skin.gltf_object, s, diagnostics);
    }
    if (skin.skeleton >= 0) {
      const int root = skin.skeleton;
      bool valid = static_cast<size_t>(root) < scene.nodes.size();
      for (int j : w.joints) valid = valid && tree.is_ancestor_or_self(root, j);
      if (valid) {
        w.skeleton = root;
      } else {
        diagnostics.warn(kSkinDropped,
                         cat("skin ", s, ": skeleton ", root,
                             " is not a common root of its joints; left out of the skin"));
      }
    }
    index_.push_back(static_cast<int>(written_.size()));
    written_.push_back(std::move(w));
  }
}

void SkinWriter::add_accessors(BinLayout& bin) {
  for (Written& w : written_) {
    if (w.matrices.empty()) continue;
    const std::vector<float>* matrices = &w.matrices;
    int view =
        bin.add_view(w.matrices.size() * sizeof(float), 0, [matrices](ViewOut& out, Diagnostics&) {
          out.bytes(
              {reinterpret_cast<const char*>(matrices->data()), matrices->size() * sizeof(float)});
          return absl::OkStatus();
        });
    bin.compressible(view, MeshoptMode::kAttributes, 16 * sizeof(float));
    w.accessor = bin.add_accessor(Accessor{view, kFloat, w.joints.size(), "MAT4", {}, {}});
  }
}

int SkinWriter::written_skin(const Node& node) const {
  const int s = node.skin;
  return s >= 0 && static_cast<size_t>(s) < index_.size() ? index_[s] : -1;
}

void SkinWriter::limit_joints(const Scene& scene, const std::vector<int>& mesh_index,
                              std::vector<MeshPlan>& meshes) const {
  for (const Node& node : scene.nodes) {
    const int written = written_skin(node);
    const int mesh = written_mesh(node, mesh_index);
    if (written < 0 || mesh < 0) continue;
    const int joints = static_cast<int>(written_[written].joints.size());
    for (AttributePlan& a : meshes[mesh].attributes) {
      if (a.kind == AttributeKind::kJoints || a.kind == AttributeKind::kWeights) {
        a.joint_limit = std::min(a.joint_limit, joints);
      }
    }
  }
}

NodeSkins SkinWriter::node_skins(const Scene& scene, const std::vector<MeshPlan>& meshes,
                                 const std::vector<int>& mesh_index,
                                 Diagnostics& diagnostics) const {
  NodeSkins out;
  out.of_node.assign(scene.nodes.size(), -1);
  for (const Written& w : written_) out.joints.push_back(w.joints);
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    const Node& node = scene.nodes[i];
    if (node.skin < 0) continue;
    auto drop = [&](std::string_view why) {
      diagnostics.warn("gltf.write.node-skin-dropped", cat("node ", i, ": skin left out: ", why));
    };
    const int written = written_skin(node);
    const int mesh = written_mesh(node, mesh_index);
    const bool has_joints =
        mesh >= 0 && std::any_of(meshes[mesh].attributes.begin(), meshes[mesh].attributes.end(),
                                 [](const AttributePlan& a) {
                                   return a.kind == AttributeKind::kJoints && a.set == 0;
                                 });
    if (written < 0) {
      drop("it names no written skin");
    } else if (mesh < 0) {
      drop("the node has no written mesh");
    } else if (!has_joints) {
      drop("its mesh has no joints and weights");
    } else {
      out.of_node[i] = written;
    }
  }
  return out;
}

void SkinWriter::write_json(JsonWriter& json) const {
  if (written_.empty()) return;
  json.key("skins");
  json.start_array();
  for (const Written& w : written_) {
    json.start_object();
    if (!w.name.empty()) {
      json.key("name");
      json.string(w.name);
    }
    if (w.accessor >= 0) {
      json.key("inverseBindMatrices");
      json.integer(w.accessor);
    }
    if (w.skeleton >= 0) {
      json.key("skeleton");
      json.integer(w.skeleton);
    }
    json.key("joints");
    json.start_array();
    for (int j : w.joints) json.integer(j);
    json.end_array();
    if (w.extras != nullptr) {
      json.key("extras");
      write_value(json, *w.extras);
    }
    json.end_object();
  }
  json.end_array();
}

}  // namespace px::gltf
