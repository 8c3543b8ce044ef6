#include "polyxios/ops/codes.h"

#include <array>

namespace px {
namespace {

constexpr std::array kCodes = std::to_array<std::string_view>({
    "collada.write.animation-bake-channel-dropped",
    "collada.write.animation-bake-not-finite",
    "collada.write.animation-shear-lost",
    "collada.write.animation-split-cap",
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
    "gltf.write.rotation-normalised",
    "scene.axis.channel-kept",
    "scene.axis.pointer-kept",
    "scene.axis.unit-unknown",
    "scene.axis.up-axis-unknown",
});

}  // namespace

std::span<const std::string_view> model_codes() { return kCodes; }

}  // namespace px
