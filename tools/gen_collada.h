// A synthetic COLLADA 1.4.1 corpus: deterministic documents of a chosen size, shaped like real
// exporter output (Blender- and Maya-like meshes, phong effects, a visual scene), for the
// benchmarks and large-input tests. The document is streamed out in pieces, never held whole.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace px::gen {

struct Options {
  uint64_t target_bytes = 1 << 20;  // the document comes out within a few percent of this
  uint64_t seed = 1;
};

struct Stats {
  uint64_t bytes = 0;
  uint64_t geometries = 0;
  uint64_t vertices = 0;   // positions written, summed over meshes
  uint64_t triangles = 0;  // triangles after fan-triangulating polylists
  uint64_t floats = 0;     // values in float_array, matrix, translate, ...
  uint64_t ints = 0;       // values in p and vcount
};

// Receives consecutive pieces of the document (up to 1 MiB each); returns false to stop.
using Sink = std::function<bool(std::string_view piece)>;

// Writes the whole document through sink. Stats::bytes is what the sink accepted; generation
// stops early (and the document is cut short) when the sink returns false.
Stats generate_collada(const Options& options, const Sink& sink);

// The same document as a string, for small in-memory inputs.
std::string generate_collada_string(const Options& options, Stats* stats = nullptr);

}  // namespace px::gen
