// The table of conversion options (polyxios/conversion_options.h): each option's flag, keyword,
// range, help, and where it lives in ConversionOptions. The defaults are the option structs' own.
#include <cstdint>
#include <span>

#include "polyxios/conversion_options.h"

namespace px {
namespace {

using Kind = OptionValue::Kind;
using Method = MeshCompression::Method;

constexpr uint64_t kAny = UINT64_MAX;

OptionValue unset() { return {}; }
OptionValue on(bool b) { return OptionValue::boolean(b); }
OptionValue n(uint64_t v) { return OptionValue::number(v); }

// A count field of Limits, bool field of an options struct, and the like, as table entries.
#define PX_LIMIT(field)                                                              \
  [](ConversionOptions& o, const OptionValue& v) { o.read.limits.field = v.count; }, \
      [](const ConversionOptions& o) { return n(o.read.limits.field); }
#define PX_DRACO_BITS(field)                                        \
  [](ConversionOptions& o, const OptionValue& v) {                  \
    o.write.compression.field = static_cast<int>(v.count);          \
  },                                                                \
      [](const ConversionOptions& o) {                              \
        return n(static_cast<uint64_t>(o.write.compression.field)); \
      }

const ConversionOption kOptions[] = {
    // The output.
    {"--format", "format", OptionType::kWord, OptionStage::kWrite, "glb|gltf|dae", 0, 0, 0,
     "the output's format; by default the output path's extension "
     "(batch and validate: glb)",
     [](ConversionOptions& o, const OptionValue& v) {
       o.write.collada = v.kind == Kind::kWord && v.word == "dae";
       o.write.binary.reset();
       if (v.kind == Kind::kWord && !o.write.collada) o.write.binary = v.word == "glb";
     },
     [](const ConversionOptions& o) {
       if (o.write.collada) return OptionValue::text("dae");
       if (!o.write.binary) return unset();
       return OptionValue::text(*o.write.binary ? "glb" : "gltf");
     },
     "--to"},
    // Mesh compression and optimization (glTF output).
    {"--compress", "compress", OptionType::kWord, OptionStage::kWrite, "draco|meshopt", 0, 0, 0,
     "glTF output only. draco compresses every triangle primitive with "
     "KHR_draco_mesh_compression (Google's Draco); meshopt compresses every view of vertex "
     "attributes, indices, animation keys and skin matrices with EXT_meshopt_compression "
     "(meshoptimizer, lossless), its compressed views in a placeholder buffer without data. "
     "Only the compressed data is written, as gltfpack and glTF-Transform do: readers must "
     "decode it (the extension is required)",
     [](ConversionOptions& o, const OptionValue& v) {
       o.write.compression.method = v.kind != Kind::kWord ? Method::kNone
                                    : v.word == "draco"   ? Method::kDraco
                                                          : Method::kMeshopt;
     },
     [](const ConversionOptions& o) {
       switch (o.write.compression.method) {
         case Method::kDraco:
           return OptionValue::text("draco");
         case Method::kMeshopt:
           return OptionValue::text("meshopt");
         case Method::kNone:
           break;
       }
       return unset();
     }},
    {"--fallback", "fallback", OptionType::kSwitch, OptionStage::kWrite, "", 0, 0, 0,
     "keep the uncompressed data beside the compressed (what the Draco stream decodes to; for "
     "meshopt the uncompressed views in the same buffer), for readers without the decoder",
     [](ConversionOptions& o, const OptionValue& v) { o.write.compression.fallback = v.on; },
     [](const ConversionOptions& o) { return on(o.write.compression.fallback); }},
    {"--compress-only", "compress_only", OptionType::kSwitch, OptionStage::kWrite, "", 0, 0, 0,
     "only the compressed data: the default, accepted for the scripts written when the "
     "fallback was kept",
     [](ConversionOptions&, const OptionValue&) {},
     [](const ConversionOptions&) { return on(false); }},
    {"--draco-position-bits", "draco_position_bits", OptionType::kCount, OptionStage::kWrite, "N",
     0, 30, 0, "Draco quantization bits of positions, 0 (not quantized) to 30",
     PX_DRACO_BITS(draco_position_bits)},
    {"--draco-normal-bits", "draco_normal_bits", OptionType::kCount, OptionStage::kWrite, "N", 0,
     30, 0, "of normals", PX_DRACO_BITS(draco_normal_bits)},
    {"--draco-texcoord-bits", "draco_texcoord_bits", OptionType::kCount, OptionStage::kWrite, "N",
     0, 30, 0, "of texture coordinates", PX_DRACO_BITS(draco_texcoord_bits)},
    {"--draco-color-bits", "draco_color_bits", OptionType::kCount, OptionStage::kWrite, "N", 0, 30,
     0, "of colours", PX_DRACO_BITS(draco_color_bits)},
    {"--draco-generic-bits", "draco_generic_bits", OptionType::kCount, OptionStage::kWrite, "N", 0,
     30, 0, "of TANGENT (WEIGHTS_n are never quantized, as their sums must stay 1)",
     PX_DRACO_BITS(draco_generic_bits)},
    {"--draco-level", "draco_level", OptionType::kCount, OptionStage::kWrite, "N", 0, 10, 0,
     "Draco's compression level, 0 (fastest) to 10 (smallest)", PX_DRACO_BITS(draco_level)},
    {"--optimize", "optimize", OptionType::kSwitch, OptionStage::kWrite, "", 0, 0, 0,
     "glTF output only: merge identical vertices and reorder triangles for the vertex cache and "
     "vertices for fetch (meshoptimizer), keeping every triangle and value; with {compress} "
     "meshopt it makes the output much smaller",
     [](ConversionOptions& o, const OptionValue& v) { o.write.compression.optimize = v.on; },
     [](const ConversionOptions& o) { return on(o.write.compression.optimize); }},
    // Axis and unit, applied to the read scene.
    {"--up-axis", "up_axis", OptionType::kWord, OptionStage::kAxis, "x|y|z", 0, 0, 0,
     "turn the scene from the up axis its asset records (COLLADA's <up_axis>; Y when none, as "
     "glTF is) to this one; by default neither this nor {meters} is applied, as the spec has "
     "it. Either goes in as one new root node above each scene's roots, and the output's asset "
     "records the new axis and unit. (glTF is Y-up metres: {up_axis} y and {meters}.)",
     [](ConversionOptions& o, const OptionValue& v) {
       o.axis_unit.up_axis.reset();
       if (v.kind == Kind::kWord) o.axis_unit.up_axis = up_axis_letter(v.word);
     },
     [](const ConversionOptions& o) {
       if (!o.axis_unit.up_axis) return unset();
       constexpr const char* kLetters[] = {"x", "y", "z"};
       return OptionValue::text(kLetters[static_cast<int>(*o.axis_unit.up_axis)]);
     }},
    {"--meters", "meters", OptionType::kSwitch, OptionStage::kAxis, "", 0, 0, 0,
     "scale the scene from its <unit> to metres",
     [](ConversionOptions& o, const OptionValue& v) { o.axis_unit.meters = v.on; },
     [](const ConversionOptions& o) { return on(o.axis_unit.meters); }},
    {"--bake-transforms", "bake_transforms", OptionType::kSwitch, OptionStage::kAxis, "", 0, 0, 0,
     "bake {up_axis} and {meters} into vertex positions, normals, tangents, node transforms, "
     "animation keys, skins and cameras instead of a new root, with the same result in world "
     "space",
     [](ConversionOptions& o, const OptionValue& v) { o.axis_unit.bake = v.on; },
     [](const ConversionOptions& o) { return on(o.axis_unit.bake); }},
    // Images.
    {"--transcode-images", "transcode_images", OptionType::kTristate, OptionStage::kWrite, "", 0, 0,
     0,
     "decode images whose bytes are TGA, BMP, TIFF or DDS, which "
     "glTF cannot hold, and embed them as PNG (gltf.write.image-transcoded); PNG and JPEG are "
     "kept as they are; an image that does not decode is written as without it "
     "(gltf.write.image-undecodable). By default on for GLB output, off for .gltf; off keeps "
     "every image as it is",
     [](ConversionOptions& o, const OptionValue& v) {
       o.write.transcode_images.reset();
       if (v.kind == Kind::kBool) o.write.transcode_images = v.on;
     },
     [](const ConversionOptions& o) {
       return o.write.transcode_images ? on(*o.write.transcode_images) : unset();
     }},
    // What an input may name, and how a read recovers.
    {"--allow-external-files", "allow_external_files", OptionType::kSwitch,
     OptionStage::kReadAndWrite, "", 0, 0, 0,
     "read files an input names outside its folder (absolute paths, .., symlinks leading out), "
     "take symlinks leading out of the folders validate and batch search, and write image URIs "
     "that leave the output's folder or have a scheme other than data: and http(s):; without "
     "it they are left out with a warning",
     [](ConversionOptions& o, const OptionValue& v) {
       o.read.allow_external_files = v.on;
       o.write.allow_external_files = v.on;
     },
     [](const ConversionOptions& o) { return on(o.read.allow_external_files); }},
    {"--allow-remote-uris", "allow_remote_uris", OptionType::kSwitch, OptionStage::kWrite, "", 0, 0,
     0, "write http(s): image URIs; without it they are left out with a warning",
     [](ConversionOptions& o, const OptionValue& v) { o.write.allow_remote_uris = v.on; },
     [](const ConversionOptions& o) { return on(o.write.allow_remote_uris); }},
    {"--strict-resources", "strict_resources", OptionType::kSwitch, OptionStage::kRead, "", 0, 0, 0,
     "refuse an input naming an image file that is not there (rule collada.image.missing / "
     "gltf.image.missing); without it the input is read with that warning and the URI kept",
     [](ConversionOptions& o, const OptionValue& v) { o.read.strict_resources = v.on; },
     [](const ConversionOptions& o) { return on(o.read.strict_resources); }},
    {"--repair", "repair", OptionType::kSwitch, OptionStage::kRead, "", 0, 0, 0,
     "read a legacy COLLADA document the spec refuses where it safely can, each repair a "
     "warning: an array's count taken from its content (collada.repair.count-from-content), a "
     "primitive naming an index past its source dropped (collada.repair.index-past-source), "
     "decimal commas read as points when the whole array spells them so "
     "(collada.repair.decimal-comma), a #url the document does not hold dropped with what names "
     "it (collada.repair.url-dropped); without it, such a refusal ends with a hint to {repair}, "
     "and batch's summary counts them",
     [](ConversionOptions& o, const OptionValue& v) { o.read.repair = v.on; },
     [](const ConversionOptions& o) { return on(o.read.repair); }},
    {"--threads", "threads", OptionType::kCount, OptionStage::kReadAndWrite, "N", 0, 64, 0,
     "threads a read or write may use: 0 for the cores this process may use, 1 for none beside "
     "the caller's; the output is the same whatever the count",
     [](ConversionOptions& o, const OptionValue& v) {
       o.read.threads = static_cast<int>(v.count);
       o.write.threads = static_cast<int>(v.count);
     },
     [](const ConversionOptions& o) { return n(static_cast<uint64_t>(o.read.threads)); }},
    // Limits: past one, the input is refused with the code named. Past --max-input and
    // --max-memory they are the library's and the Python module's only: the defaults take any
    // real asset, and a server tightening them calls the library.
    {"--max-input", "max_input_bytes", OptionType::kCount, OptionStage::kRead, "MIB", 1, kAny, 20,
     "refuse an input larger than this (a file's size, standard input's bytes, a .dae.gz's "
     "inflated bytes, a .zae's entries' declared sizes, a .gltf with its buffer and image files) "
     "with limits.input-bytes (collada.zae.size), before reading it all",
     PX_LIMIT(max_input_bytes)},
    {"--max-memory", "max_memory_bytes", OptionType::kCount, OptionStage::kRead, "MIB", 1, kAny, 20,
     "cap what a read may build from its input (arrays, element tree, image bytes): past it the "
     "input is refused (limits.memory). batch: the memory each worker may add",
     PX_LIMIT(max_memory_bytes)},
    {"", "max_depth", OptionType::kCount, OptionStage::kRead, "N", 1, INT32_MAX, 0,
     "how deep COLLADA elements (xml.depth) or kept glTF JSON values (gltf.json.too-deep) nest",
     [](ConversionOptions& o, const OptionValue& v) {
       o.read.limits.max_depth = static_cast<int>(v.count);
     },
     [](const ConversionOptions& o) { return n(static_cast<uint64_t>(o.read.limits.max_depth)); }},
    {"", "max_nodes", OptionType::kCount, OptionStage::kRead, "N", 0, kAny, 0,
     "nodes a read makes, counting every <instance_node> copy (collada.nodes.cap, limits.nodes), "
     "or one per {bytes_per_node} bytes of input when that is more",
     PX_LIMIT(max_nodes)},
    {"", "bytes_per_node", OptionType::kCount, OptionStage::kRead, "N", 0, kAny, 0,
     "see {max_nodes} (0: never more than it)", PX_LIMIT(bytes_per_node)},
    {"", "max_copy_bytes", OptionType::kCount, OptionStage::kRead, "N", 0, kAny, 0,
     "bytes the copies per instance of a COLLADA geometry or skin may take "
     "(collada.copies.budget), or {copy_bytes_per_input_byte} per byte of input when more",
     PX_LIMIT(max_copy_bytes)},
    {"", "copy_bytes_per_input_byte", OptionType::kCount, OptionStage::kRead, "N", 0, kAny, 0,
     "see {max_copy_bytes}", PX_LIMIT(copy_bytes_per_input_byte)},
    {"", "max_rebinds_per_node", OptionType::kCount, OptionStage::kRead, "N", 0, kAny, 0,
     "joints COLLADA skin instances may bind afresh, per node of the node cap "
     "(collada.skin.rebind-cap)",
     PX_LIMIT(max_rebinds_per_node)},
    {"", "max_accessors", OptionType::kCount, OptionStage::kRead, "N", 0, kAny, 0,
     "glTF accessors a document may declare (limits.accessors)", PX_LIMIT(max_accessors)},
    {"", "max_string_bytes", OptionType::kCount, OptionStage::kRead, "N", 0, kAny, 0,
     "bytes of one name, URI or JSON string (limits.string-length)", PX_LIMIT(max_string_bytes)},
    {"", "max_archive_entries", OptionType::kCount, OptionStage::kRead, "N", 0, kAny, 0,
     "entries a .zae may hold (collada.zae.entries)", PX_LIMIT(max_archive_entries)},
    {"", "max_archive_ratio", OptionType::kCount, OptionStage::kRead, "N", 0, kAny, 0,
     "how many times its stored size a .zae entry of more than 1 MiB may inflate to "
     "(collada.zae.ratio)",
     PX_LIMIT(max_archive_ratio)},
};

#undef PX_LIMIT
#undef PX_DRACO_BITS

}  // namespace

std::span<const ConversionOption> conversion_options() { return kOptions; }

}  // namespace px
