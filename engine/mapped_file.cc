#include "engine/mapped_file.h"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <system_error>

namespace px {
namespace {

// ---- The SIGBUS guard: one slot per live mapping, read by the handler without locks.

constexpr int kSlots = 256;
// Below this a warming thread costs more than it saves.
constexpr size_t kWarmBytes = size_t{8} << 20;

struct Slot {
  std::atomic<bool> taken{false};
  std::atomic<uintptr_t> begin{0};
  std::atomic<uintptr_t> end{0};
  std::atomic<bool> cut{false};
};

Slot g_slots[kSlots];
struct sigaction g_previous;
uintptr_t g_page = 4096;
std::once_flag g_installed;

void on_sigbus(int signo, siginfo_t* info, void* context) {
  const uintptr_t address = reinterpret_cast<uintptr_t>(info->si_addr);
  for (Slot& slot : g_slots) {
    const uintptr_t end = slot.end.load(std::memory_order_acquire);
    if (address >= end || address < slot.begin.load(std::memory_order_acquire)) continue;
    // A page of the file past its end: zeros in its place, and the file is marked cut short.
    void* page = reinterpret_cast<void*>(address & ~(g_page - 1));
    if (mmap(page, g_page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
        MAP_FAILED) {
      slot.cut.store(true, std::memory_order_release);
      return;
    }
  }
  if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction != nullptr) {
    g_previous.sa_sigaction(signo, info, context);
    return;
  }
  if ((g_previous.sa_flags & SA_SIGINFO) == 0 && g_previous.sa_handler != SIG_DFL &&
      g_previous.sa_handler != SIG_IGN) {
    g_previous.sa_handler(signo);
    return;
  }
  // Not a mapped file's fault: the default action, for a signal sent as for a fault (which would
  // run again on return).
  signal(SIGBUS, SIG_DFL);
  raise(SIGBUS);
}

void install_guard() {
  g_page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_sigaction = on_sigbus;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SIGBUS, &action, &g_previous);
}

// A free slot guarding [data, data + size), or -1 when all are taken.
int guard(const void* data, size_t size) {
  std::call_once(g_installed, install_guard);
  for (int i = 0; i < kSlots; ++i) {
    bool expected = false;
    if (!g_slots[i].taken.compare_exchange_strong(expected, true)) continue;
    g_slots[i].cut.store(false);
    g_slots[i].begin.store(reinterpret_cast<uintptr_t>(data), std::memory_order_release);
    g_slots[i].end.store(reinterpret_cast<uintptr_t>(data) + size, std::memory_order_release);
    return i;
  }
  return -1;
}

void unguard(int slot) {
  g_slots[slot].end.store(0, std::memory_order_release);
  g_slots[slot].begin.store(0, std::memory_order_release);
  g_slots[slot].taken.store(false, std::memory_order_release);
}

}  // namespace

absl::StatusOr<std::shared_ptr<const MappedFile>> MappedFile::map(RegularFile file, bool warm) {
  std::shared_ptr<MappedFile> out(new MappedFile());
  const size_t size = static_cast<size_t>(file.size());
  warm = warm && size >= kWarmBytes;
  if (size > 0) {
    // Populating the page tables up front saves the faults of a reader touching every page; a
    // warmed mapping leaves that to the warming thread.
    void* p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE | (warm ? 0 : MAP_POPULATE), file.fd(), 0);
    if (p != MAP_FAILED) {
      out->slot_ = guard(p, size);
      if (out->slot_ < 0) {
        munmap(p, size);
      } else {
        out->data_ = static_cast<const uint8_t*>(p);
        out->size_ = size;
        out->mapped_size_ = size;
      }
    }
  }
  // An empty file, a failed map, no free guard slot: the bytes the file held at its open.
  if (out->mapped_size_ == 0 && size > 0) {
    absl::StatusOr<std::string> bytes = file.read_at(0, size);
    if (!bytes.ok()) return bytes.status();
    out->copy_ = *std::move(bytes);
    out->data_ = reinterpret_cast<const uint8_t*>(out->copy_.data());
    out->size_ = out->copy_.size();
  }
  if (warm && out->mapped_size_ > 0) {
    MappedFile* mapped = out.get();
    try {
      out->warmer_ = std::thread([mapped] { mapped->warm_pages(); });
    } catch (const std::system_error&) {
      // No thread to be had (a batch worker's address-space cap): pages fault in as read.
    }
  }
  return std::shared_ptr<const MappedFile>(std::move(out));  // a mapping outlives its descriptor
}

absl::StatusOr<std::shared_ptr<const MappedFile>> MappedFile::open(
    const std::filesystem::path& path, bool warm) {
  absl::StatusOr<RegularFile> file = open_regular_file(path);
  if (!file.ok()) return file.status();
  return map(*std::move(file), warm);
}

void MappedFile::warm_pages() {
  const volatile uint8_t* bytes = data_;
  for (size_t page = (size_ - 1) / g_page * g_page;; page -= g_page) {
    if (stop_warming_.load(std::memory_order_relaxed)) return;
    (void)bytes[page];
    if (page == 0) return;
  }
}

MappedFile::~MappedFile() {
  if (warmer_.joinable()) {
    stop_warming_.store(true, std::memory_order_relaxed);
    warmer_.join();
  }
  if (mapped_size_ == 0) return;
  unguard(slot_);
  munmap(const_cast<uint8_t*>(data_), mapped_size_);
}

bool MappedFile::cut_short() const {
  return slot_ >= 0 && g_slots[slot_].cut.load(std::memory_order_acquire);
}

absl::StatusOr<FileBytes> load_file(RegularFile file, bool warm) {
  absl::StatusOr<std::shared_ptr<const MappedFile>> mapped = MappedFile::map(std::move(file), warm);
  if (!mapped.ok()) return mapped.status();
  FileBytes out;
  out.bytes = (*mapped)->text();
  out.owner = *mapped;
  out.mapped = *std::move(mapped);
  return out;
}

absl::StatusOr<FileBytes> load_file(const std::filesystem::path& path, bool warm) {
  absl::StatusOr<RegularFile> file = open_regular_file(path);
  if (!file.ok()) return file.status();
  return load_file(*std::move(file), warm);
}

}  // namespace px
