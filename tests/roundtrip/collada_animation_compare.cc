// compare_animations (collada_compare.h): the glTF scene's animations against their COLLADA write
// read back, through the animation-fidelity check, which evaluates a COLLADA read's channels
// (here the bake's matrix keys) and a glTF document's translation / rotation / scale channels.
// The glTF side is the glTF scene written as .gltf, its nodes renumbered as the COLLADA read
// numbers them (pair_nodes), one animation at a time against the animation read back for it.
#include <algorithm>

#include "engine/strings.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/animation.h"
#include "rapidjson/document.h"
#include "tests/animation/fidelity.h"
#include "tests/roundtrip/collada_compare.h"

namespace px::testing {
namespace {

// The document's nodes as `after` numbers them: a paired node keeps its own rest transform, a node
// of `after` paired with none (a wrapper the write adds) takes its matrix as read.
rapidjson::Value renumbered_nodes(const rapidjson::Value& nodes, const Scene& after,
                                  const std::vector<int>& pairs,
                                  rapidjson::Document::AllocatorType& alloc) {
  std::vector<int> inverse(after.nodes.size(), -1);
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (pairs[i] >= 0) inverse[pairs[i]] = static_cast<int>(i);
  }
  rapidjson::Value out(rapidjson::kArrayType);
  for (size_t j = 0; j < after.nodes.size(); ++j) {
    rapidjson::Value node(rapidjson::kObjectType);
    const int i = inverse[j];
    if (i >= 0 && static_cast<rapidjson::SizeType>(i) < nodes.Size()) {
      for (const char* key : {"matrix", "translation", "rotation", "scale"}) {
        if (nodes[i].HasMember(key)) {
          node.AddMember(rapidjson::StringRef(key), rapidjson::Value(nodes[i][key], alloc), alloc);
        }
      }
    } else {
      rapidjson::Value m(rapidjson::kArrayType);
      for (int k = 0; k < 16; ++k) m.PushBack(after.nodes[j].matrix.data()[k], alloc);
      node.AddMember("matrix", m, alloc);
    }
    out.PushBack(node, alloc);
  }
  return out;
}

bool samples_cubic(const rapidjson::Value& animation) {
  for (const rapidjson::Value& s : animation["samplers"].GetArray()) {
    if (s.HasMember("interpolation") &&
        std::string_view(s["interpolation"].GetString()) == "CUBICSPLINE") {
      return true;
    }
  }
  return false;
}

}  // namespace

AnimationComparison compare_animations(const Scene& gltf_scene, Scene& collada_scene,
                                       const std::vector<int>& pairs) {
  AnimationComparison out;
  const size_t count = gltf_scene.animations.size();
  if (count == 0) return out;
  Diagnostics diagnostics;
  absl::StatusOr<gltf::Written> written =
      gltf::write_to_memory(gltf_scene, false, "scene.bin", diagnostics);
  if (!written.ok()) {
    out.failures.push_back(
        cat("the glTF scene does not write as glTF: ", std::string(written.status().message())));
    return out;
  }
  rapidjson::Document doc;
  doc.Parse(written->json.c_str());
  if (doc.HasParseError() || !doc.HasMember("animations")) {
    out.skipped = count;  // none the glTF write keeps (morph weights alone, say)
    return out;
  }
  if (!doc.HasMember("nodes") || doc["nodes"].Size() != gltf_scene.nodes.size()) {
    out.failures.push_back("the glTF write renumbered the nodes");
    return out;
  }
  const std::vector<Animation> collada = collada_scene.animations;
  const rapidjson::Value& animations = doc["animations"];
  for (rapidjson::SizeType k = 0; k < animations.Size(); ++k) {
    const rapidjson::Value& a = animations[k];
    bool transforms = false;
    for (const rapidjson::Value& c : a["channels"].GetArray()) {
      const std::string_view path = c["target"]["path"].GetString();
      transforms |= c["target"].HasMember("node") &&
                    (path == "translation" || path == "rotation" || path == "scale");
    }
    if (!transforms || samples_cubic(a)) {
      // CUBICSPLINE keys the fidelity check's glTF side does not evaluate; morph weights and
      // pointers, which a COLLADA write does not hold.
      ++out.skipped;
      continue;
    }
    const std::string name = a.HasMember("name") ? a["name"].GetString() : "";
    int match = -1;
    for (size_t i = 0; i < collada.size() && !name.empty(); ++i) {
      if (collada[i].name == name) match = match == -1 ? static_cast<int>(i) : -2;
    }
    if (match < 0) match = k < collada.size() ? static_cast<int>(k) : -1;
    if (match < 0 || static_cast<size_t>(match) >= collada.size()) {
      out.failures.push_back(cat("animation ", k, " '", name, "' not read back"));
      continue;
    }
    rapidjson::Document one;
    one.CopyFrom(doc, one.GetAllocator());
    one["nodes"] = renumbered_nodes(doc["nodes"], collada_scene, pairs, one.GetAllocator());
    rapidjson::Value only(rapidjson::kArrayType);
    only.PushBack(rapidjson::Value(a, one.GetAllocator()), one.GetAllocator());
    bool unpaired = false;
    for (rapidjson::Value& c : only[0]["channels"].GetArray()) {
      const int node = c["target"]["node"].GetInt();
      const int paired = node >= 0 && static_cast<size_t>(node) < pairs.size() ? pairs[node] : -1;
      unpaired |= paired < 0;
      c["target"]["node"].SetInt(std::max(paired, 0));
    }
    if (unpaired) {
      out.failures.push_back(cat("animation ", k, " animates a node not read back"));
      continue;
    }
    one["animations"] = only;
    collada_scene.animations = {collada[match]};
    animation_testing::FidelityReport r =
        animation_testing::check_fidelity(collada_scene, one, written->bin);
    collada_scene.animations = collada;
    ++out.animations;
    out.samples += r.samples;
    for (size_t f = 0; f < r.failures.size() && f < 3; ++f) {
      out.failures.push_back(cat("animation ", k, " '", name, "': ", r.failures[f]));
    }
    if (r.failures.size() > 3) {
      out.failures.push_back(cat("animation ", k, ": ", r.failures.size() - 3, " more failures"));
    }
  }
  return out;
}

}  // namespace px::testing
