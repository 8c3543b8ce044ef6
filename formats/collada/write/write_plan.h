// Everything the COLLADA writer decides before it writes a byte: every module plans (and refuses
// what it cannot write) first, then every module writes from the finished plan. Plans run in the
// order nodes, controllers, geometries, morphs, effects, animations, lights, cameras; each may read the
// plans before it.
#pragma once

#include <string>

#include "engine/file_uri.h"

#include "formats/collada/write/animation_plan.h"
#include "formats/collada/write/controller_plan.h"
#include "formats/collada/write/effect_plan.h"
#include "formats/collada/write/geometry_plan.h"
#include "formats/collada/write/light_camera_plan.h"
#include "formats/collada/write/morph_plan.h"
#include "formats/collada/write/node_plan.h"
#include "formats/collada/write/xml_names.h"

namespace px::collada {

struct WritePlan {
  UriPolicy uris;  // given, not planned: the image URIs that may be written
  IdRegistry ids;  // every id of the document
  NodesPlan nodes;
  ControllersPlan controllers;
  GeometriesPlan geometries;
  MorphsPlan morphs;
  EffectsPlan effects;
  AnimationsPlan animations;
  LightsPlan lights;
  CamerasPlan cameras;
};

// The symbol a primitive block of material value v names, and <instance_material> binds.
std::string material_symbol(int material);

}  // namespace px::collada
