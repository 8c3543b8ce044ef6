// The fuzz targets' bodies, one function each, shared by the libFuzzer entry point (fuzz_main.cc,
// built with -DPX_FUZZ=ON) and the replay of tests/fuzz/regressions/ that every build runs
// (regressions_test.cc). A body returns when its input was read or cleanly refused; a broken
// invariant is reported by fail(), which traps so that libFuzzer saves the input.
#pragma once

#include <span>
#include <string_view>

namespace px::fuzz {

// Bytes as a COLLADA document: the reader (on one thread, and on two for inputs of odd length,
// which must agree), then the GLB and COLLADA writers.
void collada_input(std::string_view bytes);
// Bytes as a .zae archive: the directory's guards, the document's choice, the reader, both writers.
void zae_input(std::string_view bytes);
// Bytes as .gltf JSON text (data: URIs resolve, nothing else does), then both writers.
void gltf_json_input(std::string_view bytes);
// Bytes as a GLB: the container's header and chunks, then the reader and both writers.
void glb_input(std::string_view bytes);
// Bytes as a data: URI, as base64 text and as a name to percent-encode.
void data_uri_input(std::string_view bytes);
// Bytes as a KHR_draco_mesh_compression buffer view, through the header checks and libdraco.
void draco_input(std::string_view bytes);
// Bytes as an image through the decoders behind --transcode-images (TGA, BMP, TIFF, DDS), and
// what decodes through PNG and back.
void image_input(std::string_view bytes);
// Bytes read as any format, written as GLB and as COLLADA, each read back and compared on counts.
void roundtrip_input(std::string_view bytes);

struct FuzzTarget {
  std::string_view name;  // the libFuzzer binary's and the regressions folder's name
  void (*run)(std::string_view bytes);
};
std::span<const FuzzTarget> fuzz_targets();

// Prints what broke (and the detail) to stderr and traps.
[[noreturn]] void fail(std::string_view what, std::string_view detail = {});

}  // namespace px::fuzz
