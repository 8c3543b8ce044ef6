#include "formats/collada/read/zae_reader.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "engine/errors.h"
#include "engine/source.h"
#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/read/xml/numbers.h"
#include "formats/collada/read/xml/xml_document.h"

namespace px::collada {
namespace {

// Matched in any case; spelled upper-case so that no list of rule codes takes it for one.
constexpr std::string_view kManifest = "MANIFEST.XML";
// A manifest names one file: anything larger is not one.
constexpr uint64_t kMaxManifestBytes = uint64_t{1} << 20;

// The document inflated from the archive, read (and read again, when the reader must) from
// memory. Its path is the archive's path joined with the entry's name: no file of the host lies
// under it, and a reference the document makes to itself by name ("doc.dae#id") is told apart.
class ArchivedDocument : public Source {
 public:
  ArchivedDocument(std::shared_ptr<const EntryBytes> bytes, std::filesystem::path path)
      : bytes_(std::move(bytes)), path_(std::move(path)) {}

  absl::StatusOr<size_t> read(char* buffer, size_t size) override {
    const std::string_view all = bytes_->view();
    const size_t n = std::min(size, all.size() - position_);
    if (n > 0) std::memcpy(buffer, all.data() + position_, n);
    position_ += n;
    return n;
  }
  uint64_t size_bound() const override { return bytes_->view().size(); }
  std::filesystem::path path() const override { return path_; }
  std::string name() const override { return path_.empty() ? "<input>" : path_.string(); }
  absl::StatusOr<std::unique_ptr<Source>> reopen() const override {
    return std::unique_ptr<Source>(new ArchivedDocument(bytes_, path_));
  }

 private:
  std::shared_ptr<const EntryBytes> bytes_;
  std::filesystem::path path_;
  size_t position_ = 0;
};

bool has_scheme_or_drive(std::string_view path) {
  const size_t colon = path.find(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  return std::all_of(path.begin(), path.begin() + colon, [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' ||
           c == '-' || c == '.';
  });
}

bool ends_with_dae(std::string_view name) {
  if (name.size() <= 4) return false;
  std::string tail(name.substr(name.size() - 4));
  for (char& c : tail) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return tail == ".dae";
}

const ZipEntry* find_manifest(const ZipArchive& archive) {
  for (const ZipEntry& entry : archive.entries()) {
    if (entry.name.size() != kManifest.size()) continue;
    std::string upper = entry.name;
    for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    if (upper == kManifest) return &entry;
  }
  return nullptr;
}

// The entry manifest.xml's <dae_root> names (its fragment, naming an element, dropped).
absl::StatusOr<const ZipEntry*> manifest_document(ZipArchive& archive, const ZipEntry& manifest,
                                                  const ReadOptions& options) {
  const std::string& name = archive.name();
  if (manifest.bytes > kMaxManifestBytes) {
    return refuse("collada.zae.manifest", cat(name, ": manifest.xml is ", manifest.bytes,
                                              " bytes, far more than a manifest holds"));
  }
  absl::StatusOr<EntryBytes> bytes = archive.inflate(manifest);
  if (!bytes.ok()) return bytes.status();
  std::unique_ptr<Source> source = memory_source(bytes->view());
  xml::ParseOptions parse_options;
  parse_options.max_depth = std::min(options.limits.max_depth, 16);
  parse_options.max_string_bytes = kMaxManifestBytes;
  xml::Document manifest_xml;
  if (absl::Status s = xml::parse_into(manifest_xml, *source, parse_options); !s.ok()) {
    // the machine's failure or the read's memory limit, not the manifest's
    if (failure_of(s) == Failure::kOutOfMemory || is_memory_limit_exceeded(s)) return s;
    return refuse("collada.zae.manifest", cat(name, ": manifest.xml is not XML polyxios reads (",
                                              std::string(s.message()), ")"));
  }
  const xml::Element* root = manifest_xml.root();
  const xml::Element* dae_root = root->name == "dae_root" ? root : root->child("dae_root");
  const std::string_view target =
      dae_root == nullptr ? std::string_view() : trim_xml_space(dae_root->text);
  if (target.empty()) {
    return refuse("collada.zae.manifest", "dae_root",
                  dae_root == nullptr ? root->line : dae_root->line,
                  cat(name, ": manifest.xml names no document in a <dae_root>"));
  }
  const ArchiveUri uri = resolve_archive_uri(target, "");
  const ZipEntry* entry = uri.kind == ArchiveUri::Kind::kEntry ? archive.find(uri.entry) : nullptr;
  if (entry == nullptr || entry->directory) {
    return refuse(
        "collada.zae.manifest-target", "dae_root", dae_root->line,
        cat(name, ": manifest.xml names \"", target, "\", which is not a file of the archive"));
  }
  return entry;
}

// The single .dae at the archive's root.
absl::StatusOr<const ZipEntry*> root_document(const ZipArchive& archive) {
  const ZipEntry* found = nullptr;
  for (const ZipEntry& entry : archive.entries()) {
    if (entry.name.find('/') != std::string::npos || !ends_with_dae(entry.name)) continue;
    if (found != nullptr) {
      return refuse("collada.zae.document-ambiguous",
                    cat(archive.name(),
                        ": the archive has no manifest.xml and more than one "
                        ".dae at its root (\"",
                        found->name, "\", \"", entry.name, "\"): which is the document is unsaid"));
    }
    found = &entry;
  }
  if (found == nullptr) {
    return refuse("collada.zae.no-document",
                  cat(archive.name(),
                      ": the archive has neither a manifest.xml nor a .dae at "
                      "its root"));
  }
  return found;
}

absl::StatusOr<Scene> read_archive(ZipArchive& archive, const std::filesystem::path& path,
                                   const ReadOptions& options, Diagnostics& diagnostics) {
  const ZipEntry* manifest = find_manifest(archive);
  absl::StatusOr<const ZipEntry*> document =
      manifest != nullptr ? manifest_document(archive, *manifest, options) : root_document(archive);
  if (!document.ok()) return document.status();
  absl::StatusOr<EntryBytes> bytes = archive.inflate(**document);
  if (!bytes.ok()) return bytes.status();
  const std::string& entry = (*document)->name;
  ArchivedDocument source(std::make_shared<const EntryBytes>(std::move(*bytes)),
                          path.empty() ? std::filesystem::path() : path / entry);
  ZaeFolder folder{&archive, entry.substr(0, entry.rfind('/') + 1)};
  return read(source, options, diagnostics, &folder);
}

}  // namespace

ArchiveUri resolve_archive_uri(std::string_view uri, std::string_view document_dir) {
  std::string path = percent_decode(uri.substr(0, uri.find_first_of("?#")));
  std::replace(path.begin(), path.end(), '\\', '/');
  if (path.empty() || path[0] == '/' || has_scheme_or_drive(path)) return {};
  std::vector<std::string_view> segments;
  auto walk = [&segments](std::string_view text) {
    for (size_t start = 0; start <= text.size();) {
      const size_t end = std::min(text.find('/', start), text.size());
      const std::string_view segment = text.substr(start, end - start);
      start = end + 1;
      if (segment.empty() || segment == ".") continue;
      if (segment != "..") {
        segments.push_back(segment);
      } else if (segments.empty()) {
        return false;
      } else {
        segments.pop_back();
      }
    }
    return true;
  };
  if (!walk(document_dir) || !walk(path)) return {ArchiveUri::Kind::kOutside, {}};
  ArchiveUri out{ArchiveUri::Kind::kEntry, {}};
  for (std::string_view segment : segments) {
    if (!out.entry.empty()) out.entry += '/';
    out.entry.append(segment);
  }
  return out;
}

bool has_zip_magic(std::string_view bytes) {
  return bytes.starts_with(std::string_view("PK\x03\x04", 4)) ||
         bytes.starts_with(std::string_view("PK\x05\x06", 4));
}

absl::StatusOr<Scene> read_zae(RegularFile file, const ReadOptions& options,
                               Diagnostics& diagnostics) {
  const std::filesystem::path path = file.path();
  absl::StatusOr<std::unique_ptr<ZipArchive>> archive =
      ZipArchive::open_file(std::move(file), options.limits);
  if (!archive.ok()) return archive.status();
  return read_archive(**archive, path, options, diagnostics);
}

absl::StatusOr<Scene> read_zae(const std::filesystem::path& path, const ReadOptions& options,
                               Diagnostics& diagnostics) {
  absl::StatusOr<RegularFile> file = open_regular_file(path);
  if (!file.ok()) return file.status();
  return read_zae(*std::move(file), options, diagnostics);
}

absl::StatusOr<Scene> read_zae_bytes(std::string_view bytes, const ReadOptions& options,
                                     Diagnostics& diagnostics) {
  absl::StatusOr<std::unique_ptr<ZipArchive>> archive =
      ZipArchive::open_bytes(bytes, options.limits);
  if (!archive.ok()) return archive.status();
  return read_archive(**archive, {}, options, diagnostics);
}

}  // namespace px::collada
