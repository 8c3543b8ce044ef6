#include "tests/fuzz/fuzz_targets.h"

#include <cstdio>

namespace px::fuzz {

std::span<const FuzzTarget> fuzz_targets() {
  static constexpr FuzzTarget kTargets[] = {
      {"collada_fuzz", collada_input}, {"gltf_json_fuzz", gltf_json_input},
      {"glb_fuzz", glb_input},         {"data_uri_fuzz", data_uri_input},
      {"draco_fuzz", draco_input},     {"roundtrip_fuzz", roundtrip_input},
      {"zae_fuzz", zae_input},         {"image_fuzz", image_input},
  };
  return kTargets;
}

void fail(std::string_view what, std::string_view detail) {
  std::fprintf(stderr, "fuzz: %.*s%s%.*s\n", static_cast<int>(what.size()), what.data(),
               detail.empty() ? "" : ": ", static_cast<int>(detail.size()), detail.data());
  std::fflush(stderr);
  __builtin_trap();
}

}  // namespace px::fuzz
