#include "formats/collada/read/zae_zip.h"

#include <minizip/unzip.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

#include "engine/errors.h"
#include "engine/strings.h"
#include "polyxios/memory/allocation_gate.h"

namespace px::collada {

// Read by minizip through the callbacks below.
struct ZipMemoryFile {
  std::string_view bytes;
  uint64_t position = 0;
};
// An archive read through the descriptor it was opened by, never opened again by its path.
struct ZipDescriptorFile {
  RegularFile file;
  uint64_t position = 0;
};

namespace {

constexpr std::string_view kCorrupt = "collada.zae.corrupt";
// Entries inflating to at most this are never refused for their ratio: they cannot make a bomb,
// and a small text file of repeated bytes rightly compresses far.
constexpr uint64_t kRatioCheckedFrom = uint64_t{1} << 20;
// The end of central directory record: its signature, its fixed size, and the comment of at
// most 65535 bytes that may follow it.
constexpr std::string_view kEndSignature("PK\x05\x06", 4);
constexpr size_t kEndSearchBytes = 22 + 65535;

using MemoryFile = ZipMemoryFile;

voidpf ZCALLBACK memory_open(voidpf opaque, const void*, int) {
  static_cast<MemoryFile*>(opaque)->position = 0;
  return opaque;
}
uLong ZCALLBACK memory_read(voidpf, voidpf stream, void* buffer, uLong size) {
  auto* file = static_cast<MemoryFile*>(stream);
  const uint64_t left = file->bytes.size() - std::min<uint64_t>(file->position, file->bytes.size());
  const uLong n = static_cast<uLong>(std::min<uint64_t>(size, left));
  std::memcpy(buffer, file->bytes.data() + file->position, n);
  file->position += n;
  return n;
}
uLong ZCALLBACK memory_write(voidpf, voidpf, const void*, uLong) { return 0; }
ZPOS64_T ZCALLBACK memory_tell(voidpf, voidpf stream) {
  return static_cast<MemoryFile*>(stream)->position;
}
long ZCALLBACK memory_seek(voidpf, voidpf stream, ZPOS64_T offset, int origin) {
  auto* file = static_cast<MemoryFile*>(stream);
  uint64_t from = 0;
  if (origin == ZLIB_FILEFUNC_SEEK_CUR) from = file->position;
  if (origin == ZLIB_FILEFUNC_SEEK_END) from = file->bytes.size();
  if (offset > file->bytes.size() || from > file->bytes.size() - offset) return -1;
  file->position = from + offset;
  return 0;
}
int ZCALLBACK memory_close(voidpf, voidpf) { return 0; }
int ZCALLBACK memory_error(voidpf, voidpf) { return 0; }

voidpf ZCALLBACK descriptor_open(voidpf opaque, const void*, int) {
  static_cast<ZipDescriptorFile*>(opaque)->position = 0;
  return opaque;
}
// Reads straight into minizip's buffer: a callback must neither allocate nor throw, since an
// exception unwinding through minizip's C frames leaks what they hold (its search buffer, its
// unz64_s), as the allocation-failure sweep found.
uLong ZCALLBACK descriptor_read(voidpf, voidpf stream, void* buffer, uLong size) noexcept {
  auto* file = static_cast<ZipDescriptorFile*>(stream);
  const uLong n = static_cast<uLong>(file->file.read_into(file->position, buffer, size));
  file->position += n;
  return n;
}
ZPOS64_T ZCALLBACK descriptor_tell(voidpf, voidpf stream) {
  return static_cast<ZipDescriptorFile*>(stream)->position;
}
long ZCALLBACK descriptor_seek(voidpf, voidpf stream, ZPOS64_T offset, int origin) {
  auto* file = static_cast<ZipDescriptorFile*>(stream);
  const uint64_t size = file->file.size();
  uint64_t from = 0;
  if (origin == ZLIB_FILEFUNC_SEEK_CUR) from = file->position;
  if (origin == ZLIB_FILEFUNC_SEEK_END) from = size;
  if (offset > size || from > size - offset) return -1;
  file->position = from + offset;
  return 0;
}

// minizip's file functions over `opaque`, which never writes.
zlib_filefunc64_def file_functions(void* opaque, open64_file_func open, read_file_func read,
                                   tell64_file_func tell, seek64_file_func seek) {
  zlib_filefunc64_def functions{};
  functions.zopen64_file = open;
  functions.zread_file = read;
  functions.zwrite_file = memory_write;
  functions.ztell64_file = tell;
  functions.zseek64_file = seek;
  functions.zclose_file = memory_close;
  functions.zerror_file = memory_error;
  functions.opaque = opaque;
  return functions;
}

// Whether the archive's last bytes hold an end of central directory record: a zip missing it
// was cut short (or is no zip at all).
bool has_end_record(std::string_view tail) {
  return tail.find(kEndSignature) != std::string_view::npos;
}

absl::StatusOr<std::string> file_tail(const RegularFile& file) {
  const uint64_t take = std::min<uint64_t>(file.size(), kEndSearchBytes);
  return file.read_at(file.size() - take, take);
}

absl::Status not_opened(std::string_view name, std::string_view head, std::string_view tail) {
  // An archive of no entry is its end record alone, which minizip does not find at offset 0.
  if (head.starts_with(kEndSignature)) {
    return refuse("collada.zae.no-document", cat(name, ": the zip archive holds no entry"));
  }
  if (head.starts_with(std::string_view("PK\x03\x04", 4)) && !has_end_record(tail)) {
    return refuse("collada.zae.truncated",
                  cat(name,
                      ": the zip archive has no end of central directory record: it was "
                      "cut short"));
  }
  return refuse(kCorrupt, cat(name,
                              ": not a zip archive minizip can read (its central "
                              "directory is missing or does not parse)"));
}

std::string printable(std::string_view name) {
  std::string out;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", u);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string_view entry_name_problem(std::string_view name) {
  if (name.empty() || std::any_of(name.begin(), name.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u == 0x7f;
      })) {
    return "collada.zae.entry-name";
  }
  const bool drive = name.size() >= 2 && name[1] == ':' &&
                     ((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z'));
  if (name[0] == '/' || drive) return "collada.zae.entry-absolute";
  for (size_t start = 0; start <= name.size();) {
    const size_t end = std::min(name.find('/', start), name.size());
    const std::string_view segment = name.substr(start, end - start);
    // Windows drops a name's trailing dots and spaces: "..." and ". ." are ".." there.
    if (!segment.empty() && segment.find_first_not_of(". ") == std::string_view::npos &&
        std::count(segment.begin(), segment.end(), '.') >= 2) {
      return "collada.zae.entry-parent";
    }
    start = end + 1;
  }
  return {};
}

EntryBytes::EntryBytes(EntryBytes&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      budget_(std::move(other.budget_)) {}

EntryBytes& EntryBytes::operator=(EntryBytes&& other) noexcept {
  if (this != &other) {
    EntryBytes gone(std::move(*this));
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    budget_ = std::move(other.budget_);
  }
  return *this;
}

EntryBytes::~EntryBytes() {
  std::free(data_);
  if (budget_ != nullptr) budget_->release(size_);
}

absl::StatusOr<std::unique_ptr<ZipArchive>> ZipArchive::open_file(RegularFile file,
                                                                  const Limits& limits) {
  absl::StatusOr<std::string> head = file.read_at(0, 4);
  if (!head.ok()) return head.status();
  const uint64_t size = file.size();
  std::unique_ptr<ZipArchive> archive(new ZipArchive);
  archive->name_ = file.path().string();
  archive->descriptor_ = std::make_unique<ZipDescriptorFile>(ZipDescriptorFile{std::move(file)});
  zlib_filefunc64_def functions = file_functions(archive->descriptor_.get(), descriptor_open,
                                                 descriptor_read, descriptor_tell, descriptor_seek);
  archive->unz_ = unzOpen2_64(archive->name_.c_str(), &functions);
  if (archive->unz_ == nullptr) {
    absl::StatusOr<std::string> tail = file_tail(archive->descriptor_->file);
    if (!tail.ok()) return tail.status();
    return not_opened(archive->name_, *head, *tail);
  }
  return list(std::move(archive), size, limits);
}

absl::StatusOr<std::unique_ptr<ZipArchive>> ZipArchive::open_bytes(std::string_view bytes,
                                                                   const Limits& limits) {
  std::unique_ptr<ZipArchive> archive(new ZipArchive);
  archive->name_ = "<input>";
  archive->memory_ = std::make_unique<ZipMemoryFile>(ZipMemoryFile{bytes});
  zlib_filefunc64_def functions =
      file_functions(archive->memory_.get(), memory_open, memory_read, memory_tell, memory_seek);
  archive->unz_ = unzOpen2_64("<input>", &functions);
  const std::string_view head = bytes.substr(0, 4);
  if (archive->unz_ == nullptr) {
    return not_opened(archive->name_, head,
                      bytes.substr(bytes.size() - std::min(bytes.size(), kEndSearchBytes)));
  }
  return list(std::move(archive), bytes.size(), limits);
}

ZipArchive::~ZipArchive() {
  if (unz_ != nullptr) unzClose(unz_);
}

// Lists the directory and judges it whole, trusting none of its numbers: the entry count before
// an entry is read, each stored size against the archive's, each inflated size against its
// stored one and all of them together against the input budget.
absl::StatusOr<std::unique_ptr<ZipArchive>> ZipArchive::list(std::unique_ptr<ZipArchive> archive,
                                                             uint64_t archive_bytes,
                                                             const Limits& limits) {
  const std::string& name = archive->name_;
  unz_global_info64 global{};
  if (unzGetGlobalInfo64(archive->unz_, &global) != UNZ_OK) {
    return refuse(kCorrupt, cat(name, ": its central directory does not parse"));
  }
  if (global.number_entry > limits.max_archive_entries) {
    return over_budget("collada.zae.entries",
                       cat(name, ": the archive declares ", global.number_entry,
                           " entries, past the ", limits.max_archive_entries, " a read takes"));
  }
  uint64_t total = 0;
  std::vector<char> entry_name(65536);
  for (int at = unzGoToFirstFile(archive->unz_); at != UNZ_END_OF_LIST_OF_FILE;
       at = unzGoToNextFile(archive->unz_)) {
    unz_file_info64 info{};
    unz64_file_pos position{};
    if (at != UNZ_OK ||
        unzGetCurrentFileInfo64(archive->unz_, &info, entry_name.data(), entry_name.size(), nullptr,
                                0, nullptr, 0) != UNZ_OK ||
        unzGetFilePos64(archive->unz_, &position) != UNZ_OK) {
      return refuse(kCorrupt, cat(name, ": entry ", archive->entries_.size() + 1,
                                  " of its central directory does not parse"));
    }
    ZipEntry entry;
    entry.name.assign(entry_name.data(), std::min<size_t>(info.size_filename, entry_name.size()));
    std::replace(entry.name.begin(), entry.name.end(), '\\', '/');
    entry.stored_bytes = info.compressed_size;
    entry.bytes = info.uncompressed_size;
    entry.method = info.compression_method;
    entry.encrypted = (info.flag & 1) != 0;
    entry.directory = entry.name.ends_with('/');
    entry.directory_offset = position.pos_in_zip_directory;
    entry.index = position.num_of_file;
    const std::string shown = printable(entry.name);
    if (std::string_view rule = entry_name_problem(entry.name); !rule.empty()) {
      return refuse(rule, cat(name, ": entry \"", shown,
                              "\" is not a name inside the archive (an absolute path, a \"..\" "
                              "segment or a control character)"));
    }
    if (archive->find(entry.name) != nullptr) {
      return refuse("collada.zae.entry-duplicate",
                    cat(name, ": two entries are named \"", shown, "\""));
    }
    if (entry.stored_bytes > archive_bytes) {
      return refuse(kCorrupt, cat(name, ": entry \"", shown, "\" declares ", entry.stored_bytes,
                                  " stored bytes, more than the archive's ", archive_bytes));
    }
    const uint64_t ratio_cap =
        limits.max_archive_ratio != 0 &&
                entry.stored_bytes > std::numeric_limits<uint64_t>::max() / limits.max_archive_ratio
            ? std::numeric_limits<uint64_t>::max()
            : entry.stored_bytes * limits.max_archive_ratio;
    if (entry.bytes > kRatioCheckedFrom && entry.bytes > ratio_cap) {
      return over_budget(
          "collada.zae.ratio",
          cat(name, ": entry \"", shown, "\" would inflate ", entry.stored_bytes, " bytes to ",
              entry.bytes, ", past ", limits.max_archive_ratio, " times its size (a zip bomb)"));
    }
    total = entry.bytes > std::numeric_limits<uint64_t>::max() - total
                ? std::numeric_limits<uint64_t>::max()
                : total + entry.bytes;
    if (total > limits.max_input_bytes) {
      return over_budget("collada.zae.size",
                         cat(name, ": the archive's entries inflate to more than the ",
                             limits.max_input_bytes, " bytes a read may take in"));
    }
    archive->entries_.push_back(std::move(entry));
    if (archive->entries_.size() > limits.max_archive_entries) {
      return over_budget("collada.zae.entries", cat(name, ": the archive holds more than ",
                                                    limits.max_archive_entries, " entries"));
    }
  }
  return archive;
}

const ZipEntry* ZipArchive::find(std::string_view name) const {
  for (const ZipEntry& entry : entries_) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

absl::StatusOr<EntryBytes> ZipArchive::inflate(const ZipEntry& entry) {
  const std::string shown = printable(entry.name);
  if (entry.encrypted || (entry.method != 0 && entry.method != Z_DEFLATED)) {
    return refuse("collada.zae.entry-unreadable",
                  cat(name_, ": entry \"", shown, "\" is ",
                      entry.encrypted ? "encrypted" : cat("compressed with method ", entry.method),
                      "; only stored and deflated entries are read"));
  }
  auto corrupt = [&](std::string_view why) {
    return refuse(kCorrupt, cat(name_, ": entry \"", shown, "\" ", why));
  };
  if (entry.bytes > std::numeric_limits<size_t>::max() / 2) return corrupt("is too large");
  EntryBytes out;
  const size_t size = static_cast<size_t>(entry.bytes);
  std::shared_ptr<MemoryBudget> budget = current_memory_budget();
  out.data_ =
      charged(budget.get(), size, [size] { return static_cast<char*>(gated_malloc(size)); });
  out.size_ = size;
  out.budget_ = std::move(budget);
  unz64_file_pos position{entry.directory_offset, entry.index};
  if (unzGoToFilePos64(unz_, &position) != UNZ_OK || unzOpenCurrentFile(unz_) != UNZ_OK) {
    return corrupt("has a local header that does not agree with the central directory");
  }
  // minizip inflates no more than the declared size: a stream holding more is cut there, and
  // its CRC then disagrees.
  size_t got = 0;
  int read = 1;
  while (got < size && read > 0) {
    const unsigned chunk = static_cast<unsigned>(std::min<size_t>(size - got, 1u << 30));
    read = unzReadCurrentFile(unz_, out.data_ + got, chunk);
    if (read > 0) got += static_cast<size_t>(read);
  }
  const int closed = unzCloseCurrentFile(unz_);
  if (read < 0) return corrupt("does not inflate");
  if (got != size) {
    return corrupt(cat("inflates to ", got, " bytes, not the ", size, " its directory declares"));
  }
  if (closed == UNZ_CRCERROR) return corrupt("fails its CRC check");
  if (closed != UNZ_OK) return corrupt("does not inflate");
  return out;
}

}  // namespace px::collada
