// Helpers for the animation tests: COLLADA documents of nodes and animations, read; the
// animations of a read scene in their typed form; a glTF write parsed.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/strings.h"
#include "polyxios/scene/animation.h"
#include "tests/formats/collada/read/collada_test_util.h"

namespace px::animation_testing {

using collada::testing::count_tokens;
using collada::testing::document;
using collada::testing::read_text;
using collada::testing::ReadResult;

// A <source> of `values` read `width` at a time, one named float param each.
inline std::string float_source(std::string_view id, std::string_view values, size_t width) {
  std::string params;
  for (size_t i = 0; i < width; ++i) params += cat("<param name=\"P", i, "\" type=\"float\"/>");
  size_t n = count_tokens(values);
  return cat("<source id=\"", id, "\"><float_array id=\"", id, "-array\" count=\"", n, "\">",
             values, "</float_array><technique_common><accessor source=\"#", id,
             "-array\" count=\"", n / width, "\" stride=\"", width, "\">", params,
             "</accessor></technique_common></source>\n");
}

inline std::string name_source(std::string_view id, std::string_view names) {
  size_t n = count_tokens(names);
  return cat("<source id=\"", id, "\"><Name_array id=\"", id, "-array\" count=\"", n, "\">", names,
             "</Name_array><technique_common><accessor source=\"#", id, "-array\" count=\"", n,
             "\"><param name=\"INTERPOLATION\" type=\"Name\"/></accessor></technique_common>"
             "</source>\n");
}

struct Keys {
  Keys(std::string t, std::string v, size_t w = 1, std::string interp = "", std::string in = "",
       std::string out = "", size_t tw = 0)
      : times(std::move(t)),
        values(std::move(v)),
        width(w),
        interpolations(std::move(interp)),
        in_tangents(std::move(in)),
        out_tangents(std::move(out)),
        tangent_width(tw) {}

  std::string times;
  std::string values;
  size_t width;
  std::string interpolations;  // empty: no INTERPOLATION input
  std::string in_tangents;     // empty: none
  std::string out_tangents;
  size_t tangent_width;
};

// The sources and <sampler id="<id>"> of `keys`.
inline std::string sampler(std::string_view id, const Keys& keys) {
  std::string out = cat(float_source(cat(id, "-in"), keys.times, 1),
                        float_source(cat(id, "-out"), keys.values, keys.width));
  std::string inputs = cat("<input semantic=\"INPUT\" source=\"#", id,
                           "-in\"/><input semantic=\"OUTPUT\" source=\"#", id, "-out\"/>");
  if (!keys.interpolations.empty()) {
    out += name_source(cat(id, "-interp"), keys.interpolations);
    inputs += cat("<input semantic=\"INTERPOLATION\" source=\"#", id, "-interp\"/>");
  }
  if (!keys.in_tangents.empty()) {
    out += float_source(cat(id, "-intan"), keys.in_tangents, keys.tangent_width);
    out += float_source(cat(id, "-outtan"), keys.out_tangents, keys.tangent_width);
    inputs += cat("<input semantic=\"IN_TANGENT\" source=\"#", id,
                  "-intan\"/><input semantic=\"OUT_TANGENT\" source=\"#", id, "-outtan\"/>");
  }
  return cat(out, "<sampler id=\"", id, "\">", inputs, "</sampler>\n");
}

// An <animation id="<id>"> of one sampler and one channel to `target`.
inline std::string animation(std::string_view id, std::string_view target, const Keys& keys) {
  return cat("<animation id=\"", id, "\">", sampler(cat(id, "-s"), keys), "<channel source=\"#", id,
             "-s\" target=\"", target, "\"/></animation>\n");
}

// A document of one visual scene holding `nodes`, animated by `animations`; `rest` is any other
// libraries.
inline std::string animated_document(std::string_view nodes, std::string_view animations,
                                     std::string_view rest = "") {
  return document(cat(rest, "<library_animations>", animations,
                      "</library_animations><library_visual_scenes><visual_scene id=\"vs\">", nodes,
                      "</visual_scene></library_visual_scenes>"
                      "<scene><instance_visual_scene url=\"#vs\"/></scene>"));
}

// The animations of a read, failing the test when the read failed.
inline std::vector<Animation> read_animations(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  if (!r.scene.ok()) return {};
  return r.scene->animations;
}

inline std::vector<double> values(const Column& c) { return collada::testing::column_values(c); }

}  // namespace px::animation_testing
