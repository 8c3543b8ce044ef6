// meshoptimizer opened at run time (formats/gltf/meshopt_library.h): every function found in the
// library polyxios was built against and working through the table; a library that is missing,
// or is not meshoptimizer, is Unavailable with a message naming it and the package to install.
#include "formats/gltf/meshopt_library.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace px::gltf {
namespace {

TEST(MeshoptLibrary, OpensTheLibraryBuiltAgainstAndFindsEveryFunction) {
  absl::StatusOr<Meshoptimizer> m = open_meshoptimizer(kMeshoptimizerFile);
  ASSERT_TRUE(m.ok()) << m.status();
  const void* functions[] = {
      reinterpret_cast<const void*>(m->decodeVertexBuffer),
      reinterpret_cast<const void*>(m->decodeIndexBuffer),
      reinterpret_cast<const void*>(m->decodeIndexSequence),
      reinterpret_cast<const void*>(m->decodeFilterOct),
      reinterpret_cast<const void*>(m->decodeFilterQuat),
      reinterpret_cast<const void*>(m->decodeFilterExp),
      reinterpret_cast<const void*>(m->encodeVertexBuffer),
      reinterpret_cast<const void*>(m->encodeVertexBufferBound),
      reinterpret_cast<const void*>(m->encodeIndexBuffer),
      reinterpret_cast<const void*>(m->encodeIndexBufferBound),
      reinterpret_cast<const void*>(m->encodeIndexSequence),
      reinterpret_cast<const void*>(m->encodeIndexSequenceBound),
      reinterpret_cast<const void*>(m->generateVertexRemapMulti),
      reinterpret_cast<const void*>(m->optimizeVertexCache),
      reinterpret_cast<const void*>(m->optimizeVertexFetchRemap),
  };
  for (const void* f : functions) EXPECT_NE(f, nullptr);

  // A vertex buffer through the table's encoder and decoder comes back the same.
  std::vector<float> vertices(3 * 100);
  for (size_t i = 0; i < vertices.size(); ++i) vertices[i] = static_cast<float>(i % 17) * 0.25f;
  std::vector<unsigned char> encoded(m->encodeVertexBufferBound(100, 12));
  encoded.resize(m->encodeVertexBuffer(encoded.data(), encoded.size(), vertices.data(), 100, 12));
  ASSERT_GT(encoded.size(), 0u);
  std::vector<float> decoded(vertices.size());
  ASSERT_EQ(m->decodeVertexBuffer(decoded.data(), 100, 12, encoded.data(), encoded.size()), 0);
  EXPECT_EQ(decoded, vertices);

  // The optimizers allocate their scratch (through polyxios's operator new) and keep every index.
  std::vector<unsigned> triangles = {0, 1, 2, 2, 1, 3, 3, 1, 4, 4, 1, 0};
  std::vector<unsigned> reordered(triangles.size());
  m->optimizeVertexCache(reordered.data(), triangles.data(), triangles.size(), 5);
  std::vector<unsigned> a = triangles, b = reordered;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
}

TEST(MeshoptLibrary, TheProcessWideLibraryIsOpenedOnce) {
  absl::StatusOr<const Meshoptimizer*> first = meshoptimizer();
  absl::StatusOr<const Meshoptimizer*> second = meshoptimizer();
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(*first, *second);
}

// The message of opening `file_name`, which must fail as Unavailable.
std::string unavailable_message(const char* file_name) {
  absl::StatusOr<Meshoptimizer> m = open_meshoptimizer(file_name);
  EXPECT_FALSE(m.ok());
  if (m.ok()) return "";
  EXPECT_EQ(m.status().code(), absl::StatusCode::kUnavailable);
  return std::string(m.status().message());
}

TEST(MeshoptLibrary, AMissingLibraryIsUnavailableNamingItAndItsPackage) {
  const std::string message = unavailable_message("libpx-no-such-library.so.0");
  EXPECT_NE(message.find("libpx-no-such-library.so.0"), std::string::npos) << message;
  EXPECT_NE(message.find("libmeshoptimizer2d"), std::string::npos) << message;
}

TEST(MeshoptLibrary, ALibraryThatIsNotMeshoptimizerIsUnavailableNamingAMissingFunction) {
  const std::string message = unavailable_message("libz.so.1");
  EXPECT_NE(message.find("no meshopt_decodeVertexBuffer"), std::string::npos) << message;
}

}  // namespace
}  // namespace px::gltf
