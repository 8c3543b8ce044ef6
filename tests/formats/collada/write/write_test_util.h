// Helpers for the COLLADA writer tests: write a scene into memory, keep the document for the
// schema check (every document a test writes is saved under PX_WRITTEN_DAE_DIR, and the ctest
// collada_write_schema validates them all with xmllint against the COLLADA 1.4.1 schema once the
// tests have run), and read it back with the COLLADA reader.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/source.h"
#include "engine/strings.h"
#include "formats/collada/write/collada_writer.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"
#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada::testing {

struct Written {
  absl::StatusOr<std::string> text;
  Diagnostics diagnostics;
};

// The running test's name as a file name: Suite.Test-N.dae, N counting its writes.
inline std::filesystem::path written_path() {
  static std::atomic<int> count{0};
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = info == nullptr ? "unnamed" : cat(info->test_suite_name(), ".", info->name());
  for (char& c : name) {
    if (c == '/') c = '_';
  }
  return std::filesystem::path(PX_WRITTEN_DAE_DIR) / cat(name, "-", ++count, ".dae");
}

// Writes the scene; a document written is saved for the schema check.
inline Written write_text(const Scene& scene, const WriteOptions& options = {}) {
  Written out{absl::UnknownError("not written"), {}};
  out.text = write_to_memory(scene, out.diagnostics, options);
  if (out.text.ok()) {
    std::filesystem::create_directories(PX_WRITTEN_DAE_DIR);
    std::ofstream(written_path(), std::ios::binary) << *out.text;
  }
  return out;
}

// Writes the scene without saving the document for the schema check: for documents the schema
// rejects on purpose (a name that is not an NCName, L8; ids of characters libxml2's older name
// classes lack, L7; nesting past xmllint's depth).
inline Written write_unchecked(const Scene& scene) {
  Written out{absl::UnknownError("not written"), {}};
  out.text = write_to_memory(scene, out.diagnostics);
  return out;
}

// Writes the scene, expecting success, and reads the document back, expecting success.
struct RoundTrip {
  Written written;
  ReadResult read;
};
inline RoundTrip write_and_read(const Scene& scene, const WriteOptions& options = {}) {
  RoundTrip out{write_text(scene, options), {absl::UnknownError("not written"), {}}};
  EXPECT_TRUE(out.written.text.ok()) << out.written.text.status();
  if (out.written.text.ok()) {
    out.read = read_text(*out.written.text);
    EXPECT_TRUE(out.read.scene.ok()) << out.read.scene.status() << "\n" << *out.written.text;
  }
  return out;
}

// How many times what occurs in text.
inline size_t occurrences(const std::string& text, std::string_view what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The warnings of a code a write gave.
inline int64_t warned(const Written& w, std::string_view code) { return w.diagnostics.count(code); }

}  // namespace px::collada::testing
