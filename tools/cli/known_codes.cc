#include "tools/cli/known_codes.h"

#include <algorithm>
#include <array>
#include <vector>

namespace px::cli {
namespace {

// Each code a string literal in engine/, model/ or formats/ spells, and those the readers and
// writers build at run time from a fixed set of words (marked): "collada.write." + "camera" or
// "light" + "-dropped" (formats/collada/write/node_writer.cc), "collada.node.second-" + "camera"
// or "light" (formats/collada/read/nodes.cc), and "collada." + a semantic + ".duplicate-set"
// (formats/collada/read/geometry.cc) for COLLADA's geometry semantics.
constexpr std::array kCodes = std::to_array<std::string_view>({
    "collada.accessor.count",
    "collada.accessor.past-array",
    "collada.accessor.source",
    "collada.accessor.stride",
    "collada.animation.clips-ignored",
    "collada.animation.interpolation-unknown",
    "collada.animation.key-width",
    "collada.animation.sampler-invalid",
    "collada.animation.target-unresolved",
    "collada.animation.targets-cap",
    "collada.array.count",
    "collada.asset.meter-decimal-comma",
    "collada.asset.meter-invalid",
    "collada.asset.up-axis",
    "collada.attribute.name-clash",
    "collada.attribute.partial",
    "collada.binormal.duplicate-set",  // built at run time
    "collada.camera.duplicate-id",
    "collada.camera.invalid",
    "collada.camera.no-common-optics",
    "collada.color.duplicate-set",  // built at run time
    "collada.controller.morph-base",
    "collada.copies.budget",
    "collada.effect.alpha-mode",
    "collada.effect.bad-color",
    "collada.effect.no-common-profile",
    "collada.effect.non-finite-alpha",
    "collada.effect.opaque-exception",
    "collada.effect.opaque-mode",
    "collada.effect.polyxios-term-ignored",
    "collada.effect.tint-ignored",
    "collada.effect.transparent-texture",
    "collada.geometry.convex-hull-dropped",
    "collada.geometry.unsupported",
    "collada.image.bad-data-uri",
    "collada.image.bad-hex",
    "collada.image.created",
    "collada.image.empty",
    "collada.image.missing",
    "collada.image.outside-folder",
    "collada.image.unreadable",
    "collada.index.past-source",
    "collada.input.bad-set",
    "collada.input.duplicate-set",
    "collada.input.no-semantic",
    "collada.input.not-numeric",
    "collada.input.offset",
    "collada.input.source",
    "collada.input.vertex",
    "collada.instance_node.cycle",
    "collada.material.no-effect",
    "collada.material.unbound-symbol",
    "collada.mesh.no-vertices",
    "collada.mesh.too-large",
    "collada.node.second-camera",  // built at run time
    "collada.node.second-light",   // built at run time
    "collada.nodes.cap",
    "collada.normal.duplicate-set",  // built at run time
    "collada.p.length",
    "collada.polygons.holes-dropped",
    "collada.position.duplicate-set",  // built at run time
    "collada.primitive.count",
    "collada.primitive.degenerate",
    "collada.primitive.no-vertex",
    "collada.repair.count-from-content",
    "collada.repair.decimal-comma",
    "collada.repair.index-past-source",
    "collada.repair.url-dropped",
    "collada.root",
    "collada.skin.index-past-source",
    "collada.skin.influences-truncated",
    "collada.skin.inverse-bind",
    "collada.skin.joint-dropped",
    "collada.skin.joint-names",
    "collada.skin.joint-tie",
    "collada.skin.joint-unbound",
    "collada.skin.no-joint",
    "collada.skin.rebind-cap",
    "collada.skin.short-vertex-weights",
    "collada.skin.skeleton-instanced",
    "collada.skin.skeleton-unresolved",
    "collada.skin.too-many-vertices",
    "collada.skin.vcount",
    "collada.skin.vertex-unweighted",
    "collada.skin.vertex-weights",
    "collada.skin.weight-dropped",
    "collada.skin.weights",
    "collada.source.no-accessor",
    "collada.tangent.duplicate-set",      // built at run time
    "collada.texbinormal.duplicate-set",  // built at run time
    "collada.texcoord.duplicate-set",     // built at run time
    "collada.textangent.duplicate-set",   // built at run time
    "collada.texture.unresolved",
    "collada.transform.skew-ignored",
    "collada.transform.values",
    "collada.url.external",
    "collada.url.kind",
    "collada.url.missing",
    "collada.url.unresolved",
    "collada.uv.duplicate-set",  // built at run time
    "collada.vcount.length",
    "collada.vertices.no-position",
    "collada.write.alpha-mode",
    "collada.write.animation-bake-channel-dropped",
    "collada.write.animation-bake-not-finite",
    "collada.write.animation-copy-only",
    "collada.write.animation-empty",
    "collada.write.animation-interpolation-unknown",
    "collada.write.animation-key-width",
    "collada.write.animation-keys-invalid",
    "collada.write.animation-member-invalid",
    "collada.write.animation-node-missing",
    "collada.write.animation-path-unbound",
    "collada.write.animation-path-unsupported",
    "collada.write.animation-sampler-invalid",
    "collada.write.animation-shear-lost",
    "collada.write.animation-split-cap",
    "collada.write.animation-target-repeated",
    "collada.write.animation-target-unbound",
    "collada.write.asset-dropped",
    "collada.write.asset-timestamp",
    "collada.write.asset-unit",
    "collada.write.asset-up-axis",
    "collada.write.attribute-dropped",
    "collada.write.attribute-set",
    "collada.write.camera-dropped",
    "collada.write.cell-attribute-dropped",
    "collada.write.cell-skipped",
    "collada.write.cells",
    "collada.write.color-range",
    "collada.write.constant-texture-dropped",
    "collada.write.emissive-texture-dropped",
    "collada.write.global-dropped",
    "collada.write.image-empty",
    "collada.write.image-uri-dropped",
    "collada.write.image-uri-escaped",
    "collada.write.invalid-character",
    "collada.write.light-dropped",  // built at run time
    "collada.write.material-column",
    "collada.write.material-extra-dropped",
    "collada.write.material-not-finite",
    "collada.write.material-term-not-finite",
    "collada.write.mesh-attribute-dropped",
    "collada.write.node-child-dropped",
    "collada.write.node-cycle-cut",
    "collada.write.node-extra-dropped",
    "collada.write.node-id-invalid",
    "collada.write.node-id-repeated",
    "collada.write.node-mesh-dropped",
    "collada.write.node-sid-invalid",
    "collada.write.node-unreached",
    "collada.write.normal-scale-dropped",
    "collada.write.point-cloud-set-dropped",
    "collada.write.points",
    "collada.write.scene-empty",
    "collada.write.scene-root-dropped",
    "collada.write.shading-unknown",
    "collada.write.skin-attribute-dropped",
    "collada.write.skin-dropped",
    "collada.write.skin-joint-unlisted",
    "collada.write.skin-weight-dropped",
    "collada.write.stream-encoding",
    "collada.write.tangent-handedness",
    "collada.write.tangent-handedness-dropped",
    "collada.write.tangent-set",
    "collada.write.texbinormal-dropped",
    "collada.write.texcoord-set",
    "collada.write.texture-dropped",
    "collada.write.texture-sampler",
    "collada.write.transform-sid-dropped",
    "collada.zae.unsupported",
    "format.unknown",
    "format.unsupported",
    "gltf.accessor.component-type",
    "gltf.accessor.count",
    "gltf.accessor.out-of-bounds",
    "gltf.accessor.sparse",
    "gltf.accessor.sparse-index",
    "gltf.accessor.stride",
    "gltf.accessor.type",
    "gltf.animation.malformed",
    "gltf.asset.version",
    "gltf.buffer-view.out-of-bounds",
    "gltf.buffer.data-uri",
    "gltf.buffer.missing",
    "gltf.buffer.no-folder",
    "gltf.buffer.not-a-file",
    "gltf.buffer.outside-folder",
    "gltf.buffer.too-short",
    "gltf.draco.accessor",
    "gltf.draco.malformed",
    "gltf.draco.unsupported",
    "gltf.extension.unsupported",
    "gltf.glb.chunk",
    "gltf.glb.chunk-length",
    "gltf.glb.header",
    "gltf.glb.json-chunk",
    "gltf.glb.length",
    "gltf.glb.version",
    "gltf.image.missing",
    "gltf.json.syntax",
    "gltf.json.too-deep",
    "gltf.json.type",
    "gltf.json.value",
    "gltf.mesh.too-large",
    "gltf.meshopt.count",
    "gltf.meshopt.filter",
    "gltf.meshopt.malformed",
    "gltf.meshopt.mode",
    "gltf.meshopt.out-of-bounds",
    "gltf.meshopt.stride",
    "gltf.primitive.attribute-count",
    "gltf.primitive.attribute-type",
    "gltf.primitive.index-out-of-range",
    "gltf.primitive.indices",
    "gltf.read.accessor-bounds",
    "gltf.read.accessor-misaligned",
    "gltf.read.accessor-no-bounds",
    "gltf.read.accessor-non-finite",
    "gltf.read.accessor-offset-ignored",
    "gltf.read.accessor-small-stride",
    "gltf.read.accessor-too-long",
    "gltf.read.accessor-undecodable",
    "gltf.read.animation-input-negative",
    "gltf.read.animation-input-not-increasing",
    "gltf.read.animation-rotation-not-unit",
    "gltf.read.attribute-filled",
    "gltf.read.attribute-misaligned",
    "gltf.read.budget",
    "gltf.read.buffer-media-type",
    "gltf.read.buffer-missing",
    "gltf.read.buffer-no-data",
    "gltf.read.buffer-too-short",
    "gltf.read.buffer-view-target-override",
    "gltf.read.buffer-view-too-long",
    "gltf.read.byte-stride-invalid",
    "gltf.read.byte-stride-missing",
    "gltf.read.byte-stride-too-big",
    "gltf.read.camera-invalid",
    "gltf.read.channel-targets-matrix",
    "gltf.read.color-not-clamped",
    "gltf.read.empty-array",
    "gltf.read.empty-object",
    "gltf.read.extension-dropped",
    "gltf.read.extension-duplicate",
    "gltf.read.extension-misplaced",
    "gltf.read.extension-not-required",
    "gltf.read.extension-required-unused",
    "gltf.read.extension-undeclared",
    "gltf.read.glb-chunk-ignored",
    "gltf.read.glb-json-padding",
    "gltf.read.glb-trailing-bytes",
    "gltf.read.glb-unaligned",
    "gltf.read.image-data-invalid",
    "gltf.read.image-data-uri",
    "gltf.read.image-empty",
    "gltf.read.image-media-type",
    "gltf.read.image-outside-folder",
    "gltf.read.image-type-not-enabled",
    "gltf.read.image-unexpected-eos",
    "gltf.read.image-unreadable",
    "gltf.read.index-primitive-restart",
    "gltf.read.indices-unused",
    "gltf.read.inverse-bind-matrix-invalid",
    "gltf.read.joint-duplicate",
    "gltf.read.joint-out-of-range",
    "gltf.read.json-bom",
    "gltf.read.morph-targets-dropped",
    "gltf.read.node-reference-dropped",
    "gltf.read.node-trs-ignored",
    "gltf.read.normalized-invalid",
    "gltf.read.not-unique",
    "gltf.read.one-of",
    "gltf.read.primitive-skipped",
    "gltf.read.property-dependency",
    "gltf.read.property-missing",
    "gltf.read.property-type",
    "gltf.read.reference-unresolved",
    "gltf.read.rotation-normalized",
    "gltf.read.rotation-replaced",
    "gltf.read.skin-undecoded",
    "gltf.read.sparse-count",
    "gltf.read.sparse-indices-not-increasing",
    "gltf.read.tangent-sign",
    "gltf.read.uri-invalid",
    "gltf.read.value-not-multiple",
    "gltf.read.value-out-of-range",
    "gltf.read.vector-not-unit",
    "gltf.read.weight-negative",
    "gltf.read.weights-not-normalized",
    "gltf.reference.unresolved",
    "gltf.write.animation-channel-skipped",
    "gltf.write.animation-clip-rest",
    "gltf.write.animation-empty",
    "gltf.write.animation-handedness",
    "gltf.write.animation-negative-time",
    "gltf.write.animation-node-skipped",
    "gltf.write.animation-not-rebuilt",
    "gltf.write.animation-shear-lost",
    "gltf.write.animation-split-cap",
    "gltf.write.animation-split-rounds",
    "gltf.write.attribute-dropped",
    "gltf.write.camera-dropped",
    "gltf.write.cell-skipped",
    "gltf.write.cells",
    "gltf.write.color-clamped",
    "gltf.write.draco",
    "gltf.write.extension-dropped",
    "gltf.write.factor-clamped",
    "gltf.write.glb-too-large",
    "gltf.write.global-dropped",
    "gltf.write.image-data-invalid",
    "gltf.write.image-dropped",
    "gltf.write.image-not-embedded",
    "gltf.write.image-uri-dropped",
    "gltf.write.image-uri-invalid",
    "gltf.write.joint-duplicate-merged",
    "gltf.write.joint-out-of-range",
    "gltf.write.json",
    "gltf.write.material-dropped",
    "gltf.write.material-extra-dropped",
    "gltf.write.matrix-shear-lost",
    "gltf.write.mesh-skipped",
    "gltf.write.node-cycle",
    "gltf.write.node-extra-dropped",
    "gltf.write.node-reference-dropped",
    "gltf.write.node-skin-dropped",
    "gltf.write.non-finite",
    "gltf.write.normal-replaced",
    "gltf.write.not-utf8",
    "gltf.write.path",
    "gltf.write.points",
    "gltf.write.polygon-fan-fallback",
    "gltf.write.rotation-normalised",
    "gltf.write.sampler-value-dropped",
    "gltf.write.scene-joints-added",
    "gltf.write.skin-dropped",
    "gltf.write.skin-member-dropped",
    "gltf.write.stream-needs-path",
    "gltf.write.tangent-handedness-unknown",
    "gltf.write.texture-dropped",
    "gltf.write.texture-source-dropped",
    "gltf.write.vertex-unweighted",
    "gltf.write.weight-dropped",
    "gzip.corrupt",
    "limits.accessors",
    "limits.input-bytes",
    "limits.memory",
    "limits.nodes",
    "limits.string-length",
    "number.not-a-number",
    "read.scene-flattened",
    "scene.axis.channel-kept",
    "scene.axis.pointer-kept",
    "scene.axis.unit-unknown",
    "scene.axis.up-axis-unknown",
    "xml.count.exceeds-input",
    "xml.depth",
    "xml.encoding.invalid",
    "xml.encoding.unsupported",
    "xml.entity.declared",
    "xml.malformed",
});

constexpr std::string_view kSemanticFamilyHead = "collada.";
constexpr std::string_view kSemanticFamilyTail = ".duplicate-set";

bool is_semantic_word(std::string_view word) {
  if (word.empty()) return false;
  return std::all_of(word.begin(), word.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// Levenshtein distance, one row at a time.
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::span<const std::string_view> known_codes() { return kCodes; }

bool is_known_code(std::string_view code) {
  if (std::binary_search(kCodes.begin(), kCodes.end(), code)) return true;
  const size_t ends = kSemanticFamilyHead.size() + kSemanticFamilyTail.size();
  if (code.size() <= ends || !code.starts_with(kSemanticFamilyHead) ||
      !code.ends_with(kSemanticFamilyTail)) {
    return false;
  }
  return is_semantic_word(code.substr(kSemanticFamilyHead.size(), code.size() - ends));
}

bool is_known_family(std::string_view prefix) {
  auto it = std::lower_bound(kCodes.begin(), kCodes.end(), prefix);
  return it != kCodes.end() && it->starts_with(prefix);
}

std::string nearest_known_code(std::string_view code) {
  // Close: a few typos, never more than a third of the code.
  size_t best = std::min<size_t>(3, code.size() / 3) + 1;
  std::string_view nearest;
  for (std::string_view known : kCodes) {
    size_t d = edit_distance(code, known);
    if (d < best) {
      best = d;
      nearest = known;
    }
  }
  return std::string(nearest);
}

}  // namespace px::cli
