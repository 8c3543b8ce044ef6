// KHR_lights_punctual: the root's lights, and each node's, into Scene::lights (a copy for each
// node showing it, as a node's camera is kept; polyxios/scene/light.h); an ambient light a
// polyxios write left in a node's extras["light"] is taken back from there. A document that does
// not list the extension in extensionsUsed has its light data ignored (the extension check warns
// about it).
#pragma once

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gltf/read/read_context.h"
#include "polyxios/scene/scene.h"

namespace px::gltf {

// The root's lights, checked; none for a light that is no light (a type other than directional,
// point or spot, a colour that is not three numbers, an intensity that is not a number of at least
// 0), which is dropped with a warning. A term outside glTF's range (a colour outside [0, 1], a
// range not above 0, cone angles out of order) is corrected with a warning, as is an absent or
// empty lights array. Wrong JSON types are refused, as everywhere in the reader.
absl::StatusOr<std::vector<std::optional<Light>>> read_punctual_lights(ReadContext& ctx);

// The node's light: its KHR_lights_punctual "light" index (one that is absent, not an index or
// past the lights is dropped with a warning: the extension is optional, so its fault costs the
// light, not the document), else an ambient light in its extras["light"], which then leaves the
// extras. Call after the node's extras are kept.
absl::Status read_node_light(ReadContext& ctx, const JsonObject& json,
                             const std::vector<std::optional<Light>>& lights, Node& node);

}  // namespace px::gltf
