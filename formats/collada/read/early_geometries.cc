#include "formats/collada/read/early_geometries.h"

namespace px::collada {
namespace {

// Visits every element under geometry (not geometry itself, whose siblings may still grow).
template <class F>
void for_each_inside(const Element& geometry, F&& f) {
  const Element* e = geometry.first_child;
  while (e != nullptr) {
    f(*e);
    if (e->first_child != nullptr) {
      e = e->first_child;
      continue;
    }
    while (e != nullptr && e->next_sibling == nullptr) {
      e = e->parent;
      if (e == &geometry) e = nullptr;
    }
    if (e != nullptr) e = e->next_sibling;
  }
}

}  // namespace

EarlyGeometries::EarlyGeometries(xml::Document& doc, Scene& scene, const ReadOptions& options,
                                 const Source& source, const Diagnostics& diagnostics)
    : doc_(doc),
      scene_(scene),
      options_(options),
      diagnostics_(diagnostics),
      document_bytes_(source.size_bound()),
      base_dir_(source.base_dir()),
      document_path_(source.path()) {}

// Every "source" reference inside resolves, as it will when the whole document is known, to an
// element inside: "#id" of an element inside that is the first in the document with its id.
bool EarlyGeometries::self_contained(const Element& geometry, Result* result) const {
  for_each_inside(geometry, [&](const Element& e) {
    const std::string_view* id = e.find_attr("id");
    if (id != nullptr && doc_.find_id(*id) == &e) result->ids.emplace(*id, &e);
  });
  bool inside = true;
  for_each_inside(geometry, [&](const Element& e) {
    const std::string_view* url = e.find_attr("source");
    if (url == nullptr || !inside) return;
    std::string_view id = url->starts_with('#') ? url->substr(1) : *url;
    inside = result->ids.contains(id);
  });
  return inside;
}

void EarlyGeometries::on_close(const Element& element, xml::NumberSink& sink) {
  if (element.name != "geometry") return;
  const Element* library = element.parent;
  if (library == nullptr || library->name != "library_geometries" || library->parent == nullptr ||
      library->parent->parent != nullptr) {
    return;
  }
  auto result = std::make_unique<Result>();
  if (!self_contained(element, result.get())) return;
  result->diagnostics = diagnostics_.sharing_listener();
  Result* r = result.get();
  results_.emplace(&element, std::move(result));
  sink.after([this, r, &element] {
    ReadContext ctx(doc_, scene_, options_, r->diagnostics, document_bytes_);
    ctx.base_dir = base_dir_;
    ctx.document_path = document_path_;
    ctx.ids = &r->ids;
    r->status = read_geometry(ctx, element, &r->mesh, &r->record);
    doc_.release_numbers(element);
  });
}

EarlyGeometries::Result* EarlyGeometries::find(const Element& geometry) {
  auto it = results_.find(&geometry);
  return it == results_.end() ? nullptr : it->second.get();
}

}  // namespace px::collada
