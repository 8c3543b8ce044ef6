// gen_collada OUT.dae SIZE_MB [--seed N]: writes tools/gen_collada.h's synthetic document to a
// file.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tools/gen_collada.h"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: gen_collada OUT.dae SIZE_MB [--seed N]\n"
               "  Writes a deterministic synthetic COLLADA 1.4.1 document of about SIZE_MB\n"
               "  megabytes (10^6 bytes; fractions allowed). The same seed and size give the\n"
               "  same bytes.\n");
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const char* out_path = nullptr;
  const char* size_text = nullptr;
  uint64_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "-h" || arg == "--help") {
      return usage();
    } else if (out_path == nullptr) {
      out_path = argv[i];
    } else if (size_text == nullptr) {
      size_text = argv[i];
    } else {
      return usage();
    }
  }
  if (out_path == nullptr || size_text == nullptr) return usage();
  char* end = nullptr;
  double size_mb = std::strtod(size_text, &end);
  if (end == size_text || *end != '\0' || !(size_mb > 0) || size_mb > 1e6) return usage();

  std::FILE* file = std::fopen(out_path, "wb");
  if (file == nullptr) {
    std::perror(out_path);
    return 3;
  }
  auto start = std::chrono::steady_clock::now();
  px::gen::Options options;
  options.target_bytes = static_cast<uint64_t>(size_mb * 1e6);
  options.seed = seed;
  px::gen::Stats stats = px::gen::generate_collada(options, [&](std::string_view piece) {
    return std::fwrite(piece.data(), 1, piece.size(), file) == piece.size();
  });
  bool ok = std::ferror(file) == 0;
  ok = std::fclose(file) == 0 && ok;
  if (!ok) {
    std::perror(out_path);
    return 3;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr,
               "%s: %llu bytes, %llu geometries, %llu vertices, %llu triangles, "
               "%llu floats + %llu ints in %.2f s\n",
               out_path, static_cast<unsigned long long>(stats.bytes),
               static_cast<unsigned long long>(stats.geometries),
               static_cast<unsigned long long>(stats.vertices),
               static_cast<unsigned long long>(stats.triangles),
               static_cast<unsigned long long>(stats.floats),
               static_cast<unsigned long long>(stats.ints), seconds);
  return 0;
}
