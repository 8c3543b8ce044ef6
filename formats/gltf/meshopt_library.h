// meshoptimizer's functions, found at run time in Debian's shared library.
//
// Debian 12 ships meshoptimizer as a shared library only (libmeshoptimizer-dev has no .a), while
// the polyxios binary is a static PIE that loads no shared library at start-up: start-up is most
// of what converting a small file costs (issue 12). So the library is opened (dlopen, by its
// soname) the first time a conversion needs it: EXT_meshopt_compression read or written, or
// --optimize; a conversion that does not, never loads it.
#pragma once

#include <meshoptimizer.h>

#include "absl/status/statusor.h"

namespace px::gltf {

// The functions polyxios calls, each meshoptimizer's own (named and typed as in meshoptimizer.h,
// whose C++ overloads keep decltype from naming them).
struct Meshoptimizer {
  int (*decodeVertexBuffer)(void* destination, size_t vertex_count, size_t vertex_size,
                            const unsigned char* buffer, size_t buffer_size);
  int (*decodeIndexBuffer)(void* destination, size_t index_count, size_t index_size,
                           const unsigned char* buffer, size_t buffer_size);
  int (*decodeIndexSequence)(void* destination, size_t index_count, size_t index_size,
                             const unsigned char* buffer, size_t buffer_size);
  void (*decodeFilterOct)(void* buffer, size_t count, size_t stride);
  void (*decodeFilterQuat)(void* buffer, size_t count, size_t stride);
  void (*decodeFilterExp)(void* buffer, size_t count, size_t stride);
  size_t (*encodeVertexBuffer)(unsigned char* buffer, size_t buffer_size, const void* vertices,
                               size_t vertex_count, size_t vertex_size);
  size_t (*encodeVertexBufferBound)(size_t vertex_count, size_t vertex_size);
  size_t (*encodeIndexBuffer)(unsigned char* buffer, size_t buffer_size,
                              const unsigned int* indices, size_t index_count);
  size_t (*encodeIndexBufferBound)(size_t index_count, size_t vertex_count);
  size_t (*encodeIndexSequence)(unsigned char* buffer, size_t buffer_size,
                                const unsigned int* indices, size_t index_count);
  size_t (*encodeIndexSequenceBound)(size_t index_count, size_t vertex_count);
  size_t (*generateVertexRemapMulti)(unsigned int* destination, const unsigned int* indices,
                                     size_t index_count, size_t vertex_count,
                                     const meshopt_Stream* streams, size_t stream_count);
  void (*optimizeVertexCache)(unsigned int* destination, const unsigned int* indices,
                              size_t index_count, size_t vertex_count);
  size_t (*optimizeVertexFetchRemap)(unsigned int* destination, const unsigned int* indices,
                                     size_t index_count, size_t vertex_count);
};

// The file name (soname) of the library polyxios was built against.
extern const char kMeshoptimizerFile[];

// That library, opened on the first call (once per process, from any
// thread). Where it cannot be opened, or lacks a function, an Unavailable status (the machine's
// fault, exit status 3) naming the library, the loader's reason and the package to install.
absl::StatusOr<const Meshoptimizer*> meshoptimizer();

// The library of that file name opened now (what meshoptimizer() does once, for the tests).
// Its scratch memory is then polyxios's own operator new (meshopt_setAllocator): an allocation
// that fails meets the CLI's out-of-memory handler, and a static binary keeps one heap.
absl::StatusOr<Meshoptimizer> open_meshoptimizer(const char* file_name);

}  // namespace px::gltf
