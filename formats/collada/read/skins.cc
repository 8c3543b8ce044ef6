#include "formats/collada/read/skins.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/nodes.h"
#include "formats/collada/read/sources.h"
#include "formats/collada/read/xml/numbers.h"

namespace px::collada {

namespace {
// How far from 1 the sum of a vertex's float32 weights may be after they were normalised: four
// roundings of half a float32 step below 1.
constexpr double kWeightSumTolerance = 2.5e-7;

constexpr int kInfluences = 4;

// The names an accessor reads, one per element (its first value when its param has no name,
// as exporters write <param type="IDREF"/>).
std::vector<std::string_view> accessor_names(const Accessor& a) {
  std::vector<std::string_view> out;
  out.reserve(a.count);
  size_t column = a.columns.empty() ? 0 : a.columns[0];
  for (size_t i = 0; i < a.count; ++i) out.push_back(a.names[a.offset + i * a.stride + column]);
  return out;
}

absl::StatusOr<const Element*> input_source(const ReadContext& ctx, const Element& input) {
  absl::StatusOr<ResolvedUrl> url = resolve_url(ctx, input, "source");
  if (!url.ok()) return url.status();
  if (url->kind == UrlKind::kExternal || url->target->name != "source") {
    return refuse("collada.input.source", "input", input.line,
                  cat("source=\"", input.attr("source"), "\" does not name a <source>"));
  }
  return url->target;
}

struct Influence {
  int32_t joint;
  double weight;
};

}  // namespace

SkinReader::SkinReader(ReadContext& ctx) : ctx_(ctx) {}

ReadContext& SkinReader::doc_of(const Element& element) const { return document_of(ctx_, element); }
SkinReader::~SkinReader() = default;

absl::StatusOr<const Element*> SkinReader::source_geometry(const Element& controller,
                                                           const Element** skin_controller,
                                                           const Element** morph_controller) {
  *skin_controller = nullptr;
  *morph_controller = nullptr;
  const Element* target = &controller;
  // skin -> morph -> geometry, morph -> skin -> geometry, or either alone.
  for (int hops = 0; hops < 4 && target != nullptr && target->name == "controller"; ++hops) {
    const Element* body = target->child("skin");
    if (body == nullptr) body = target->child("morph");
    if (body == nullptr) break;
    if (body->name == "skin" && *skin_controller == nullptr) *skin_controller = target;
    if (body->name == "morph") {
      if (*morph_controller == nullptr) {
        *morph_controller = target;
      } else {
        doc_of(*body).warn(
            "collada.morph.nested",
            cat("morph controller \"", target->attr("id"),
                "\" is the source of another morph: the outer morph's targets are kept, "
                "its own dropped"),
            body);
      }
    }
    absl::StatusOr<ResolvedUrl> source = resolve_url(doc_of(*body), *body, "source");
    if (!source.ok()) return source.status();
    if (source->kind == UrlKind::kExternal) return nullptr;
    target = source->target;
  }
  if (target == nullptr || target->name != "geometry") {
    return refuse("collada.url.kind", "controller", controller.line,
                  "the controller's source reaches no <geometry>");
  }
  return target;
}

absl::StatusOr<const SkinReader::Skin*> SkinReader::skin(const Element& controller) {
  auto found = skins_.find(&controller);
  if (found != skins_.end()) return found->second.get();
  auto skin = std::make_unique<Skin>();
  ReadContext& doc = doc_of(controller);
  const Element& e = *controller.child("skin");
  skin->element = &e;
  if (const Element* bsm = e.child("bind_shape_matrix")) {
    std::vector<double> values;
    if (!text_doubles(bsm->text, &values) || values.size() != 16) {
      return refuse("collada.transform.values", "bind_shape_matrix", bsm->line,
                    "a bind shape matrix takes 16 numbers");
    }
    skin->bind_shape.emplace();
    std::copy(values.begin(), values.end(), skin->bind_shape->begin());
  }
  const Element* joints = e.child("joints");
  const Element* joint_input = nullptr;
  const Element* ibm_input = nullptr;
  for (const Element& input :
       joints == nullptr ? xml::Element::Children(nullptr) : joints->children()) {
    if (input.name != "input") continue;
    if (input.attr("semantic") == "JOINT" && joint_input == nullptr) joint_input = &input;
    if (input.attr("semantic") == "INV_BIND_MATRIX" && ibm_input == nullptr) ibm_input = &input;
  }
  if (joint_input == nullptr) {
    return refuse("collada.skin.no-joint", "skin", e.line,
                  "the skin's <joints> has no JOINT input");
  }
  absl::StatusOr<const Element*> joint_source = input_source(doc, *joint_input);
  if (!joint_source.ok()) return joint_source.status();
  absl::StatusOr<Accessor> names = read_accessor(doc, **joint_source, &skin->name_storage);
  if (!names.ok()) return names.status();
  if (names->numeric) {
    return refuse("collada.skin.joint-names", "source", (*joint_source)->line,
                  "the JOINT source must hold names");
  }
  skin->joint_names = accessor_names(*names);
  skin->joint_source = *joint_source;
  for (const Element& c : (*joint_source)->children()) {
    if (c.name.ends_with("_array")) skin->joint_kind = c.name;
  }
  if (ibm_input != nullptr) {
    absl::StatusOr<const Element*> ibm_source = input_source(doc, *ibm_input);
    if (!ibm_source.ok()) return ibm_source.status();
    absl::StatusOr<Accessor> ibm = read_accessor(doc, **ibm_source);
    if (!ibm.ok()) return ibm.status();
    // Exporters often leave the one float4x4 param unnamed: its 16 values are the matrix.
    if (ibm->columns.empty() && ibm->stride == 16) {
      for (uint32_t k = 0; k < 16; ++k) ibm->columns.push_back(k);
    }
    if (!ibm->numeric || ibm->width() != 16 || ibm->count != skin->joint_names.size()) {
      return refuse("collada.skin.inverse-bind", "source", (*ibm_source)->line,
                    cat("inverse bind matrices must be 16 wide and one per joint: ", ibm->width(),
                        " wide, ", ibm->count, " for ", skin->joint_names.size(), " joints"));
    }
    skin->inverse_bind.reserve(ibm->count * 16);
    for (size_t j = 0; j < ibm->count; ++j) {
      for (size_t k = 0; k < 16; ++k) skin->inverse_bind.push_back(ibm->value(j, k));
    }
  }
  const Skin* out = skin.get();
  skins_.emplace(&controller, std::move(skin));
  return out;
}

absl::StatusOr<const SkinColumns*> SkinReader::columns(const Element& controller,
                                                       const GeometryRecord& record) {
  auto key = std::make_pair(&controller, record.element);
  if (auto it = by_pair_.find(key); it != by_pair_.end()) return it->second;
  absl::StatusOr<const Skin*> skin_or = skin(controller);
  if (!skin_or.ok()) return skin_or.status();
  const Skin& skin = **skin_or;
  const Element* vw = skin.element->child("vertex_weights");
  if (vw == nullptr) {
    return refuse("collada.skin.vertex-weights", "skin", skin.element->line,
                  "the skin has no <vertex_weights>");
  }
  int64_t count = 0;
  if (!attr_int(*vw, "count", &count) || count < 0) {
    return refuse("collada.skin.vertex-weights", "vertex_weights", vw->line,
                  "count is not a whole number");
  }
  if (static_cast<size_t>(count) > record.positions) {
    return refuse(
        "collada.skin.too-many-vertices", "vertex_weights", vw->line,
        cat("count=", count, " covers more than the geometry's ", record.positions, " positions"));
  }
  // Inputs: JOINT and WEIGHT with their offsets.
  uint32_t tuple = 1;
  int64_t joint_offset = -1, weight_offset = -1;
  std::optional<Accessor> weights;
  std::vector<std::string_view> vw_name_storage;
  std::vector<int32_t> joint_map;  // vertex_weights joint index -> <joints> index, -1 unlisted
  for (const Element& input : vw->children()) {
    if (input.name != "input") continue;
    int64_t offset = 0;
    if (!attr_int(input, "offset", &offset) || offset < 0 || offset >= (1 << 16)) {
      return refuse("collada.input.offset", "input", input.line, "offset is not a small number");
    }
    tuple = std::max(tuple, static_cast<uint32_t>(offset + 1));
    std::string_view semantic = input.attr("semantic");
    if (semantic == "JOINT" && joint_offset < 0) {
      joint_offset = offset;
      absl::StatusOr<const Element*> source = input_source(doc_of(input), input);
      if (!source.ok()) return source.status();
      if (*source == skin.joint_source) {
        for (size_t j = 0; j < skin.joint_names.size(); ++j) joint_map.push_back(int32_t(j));
      } else {
        absl::StatusOr<Accessor> names = read_accessor(doc_of(input), **source, &vw_name_storage);
        if (!names.ok()) return names.status();
        if (names->numeric) {
          return refuse("collada.skin.joint-names", "source", (*source)->line,
                        "the JOINT source must hold names");
        }
        for (std::string_view name : accessor_names(*names)) {
          auto it = std::find(skin.joint_names.begin(), skin.joint_names.end(), name);
          joint_map.push_back(it == skin.joint_names.end()
                                  ? -1
                                  : static_cast<int32_t>(it - skin.joint_names.begin()));
        }
      }
    } else if (semantic == "WEIGHT" && weight_offset < 0) {
      weight_offset = offset;
      absl::StatusOr<const Element*> source = input_source(doc_of(input), input);
      if (!source.ok()) return source.status();
      absl::StatusOr<Accessor> w = read_accessor(doc_of(input), **source);
      if (!w.ok()) return w.status();
      if (w->columns.empty()) w->columns.push_back(0);
      if (!w->numeric || w->width() < 1) {
        return refuse("collada.skin.weights", "source", (*source)->line,
                      "the WEIGHT source must hold numbers");
      }
      weights = *w;
    }
  }
  if (joint_offset < 0 || weight_offset < 0) {
    return refuse("collada.skin.vertex-weights", "vertex_weights", vw->line,
                  "<vertex_weights> needs a JOINT and a WEIGHT input");
  }
  const Element* vcount_el = vw->child("vcount");
  const Element* v_el = vw->child("v");
  std::span<const int32_t> vcount = vcount_el ? vcount_el->ints : std::span<const int32_t>();
  std::span<const int32_t> v = v_el ? v_el->ints : std::span<const int32_t>();
  if (vcount.size() != static_cast<size_t>(count)) {
    return refuse("collada.skin.vcount", "vertex_weights", vw->line,
                  cat("<vcount> holds ", vcount.size(), " entries; count=", count));
  }
  uint64_t pairs = 0;
  for (int32_t n : vcount) {
    if (n < 0) return refuse("collada.skin.vcount", "vcount", vcount_el->line, "a negative count");
    pairs += static_cast<uint32_t>(n);
  }
  if (pairs * tuple != v.size()) {
    return refuse("collada.skin.vcount", "v", v_el ? v_el->line : vw->line,
                  cat("<v> holds ", v.size(), " indices; <vcount> needs ", pairs * tuple));
  }
  // Per position: the four heaviest influences, renormalised.
  std::vector<std::array<Influence, kInfluences>> per_position(
      record.positions, std::array<Influence, kInfluences>{});
  std::vector<Influence> influences;
  size_t at = 0, over_four = 0, unlisted = 0, negative = 0, unweighted = 0;
  for (size_t p = 0; p < static_cast<size_t>(count); ++p) {
    influences.clear();
    for (int32_t k = 0; k < vcount[p]; ++k, at += tuple) {
      int32_t joint = v[at + joint_offset];
      int32_t weight_index = v[at + weight_offset];
      if (joint < -1 || (joint >= 0 && static_cast<size_t>(joint) >= joint_map.size())) {
        return refuse(
            "collada.skin.index-past-source", "v", v_el->line,
            cat("joint index ", joint, " is past the JOINT source's ", joint_map.size(), " names"));
      }
      if (weight_index < 0 || static_cast<size_t>(weight_index) >= weights->count) {
        return refuse("collada.skin.index-past-source", "v", v_el->line,
                      cat("weight index ", weight_index, " is past the WEIGHT source's ",
                          weights->count, " values"));
      }
      double weight = weights->value(static_cast<size_t>(weight_index), 0);
      int32_t listed = joint < 0 ? -1 : joint_map[static_cast<size_t>(joint)];
      if (listed < 0) {
        ++unlisted;
        continue;
      }
      if (!(weight >= 0) || !std::isfinite(weight)) {
        ++negative;
        continue;
      }
      if (weight == 0) continue;
      auto same = std::find_if(influences.begin(), influences.end(),
                               [&](const Influence& i) { return i.joint == listed; });
      if (same != influences.end()) {
        same->weight += weight;
      } else {
        influences.push_back(Influence{listed, weight});
      }
    }
    if (influences.size() > kInfluences) {
      ++over_four;
      std::stable_sort(influences.begin(), influences.end(),
                       [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
      influences.resize(kInfluences);
    }
    double sum = 0;
    for (const Influence& i : influences) sum += i.weight;
    if (influences.empty() || !(sum > 0)) {
      ++unweighted;
      continue;
    }
    // Weights that already sum to 1 as closely as float32 weights can are kept as they are:
    // dividing them again moves their last digit, so a document would change on every write.
    const double scale = std::abs(sum - 1) <= kWeightSumTolerance ? 1 : sum;
    for (size_t k = 0; k < influences.size(); ++k) {
      per_position[p][k] = Influence{influences[k].joint, influences[k].weight / scale};
    }
  }
  ReadContext& doc = doc_of(*vw);
  if (over_four > 0) {
    doc.warn("collada.skin.influences-truncated",
             cat(over_four,
                 " vertices have more than four influences; the four heaviest are "
                 "kept, renormalised"),
             vw);
  }
  if (unlisted > 0) {
    doc.warn("collada.skin.joint-dropped",
             cat(unlisted,
                 " influences on the bind shape (joint -1) or on joints <joints> does "
                 "not list are dropped"),
             vw);
  }
  if (negative > 0) {
    doc.warn("collada.skin.weight-dropped",
             cat(negative, " negative or non-finite weights are dropped"), vw);
  }
  if (unweighted > 0) {
    doc.warn("collada.skin.vertex-unweighted",
             cat(unweighted, " vertices are left with no influence at all"), vw);
  }
  if (static_cast<size_t>(count) < record.positions) {
    doc.warn("collada.skin.short-vertex-weights",
             cat("<vertex_weights> covers ", count, " of the geometry's ", record.positions,
                 " positions; the rest are unweighted"),
             vw);
  }
  size_t vertices = record.vertices;
  std::span<int32_t> joints = ctx_.scene.arena->allocate<int32_t>(vertices * kInfluences);
  std::span<float> weight_values = ctx_.scene.arena->allocate<float>(vertices * kInfluences);
  const std::vector<uint32_t> vertex_positions = record.vertex_positions();
  for (size_t vtx = 0; vtx < vertices; ++vtx) {
    const auto& influence = per_position[vertex_positions[vtx]];
    for (int k = 0; k < kInfluences; ++k) {
      joints[vtx * kInfluences + k] = influence[k].joint;
      weight_values[vtx * kInfluences + k] = static_cast<float>(influence[k].weight);
    }
  }
  SkinColumns& out = columns_.emplace_back();
  out.controller = &controller;
  out.joints = NamedColumn{"joints", Column::of<int32_t>(joints, kInfluences)};
  out.weights = NamedColumn{"weights", Column::of<float>(weight_values, kInfluences)};
  by_pair_.emplace(key, &out);
  return &out;
}

void SkinReader::add_use(int node, const Element& instance, const Element& controller) {
  uses_.push_back(Use{node, &instance, &controller});
}

}  // namespace px::collada
