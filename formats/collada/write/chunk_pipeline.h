// Text made a chunk at a time on several threads and handed over in order: chunk i is made on
// whichever thread is free, into a buffer of its own, and handed to emit on the calling thread
// right after chunk i - 1, so the bytes are the same whatever the thread count. The XML writer
// runs one for each long number list. Memory is two buffers per thread, reused from run to run;
// the helper threads start with the first run and end with the pipeline (a run goes on with the
// threads it has when no more can be started).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/functional/function_ref.h"
#include "formats/collada/text_buffer.h"

namespace px::collada {

// The threads a writer asked for `requested` uses: requested when positive, else the cores this
// process may run on, at most two (the formatting of one list scales no further past the thread
// handing the text to the sink).
int writer_threads(int requested);

class ChunkPipeline {
 public:
  // Appends chunk's text to out (empty on entry). Called on any of the pipeline's threads.
  using Make = absl::FunctionRef<void(size_t chunk, TextBuffer& out)>;
  // Takes a chunk's text, on the thread calling run(); false stops the run.
  using Emit = absl::FunctionRef<bool(std::string_view text)>;

  explicit ChunkPipeline(int threads);
  ~ChunkPipeline();
  ChunkPipeline(const ChunkPipeline&) = delete;
  ChunkPipeline& operator=(const ChunkPipeline&) = delete;

  // Makes chunks 0 .. chunks - 1 and emits them in order, until emit returns false. An exception
  // thrown by make (std::bad_alloc) is rethrown here once no thread is making a chunk.
  void run(size_t chunks, Make make, Emit emit);

 private:
  struct Slot {
    TextBuffer text;
    bool ready = false;
  };
  bool can_claim() const;
  // Makes chunk into its slot with the lock released, then marks it ready.
  void make_chunk(size_t chunk, std::unique_lock<std::mutex>& lock);
  void help();

  int threads_;  // lowered when a helper thread cannot be started
  std::vector<std::thread> helpers_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Slot> slots_;
  // The run in progress, under mutex_.
  const Make* make_ = nullptr;
  size_t chunks_ = 0;
  size_t claimed_ = 0;
  size_t emitted_ = 0;
  size_t making_ = 0;
  std::exception_ptr failure_;
  bool stopping_ = false;
};

}  // namespace px::collada
