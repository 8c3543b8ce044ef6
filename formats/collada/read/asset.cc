#include "formats/collada/read/asset.h"

#include <cmath>
#include <string>

#include "engine/numbers.h"
#include "engine/strings.h"

namespace px::collada {

void read_asset(ReadContext& ctx) {
  const Element* asset = ctx.doc.root()->child("asset");
  if (asset == nullptr) return;
  ValueMap out;
  auto text_of = [&](const Element* parent, std::string_view name, std::string_view key) {
    const Element* e = parent == nullptr ? nullptr : parent->child(name);
    if (e != nullptr && !trim_xml_space(e->text).empty()) {
      set_value(out, key, Value(trim_xml_space(e->text)));
    }
  };
  if (const Element* up = asset->child("up_axis")) {
    std::string_view axis = trim_xml_space(up->text);
    if (axis == "X_UP" || axis == "Y_UP" || axis == "Z_UP") {
      set_value(out, "up_axis", Value(axis));
    } else {
      ctx.warn("collada.asset.up-axis", cat("<up_axis> \"", axis, "\" is dropped"), up);
    }
  }
  if (const Element* unit = asset->child("unit")) {
    ValueMap u;
    if (const std::string_view* name = unit->find_attr("name"))
      u.emplace_back("name", Value(*name));
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
    u.emplace_back("meter", Value(meter));
    out.emplace_back("unit", Value(std::move(u)));
  }
  text_of(asset, "created", "created");
  text_of(asset, "modified", "modified");
  const Element* contributor = asset->child("contributor");
  text_of(contributor, "author", "author");
  text_of(contributor, "authoring_tool", "authoring_tool");
  text_of(contributor, "copyright", "copyright");
  if (!out.empty()) set_value(ctx.scene.global_attrs, "asset", Value(std::move(out)));
}

}  // namespace px::collada
