// read_scene, write_scene, read, write: the library's entry points (polyxios/polyxios.h), run
// without the GIL, their warnings then issued through warnings.warn and a failure raised.
#include <pybind11/pybind11.h>
#include <pybind11/stl/filesystem.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "polyxios/polyxios.h"
#include "python/src/bindings.h"
#include "python/src/call_guard.h"
#include "python/src/errors.h"
#include "python/src/handles.h"
#include "python/src/options.h"
#include "python/src/values.h"

namespace px::python {
namespace {

bool is_path(py::handle target) {
  return py::isinstance<py::str>(target) ||
         py::isinstance(target, py::module_::import("os").attr("PathLike"));
}

std::filesystem::path path_of(py::handle target, const char* function, const char* takes) {
  if (!is_path(target)) {
    throw py::type_error(std::string(function) + "() takes " + takes + ", not " +
                         type_name(target));
  }
  return target.cast<std::filesystem::path>();
}

// After a call: what stopped it from Python first, then its warnings, then its failure. The
// warnings name the line that called the package's wrapper (polyxios/_signatures.py), one frame
// above the one calling this.
void finish(const CallGuard& guard, const Diagnostics& diagnostics, const absl::Status& status) {
  guard.rethrow_stop();
  warn(diagnostics, 2);
  if (!status.ok()) raise_status(status);
}

SceneHandle read_scene(py::handle source, const py::kwargs& kwargs) {
  CallGuard guard(progress_option(kwargs, "read_scene"));
  AxisUnitTarget axis_unit;
  const ReadOptions options = read_options(kwargs, "read_scene", guard, &axis_unit);
  Diagnostics diagnostics;
  absl::StatusOr<Scene> scene = absl::UnknownError("not read");
  if (py::isinstance<py::bytes>(source) || py::isinstance<py::bytearray>(source) ||
      py::isinstance<py::memoryview>(source)) {
    // bytes are immutable: read in place. A bytearray or memoryview is copied first, as Python
    // code could change it while the read runs.
    PyObject* copy = PyBytes_FromObject(source.ptr());
    if (copy == nullptr) throw py::error_already_set();
    const py::bytes bytes = py::reinterpret_steal<py::bytes>(copy);
    const std::string_view view(PyBytes_AS_STRING(copy), PyBytes_GET_SIZE(copy));
    py::gil_scoped_release release;
    scene = read_scene_bytes(view, options, diagnostics);
  } else {
    const std::filesystem::path path =
        path_of(source, "read_scene", "a path (str or os.PathLike) or the document's bytes");
    py::gil_scoped_release release;
    scene = px::read_scene(path, options, diagnostics);
  }
  if (scene.ok()) {
    py::gil_scoped_release release;
    if (absl::Status s = apply_axis_unit(*scene, axis_unit, diagnostics); !s.ok()) scene = s;
  }
  finish(guard, diagnostics, scene.status());
  return SceneHandle{std::make_shared<SceneBox>(std::move(*scene))};
}

// open_memstream's buffer, freed with free().
struct MemoryStream {
  char* data = nullptr;
  size_t size = 0;
  ~MemoryStream() { std::free(data); }
};

// To a stream: the whole output is made in memory, and handed to target.write() only when the
// write succeeded, so a stream is given all of it or nothing. A text stream (io.TextIOBase)
// takes COLLADA, as text, and its encoding is the library's to accept or refuse.
void write_to_stream(const Scene& scene, py::handle target, WriteOptions options,
                     Diagnostics& diagnostics, const CallGuard& guard) {
  const bool text_stream = py::isinstance(target, py::module_::import("io").attr("TextIOBase"));
  if (text_stream) {
    if (!options.collada) {
      throw py::type_error(
          "write_scene() to a text stream writes COLLADA (collada=True); GLB is binary: "
          "pass a binary stream");
    }
    const py::object encoding = target.attr("encoding");
    // io.StringIO has no encoding: it holds str, whatever encodes it later.
    options.stream_encoding =
        encoding.is_none() ? "utf-8" : utf8(encoding, "the stream's encoding");
  }
  MemoryStream memory;
  absl::Status status;
  {
    py::gil_scoped_release release;
    std::FILE* out = open_memstream(&memory.data, &memory.size);
    if (out == nullptr) throw std::bad_alloc();
    status = px::write_scene(scene, out, options, diagnostics);
    if (std::fclose(out) != 0 && status.ok()) throw std::bad_alloc();
  }
  finish(guard, diagnostics, status);
  const std::string_view bytes(memory.data, memory.size);
  if (text_stream) {
    target.attr("write")(text(bytes));
  } else {
    target.attr("write")(py::bytes(bytes.data(), bytes.size()));
  }
}

void write_scene(const SceneHandle& scene, py::handle target, const py::kwargs& kwargs) {
  CallGuard guard(progress_option(kwargs, "write_scene"));
  const bool stream = !is_path(target) && py::hasattr(target, "write");
  const std::filesystem::path path =
      stream ? std::filesystem::path()
             : path_of(target, "write_scene", "a path (str or os.PathLike) or a stream");
  const WriteOptions options = write_options(kwargs, "write_scene", guard, path);
  Diagnostics diagnostics;
  SceneReading reading(*scene.box);
  if (stream) {
    write_to_stream(scene.scene(), target, options, diagnostics, guard);
    return;
  }
  absl::Status status;
  {
    py::gil_scoped_release release;
    status = px::write_scene(scene.scene(), path, options, diagnostics);
  }
  finish(guard, diagnostics, status);
}

MeshHandle read(py::handle source, const py::kwargs& kwargs) {
  CallGuard guard(progress_option(kwargs, "read"));
  const ReadOptions options = read_options(kwargs, "read", guard);
  const std::filesystem::path path = path_of(source, "read", "a path (str or os.PathLike)");
  Diagnostics diagnostics;
  absl::StatusOr<PolyData> data = absl::UnknownError("not read");
  {
    py::gil_scoped_release release;
    data = read_polydata(path, options, diagnostics);
  }
  finish(guard, diagnostics, data.status());
  return own_mesh(std::move(*data));
}

void write(const MeshHandle& mesh, py::handle target, const py::kwargs& kwargs) {
  CallGuard guard(progress_option(kwargs, "write"));
  const std::filesystem::path path = path_of(target, "write", "a path (str or os.PathLike)");
  const WriteOptions options = write_options(kwargs, "write", guard, path);
  Diagnostics diagnostics;
  absl::Status status;
  {
    // The mesh's arrays stay where they are, kept alive by `mesh`; only its description is copied.
    PolyData data;
    data.mesh = mesh.get();
    SceneReading reading(*mesh.box);
    py::gil_scoped_release release;
    status = write_polydata(data, path, options, diagnostics);
  }
  finish(guard, diagnostics, status);
}

}  // namespace

void bind_io(py::module_& m) {
  // The options' own lines are added by the package (polyxios/_signatures.py), from the table.
  m.def("read_scene", &read_scene, py::arg("path_or_bytes"),
        R"(Reads a scene, keeping the whole of it: meshes, nodes, scenes, materials, textures,
images, skins, animations, cameras and lights (in global_attrs).

path_or_bytes: a path (str or os.PathLike) to a .dae, .dae.gz, .zae, .gltf or .glb file (GLB and
    a zip told by their magic bytes, else by extension), or a whole document as bytes
    (bytearray, memoryview): GLB, glTF JSON, COLLADA or a .zae, told by its first bytes;
    relative URIs then resolve nowhere (a .zae's, in the archive).

Warnings are issued as PolyxiosWarning (the stable code first in the message); a refused input
raises CodecError (.code, .line), an I/O failure OSError.)");
  m.def("write_scene", &write_scene, py::arg("scene"), py::arg("path"),
        R"(Writes a SceneData: .glb (GLB), .gltf (+ .bin beside it) or .dae (COLLADA 1.4.1), by the
path's extension, or by format.

path: a path (str or os.PathLike), or a stream: a binary one takes GLB (or COLLADA with
    format='dae'), a text one COLLADA only; the stream is given the whole output or nothing.

Nothing is written when the write is refused (CodecError).)");
  m.def("read", &read, py::arg("path"),
        R"(Reads a file and flattens its scene into one PolyData (SceneData.to_polydata()), with a
PolyxiosWarning (read.scene-flattened) that the scene's other data is discarded; read_scene
keeps it.)");
  m.def("write", &write, py::arg("mesh"), py::arg("path"),
        R"(Writes one PolyData as a scene of one node showing it (.glb, .gltf or .dae by the
extension). In COLLADA, each distinct material value v becomes a material named material_<v>.)");
  m.def("_conversion_options", &conversion_option_list,
        "Every conversion option: (keyword, flag, type, default, stage, help) tuples.");
}

}  // namespace px::python
