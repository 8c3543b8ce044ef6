// The node tree: <library_nodes> and <library_visual_scenes>, and <scene> naming the default one.
#pragma once

#include "absl/status/status.h"
#include "formats/collada/write/write_plan.h"
#include "formats/collada/write/xml_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

// Fills plan.nodes (see node_plan.h), reserving the nodes' own ids before generating any. A child
// or root naming no node is left out, and a link in Node::children that would close a cycle (a
// hostile glTF) is cut, each with a warning. Refused: a written node whose matrix is not finite
// (collada.write.non-finite), and a tree nesting deeper than a COLLADA read accepts, elements
// around and inside its nodes counted (collada.write.node-depth).
absl::Status plan_nodes(const Scene& scene, WritePlan& plan, Diagnostics& diagnostics);
// Writes <library_nodes>, <library_visual_scenes> and <scene> from the finished plan.
void write_nodes(const Scene& scene, const WritePlan& plan, XmlWriter& xml);

}  // namespace px::collada
