// The shared corpus as the C++ corpus tests find it: its folder ($POLYXIOS_CORPUS, else the
// PX_CORPUS_DIR the test target is built with), a file's bytes, and the files holding a marker.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#ifndef PX_CORPUS_DIR
#error "a corpus test target defines PX_CORPUS_DIR"
#endif

namespace px::test_support {

inline std::filesystem::path corpus_dir() {
  if (const char* env = std::getenv("POLYXIOS_CORPUS"); env != nullptr && *env != '\0') return env;
  return PX_CORPUS_DIR;
}

inline std::string text_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The files under root with one of the extensions (lower case, with the dot; matched whatever
// the file's case) whose text holds any of the markers, sorted.
inline std::vector<std::filesystem::path> files_holding(const std::filesystem::path& root,
                                                        std::initializer_list<const char*> exts,
                                                        std::initializer_list<const char*> markers) {
  std::vector<std::filesystem::path> out;
  if (!std::filesystem::is_directory(root)) return out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (!e.is_regular_file() || std::find(exts.begin(), exts.end(), ext) == exts.end()) continue;
    const std::string text = text_of(e.path());
    if (std::any_of(markers.begin(), markers.end(),
                    [&](const char* m) { return text.find(m) != std::string::npos; })) {
      out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace px::test_support
