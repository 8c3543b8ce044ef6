// The image files a written document names by a relative URI, carried beside it: a .gltf or .dae
// written to another folder than its input's names its images by the URIs the input spelled,
// which resolve from the output's folder only once the files are there too. What gltf-transform
// and assimp users expect: the files are copied, the URIs kept relative.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "polyxios/diagnostics.h"
#include "polyxios/scene/scene.h"

namespace px {

// Before a document is committed at `document` (its folder made): for each scene image it names by a URI
// (written_uris[i], as written; empty for an image it embeds or leaves out) that stays inside the
// document's folder, and whose bytes the scene holds (the file found on read), the file that URI
// names from the document's folder is made to hold those bytes. Absent, it is written (its
// folders made); holding them already (an output beside its input), it is left as it is. A
// different file there is never replaced, nor is a file written through a symlink or ".." leading
// out of the folder: the warning `not_copied_code` (gltf.write.image-not-copied,
// collada.write.image-not-copied) says which URI names what the scene's image is not, once with
// the count; so does a file that cannot be written. An exception (a failed allocation) takes back
// the files this call wrote before it goes on, so that the failed write leaves nothing.
void carry_image_files(const Scene& scene, const std::vector<std::string>& written_uris,
                       const std::filesystem::path& document, std::string_view not_copied_code,
                       Diagnostics& diagnostics);

}  // namespace px
