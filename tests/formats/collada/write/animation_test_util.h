// Helpers for the COLLADA animation writer tests: animations built in a scene's arena, node plans
// filled by hand, the <library_animations> a plan writes, and a document holding it beside nodes
// spelled as the node plans say, read back (column_values:
// tests/formats/collada/read/collada_test_util.h).
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/strings.h"
#include "formats/collada/write/animation_writer.h"
#include "polyxios/scene/animation.h"
#include "tests/formats/collada/read/collada_test_util.h"
#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {

template <class T>
Column column(Scene& scene, const std::vector<T>& values, size_t cols) {
  return Column::of<T>(std::span<const T>(scene.arena->copy<T>(values)), cols);
}

// One animation, built channel by channel, each channel with its own sampler.
struct AnimationBuilder {
  Scene& scene;
  Animation animation;

  // A sampler of float32 times and values (float64 when `doubles`).
  AnimationSampler& sampler(const std::vector<double>& times, const std::vector<double>& values,
                            size_t width, std::string interpolation = "LINEAR",
                            bool doubles = false) {
    AnimationSampler s;
    if (doubles) {
      s.times = column(scene, times, 1);
      s.values = column(scene, values, width);
    } else {
      s.times = column(scene, std::vector<float>(times.begin(), times.end()), 1);
      s.values = column(scene, std::vector<float>(values.begin(), values.end()), width);
    }
    s.interpolation = std::move(interpolation);
    animation.samplers.push_back(std::move(s));
    return *animation.samplers.back();
  }
  // A channel on the last sampler.
  AnimationChannel& channel(int node, std::string path, std::optional<std::string> sid = {},
                            std::string member = "") {
    AnimationChannel& c = animation.channels.emplace_back();
    c.sampler = static_cast<int>(animation.samplers.size()) - 1;
    c.target.node = node;
    c.target.path = target_path_named(path);
    c.target.sid = std::move(sid);
    c.target.member = std::move(member);
    return c;
  }
};

inline void set_animations(Scene& scene, const std::vector<Animation>& animations) {
  scene.animations = animations;
}

inline TransformElement element(std::string kind, std::string sid, std::vector<double> values) {
  return {std::move(kind), std::move(sid), std::move(values)};
}

inline NodePlan written_node(std::string id, std::vector<TransformElement> transforms,
                             bool as_matrix = false) {
  NodePlan n;
  n.written = true;
  n.id = std::move(id);
  n.transforms = std::move(transforms);
  n.as_matrix = as_matrix;
  return n;
}

// The node plan of a node written as one <matrix sid="transform"> of its matrix.
inline NodePlan matrix_node(std::string id, const Eigen::Matrix4d& m) {
  std::vector<double> values;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) values.push_back(m(r, c));
  }
  return written_node(std::move(id), {element("matrix", "transform", std::move(values))}, true);
}

struct AnimationPlanned {
  absl::Status status;
  WritePlan plan;
  Diagnostics diagnostics;
  std::string library;  // the <library_animations> written, empty when none
};

// Plans the scene's animations over the node plans given and writes their library.
inline AnimationPlanned plan_and_write(const Scene& scene, std::vector<NodePlan> nodes) {
  AnimationPlanned out;
  for (const NodePlan& n : nodes) {
    if (n.written && n.copy_of < 0) {
      EXPECT_TRUE(out.plan.ids.reserve(n.id)) << n.id;
    }
  }
  out.plan.nodes.nodes = std::move(nodes);
  out.status = plan_animations(scene, out.plan, out.diagnostics);
  if (!out.status.ok()) return out;
  XmlWriter xml([&](std::string_view bytes) {
    out.library.append(bytes);
    return absl::OkStatus();
  });
  write_animations(scene, out.plan, xml);
  EXPECT_TRUE(xml.finish().ok());
  return out;
}

// A document of the library beside a visual scene of the written nodes that are no copies, each a
// root spelled with its transforms, saved for the schema check.
inline std::string document_of(const AnimationPlanned& planned) {
  std::string nodes;
  for (const NodePlan& n : planned.plan.nodes.nodes) {
    if (!n.written || n.copy_of >= 0) continue;
    nodes += cat("<node id=\"", n.id, "\">");
    for (const TransformElement& e : n.transforms) {
      std::string values;
      for (double v : e.values) values += cat(values.empty() ? "" : " ", v);
      nodes += e.sid.empty() ? cat("<", e.kind, ">", values, "</", e.kind, ">")
                             : cat("<", e.kind, " sid=\"", e.sid, "\">", values, "</", e.kind, ">");
    }
    nodes += "</node>\n";
  }
  std::string text =
      cat("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
          "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n"
          "<asset><created>1970-01-01T00:00:00Z</created><modified>1970-01-01T00:00:00Z</modified>"
          "</asset>\n",
          planned.library, "\n<library_visual_scenes><visual_scene id=\"scene\">", nodes,
          "</visual_scene></library_visual_scenes>\n"
          "<scene><instance_visual_scene url=\"#scene\"/></scene>\n</COLLADA>\n");
  std::filesystem::create_directories(PX_WRITTEN_DAE_DIR);
  std::ofstream(written_path(), std::ios::binary) << text;
  return text;
}

// The animations of the document read back.
inline std::vector<Animation> read_back(const AnimationPlanned& planned, ReadResult* read) {
  *read = read_text(document_of(planned));
  EXPECT_TRUE(read->scene.ok()) << read->scene.status() << "\n" << planned.library;
  if (!read->scene.ok()) return {};
  return read->scene->animations;
}

}  // namespace px::collada::testing
