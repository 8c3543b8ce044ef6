#include "tests/allocation/failing_new.h"

#include <atomic>
#include <cstdlib>
#include <new>

#include "polyxios/memory/allocation_gate.h"

namespace px::testing {
namespace {

std::atomic<bool> counting{false};
std::atomic<int64_t> count{0};
std::atomic<int64_t> fail_at_count{0};
std::atomic<bool> injected{false};

// Whether this allocation is the one to fail.
bool fail_this() {
  if (!counting.load(std::memory_order_relaxed)) return false;
  int64_t n = count.fetch_add(1, std::memory_order_relaxed) + 1;
  if (n != fail_at_count.load(std::memory_order_relaxed)) return false;
  injected.store(true, std::memory_order_relaxed);
  return true;
}

bool gate(size_t) { return !fail_this(); }

void* allocate(size_t size) {
  if (fail_this()) return nullptr;
  return std::malloc(size == 0 ? 1 : size);
}

void* allocate_aligned(size_t size, std::align_val_t align) {
  if (fail_this()) return nullptr;
  size_t a = static_cast<size_t>(align);
  if (a < sizeof(void*)) a = sizeof(void*);
  void* p = nullptr;
  return posix_memalign(&p, a, size == 0 ? 1 : size) == 0 ? p : nullptr;
}

}  // namespace

void start_counting(int64_t fail_at) {
  set_allocation_gate(gate);
  count.store(0);
  injected.store(false);
  fail_at_count.store(fail_at);
  counting.store(true);
}

int64_t stop_counting() {
  counting.store(false);
  set_allocation_gate(nullptr);
  return count.load();
}

bool failure_injected() { return injected.load(); }

}  // namespace px::testing

using px::testing::allocate;
using px::testing::allocate_aligned;

void* operator new(size_t size) {
  if (void* p = allocate(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t size) {
  if (void* p = allocate(size)) return p;
  throw std::bad_alloc();
}
void* operator new(size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void* operator new[](size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void* operator new(size_t size, std::align_val_t align) {
  if (void* p = allocate_aligned(size, align)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t size, std::align_val_t align) {
  if (void* p = allocate_aligned(size, align)) return p;
  throw std::bad_alloc();
}
void* operator new(size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return allocate_aligned(size, align);
}
void* operator new[](size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return allocate_aligned(size, align);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
