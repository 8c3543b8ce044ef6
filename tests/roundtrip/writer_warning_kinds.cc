#include "tests/roundtrip/writer_warning_kinds.h"

#include <cstdint>

namespace px::testing {
namespace {

using enum DifferenceKind;

constexpr uint32_t bit(DifferenceKind kind) { return uint32_t{1} << static_cast<int>(kind); }

struct Excuse {
  std::string_view code;  // without "collada.write."; a trailing '-' names the family
  uint32_t kinds;         // bits of DifferenceKind
};

// Each code by what the writer leaves out or changes (formats/collada/write/); the asset's, the
// cameras' and the lights' codes excuse nothing the comparison looks at.
constexpr Excuse kExcuses[] = {
    {"animation-", bit(kAnimation)},
    {"skin-", bit(kSkin)},
    // The node tree: nodes left out, cut or expanded, ids and names changed (pairing is by name
    // and id).
    {"node-unreached", bit(kNode)},
    {"node-cycle-cut", bit(kNode)},
    {"node-child-dropped", bit(kNode)},
    {"node-id-invalid", bit(kNode)},
    {"node-id-repeated", bit(kNode)},
    {"node-sid-invalid", bit(kNode)},
    {"node-extra-dropped", bit(kNode)},
    {"transform-sid-dropped", bit(kNode)},
    {"instances-expanded", bit(kNode)},
    {"scene-empty", bit(kScene) | bit(kNode)},
    {"scene-root-dropped", bit(kScene) | bit(kNode)},
    {"invalid-character", bit(kNode) | bit(kMaterial)},
    // A node's mesh and what its elements carry.
    {"node-mesh-dropped", bit(kGeometry)},
    {"node-weights-dropped", bit(kGeometry)},
    {"attribute-dropped", bit(kGeometry)},
    {"attribute-set", bit(kGeometry)},
    {"mesh-attribute-dropped", bit(kGeometry)},
    {"instance-attribute-dropped", bit(kGeometry)},
    {"cell-attribute-dropped", bit(kGeometry)},
    {"cell-skipped", bit(kGeometry)},
    {"cells", bit(kGeometry)},
    {"points", bit(kGeometry)},
    {"point-cloud-set-dropped", bit(kGeometry)},
    {"tangent-set", bit(kGeometry)},
    {"tangent-handedness", bit(kGeometry)},
    {"tangent-handedness-dropped", bit(kGeometry)},
    {"texbinormal-dropped", bit(kGeometry)},
    {"texcoord-set", bit(kGeometry)},
    {"color-range", bit(kGeometry)},
    {"morph-dropped", bit(kGeometry)},
    {"morph-attribute-dropped", bit(kGeometry)},
    // Which material an element takes, and the material's terms and textures.
    {"material-column", bit(kGeometry) | bit(kMaterial)},
    {"material-not-finite", bit(kMaterial)},
    {"material-term-not-finite", bit(kMaterial)},
    {"material-extra-dropped", bit(kMaterial)},
    {"alpha-mode", bit(kMaterial)},
    {"specular-dropped", bit(kMaterial)},
    {"ior-dropped", bit(kMaterial)},
    {"normal-scale-dropped", bit(kMaterial)},
    {"emissive-texture-dropped", bit(kMaterial)},
    {"constant-texture-dropped", bit(kMaterial)},
    {"gltf-extension-dropped", bit(kMaterial)},
    {"texture-dropped", bit(kMaterial)},
    {"texture-placement-dropped", bit(kMaterial)},
    {"texture-sampler", bit(kMaterial)},
    {"image-empty", bit(kMaterial)},
    {"image-uri-dropped", bit(kMaterial)},
    {"image-uri-escaped", bit(kMaterial)},
};

}  // namespace

std::set<DifferenceKind> kinds_excused_by(std::string_view writer_code) {
  constexpr std::string_view kPrefix = "collada.write.";
  if (!writer_code.starts_with(kPrefix)) return {};
  const std::string_view code = writer_code.substr(kPrefix.size());
  for (const Excuse& e : kExcuses) {
    const bool family = e.code.ends_with('-');
    if (family ? code.starts_with(e.code) : code == e.code) {
      std::set<DifferenceKind> out;
      for (DifferenceKind k : {kScene, kNode, kGeometry, kMaterial, kSkin, kAnimation}) {
        if ((e.kinds & bit(k)) != 0) out.insert(k);
      }
      return out;
    }
  }
  return {};
}

}  // namespace px::testing
