#include "formats/collada/read/collada_reader.h"

#include "engine/errors.h"
#include "engine/strings.h"
#include "engine/xml_document.h"
#include "formats/collada/read/animations.h"
#include "formats/collada/read/asset.h"
#include "formats/collada/read/cameras.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/geometry.h"
#include "formats/collada/read/materials.h"
#include "formats/collada/read/nodes.h"
#include "formats/collada/read/skins.h"
#include "model/transform_elements.h"

namespace px::collada {
namespace {

bool under_mesh(const xml::Element& e) {
  const xml::Element* source = e.parent;
  const xml::Element* mesh = source == nullptr ? nullptr : source->parent;
  return mesh != nullptr && (mesh->name == "mesh" || mesh->name == "convex_mesh");
}

// Which element texts are numbers, and of what type. Geometry arrays are kept as float32 (what
// glTF stores anyway); transforms, skins and animations keep float64.
xml::TextMode text_mode(const xml::Element& e) {
  std::string_view n = e.name;
  if (n == "float_array") return under_mesh(e) ? xml::TextMode::kFloat32 : xml::TextMode::kFloat64;
  if (n == "p" || n == "vcount" || n == "v" || n == "h" || n == "int_array") {
    return xml::TextMode::kInt32;
  }
  if (element_value_count(n) != 0 && e.parent != nullptr && e.parent->name == "node") {
    return xml::TextMode::kFloat64;
  }
  return xml::TextMode::kString;
}

void index_ids(ReadContext& ctx) {
  std::vector<const Element*> stack{ctx.doc.root()};
  while (!stack.empty()) {
    const Element* e = stack.back();
    stack.pop_back();
    if (const std::string_view* id = e->find_attr("id")) {
      auto [it, inserted] = ctx.ids.emplace(*id, e);
      if (!inserted && it->second->line > e->line) it->second = e;  // the first in the document
    }
    for (const Element& c : e->children()) stack.push_back(&c);
  }
}

}  // namespace

absl::StatusOr<Scene> read(Source& source, const ReadOptions& options, Diagnostics& diagnostics) {
  xml::ParseOptions parse_options;
  parse_options.policy = text_mode;
  parse_options.max_depth = options.max_xml_depth;
  absl::StatusOr<std::unique_ptr<xml::Document>> doc = xml::parse(source, parse_options);
  if (!doc.ok()) return doc.status();
  const Element* root = (*doc)->root();
  if (root->name != "COLLADA") {
    return refuse("collada.root", root->name, root->line,
                  "the document's root element is not <COLLADA>");
  }
  Scene scene;
  ReadContext ctx(**doc, scene, options, diagnostics, source.size_bound());
  ctx.base_dir = source.base_dir();
  ctx.document_path = source.path();
  index_ids(ctx);
  read_asset(ctx);
  read_cameras(ctx);
  Materials materials;
  if (absl::Status s = read_materials(ctx, &materials); !s.ok()) return s;
  Geometries geometries;
  if (absl::Status s = read_geometries(ctx, &geometries); !s.ok()) return s;
  NodeIndex nodes;
  SkinReader skins(ctx);
  if (absl::Status s = read_visual_scenes(ctx, geometries, materials, skins, &nodes); !s.ok()) {
    return s;
  }
  if (absl::Status s = read_animations(ctx, nodes); !s.ok()) return s;
  for (GeometryRecord& record : geometries.records) {
    if (!record.uses.empty()) continue;
    absl::StatusOr<int> mesh =
        mesh_for_use(ctx, record, default_block_materials(ctx, record, materials), nullptr);
    if (!mesh.ok()) return mesh.status();
  }
  return scene;
}

}  // namespace px::collada
