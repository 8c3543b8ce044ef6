// Helpers for the glTF reader tests: small documents written as JSON in the tests, their buffer
// built from typed values and inlined as a data: URI (or put in a GLB), read from memory, and the
// scene's columns read back as plain vectors.
#pragma once

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/base64.h"
#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/gltf/read/gltf_reader.h"
#include "gtest/gtest.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"

namespace px::gltf::testing {

// A read's outcome with the warnings it gave.
struct ReadResult {
  absl::StatusOr<Scene> scene = absl::UnknownError("not read");
  Diagnostics diagnostics;
};

inline ReadResult read_bytes(std::string_view bytes, const ReadOptions& options = {},
                             const std::filesystem::path& base_dir = {}) {
  ReadResult out;
  out.scene = read_memory(bytes, base_dir, options, out.diagnostics);
  return out;
}

// The bytes of one buffer, appended value by value, each run starting 4-byte aligned.
class Bin {
 public:
  // Appends values and returns the byte offset they start at.
  template <class T>
  size_t add(const std::vector<T>& values) {
    align();
    size_t offset = bytes_.size();
    bytes_.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
    return offset;
  }
  size_t add_raw(std::string_view raw) {
    align();
    size_t offset = bytes_.size();
    bytes_.append(raw);
    return offset;
  }
  const std::string& bytes() const { return bytes_; }
  std::string data_uri() const {
    return px::data_uri("application/octet-stream",
                        {reinterpret_cast<const uint8_t*>(bytes_.data()), bytes_.size()});
  }

 private:
  void align() {
    while (bytes_.size() % 4 != 0) bytes_ += '\0';
  }
  std::string bytes_;
};

// A glTF 2.0 document of `members` (JSON object members, without the braces) whose buffer 0 holds
// bin as a data: URI (no buffers when bin is empty).
inline std::string document(std::string_view members, const Bin& bin = {}) {
  std::string buffers = bin.bytes().empty()
                            ? ""
                            : cat(R"("buffers": [{"byteLength": )", bin.bytes().size(),
                                  R"(, "uri": ")", bin.data_uri(), R"("}],)");
  return cat(R"({"asset": {"version": "2.0"},)", buffers, members, "}");
}

inline void put_u32(std::string& out, uint32_t v) {
  for (int shift = 0; shift < 32; shift += 8) out += static_cast<char>((v >> shift) & 0xFF);
}

// A GLB of json (padded with spaces) and, when not empty, a BIN chunk of bin (padded with zeros).
inline std::string glb(std::string json, std::string bin = "") {
  while (json.size() % 4 != 0) json += ' ';
  while (bin.size() % 4 != 0) bin += '\0';
  std::string out = "glTF";
  put_u32(out, 2);
  put_u32(out, static_cast<uint32_t>(12 + 8 + json.size() + (bin.empty() ? 0 : 8 + bin.size())));
  put_u32(out, static_cast<uint32_t>(json.size()));
  put_u32(out, 0x4E4F534A);
  out += json;
  if (!bin.empty()) {
    put_u32(out, static_cast<uint32_t>(bin.size()));
    put_u32(out, 0x004E4942);
    out += bin;
  }
  return out;
}

// A column's values as doubles, row by row.
inline std::vector<double> values_of(const Column& column) {
  std::vector<double> out;
  for (size_t r = 0; r < column.rows; ++r) {
    for (size_t c = 0; c < column.cols; ++c) out.push_back(column.get(r, c));
  }
  return out;
}

inline std::vector<double> point_data(const Mesh& mesh, std::string_view name) {
  const NamedColumn* column = mesh.find_point_data(name);
  EXPECT_NE(column, nullptr) << name;
  return column == nullptr ? std::vector<double>{} : values_of(column->column);
}

inline std::vector<uint32_t> connectivity(const Mesh& mesh) {
  return {mesh.connectivity.begin(), mesh.connectivity.end()};
}

inline std::vector<CellType> cell_types(const Mesh& mesh) {
  return {mesh.cell_types.begin(), mesh.cell_types.end()};
}

inline std::vector<int32_t> materials(const Mesh& mesh) {
  return {mesh.materials().begin(), mesh.materials().end()};
}

// The rule a refusal names: the message up to its first ':'.
inline std::string rule_of(const absl::Status& status) {
  std::string message(status.message());
  return message.substr(0, message.find(':'));
}

// A fresh folder under the test's temporary directory.
inline std::filesystem::path temp_folder(std::string_view name) {
  std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline void write_file(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A whole 1x1 PNG (an image check warns about a truncated one).
inline constexpr std::string_view kPngBase64 =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVQYV2P4z/AfAAQAAf+I0P3MAAAAAElFTkSuQmCC";

inline std::string whole_png() {
  std::vector<uint8_t> bytes = *base64_decode(kPngBase64);
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace px::gltf::testing
