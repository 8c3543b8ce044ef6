#include "formats/collada/read/nodes.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/morphs.h"
#include "polyxios/hash_containers.h"
#include "polyxios/scene/transform_elements.h"

namespace px::collada {
namespace {

std::string url_id(std::string_view url) {
  return std::string(url.starts_with("#") ? url.substr(1) : url);
}

class NodeReader {
 public:
  NodeReader(ReadContext& ctx, Geometries& geometries, const Materials& materials,
             SkinReader& skins, NodeIndex& index)
      : main_(ctx),
        ctx_(&ctx),
        geometries_(geometries),
        materials_(materials),
        skins_(skins),
        morphs_(ctx, geometries),
        index_(index),
        node_cap_(ctx.node_cap()) {
    // Every document's cameras and lights are read before its nodes; the first of an id is the
    // one an instance names.
    for (size_t i = 0; i < ctx.scene.cameras.size(); ++i) {
      camera_of_id_.try_emplace(*ctx.scene.cameras[i].collada_id, static_cast<int>(i));
    }
    for (size_t i = 0; i < ctx.scene.lights.size(); ++i) {
      light_of_id_.try_emplace(*ctx.scene.lights[i].collada_id, static_cast<int>(i));
    }
  }

  absl::StatusOr<int> read_node(const Element& element);

 private:
  absl::StatusOr<int> new_node(const Element& element);
  absl::Status read_external_geometry(const Element& geometry);
  absl::Status read_transform(const Element& e, Node* node);
  absl::StatusOr<int> instance_mesh(const Element& instance, const Element& geometry,
                                    const Element* controller, const Element* morph);
  absl::StatusOr<std::vector<int32_t>> bound_materials(const Element& instance,
                                                       const GeometryRecord& record);
  // Shows the geometry on `node` (index `self`), or on a new child when it shows one already;
  // returns the index of the node that shows it.
  absl::StatusOr<int> attach_mesh(Node* node, int self, const Element& instance,
                                  const Element& geometry, const Element* controller,
                                  const Element* morph, std::vector<int>* extra_children);

  // The context of the document an element is in: the input's, or one it references.
  ReadContext& context_of(const Element& e) const { return document_of(main_, e); }
  // An instance naming a document that is missing or not COLLADA is dropped, not refused.
  bool missing_document(const Element& instance, std::string_view attribute) const {
    return names_missing_document(*ctx_, instance.attr(attribute));
  }

  ReadContext& main_;
  ReadContext* ctx_;  // the context of the node being read
  Geometries& geometries_;
  const Materials& materials_;
  SkinReader& skins_;
  MorphReader morphs_;
  NodeIndex& index_;
  uint64_t node_cap_;
  std::vector<const Element*> open_;  // nodes being read, to catch an instance of an ancestor
  HashMap<std::string, int> camera_of_id_, light_of_id_;  // Scene::cameras, ::lights by id
};

absl::Status NodeReader::read_external_geometry(const Element& geometry) {
  GeometryRecord record;
  Mesh mesh;
  if (absl::Status s = read_geometry(context_of(geometry), geometry, &mesh, &record); !s.ok()) {
    return s;
  }
  record.mesh = static_cast<int>(main_.scene.meshes.size());
  main_.scene.meshes.push_back(std::move(mesh));
  geometries_.by_element.emplace(&geometry, geometries_.records.size());
  geometries_.records.push_back(std::move(record));
  return absl::OkStatus();
}

absl::StatusOr<int> NodeReader::new_node(const Element& element) {
  if (ctx_->scene.nodes.size() >= node_cap_) {
    return over_budget("collada.nodes.cap", element.name, element.line,
                       cat("instancing expands the tree past ", node_cap_, " nodes"));
  }
  int index = static_cast<int>(ctx_->scene.nodes.size());
  ctx_->scene.nodes.emplace_back();
  index_.element_of.push_back(&element);
  if (element.name == "node") index_.copies[&element].push_back(index);
  return index;
}

absl::Status NodeReader::read_transform(const Element& e, Node* node) {
  size_t want = element_value_count(e.name);
  if (e.doubles.size() != want) {
    return refuse("collada.transform.values", e.name, e.line,
                  cat("<", e.name, "> holds ", e.doubles.size(), " values; it takes ", want));
  }
  // A value that is not finite reads as the identity, the element keeping its kind and sid so
  // that an animation of it still binds; no writer could spell the node otherwise.
  const bool finite =
      std::all_of(e.doubles.begin(), e.doubles.end(), [](double d) { return std::isfinite(d); });
  const std::span<const double> kept =
      finite ? std::span<const double>(e.doubles) : identity_values(e.name);
  if (!finite) {
    ctx_->warn("collada.transform.non-finite",
               cat("<", e.name, "> holds a value that is not finite; it reads as the identity"),
               &e);
  }
  if (e.name == "skew") {
    ctx_->warn("collada.transform.skew-ignored", "<skew> transforms are ignored", &e);
  } else {
    node->matrix = node->matrix * element_matrix(e.name, kept);
  }
  TransformElement& spelled = node->transforms.emplace_back();
  spelled.kind = std::string(e.name);
  if (const std::string_view* sid = e.find_attr("sid")) {
    spelled.sid = std::string(*sid);
    spelled.empty_sid_spelled = sid->empty();
  }
  spelled.values.assign(kept.begin(), kept.end());
  return absl::OkStatus();
}

absl::StatusOr<std::vector<int32_t>> NodeReader::bound_materials(const Element& instance,
                                                                 const GeometryRecord& record) {
  std::vector<std::pair<std::string_view, int32_t>> bindings;
  const Element* bind = instance.child("bind_material");
  const Element* common = bind == nullptr ? nullptr : bind->child("technique_common");
  size_t instance_materials = 0;  // those spelled, resolved or not
  if (common != nullptr) {
    for (const Element& im : common->children()) {
      if (im.name != "instance_material") continue;
      ++instance_materials;
      absl::StatusOr<ResolvedUrl> url = resolve_url(*ctx_, im, "target");
      if (!url.ok() && drop_unresolved(*ctx_, url.status(), im)) continue;
      if (!url.ok()) return unresolved_refusal(url.status());
      int32_t material = -1;
      if (url->kind == UrlKind::kExternal && missing_document(im, "target")) {
        continue;  // its document is missing, as collada.url.external-missing said
      } else if (url->kind == UrlKind::kExternal) {
        return refuse("collada.url.external", "instance_material", im.line,
                      cat("target=\"", im.attr("target"), "\" names another document"));
      } else if (auto it = materials_.by_element.find(url->target);
                 it != materials_.by_element.end()) {
        material = it->second;
      } else {
        return refuse("collada.url.kind", "instance_material", im.line,
                      cat("target=\"", im.attr("target"), "\" does not name a <material>"));
      }
      bindings.emplace_back(im.attr("symbol"), material);
    }
  }
  std::vector<int32_t> defaults =
      default_block_materials(context_of(*record.element), record, materials_);
  std::vector<int32_t> out(record.block_symbols.size(), -1);
  for (size_t b = 0; b < out.size(); ++b) {
    std::string_view symbol = record.block_symbols[b];
    auto bound = std::find_if(bindings.begin(), bindings.end(),
                              [&](const auto& kv) { return kv.first == symbol; });
    if (bound != bindings.end()) {
      out[b] = bound->second;
      continue;
    }
    out[b] = defaults[b];
    // A block naming no symbol under an instance binding one material alone takes it, as
    // assimp and Blender read it: the exporter meant the one material it bound.
    if (symbol.empty() && instance_materials == 1 && bindings.size() == 1) {
      out[b] = bindings[0].second;
      ctx_->info("collada.material.single-binding-applied",
                 cat("a primitive block of geometry \"", record.element->attr("id"),
                     "\" names no material; it takes the one the instance binds (symbol \"",
                     bindings[0].first, "\")"),
                 &instance);
      continue;
    }
    if (!bindings.empty() && !symbol.empty()) {
      ctx_->warn("collada.material.unbound-symbol",
                 cat("material symbol \"", symbol, "\" is not bound by the instance; ",
                     out[b] >= 0 ? "the material of that id is used" : "the block has no material"),
                 &instance);
    }
  }
  return out;
}

absl::StatusOr<int> NodeReader::instance_mesh(const Element& instance, const Element& geometry,
                                              const Element* controller, const Element* morph) {
  auto it = geometries_.by_element.find(&geometry);
  if (it == geometries_.by_element.end() && geometry.name == "geometry" &&
      &context_of(geometry) != &main_) {
    // A geometry of another document is read when first instanced.
    if (absl::Status s = read_external_geometry(geometry); !s.ok()) return s;
    it = geometries_.by_element.find(&geometry);
  }
  if (it == geometries_.by_element.end()) {
    return refuse("collada.url.kind", instance.name, instance.line,
                  cat("url=\"", instance.attr("url"), "\" does not name a <geometry>"));
  }
  GeometryRecord& record = geometries_.records[it->second];
  absl::StatusOr<std::vector<int32_t>> materials = bound_materials(instance, record);
  if (!materials.ok()) return materials.status();
  const SkinColumns* skin = nullptr;
  if (controller != nullptr) {
    absl::StatusOr<const SkinColumns*> columns = skins_.columns(*controller, record);
    if (!columns.ok()) return columns.status();
    skin = *columns;
  }
  const MorphColumns* targets = nullptr;
  if (morph != nullptr) {
    absl::StatusOr<const MorphColumns*> columns = morphs_.columns(*morph, record);
    if (!columns.ok()) return columns.status();
    targets = *columns;
  }
  return mesh_for_use(main_, record, std::move(*materials), skin, targets);
}

absl::StatusOr<int> NodeReader::attach_mesh(Node* node, int self, const Element& instance,
                                            const Element& geometry, const Element* controller,
                                            const Element* morph,
                                            std::vector<int>* extra_children) {
  absl::StatusOr<int> mesh = instance_mesh(instance, geometry, controller, morph);
  if (!mesh.ok()) return mesh.status();
  if (node->mesh < 0) {
    node->mesh = *mesh;
    return self;
  }
  // A node instancing several geometries gets a child node per extra one.
  absl::StatusOr<int> child = new_node(instance);
  if (!child.ok()) return child.status();
  Node& c = ctx_->scene.nodes[*child];
  c.mesh = *mesh;
  c.name = std::string(geometry.attr("name"));
  extra_children->push_back(*child);
  return *child;
}

absl::StatusOr<int> NodeReader::read_node(const Element& element) {
  if (std::find(open_.begin(), open_.end(), &element) != open_.end()) {
    return refuse("collada.instance_node.cycle", "node", element.line,
                  cat("node \"", element.attr("id"), "\" instances itself"));
  }
  absl::StatusOr<int> index = new_node(element);
  if (!index.ok()) return index.status();
  open_.push_back(&element);
  ReadContext* outer = ctx_;
  ctx_ = &context_of(element);
  Node node;
  node.name = std::string(element.attr("name"));
  if (node.name.empty()) node.name = std::string(element.attr("id"));
  if (const std::string_view* id = element.find_attr("id")) node.collada_id = std::string(*id);
  if (const std::string_view* sid = element.find_attr("sid")) node.sid = std::string(*sid);
  node.joint = element.attr("type") == "JOINT";
  std::vector<int> children;
  for (const Element& child : element.children()) {
    std::string_view name = child.name;
    absl::Status status;
    if (element_value_count(name) != 0) {
      status = read_transform(child, &node);
    } else if (name == "node") {
      absl::StatusOr<int> c = read_node(child);
      if (!c.ok()) return c.status();
      children.push_back(*c);
    } else if (name == "instance_node") {
      absl::StatusOr<ResolvedUrl> url = resolve_url(*ctx_, child, "url");
      if (!url.ok() && drop_unresolved(*ctx_, url.status(), child)) continue;
      if (!url.ok()) return unresolved_refusal(url.status());
      if (url->kind == UrlKind::kExternal) {
        ctx_->warn("collada.url.external", "an <instance_node> of another document is dropped",
                   &child);
        continue;
      }
      if (url->target->name != "node") {
        return refuse("collada.url.kind", "instance_node", child.line,
                      cat("url=\"", child.attr("url"), "\" does not name a <node>"));
      }
      // Element nesting bounds the <node> children (xml.depth); this bounds the instances, so
      // that the recursion into their targets stays as shallow.
      if (const int max_depth = main_.options.limits.max_depth;
          open_.size() >= static_cast<size_t>(max_depth)) {
        return refuse(
            "collada.instance_node.depth", "instance_node", child.line,
            cat("url=\"", child.attr("url"), "\" nests instanced nodes deeper than ", max_depth));
      }
      absl::StatusOr<int> c = read_node(*url->target);
      if (!c.ok()) return c.status();
      children.push_back(*c);
    } else if (name == "instance_geometry") {
      absl::StatusOr<ResolvedUrl> url = resolve_url(*ctx_, child, "url");
      if (!url.ok() && drop_unresolved(*ctx_, url.status(), child)) continue;
      if (!url.ok()) return unresolved_refusal(url.status());
      if (url->kind == UrlKind::kExternal) {
        ctx_->warn("collada.url.external", "an <instance_geometry> of another document is dropped",
                   &child);
        continue;
      }
      status =
          attach_mesh(&node, *index, child, *url->target, nullptr, nullptr, &children).status();
    } else if (name == "instance_controller") {
      absl::StatusOr<ResolvedUrl> url = resolve_url(*ctx_, child, "url");
      if (!url.ok() && drop_unresolved(*ctx_, url.status(), child)) continue;
      if (!url.ok()) return unresolved_refusal(url.status());
      if (url->kind == UrlKind::kExternal && missing_document(child, "url")) continue;
      const Element* controller = nullptr;
      const Element* morph = nullptr;
      absl::StatusOr<const Element*> geometry = nullptr;
      if (url->kind == UrlKind::kLocal) {
        if (url->target->name != "controller") {
          return refuse("collada.url.kind", "instance_controller", child.line,
                        cat("url=\"", child.attr("url"), "\" does not name a <controller>"));
        }
        geometry = skins_.source_geometry(*url->target, &controller, &morph);
      }
      if (!geometry.ok()) return geometry.status();
      if (*geometry == nullptr) {
        ctx_->warn("collada.url.external",
                   "an <instance_controller> of another document is dropped", &child);
        continue;
      }
      if (morph != nullptr && &context_of(*morph) != &main_) {
        // Its targets name geometries of that document, which only an instance reads.
        ctx_->warn("collada.url.external",
                   "a <morph> of another document shows its base geometry; its targets are "
                   "dropped",
                   &child);
        morph = nullptr;
      }
      absl::StatusOr<int> shown =
          attach_mesh(&node, *index, child, **geometry, controller, morph, &children);
      if (!shown.ok()) return shown.status();
      if (controller != nullptr) skins_.add_use(*shown, child, *controller);
      // The node showing it (this one, or a child for a second instance) holds its mesh.
      const int shown_mesh = *shown == *index ? node.mesh : ctx_->scene.nodes[*shown].mesh;
      if (morph != nullptr && !ctx_->scene.meshes[shown_mesh].morph_targets.empty()) {
        index_.morph_nodes[morph].push_back(*shown);
      }
    } else if (name == "instance_camera" || name == "instance_light") {
      const bool camera = name == "instance_camera";
      absl::StatusOr<ResolvedUrl> url = resolve_url(*ctx_, child, "url");
      if (!url.ok() && drop_unresolved(*ctx_, url.status(), child)) continue;
      if (!url.ok()) return unresolved_refusal(url.status());
      if (url->kind == UrlKind::kExternal && missing_document(child, "url")) continue;
      if (url->kind == UrlKind::kExternal) {
        return refuse("collada.url.external", name, child.line,
                      cat("url=\"", child.attr("url"), "\" names another document"));
      }
      int& shown = camera ? node.camera : node.light;
      std::optional<std::string>& unresolved =
          camera ? node.unresolved_camera : node.unresolved_light;
      if (shown >= 0 || unresolved) {
        ctx_->warn(cat("collada.node.second-", camera ? "camera" : "light"),
                   cat("a node's second <", name, "> is dropped"), &child);
      } else {
        if (!camera && node.camera < 0 && !node.unresolved_camera) node.light_first = true;
        // A URL naming this document by its file ("./self.dae#cam") names the same id.
        std::string id = url->target != nullptr
                             ? cat(context_of(*url->target).key_prefix, url->target->attr("id"))
                             : url_id(child.attr("url"));
        const HashMap<std::string, int>& of_id = camera ? camera_of_id_ : light_of_id_;
        if (auto it = of_id.find(id); it != of_id.end()) {
          shown = it->second;
        } else {
          unresolved = std::move(id);
        }
      }
    }
    if (!status.ok()) return status;
  }
  if (!node.matrix.allFinite()) {
    // Finite elements whose product overflows (two scales of 1e200) or a degenerate <lookat>.
    ctx_->warn("collada.transform.non-finite",
               "the node's transform elements compose to a matrix that is not finite; it reads "
               "as the identity",
               &element);
    node.matrix = Eigen::Matrix4d::Identity();
  }
  node.children = std::move(children);
  ctx_->scene.nodes[*index] = std::move(node);
  open_.pop_back();
  ctx_ = outer;
  return *index;
}

}  // namespace

std::vector<int32_t> default_block_materials(const ReadContext& ctx, const GeometryRecord& record,
                                             const Materials& materials) {
  std::vector<int32_t> out(record.block_symbols.size(), -1);
  for (size_t b = 0; b < out.size(); ++b) {
    const Element* e = find_id(ctx, record.block_symbols[b]);
    if (e == nullptr) continue;
    if (auto it = materials.by_element.find(e); it != materials.by_element.end()) {
      out[b] = it->second;
    }
  }
  return out;
}

absl::Status read_visual_scenes(ReadContext& ctx, Geometries& geometries,
                                const Materials& materials, SkinReader& skins, NodeIndex* index) {
  NodeReader reader(ctx, geometries, materials, skins, *index);
  std::vector<const Element*> visual_scenes;
  for (const Element& library : ctx.doc.root()->children()) {
    if (library.name != "library_visual_scenes") continue;
    for (const Element& vs : library.children()) {
      if (vs.name != "visual_scene") continue;
      std::vector<int> roots;
      for (const Element& n : vs.children()) {
        if (n.name != "node") continue;
        absl::StatusOr<int> root = reader.read_node(n);
        if (!root.ok()) return root.status();
        roots.push_back(*root);
      }
      visual_scenes.push_back(&vs);
      ctx.scene.scenes.push_back(std::move(roots));
    }
  }
  ctx.scene.default_scene = visual_scenes.empty() ? -1 : 0;
  const Element* scene = ctx.doc.root()->child("scene");
  const Element* instance = scene == nullptr ? nullptr : scene->child("instance_visual_scene");
  if (instance != nullptr) {
    absl::StatusOr<ResolvedUrl> url = resolve_url(ctx, *instance, "url");
    if (!url.ok() && !drop_unresolved(ctx, url.status(), *instance)) {
      return unresolved_refusal(url.status());
    }
    if (!url.ok()) {
    } else if (url->kind == UrlKind::kExternal) {
      ctx.warn("collada.url.external",
               "an <instance_visual_scene> of another document is dropped; the first visual "
               "scene is active",
               instance);
    } else if (auto it = std::find(visual_scenes.begin(), visual_scenes.end(), url->target);
               it != visual_scenes.end()) {
      ctx.scene.default_scene = static_cast<int>(it - visual_scenes.begin());
    } else if (url->target->name == "visual_scene" && url->target->parent != nullptr &&
               url->target->parent->name == "library_visual_scenes") {
      // A visual scene of another document: read as a scene of this one, and active.
      std::vector<int> roots;
      for (const Element& n : url->target->children()) {
        if (n.name != "node") continue;
        absl::StatusOr<int> root = reader.read_node(n);
        if (!root.ok()) return root.status();
        roots.push_back(*root);
      }
      ctx.scene.default_scene = static_cast<int>(ctx.scene.scenes.size());
      ctx.scene.scenes.push_back(std::move(roots));
    } else {
      return refuse("collada.url.kind", "instance_visual_scene", instance->line,
                    "url does not name a <visual_scene>");
    }
  }
  return skins.bind(*index, [&](const Element& e) { return reader.read_node(e); });
}

}  // namespace px::collada
