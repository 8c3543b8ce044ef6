// Options every codec shares, so format readers and writers need not include the public API.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace px {

struct ReadOptions {
  // Read image files outside the document's folder (absolute paths, ".."). Off by default,
  // since ingestion servers convert untrusted uploads.
  bool allow_external_files = false;
  // Refuse an input naming an image file that is not there (*.image.missing), rather than
  // read it with that warning (a .gltf may be copied before its textures).
  bool strict_resources = false;
  int max_xml_depth = 256;
  // The memory a read may take for its arrays (the scene's and the transient ones; see
  // model/memory_budget.h), past which it is refused (limits.memory). The default keeps one
  // conversion from taking a server down while reading a document of several gigabytes.
  uint64_t max_memory_bytes = uint64_t{8} << 30;
  // Threads a read may use: 0 for the cores this process may run on, 1 for none beside the
  // caller's. The result is the same whatever the count.
  int threads = 0;
};


struct WriteOptions {
  // true: GLB; false: .gltf + .bin; unset: from the path's extension.
  std::optional<bool> binary;
  // COLLADA whatever the path's extension (--format dae), and on a stream.
  bool collada = false;
  // The encoding of the text stream a binding hands write_scene (a Python TextIOWrapper's);
  // empty for a byte stream. COLLADA is UTF-8 and says so: another encoding is refused unless it
  // spells ASCII as ASCII and the document holds nothing else (spec collada.md, Quirks).
  std::string stream_encoding;
  // Threads a write may use, as ReadOptions::threads: 0 for the cores (the COLLADA writer takes
  // at most two), 1 for none beside the caller's. The bytes written are the same whatever the count.
  int threads = 0;
  // Image URIs copied into the output beside data: and relative ones staying in the asset's
  // folder (others are dropped with a warning, so that no viewer of the output reads a host
  // file): http(s): ones, and every other (file:, absolute paths, "..", other schemes).
  bool allow_remote_uris = false;
  bool allow_external_files = false;
};

}  // namespace px
