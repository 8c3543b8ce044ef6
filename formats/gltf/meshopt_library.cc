#include "formats/gltf/meshopt_library.h"

#include <dlfcn.h>

#include <new>
#include <string>
#include <type_traits>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {
namespace {

void* allocate(size_t bytes) { return ::operator new(bytes); }
void deallocate(void* p) { ::operator delete(p); }

absl::Status unavailable(const char* file_name, std::string_view reason) {
  return io_error(cat("meshoptimizer (", file_name, ") cannot be loaded: ", reason,
                      "; EXT_meshopt_compression and --optimize need it: install Debian's "
                      "libmeshoptimizer2d"));
}

}  // namespace

const char kMeshoptimizerFile[] = PX_MESHOPTIMIZER_SONAME;

absl::StatusOr<Meshoptimizer> open_meshoptimizer(const char* file_name) {
  // Never closed: the functions serve the process to its end.
  void* library = ::dlopen(file_name, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* reason = ::dlerror();
    return unavailable(file_name, reason ? reason : "dlopen failed");
  }
  Meshoptimizer m;
  absl::Status missing;
  auto find = [&](auto& function, const char* name) {
    void* address = ::dlsym(library, name);
    if (address == nullptr && missing.ok()) missing = unavailable(file_name, cat("no ", name));
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(address);
  };
  find(m.decodeVertexBuffer, "meshopt_decodeVertexBuffer");
  find(m.decodeIndexBuffer, "meshopt_decodeIndexBuffer");
  find(m.decodeIndexSequence, "meshopt_decodeIndexSequence");
  find(m.decodeFilterOct, "meshopt_decodeFilterOct");
  find(m.decodeFilterQuat, "meshopt_decodeFilterQuat");
  find(m.decodeFilterExp, "meshopt_decodeFilterExp");
  find(m.encodeVertexBuffer, "meshopt_encodeVertexBuffer");
  find(m.encodeVertexBufferBound, "meshopt_encodeVertexBufferBound");
  find(m.encodeIndexBuffer, "meshopt_encodeIndexBuffer");
  find(m.encodeIndexBufferBound, "meshopt_encodeIndexBufferBound");
  find(m.encodeIndexSequence, "meshopt_encodeIndexSequence");
  find(m.encodeIndexSequenceBound, "meshopt_encodeIndexSequenceBound");
  find(m.generateVertexRemapMulti, "meshopt_generateVertexRemapMulti");
  find(m.optimizeVertexCache, "meshopt_optimizeVertexCache");
  find(m.optimizeVertexFetchRemap, "meshopt_optimizeVertexFetchRemap");
  void (*set_allocator)(void* (*)(size_t), void (*)(void*)) = nullptr;
  find(set_allocator, "meshopt_setAllocator");
  void (*encode_index_version)(int) = nullptr;
  find(encode_index_version, "meshopt_encodeIndexVersion");
  if (!missing.ok()) return missing;
  set_allocator(allocate, deallocate);
  // EXT_meshopt_compression's TRIANGLES and INDICES streams are version 1 (a first byte of 0xe1
  // and 0xd1); meshoptimizer before 0.21 encodes version 0 unless told.
  encode_index_version(1);
  return m;
}

absl::StatusOr<const Meshoptimizer*> meshoptimizer() {
  static const absl::StatusOr<Meshoptimizer> library = open_meshoptimizer(kMeshoptimizerFile);
  if (!library.ok()) return library.status();
  return &*library;
}

}  // namespace px::gltf
