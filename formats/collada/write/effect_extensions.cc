#include "formats/collada/write/effect_extensions.h"

#include <map>
#include <string>

#include "engine/strings.h"

namespace px::collada {

void warn_gltf_extensions_dropped(const Scene& scene, Diagnostics& diagnostics) {
  std::map<std::string, int> textures;  // by name, for a deterministic order
  for (const Texture& t : scene.textures) {
    if (t.extension_image >= 0) ++textures[t.source_extension];
  }
  if (!scene.material_variants.empty()) {
    diagnostics.warn("collada.write.gltf-extension-dropped",
                     "KHR_materials_variants left out: COLLADA has no place for the variants; "
                     "each primitive keeps its own material");
  }
  for (const auto& [name, count] : textures) {
    diagnostics.warn("collada.write.gltf-extension-dropped",
                     cat("the ", name, " source of ", count, count == 1 ? " texture" : " textures",
                         " left out: COLLADA has no place for it; the core source is kept"));
  }
}

}  // namespace px::collada
