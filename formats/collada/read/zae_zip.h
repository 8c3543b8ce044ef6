// The zip archive of a .zae, read through zlib's minizip with guards a hostile upload cannot get
// past: the directory is listed and judged whole before any entry is inflated (the entry count,
// each name, each entry's inflation ratio, the inflated sizes together), and an entry inflates
// into memory charged to the read's budget, to exactly the size the directory declares or not at
// all. Every refusal names its rule (collada.zae.*).
//
// minizip rather than libzip: Debian ships minizip's static archive, so it links into the binary
// as zlib and expat do (cmake/static_archives.cmake), needing nothing but zlib; libzip-dev has no
// static archive, and its shared library would load libssl, libcrypto and libbz2 into every
// polyxios process. The guards are polyxios's own either way: neither library refuses a bomb.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/contained_file.h"
#include "polyxios/memory/memory_budget.h"
#include "polyxios/options.h"

namespace px::collada {

struct ZipEntry {
  std::string name;  // as stored, with '\' read as '/'
  uint64_t stored_bytes = 0;
  uint64_t bytes = 0;   // inflated, as the directory declares it
  uint64_t method = 0;  // 0 stored, 8 deflated: the two minizip inflates
  bool encrypted = false;
  bool directory = false;  // a name ending in '/'
  // Where minizip finds the entry again (unz64_file_pos).
  uint64_t directory_offset = 0;
  uint64_t index = 0;
};

// An archive held in memory, as minizip reads it (zae_zip.cc).
struct ZipMemoryFile;
struct ZipDescriptorFile;

// An entry's inflated bytes, charged to the memory budget of the read that inflated them for as
// long as they live.
class EntryBytes {
 public:
  EntryBytes() = default;
  EntryBytes(EntryBytes&&) noexcept;
  EntryBytes& operator=(EntryBytes&&) noexcept;
  ~EntryBytes();

  std::string_view view() const { return {data_, size_}; }

 private:
  friend class ZipArchive;
  char* data_ = nullptr;
  size_t size_ = 0;
  std::shared_ptr<MemoryBudget> budget_;
};

class ZipArchive {
 public:
  // The archive in a file, or in memory (`bytes` must outlive the archive). Refused:
  // collada.zae.corrupt (no zip directory where one should be, or one that does not parse),
  // collada.zae.truncated (a zip's start without its end), collada.zae.no-document (an archive
  // of no entry), collada.zae.entries,
  // collada.zae.entry-absolute, collada.zae.entry-parent, collada.zae.entry-name (a control
  // character), collada.zae.entry-duplicate, collada.zae.ratio, collada.zae.size.
  static absl::StatusOr<std::unique_ptr<ZipArchive>> open_file(RegularFile file,
                                                               const Limits& limits);
  static absl::StatusOr<std::unique_ptr<ZipArchive>> open_bytes(std::string_view bytes,
                                                                const Limits& limits);
  ~ZipArchive();
  ZipArchive(const ZipArchive&) = delete;
  ZipArchive& operator=(const ZipArchive&) = delete;

  const std::vector<ZipEntry>& entries() const { return entries_; }
  // The entry named exactly `name`; nullptr when there is none.
  const ZipEntry* find(std::string_view name) const;
  // The entry's bytes. Refused: collada.zae.entry-unreadable (encrypted, or a method other than
  // stored or deflated), collada.zae.corrupt (bytes that do not inflate, to another size than
  // declared, or with another CRC). Not thread-safe: minizip reads one entry at a time.
  absl::StatusOr<EntryBytes> inflate(const ZipEntry& entry);

  // "archive.zae" for messages.
  const std::string& name() const { return name_; }

 private:
  ZipArchive() = default;
  static absl::StatusOr<std::unique_ptr<ZipArchive>> list(std::unique_ptr<ZipArchive> archive,
                                                          uint64_t archive_bytes,
                                                          const Limits& limits);

  void* unz_ = nullptr;  // unzFile
  std::unique_ptr<ZipMemoryFile> memory_;
  std::unique_ptr<ZipDescriptorFile> descriptor_;
  std::string name_;
  std::vector<ZipEntry> entries_;
};

// The rule an entry name breaks, or empty: "collada.zae.entry-absolute" for a name starting at a
// root ("/x", "C:x"), "collada.zae.entry-parent" for one with a ".." segment (or one Windows
// reads as "..": dots and spaces alone), "collada.zae.entry-name" for a control character.
std::string_view entry_name_problem(std::string_view name);

}  // namespace px::collada
