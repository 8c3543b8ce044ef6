// Morph targets (Mesh::morph_targets) as COLLADA <morph> controllers:
// - each target of a written mesh is a <geometry> of its own holding the whole shape (the base's
//   positions plus the target's differences, its normals likewise when every target has them,
//   and the texture coordinates and colours any target moves, written by the base as set 0) in
//   <vertices>, with no primitives (whose inputs take no set: differences of a column written as
//   another set are left out with collada.write.morph-attribute-dropped): its vertex v is the base
//   geometry's vertex v, which is position v of the written base (the geometry writer writes a
//   position per vertex);
// - a <controller><morph method="NORMALIZED" source="#base"> names them (MORPH_TARGET, an
//   IDREF_array) with their default weights (MORPH_WEIGHT);
// - a node showing the mesh instances the morph controller, or the skin controller skinning it,
//   whose source is then the morph; a node with default weights of its own (Node::morph_weights)
//   instances another controller of the same targets with those weights, one per distinct set
//   (a skinned node cannot: its skin is over the one morph; collada.write.node-weights-dropped);
// - a "weights" animation channel becomes one channel per target on "<weights source>(t)" (glTF's
//   CUBICSPLINE keys as BEZIER keys), which the reader (formats/collada/read/morph_channels.h)
//   reads back.
// Targets that are not one float row of 3 per vertex, and values that are not finite, are left
// out with collada.write.morph-dropped, the nodes instancing the base geometry.
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/animation.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// After the geometries are planned: a controller per written mesh with morph targets.
absl::Status plan_morphs(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);

// A <library_geometries> of the target geometries (none when there is no morph).
void write_morph_geometries(const Scene& scene, const WritePlan& plan, XmlWriter& xml);
// The <controller>s of the morphs, inside <library_controllers>.
void write_morph_controllers(const Scene& scene, const WritePlan& plan, XmlWriter& xml);

// One planned channel of a weights channel on one target: its target address and values.
struct MorphWeightChannel {
  std::string target;  // "<weights source>(t)"
  size_t index = 0;    // the target
};
// The channels a weights channel on node `node` (showing `mesh`) becomes; empty with `why` set
// when it cannot be written.
std::vector<MorphWeightChannel> morph_weight_channels(const WritePlan& plan, int node, int mesh,
                                                      const AnimationSampler& sampler,
                                                      std::string* why);

}  // namespace px::collada
