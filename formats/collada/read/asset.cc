#include "formats/collada/read/asset.h"

#include <cmath>
#include <string>

#include "engine/strings.h"
#include "formats/collada/read/xml/numbers.h"

namespace px::collada {

void read_asset(ReadContext& ctx) {
  const Element* asset = ctx.doc.root()->child("asset");
  if (asset == nullptr) return;
  Asset& out = ctx.scene.asset;
  auto text_of = [&](const Element* parent, std::string_view name, AssetField field) {
    const Element* e = parent == nullptr ? nullptr : parent->child(name);
    if (e != nullptr && !trim_xml_space(e->text).empty()) {
      out.set(field, std::string(trim_xml_space(e->text)));
    }
  };
  if (const Element* up = asset->child("up_axis")) {
    std::string_view axis = trim_xml_space(up->text);
    if (axis == "X_UP" || axis == "Y_UP" || axis == "Z_UP") {
      out.set(AssetField::kUpAxis, std::string(axis));
    } else {
      ctx.warn("collada.asset.up-axis", cat("<up_axis> \"", axis, "\" is dropped"), up);
    }
  }
  if (const Element* unit = asset->child("unit")) {
    AssetUnit u;
    if (const std::string_view* name = unit->find_attr("name")) u.name = std::string(*name);
    double meter = 1;
    if (const std::string_view* text = unit->find_attr("meter")) {
      std::string spelled(trim_xml_space(*text));
      if (!parse_double(spelled, &meter)) {
        // One exporter spells only this number in the machine's locale.
        std::string dotted = spelled;
        for (char& c : dotted) {
          if (c == ',') c = '.';
        }
        if (parse_double(dotted, &meter)) {
          ctx.warn("collada.asset.meter-decimal-comma",
                   cat("meter=\"", spelled, "\" is read with a decimal comma"), unit);
        } else {
          meter = std::nan("");
        }
      }
      if (!std::isfinite(meter) || meter <= 0) {
        ctx.warn("collada.asset.meter-invalid", cat("meter=\"", spelled, "\" is read as 1"), unit);
        meter = 1;
      }
    }
    u.meter = meter;
    out.set_unit(std::move(u));
  }
  text_of(asset, "created", AssetField::kCreated);
  text_of(asset, "modified", AssetField::kModified);
  const Element* contributor = asset->child("contributor");
  text_of(contributor, "author", AssetField::kAuthor);
  text_of(contributor, "authoring_tool", AssetField::kAuthoringTool);
  text_of(contributor, "copyright", AssetField::kCopyright);
}

}  // namespace px::collada
