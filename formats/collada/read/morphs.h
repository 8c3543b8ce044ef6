// <controller><morph>: a morph controller's targets as differences from its base geometry, for
// the mesh an <instance_controller> shows (Mesh::morph_targets / morph_weights).
//
// - The MORPH_TARGET input of <targets> names target geometries (an IDREF_array), MORPH_WEIGHT
//   their default weights. Each target is read as the whole shape it spells, for NORMALIZED and
//   RELATIVE alike (the RELATIVE files exporters and the conformance suite write hold whole
//   shapes too), and stored as its difference from the base: target vertex v is the target's
//   position of the base's vertex v. Normals, texture coordinates and colours are kept (as
//   differences; MorphTarget::point_data for the latter, left out where they do not differ) when
//   the target splits its corners into the same vertices as the base, or gives one per position
//   (a target of no primitives); a target giving them otherwise moves none of them
//   (collada.morph.attribute-dropped).
// - A target with other positions than the base (collada.morph.topology), a target naming no
//   geometry or weights not one per target (collada.morph.invalid) drop the morph with a warning;
//   the base is shown without it.
// - A morph whose source is another morph keeps the outer morph's targets (over the innermost
//   geometry) and drops the inner one's, with collada.morph.nested.
#pragma once

#include <deque>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/geometry.h"
#include "polyxios/hash_containers.h"

namespace px::collada {

struct MorphColumns {
  const Element* controller = nullptr;
  std::vector<MorphTarget> targets;
  std::vector<double> weights;  // one per target
};

class MorphReader {
 public:
  MorphReader(ReadContext& ctx, const Geometries& geometries)
      : ctx_(ctx), geometries_(geometries) {}
  MorphReader(const MorphReader&) = delete;

  // The targets of `controller`'s <morph> over `base`'s vertices, read once per pair; nullptr
  // when the morph is dropped (warned).
  absl::StatusOr<const MorphColumns*> columns(const Element& controller,
                                              const GeometryRecord& base);

 private:
  absl::StatusOr<const MorphColumns*> read(const Element& controller, const GeometryRecord& base);

  ReadContext& ctx_;
  const Geometries& geometries_;
  std::deque<MorphColumns> columns_;
  HashMap<std::pair<const Element*, const Element*>, const MorphColumns*> by_pair_;
};

}  // namespace px::collada
