#include "python/src/scene_attrs.h"

#include "python/src/values.h"

namespace px::python {
namespace {

py::dict asset_dict(const Asset& asset, py::handle base) {
  py::dict out;
  for (AssetField field : asset.order) {
    const py::str key = text(asset_field_name(field));
    if (field != AssetField::kUnit) {
      out[key] = text(*asset.text(field));
      continue;
    }
    if (asset.unit->spelled) {
      out[key] = to_python(*asset.unit->spelled, base);
      continue;
    }
    py::dict unit;
    if (asset.unit->name) unit["name"] = text(*asset.unit->name);
    if (asset.unit->meter) unit["meter"] = *asset.unit->meter;
    out[key] = std::move(unit);
  }
  return out;
}

}  // namespace

py::dict global_attrs_dict(const Scene& scene, py::handle base) {
  py::dict out;
  if (!scene.asset.empty()) out["asset"] = asset_dict(scene.asset, base);
  for (const auto& [key, value] : scene.global_attrs) {
    out[text(key)] = to_python(key, value, base);
  }
  return out;
}

}  // namespace px::python
