#include "polyxios/polyxios.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <new>
#include <string>

#include "engine/contained_file.h"
#include "engine/errors.h"
#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/read/zae_reader.h"
#include "formats/collada/write/collada_writer.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/memory/memory_budget.h"

namespace px {
namespace {

// Every entry point turns an allocation that failed (std::bad_alloc, thrown where the system
// refused memory and no new-handler ended the process) into a status: a server converting
// uploads gets an error, not an exception, and nothing is written (the output's temporary file
// goes with the unwinding).
absl::Status allocation_failed(std::string_view call) {
  return out_of_memory(cat(call, ": an allocation failed"));
}

// The budget a read's arrays are charged to, for as long as the read's thread holds the scope.
std::shared_ptr<MemoryBudget> read_budget(const ReadOptions& options) {
  return std::make_shared<MemoryBudget>(options.limits.max_memory_bytes);
}

std::string lower_extension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// COLLADA's write(): each distinct material value v of the one mesh becomes a material named
// material_<v>, in rising order, the column renumbered to index them (spec collada.md, Known
// limitations: [7] reads back as [0] with material material_7). A column that is not whole
// numbers is left as it is, for the geometry writer to refuse.
void name_polydata_materials(Scene& scene) {
  Mesh& mesh = scene.meshes[0];
  for (NamedColumn& named : mesh.cell_data) {
    if (named.name != "material" || named.column.cols != 1) continue;
    const Column& column = named.column;
    std::vector<int64_t> values(column.rows);
    for (size_t i = 0; i < column.rows; ++i) {
      double v = column.get(i, 0);
      if (!std::isfinite(v) || v != std::floor(v) || std::abs(v) > 2147483647.0) return;
      values[i] = static_cast<int64_t>(v);
    }
    std::vector<int64_t> distinct;
    for (int64_t v : values) {
      if (v >= 0) distinct.push_back(v);
    }
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    std::span<int32_t> renumbered = scene.arena->allocate<int32_t>(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
      auto at = std::lower_bound(distinct.begin(), distinct.end(), values[i]);
      renumbered[i] = values[i] < 0 ? -1 : static_cast<int32_t>(at - distinct.begin());
    }
    for (int64_t v : distinct) scene.materials.emplace_back().name = cat("material_", v);
    named.column = Column::of<int32_t>(renumbered, 1);
    return;
  }
}

// The input is past Limits::max_input_bytes: refused before it is read (a .dae.gz's inflated
// bytes and a .gltf's buffer files are counted by the readers as they read them).
absl::Status input_too_large(std::string_view what, uint64_t bytes, const ReadOptions& options) {
  return over_budget("limits.input-bytes",
                     cat(what, " is ", bytes, " bytes, past the ", options.limits.max_input_bytes,
                         " bytes a read may take in"));
}

// What a file's name says it holds: .dae, .dae.gz and .zae COLLADA, .gltf glTF JSON, .glb GLB.
Format format_named(const std::filesystem::path& path) {
  const std::string ext = lower_extension(path);
  if (ext == ".zae" || (ext == ".gz" && format_from_extension(path.stem()) == Format::kCollada)) {
    return Format::kCollada;
  }
  return format_from_extension(path);
}

// What a file's first bytes say it holds, kUnknown when they say nothing: GLB by its magic, a
// zip archive (a .zae) or gzip stream as COLLADA (unless the name, or the name inside the .gz,
// says glTF: a gzip bomb named .gltf is never inflated), glTF JSON by a '{' past a byte order mark
// and white space, COLLADA by '<' (or a UTF-16 byte order mark) when the name says COLLADA or a
// <COLLADA root shows in the prefix.
Format format_of_prefix(const std::filesystem::path& path, std::string_view prefix) {
  if (prefix.starts_with("\x1f\x8b")) {  // never inflated where the name says glTF
    Format named = lower_extension(path) == ".gz" ? format_from_extension(path.stem())
                                                  : format_from_extension(path);
    return named == Format::kGltf || named == Format::kGlb ? Format::kUnknown : Format::kCollada;
  }
  // What the bytes say as an upload's would; a '<' alone is any XML, COLLADA only when the name
  // says so or a <COLLADA root shows in the prefix (a zip archive or UTF-16 XML is taken as is).
  const Format by_bytes = detect_bytes_format(prefix);
  const bool markup_only = by_bytes == Format::kCollada && !collada::has_zip_magic(prefix) &&
                           !prefix.starts_with("\xFF\xFE") && !prefix.starts_with("\xFE\xFF");
  if (!markup_only) return by_bytes;
  return format_named(path) == Format::kCollada || prefix.find("<COLLADA") != std::string_view::npos
             ? Format::kCollada
             : Format::kUnknown;
}

std::string_view format_words(Format format) {
  switch (format) {
    case Format::kCollada:
      return "COLLADA";
    case Format::kGltf:
      return "glTF JSON";
    case Format::kGlb:
      return "GLB (binary glTF)";
    case Format::kUnknown:
      break;
  }
  return "unknown";
}

}  // namespace

Format format_from_extension(const std::filesystem::path& path) {
  std::string ext = lower_extension(path);
  if (ext == ".dae") return Format::kCollada;
  if (ext == ".gltf") return Format::kGltf;
  if (ext == ".glb") return Format::kGlb;
  return Format::kUnknown;
}

Format detect_file_format(const std::filesystem::path& path, std::string_view prefix) {
  if (Format by_bytes = format_of_prefix(path, prefix); by_bytes != Format::kUnknown) {
    return by_bytes;
  }
  Format by_name = format_named(path);  // a .gltf.gz is not read
  return by_name == Format::kGlb ? Format::kGltf : by_name;
}

Format detect_bytes_format(std::string_view bytes) {
  if (bytes.starts_with("glTF")) return Format::kGlb;
  if (collada::has_zip_magic(bytes)) return Format::kCollada;
  std::string_view text = bytes.starts_with("\xEF\xBB\xBF") ? bytes.substr(3) : bytes;
  size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') return Format::kGltf;
  // The XML reader tells a UTF-16 document apart itself.
  if ((first != std::string_view::npos && text[first] == '<') || bytes.starts_with("\xFF\xFE") ||
      bytes.starts_with("\xFE\xFF")) {
    return Format::kCollada;
  }
  return Format::kUnknown;
}

std::string_view format_name(Format format) {
  switch (format) {
    case Format::kCollada:
      return "collada";
    case Format::kGltf:
      return "gltf";
    case Format::kGlb:
      return "glb";
    case Format::kUnknown:
      break;
  }
  return "unknown";
}

absl::StatusOr<Scene> read_scene(const std::filesystem::path& path, const ReadOptions& options,
                                 Diagnostics& diagnostics, Format* format) try {
  MemoryBudgetScope budget(read_budget(options));
  // The input is opened once, and read through that descriptor: a regular file (a FIFO would
  // block, a device never end), its size checked before a byte is read.
  absl::StatusOr<RegularFile> file = open_regular_file(path);
  if (!file.ok()) return file.status();
  if (file->size() > options.limits.max_input_bytes) {
    return input_too_large(path.string(), file->size(), options);
  }
  // Enough to see a COLLADA root past an XML declaration and a comment or two.
  absl::StatusOr<std::string> prefix = file->read_at(0, 4096);
  if (!prefix.ok()) return prefix.status();
  const Format detected = detect_file_format(path, *prefix);
  if (format != nullptr) *format = detected;
  if (Format named = format_named(path);
      named != Format::kUnknown && detected != Format::kUnknown && named != detected) {
    diagnostics.warn("format.extension-mismatch",
                     cat(path.string(), ": its bytes are ", format_words(detected),
                         " but its extension ", lower_extension(path), " names ",
                         format_words(named), "; read as ", format_words(detected)));
  }
  switch (detected) {
    case Format::kCollada: {
      if (collada::has_zip_magic(*prefix) ||
          (lower_extension(path) == ".zae" &&
           format_of_prefix(path, *prefix) == Format::kUnknown)) {
        return collada::read_zae(*std::move(file), options, diagnostics);
      }
      std::unique_ptr<Source> source = open_file_source(*std::move(file));
      return collada::read(*source, options, diagnostics);
    }
    case Format::kGltf:
    case Format::kGlb:
      return gltf::read(*std::move(file), options, diagnostics);
    case Format::kUnknown:
      break;
  }
  return refuse("format.unknown", cat(path.string(), ": not a .dae, .zae, .gltf or .glb file"));
} catch (const MemoryLimitExceeded& e) {
  return memory_limit_exceeded(e.limit());
} catch (const std::bad_alloc&) {
  return allocation_failed("read_scene");
}

absl::Status write_scene(const Scene& scene, const std::filesystem::path& path,
                         const WriteOptions& options, Diagnostics& diagnostics) try {
  Format format = options.collada ? Format::kCollada : format_from_extension(path);
  if (options.binary.has_value() && format != Format::kCollada) {
    format = *options.binary ? Format::kGlb : Format::kGltf;
  }
  switch (format) {
    case Format::kGlb:
      return gltf::write(scene, path, true, diagnostics, options);
    case Format::kGltf:
      return gltf::write(scene, path, false, diagnostics, options);
    case Format::kCollada:
      return collada::write(scene, path, diagnostics, options);
    case Format::kUnknown:
      break;
  }
  return refuse("format.unknown",
                cat(path.string(), ": the output must end in .glb, .gltf or .dae"));
} catch (const std::bad_alloc&) {
  return allocation_failed("write_scene");
}

absl::StatusOr<PolyData> read_polydata(const std::filesystem::path& path,
                                       const ReadOptions& options, Diagnostics& diagnostics) try {
  absl::StatusOr<Scene> scene = read_scene(path, options, diagnostics);
  if (!scene.ok()) return scene.status();
  diagnostics.warn("read.scene-flattened",
                   cat(path.string(),
                       ": flattened into one mesh; its nodes, materials, textures, "
                       "skins and animations are discarded (read_scene keeps them)"));
  return to_polydata(*scene);
} catch (const std::bad_alloc&) {
  return allocation_failed("read_polydata");
}

absl::Status write_polydata(const PolyData& data, const std::filesystem::path& path,
                            const WriteOptions& options, Diagnostics& diagnostics) try {
  Scene scene;
  scene.meshes.push_back(data.mesh);  // its arrays stay in data's arena, alive for the write
  bool collada = options.collada || format_from_extension(path) == Format::kCollada;
  if (collada) name_polydata_materials(scene);
  Node& node = scene.nodes.emplace_back();
  node.mesh = 0;
  scene.scenes.push_back({0});
  return write_scene(scene, path, options, diagnostics);
} catch (const std::bad_alloc&) {
  return allocation_failed("write_polydata");
}

absl::StatusOr<Scene> read_scene_bytes(std::string_view bytes, const ReadOptions& options,
                                       Diagnostics& diagnostics, Format* format) try {
  MemoryBudgetScope budget(read_budget(options));
  const Format detected = detect_bytes_format(bytes);
  if (format != nullptr) *format = detected;
  if (bytes.size() > options.limits.max_input_bytes) {
    return input_too_large("<input>", bytes.size(), options);
  }
  if (collada::has_zip_magic(bytes)) return collada::read_zae_bytes(bytes, options, diagnostics);
  if (bytes.starts_with("\x1f\x8b")) {
    return refuse("format.unsupported",
                  "<input>: gzip-compressed input is read from a file, not from a stream");
  }
  switch (detected) {
    case Format::kGlb:
    case Format::kGltf:
      return gltf::read_memory(bytes, {}, options, diagnostics);
    case Format::kCollada:
      break;
    case Format::kUnknown:
      return refuse("format.unknown", "<input>: not a COLLADA, glTF or GLB document");
  }
  std::unique_ptr<Source> source = memory_source(bytes);
  return collada::read(*source, options, diagnostics);
} catch (const MemoryLimitExceeded& e) {
  return memory_limit_exceeded(e.limit());
} catch (const std::bad_alloc&) {
  return allocation_failed("read_scene_bytes");
}

absl::Status write_scene(const Scene& scene, std::FILE* out, const WriteOptions& options,
                         Diagnostics& diagnostics) try {
  if (options.collada) {
    return collada::write(scene, out, diagnostics, options);
  }
  if (options.binary == false) {
    return refuse("gltf.write.stream-needs-path",
                  "a .gltf cannot be written to a stream: its external .bin needs a path; "
                  "write GLB to a stream instead");
  }
  absl::StatusOr<gltf::Written> glb = gltf::write_to_memory(scene, true, "", diagnostics, options);
  if (!glb.ok()) return glb.status();
  if (std::fwrite(glb->json.data(), 1, glb->json.size(), out) != glb->json.size() ||
      std::fflush(out) != 0) {
    return io_error("cannot write the GLB to its stream");
  }
  return absl::OkStatus();
} catch (const std::bad_alloc&) {
  return allocation_failed("write_scene");
}

absl::Status apply_axis_unit(Scene& scene, const AxisUnitTarget& target,
                             Diagnostics& diagnostics) try {
  if (!target.any()) return absl::OkStatus();
  BakeNotes notes;
  convert_axis_unit(scene, target, notes);
  for (BakeNote& note : notes) diagnostics.warn(note.code, std::move(note.message));
  return absl::OkStatus();
} catch (const MemoryLimitExceeded& e) {
  return memory_limit_exceeded(e.limit());
}

}  // namespace px
