// The animation-fidelity check: for every node a COLLADA read animates, its world matrix under
// the COLLADA channels (applied to the node's transform elements as it was read, and to its
// ancestors') against its world matrix under the written glTF's translation / rotation / scale
// channels, at every key and at ten points inside every span.
//
// The COLLADA side is evaluated here, independently of model/: LINEAR, STEP and BEZIER keys
// (the three tangent layouts of spec gltf.md, control times clamped into their span), HERMITE,
// CARDINAL and BSPLINE keys (the COLLADA 1.4.1 specification's basis matrices) set the
// values of the elements; a whole <matrix> channel blends its LINEAR spans as its decomposed keys,
// as the spec has glTF do. Animations are grouped into clips as the spec says (each joins the
// first clip whose values it does not animate; an animation read from an <animation_clip> is a
// clip of its own, sampled inside its window and at its edges, the glTF's time 0 being the
// window's start), and clip i is compared with the i-th written animation. Times
// within a few float32 steps of a STEP key are not compared: glTF keeps key times as float32, so
// the step lands a rounding away from COLLADA's.
//
// A sample fails when the world translations differ by more than a thousandth of the node's world
// translation range (plus what float32 positions of that size hold), when the world rotations
// differ by more than 0.5 degree, or when a world scale (a column's length) differs by more than a
// thousandth of the node's world scale range (plus float32's share).
#pragma once

#include <string>
#include <vector>

#include "polyxios/scene/scene.h"
#include "rapidjson/document.h"

namespace px::animation_testing {

struct Worst {
  double value = 0;
  std::string where;
};

struct FidelityReport {
  size_t clips = 0;
  size_t nodes = 0;
  size_t samples = 0;
  // Translation error as a fraction of the tolerance (1 is the limit), rotation in degrees, scale
  // as a fraction of the tolerance.
  Worst translation;
  Worst rotation;
  Worst scale;
  // The worst translation error over the node's range, among nodes whose range, not float32,
  // sets the tolerance.
  double translation_of_range = 0;
  std::vector<std::string> failures;
};

// `scene` is a COLLADA read; `gltf` and `bin` its glTF write (.gltf JSON and its buffer).
FidelityReport check_fidelity(const Scene& scene, const rapidjson::Document& gltf,
                              const std::string& bin);

}  // namespace px::animation_testing
