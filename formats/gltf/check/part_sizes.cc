#include "formats/gltf/check/part_sizes.h"

#include <rapidjson/document.h>

#include <algorithm>
#include <vector>

#include "engine/errors.h"
#include "formats/gltf/read/read_container.h"

namespace px::gltf {
namespace {

using Json = rapidjson::Value;

enum class Part : uint8_t { kNone, kGeometry, kAnimation, kSkins, kInstances, kImages };

const Json* member(const Json& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  const auto found = object.FindMember(name);
  return found == object.MemberEnd() ? nullptr : &found->value;
}

uint64_t number(const Json* value) {
  return value != nullptr && value->IsUint64() ? value->GetUint64() : 0;
}

// Each item of the top-level array `name`, or none.
template <class Visit>
void each(const Json& root, const char* name, Visit visit) {
  const Json* items = member(root, name);
  if (items == nullptr || !items->IsArray()) return;
  for (const Json& item : items->GetArray()) visit(item);
}

class Classifier {
 public:
  explicit Classifier(const Json& root) : root_(root) {
    const Json* views = member(root, "bufferViews");
    view_part_.assign(views != nullptr && views->IsArray() ? views->Size() : 0, Part::kNone);
  }

  // The view of accessor `accessor` (a JSON index) is `part`'s, unless a part before it holds it.
  void accessor(const Json* accessor, Part part) {
    const Json* accessors = member(root_, "accessors");
    if (accessor == nullptr || !accessor->IsUint() || accessors == nullptr ||
        !accessors->IsArray() || accessor->GetUint() >= accessors->Size()) {
      return;
    }
    view(member((*accessors)[accessor->GetUint()], "bufferView"), part);
  }
  void view(const Json* index, Part part) {
    if (index == nullptr || !index->IsUint() || index->GetUint() >= view_part_.size()) return;
    Part& held = view_part_[index->GetUint()];
    if (held == Part::kNone || part < held) held = part;
  }
  const std::vector<Part>& parts() const { return view_part_; }

 private:
  const Json& root_;
  std::vector<Part> view_part_;
};

void classify(const Json& root, Classifier& c) {
  each(root, "meshes", [&](const Json& mesh) {
    const Json* primitives = member(mesh, "primitives");
    if (primitives == nullptr || !primitives->IsArray()) return;
    for (const Json& p : primitives->GetArray()) {
      if (const Json* attributes = member(p, "attributes"); attributes && attributes->IsObject()) {
        for (const auto& a : attributes->GetObject()) c.accessor(&a.value, Part::kGeometry);
      }
      c.accessor(member(p, "indices"), Part::kGeometry);
      if (const Json* targets = member(p, "targets"); targets && targets->IsArray()) {
        for (const Json& t : targets->GetArray()) {
          if (!t.IsObject()) continue;
          for (const auto& a : t.GetObject()) c.accessor(&a.value, Part::kGeometry);
        }
      }
      const Json* draco = member(p, "extensions");
      draco = draco ? member(*draco, "KHR_draco_mesh_compression") : nullptr;
      if (draco) c.view(member(*draco, "bufferView"), Part::kGeometry);
    }
  });
  each(root, "animations", [&](const Json& animation) {
    const Json* samplers = member(animation, "samplers");
    if (samplers == nullptr || !samplers->IsArray()) return;
    for (const Json& s : samplers->GetArray()) {
      c.accessor(member(s, "input"), Part::kAnimation);
      c.accessor(member(s, "output"), Part::kAnimation);
    }
  });
  each(root, "skins",
       [&](const Json& skin) { c.accessor(member(skin, "inverseBindMatrices"), Part::kSkins); });
  each(root, "nodes", [&](const Json& node) {
    const Json* instancing = member(node, "extensions");
    instancing = instancing ? member(*instancing, "EXT_mesh_gpu_instancing") : nullptr;
    const Json* attributes = instancing ? member(*instancing, "attributes") : nullptr;
    if (attributes == nullptr || !attributes->IsObject()) return;
    for (const auto& a : attributes->GetObject()) c.accessor(&a.value, Part::kInstances);
  });
  each(root, "images",
       [&](const Json& image) { c.view(member(image, "bufferView"), Part::kImages); });
}

// A data: URI's text length and the bytes it decodes to (base64's three per four characters,
// less its padding); zeros for another URI.
struct DataUri {
  uint64_t text = 0;
  uint64_t bytes = 0;
};

DataUri data_uri(const Json* uri) {
  if (uri == nullptr || !uri->IsString()) return {};
  const std::string_view text(uri->GetString(), uri->GetStringLength());
  const size_t comma = text.find(',');
  if (!text.starts_with("data:") || comma == std::string_view::npos) return {};
  const std::string_view header = text.substr(0, comma), body = text.substr(comma + 1);
  if (!header.ends_with(";base64")) return {text.size(), body.size()};
  size_t padding = 0;
  while (padding < 2 && padding < body.size() && body[body.size() - 1 - padding] == '=') {
    ++padding;
  }
  return {text.size(), body.size() / 4 * 3 - padding};
}

}  // namespace

absl::StatusOr<PartSizes> gltf_part_sizes(std::string_view document) {
  Diagnostics ignored;  // what the read already warned of
  absl::StatusOr<Container> container = split_container(document, ignored);
  if (!container.ok()) return container.status();
  rapidjson::Document root;
  constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseStopWhenDoneFlag;
  root.Parse<kFlags>(container->json.data(), container->json.size());
  if (root.HasParseError() || !root.IsObject()) {
    return refuse("gltf.json.syntax", "the document's JSON does not parse to an object");
  }

  PartSizes sizes;
  sizes.json = container->json.size();
  Classifier classifier(root);
  classify(root, classifier);

  // A buffer that is EXT_meshopt_compression's placeholder holds no data.
  std::vector<bool> placeholder;
  uint64_t buffer_bytes = 0;
  each(root, "buffers", [&](const Json& buffer) {
    const Json* meshopt = member(buffer, "extensions");
    meshopt = meshopt ? member(*meshopt, "EXT_meshopt_compression") : nullptr;
    const Json* fallback = meshopt ? member(*meshopt, "fallback") : nullptr;
    placeholder.push_back(fallback != nullptr && fallback->IsBool() && fallback->GetBool());
    if (!placeholder.back()) buffer_bytes += number(member(buffer, "byteLength"));
  });
  size_t v = 0;
  each(root, "bufferViews", [&](const Json& view) {
    const Json* buffer = member(view, "buffer");
    const bool empty = buffer != nullptr && buffer->IsUint() &&
                       buffer->GetUint() < placeholder.size() && placeholder[buffer->GetUint()];
    uint64_t bytes = empty ? 0 : number(member(view, "byteLength"));
    const Json* meshopt = member(view, "extensions");
    meshopt = meshopt ? member(*meshopt, "EXT_meshopt_compression") : nullptr;
    if (meshopt != nullptr) bytes += number(member(*meshopt, "byteLength"));
    switch (classifier.parts()[v++]) {
      case Part::kGeometry:
        sizes.geometry += bytes;
        break;
      case Part::kAnimation:
        sizes.animation += bytes;
        break;
      case Part::kSkins:
        sizes.skins += bytes;
        break;
      case Part::kInstances:
        sizes.instances += bytes;
        break;
      case Part::kImages:
        sizes.images += bytes;
        break;
      case Part::kNone:
        break;
    }
  });
  // data: URIs count the bytes they decode to, under their part; not as JSON.
  each(root, "buffers", [&](const Json& buffer) {
    sizes.json -= std::min(sizes.json, data_uri(member(buffer, "uri")).text);
  });
  uint64_t image_uris = 0;
  each(root, "images", [&](const Json& image) {
    const DataUri uri = data_uri(member(image, "uri"));
    sizes.json -= std::min(sizes.json, uri.text);
    image_uris += uri.bytes;
  });
  sizes.images += image_uris;

  // A GLB is its bytes; a .gltf its JSON, its buffers and its data: URIs' images.
  sizes.total = container->glb ? document.size() : sizes.json + buffer_bytes + image_uris;
  const uint64_t counted =
      sizes.json + sizes.geometry + sizes.animation + sizes.skins + sizes.instances + sizes.images;
  sizes.other = sizes.total > counted ? sizes.total - counted : 0;
  return sizes;
}

}  // namespace px::gltf
