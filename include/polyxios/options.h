// Options every codec shares, so format readers and writers need not include the public API.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace px {

// Told how far a read or write has got: a fraction in [0, 1] that never decreases, ending at 1,
// on the thread that called it, once per 256 KiB block of COLLADA read and per library read after
// the parse, per glTF accessor decoded, per mesh or module planned and per MiB written (never once
// per element). Returning false stops the call, which returns a Cancelled status
// ("cancelled: ...") and writes nothing to a path (a stream keeps what it was given).
using ProgressCallback = std::function<bool(double fraction)>;

// What a read may take in and build, past which the input is refused (exit code 2) with the code
// given. Exactly at a limit is accepted, one past it refused. The defaults take any real asset;
// an ingestion server sets tighter ones.
struct Limits {
  // The memory a read may take for its arrays (the scene's and the transient ones; see
  // polyxios/memory/memory_budget.h), past which it is refused (limits.memory). The default keeps
  // one conversion from taking a server down while reading a document of several gigabytes.
  uint64_t max_memory_bytes = uint64_t{8} << 30;
  // Bytes of input (limits.input-bytes): a file's size, checked before it is read; a stream's or
  // a .dae.gz's inflated bytes, counted as they are read; with a .gltf, the buffer and image
  // files it loads; with a COLLADA document, the other documents it names and the image files
  // they load; a .zae's entries' inflated sizes together, as its directory declares them
  // (collada.zae.size), checked before one is inflated. 16 GiB: past the largest scans we know,
  // and every budget below grows with the input.
  uint64_t max_input_bytes = uint64_t{16} << 30;
  // How deep COLLADA elements (xml.depth) or the glTF JSON values a read keeps (extras;
  // gltf.json.too-deep) nest, the document's root at depth 1. 256: far deeper than any exporter
  // nests, shallow enough for the recursive walks of what is kept.
  int max_depth = 256;
  // Nodes a read makes (collada.nodes.cap; glTF: limits.nodes), counting every <instance_node>
  // copy: max_nodes, or one per bytes_per_node bytes of input when that is more (0: never more).
  // The spec's cap, 262144 and one per eight bytes: instancing grows the tree no further than
  // the document could have spelled it, never exponentially. The same cap bounds instanced
  // animation targets (collada.animation.targets-cap).
  uint64_t max_nodes = 262144;
  uint64_t bytes_per_node = 8;
  // Bytes the copies per instance of a COLLADA geometry or skin (material columns, inverse bind
  // matrices) may take (collada.copies.budget): max_copy_bytes, or copy_bytes_per_input_byte per
  // byte of input when that is more. The spec's 256 MiB and sixteen per byte.
  uint64_t max_copy_bytes = uint64_t{256} << 20;
  uint64_t copy_bytes_per_input_byte = 16;
  // Joints COLLADA skin instances may bind afresh, per node of the node cap
  // (collada.skin.rebind-cap): the spec's sixteen.
  uint64_t max_rebinds_per_node = 16;
  // glTF accessors a document may declare (limits.accessors). 1048576: each is tracked while the
  // read lasts, and a real document holds a few per mesh.
  uint64_t max_accessors = uint64_t{1} << 20;
  // Bytes of one string (limits.string-length): a COLLADA element or attribute name, attribute
  // value or text kept as a string (a name, a URI), a glTF JSON string or member name. 1 GiB:
  // room for a data: URI holding a large buffer, while parts that count in 32 bits stay safe.
  uint64_t max_string_bytes = uint64_t{1} << 30;
  // Entries a .zae archive may hold (collada.zae.entries). 10000: far past a document and its
  // textures, few enough that listing them costs nothing.
  uint64_t max_archive_entries = 10000;
  // How many times its stored size a .zae entry of more than 1 MiB may inflate to
  // (collada.zae.ratio): a zip bomb's entries inflate about a thousandfold, a COLLADA document
  // five- to twentyfold.
  uint64_t max_archive_ratio = 200;
};

struct ReadOptions {
  // Read files a document names outside its folder (absolute paths, "..", symlinks leading out
  // of it: engine/contained_file.h). Off by default: ingestion servers convert untrusted uploads.
  bool allow_external_files = false;
  // Refuse an input naming an image file that is not there (*.image.missing), rather than
  // read it with that warning (a .gltf may be copied before its textures).
  bool strict_resources = false;
  // Recover what a legacy exporter got wrong where it safely can, each repair a warning of its
  // own code (*.repair.*): a COLLADA array count taken from its content, a primitive naming an
  // index past its source dropped, a decimal comma read as a point, an unresolved #url dropped.
  // Off by default: the spec refuses these documents.
  bool repair = false;
  Limits limits;
  // A mesh of at most 65,536 points may keep its indices in 16 bits (Mesh::connectivity), half
  // the memory; off, every mesh holds them in 32 bits (the Python module, whose cells are uint32
  // views of the scene's memory).
  bool narrow_indices = true;
  // Threads a read may use: 0 for the cores this process may run on, 1 for none beside the
  // caller's. The result is the same whatever the count.
  int threads = 0;
  ProgressCallback progress;
};

// How a glTF write compresses its meshes (convert --compress, --optimize); COLLADA ignores it.
struct MeshCompression {
  enum class Method {
    kNone,
    // KHR_draco_mesh_compression on every triangle primitive, through libdraco.
    kDraco,
    // EXT_meshopt_compression on every view of vertex attributes, indices, animation keys and
    // skin matrices, through meshoptimizer (lossless).
    kMeshopt,
  };
  Method method = Method::kNone;
  // Keep the uncompressed fallback (convert --fallback): it holds the data the compressed stream
  // decodes to (Draco's, as its extension recommends; meshopt's is lossless), in the one buffer,
  // and the extension is only in extensionsUsed, so a reader without it still loads the file.
  // Off (the default, as gltfpack and glTF-Transform write): only the compressed data, the
  // extension in extensionsRequired; Draco's compressed primitives' accessors have no
  // bufferView, meshopt's compressed views lie in a placeholder buffer without data.
  bool fallback = false;
  // Draco: the quantization bits of each kind of attribute, 1 to 30, or 0 to keep its float32
  // values as they are; the defaults are draco_encoder's. Generic: TANGENT. WEIGHTS_n are never
  // quantized (their sum of 1, which glTF requires, would not hold), JOINTS_n are integers.
  int draco_position_bits = 11;
  int draco_normal_bits = 8;
  int draco_texcoord_bits = 10;
  int draco_color_bits = 8;
  int draco_generic_bits = 8;
  // Draco's compression level, 0 (fastest: sequential connectivity) to 10 (smallest); the
  // default is draco_encoder's.
  int draco_level = 7;
  // Each mesh optimized by meshoptimizer before it is written (identical vertices merged,
  // triangles in vertex-cache order, vertices in fetch order; formats/gltf/write/mesh_optimize.h),
  // whatever the method.
  bool optimize = false;
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
  // at most two), 1 for none beside the caller's. The bytes written are the same whatever the
  // count.
  int threads = 0;
  // Image URIs copied into the output beside data: and relative ones staying in the asset's
  // folder (others are dropped with a warning, so that no viewer of the output reads a host
  // file): http(s): ones, and every other (file:, absolute paths, "..", other schemes).
  bool allow_remote_uris = false;
  bool allow_external_files = false;
  ProgressCallback progress;
  MeshCompression compression;
  // glTF: images whose bytes are TGA, BMP, TIFF or DDS (glTF holds PNG and JPEG only) decoded
  // and embedded as PNG (gltf.write.image-transcoded); bytes that do not decode are written as
  // without it (gltf.write.image-undecodable). Unset: on for GLB, off for .gltf
  // (convert --transcode-images / --no-transcode-images). COLLADA ignores it.
  std::optional<bool> transcode_images;
};

}  // namespace px
