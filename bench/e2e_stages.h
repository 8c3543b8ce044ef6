// The stages px_e2e times, each reading its input from the start. What a stage reports goes back
// to the runner through a pipe as plain bytes, so it holds no pointers.
//   a  expat with empty handlers: the floor, XML scanning alone
//   b  expat + std::from_chars on every number (DESIGN.md's second baseline)
//   c  px::xml::parse: the element tree with float_array as float32, p / vcount as int32
//   d  FILE (COLLADA) -> GLB: the whole conversion a user pays for
//   e  d's GLB -> COLLADA          f  d's GLB -> GLB          g  d's GLB -> .gltf + .bin
//   h  g's .gltf + .bin -> GLB      i  FILE (COLLADA) -> COLLADA
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace px::bench {

struct StageResult {
  bool ok = false;
  double seconds = 0;        // best wall time of the repeats
  double cpu_seconds = 0;    // best process CPU time of the repeats (less hurt by a busy machine)
  double read_seconds = 0;   // conversions: read_scene, in the best run
  double write_seconds = 0;  // conversions: write_scene, in the best run
  uint64_t input_bytes = 0;  // what the stage read (a .gltf's .bin included)
  uint64_t numbers = 0;      // b: numbers tokenised; c: values kept in typed arrays
  uint64_t output_bytes = 0;
  uint64_t warnings = 0;
  char warning_codes[256] = {};  // "code x count, ..." (cut short if long)
  char error[512] = {};
};

void set_error(StageResult& r, std::string_view message);

struct StagePaths {
  std::string input;  // FILE
  std::string glb;    // d's output, e/f/g's input
  std::string gltf;   // g's output, h's input
  // Outputs of e, f, h, i.
  std::string dae_from_glb() const { return glb + ".dae"; }
  std::string glb_from_glb() const { return glb + ".glb"; }
  std::string glb_from_gltf() const { return gltf + ".glb"; }
  std::string dae_from_dae() const { return glb + ".i.dae"; }
};

// Runs stage `letter` once; threads is ReadOptions::threads for the conversions.
bool run_stage_once(char letter, const StagePaths& paths, int threads, StageResult& r);

}  // namespace px::bench
