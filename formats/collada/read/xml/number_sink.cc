#include "formats/collada/read/xml/number_sink.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/xml/numbers.h"
#include "formats/collada/text_buffer.h"
#include "polyxios/memory/memory_budget.h"

namespace px::xml {

void NumberArray::reserve(size_t n) {
  switch (mode) {
    case TextMode::kFloat32:
      floats.reserve(n);
      return;
    case TextMode::kFloat64:
      doubles.reserve(n);
      return;
    default:
      ints.reserve(n);
  }
}

absl::Status NumberArray::decode(std::string_view text, const char* readable_end) {
  if (decimal_comma && mode != TextMode::kInt32) {
    if (spelling.comma || text.find(',') != std::string_view::npos) {
      return decode_decimal_comma(text);
    }
    if (text.find('.') != std::string_view::npos) spelling.point = true;
  }
  return scan(text, readable_end);
}

absl::Status NumberArray::scan(std::string_view text, const char* readable_end) {
  BadToken bad;
  bool ok = mode == TextMode::kFloat32 ? scan_numbers(text, readable_end, floats, &newlines, &bad)
            : mode == TextMode::kFloat64
                ? scan_numbers(text, readable_end, doubles, &newlines, &bad)
                : scan_numbers(text, readable_end, ints, &newlines, &bad);
  if (ok) return absl::OkStatus();
  const bool integer = mode == TextMode::kInt32;
  std::string shown(text.substr(bad.offset, std::min<size_t>(bad.length, 40)));
  absl::Status refused =
      refuse("number.not-a-number", element->name, first_line + static_cast<int64_t>(newlines),
             cat("\"", shown, "\" is not ", integer ? "an integer" : "a number",
                 integer ? "" : " (a decimal comma is refused)"));
  // Numbers that all spell a decimal comma, which the --repair mode reads (decode()).
  std::string pointed;
  DecimalSpelling spelling_seen = spelling;
  if (!integer && !decimal_comma && text.find(',') != std::string_view::npos &&
      point_from_decimal_comma(text, &pointed, &spelling_seen)) {
    return repair_reads_it(refused);
  }
  return refused;
}

absl::Status NumberArray::decode_decimal_comma(std::string_view text) {
  std::string pointed;
  if (!point_from_decimal_comma(text, &pointed, &spelling)) {
    return refuse("number.not-a-number", element->name, first_line + static_cast<int64_t>(newlines),
                  "a comma that could be a separator, or decimal commas beside points, is not a "
                  "number");
  }
  constexpr size_t kPadding = 64;  // scan_numbers loads eight bytes at a time past a token
  const size_t length = pointed.size();
  pointed.append(kPadding, ' ');
  std::string_view copy(pointed.data(), length);
  return scan(copy, pointed.data() + pointed.size());
}

void NumberArray::publish() {
  element->floats = floats.values();
  element->doubles = doubles.values();
  element->ints = ints.values();
}

void NumberArray::release() {
  floats.release();
  doubles.release();
  ints.release();
  released = true;
  publish();
}

namespace {

// Runs f, which returns a status; an allocation that fails in it (the read's memory limit, a full
// machine) is its refusal instead, on whichever thread it runs.
template <class F>
absl::Status allocation_guarded(F&& f) {
  try {
    return f();
  } catch (const MemoryLimitExceeded& e) {
    return memory_limit_exceeded(e.limit());
  } catch (const std::bad_alloc&) {
    return out_of_memory("decoding numbers");
  }
}

// The parser's side copies each piece into the open batch of text and jobs; a full batch is
// decoded at once (inline) or handed to a decoding thread that works through batches in order
// (threaded). Every text job ends at a token boundary: a token a piece cut waits in its array's
// carry for the array's next piece. Copying even inline lets tokens be read eight bytes at a time
// from a padded buffer instead of from expat's pieces, one line each.
//
// Threaded, the tasks run on a third thread, in order and one at a time: the decoding thread goes
// on with the next elements' numbers while a task (a geometry's mesh) works on those before it,
// which keeps both cores busy where the decoding thread alone was the read's critical path. The
// arrays decoded ahead of the tasks are bounded (kAheadBytes): past that, the decoding thread
// waits for the tasks, so that a large document's peak grows by no more than that.
//
// When the decoding thread falls behind (half the batches wait for it), the parser's thread,
// which would only wait for a free batch, decodes the next small array itself as its text
// arrives. Such an array is whole before any task after it is given; a token of it that is not a
// number is refused in document order all the same, by a job where its text would have been.
class BatchingSink final : public NumberSink {
 public:
  explicit BatchingSink(bool threaded) : threaded_(threaded) {
    for (Batch& b : batches_) free_.push_back(&b);
    open_ = take_free();
    if (threaded_) {
      try {
        thread_ = std::thread([this] { decode_loop(); });
      } catch (const std::system_error&) {
        threaded_ = false;  // no thread to be had (a memory cap on its stack): decode inline
      }
    }
    if (threaded_) {
      try {
        task_thread_ = std::thread([this] { task_loop(); });
      } catch (const std::system_error&) {
        // No third thread: the decoding thread runs the tasks itself.
      }
    }
  }
  ~BatchingSink() override {
    if (!finished_) finish(true).IgnoreError();
  }

  void begin(NumberArray& array, size_t reserve) override {
    if (decode_here(array, reserve)) {
      array.decoded_by_parser = true;
      absl::Status reserved = allocation_guarded([&] {
        array.reserve(reserve);
        return absl::OkStatus();
      });
      if (!reserved.ok()) fail_here(std::move(reserved));
      return;
    }
    add_job(Job{Job::kBegin, &array, reserve, 0, {}});
  }

  void text(NumberArray& array, std::string_view piece) override {
    if (array.decoded_by_parser) {
      decode_piece(array, piece);
      return;
    }
    if (open_text_ != &array) open_text_job(array);
    open_->text.append(piece);
    // Shipped once full, at a piece that ends a token (else the cut would have none to make).
    if (open_->text.size() >= kBatchBytes && whole_tokens_end(piece) > 0) ship();
  }

  void end(NumberArray& array) override {
    if (array.decoded_by_parser) {
      if (!parser_failed_) decode_carry(array);
      array.carry.shrink_to_fit();
      if (parser_failed_) return;
      array.publish();
      const size_t bytes = array.capacity_bytes();
      parser_bytes_.fetch_add(bytes, std::memory_order_relaxed);
      add_job(Job{Job::kParsedEnd, &array, bytes, 0, {}});
      return;
    }
    if (open_text_ == &array) {
      close_text_job(open_->text.size());  // the end tag ends the last token
    } else if (!array.carry.empty()) {
      open_text_job(array);
      close_text_job(open_->text.size());
    }
    array.carry.shrink_to_fit();
    add_job(Job{Job::kEnd, &array, 0, 0, {}});
  }

  void after(std::function<void()> task) override {
    add_job(Job{Job::kTask, nullptr, 0, 0, std::move(task)});
  }

  bool failed() const override { return failed_.load(std::memory_order_relaxed); }

  absl::Status finish(bool cancel_tasks) override {
    finished_ = true;
    if (cancel_tasks) cancel_tasks_.store(true, std::memory_order_relaxed);
    cut_text_job();
    ship();
    if (threaded_) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
      }
      ready_cv_.notify_one();
      thread_.join();
    }
    if (task_thread_.joinable()) {
      {
        std::lock_guard<std::mutex> lock(task_mutex_);
        tasks_stopping_ = true;
      }
      task_cv_.notify_all();
      task_thread_.join();
      // A task handed over came before anything the decoding thread refused after it.
      if (!task_status_.ok()) return task_status_;
    }
    return status_;
  }

 private:
  static constexpr size_t kBatchBytes = size_t{64} << 10;
  static constexpr size_t kBatchJobs = 4096;
  static constexpr size_t kBatches = 8;
  // The most reserved for arrays decoded ahead of the task running.
  static constexpr size_t kAheadBytes = size_t{4} << 20;
  // The most the parser's thread holds of arrays it decoded whose end the decoding thread has
  // yet to reach.
  static constexpr size_t kParserBytes = size_t{1} << 20;
  // Spaces after a batch's text: room for the scanner's eight-byte loads past the last token.
  static constexpr size_t kPadding = 64;

  struct Job {
    // kParsedEnd: an array the parser's thread decoded ended (begin: its bytes); kFailure: it
    // refused a token there (failure).
    enum Kind { kBegin, kText, kEnd, kTask, kParsedEnd, kFailure } kind;
    NumberArray* array;
    size_t begin;  // kText: the range of the batch's text; kBegin: values to reserve
    size_t end;
    std::function<void()> task;
    absl::Status failure = absl::OkStatus();
  };
  struct Batch {
    TextBuffer text;
    std::vector<Job> jobs;
  };

  void add_job(Job job) {
    cut_text_job();
    open_->jobs.push_back(std::move(job));
    if (open_->jobs.size() >= kBatchJobs) ship();
  }

  // Opens a text job for array at the end of the batch's text, starting with its carried token.
  void open_text_job(NumberArray& array) {
    cut_text_job();
    open_text_ = &array;
    text_begin_ = open_->text.size();
    open_->text.append(array.carry);
    array.carry.clear();
  }
  // Ends the open text job at `end`, which the caller knows to be a token boundary; a space after
  // it keeps the scanner's loads from reading the next job's digits as this token's.
  void close_text_job(size_t end) {
    if (end > text_begin_) {
      open_->jobs.push_back(Job{Job::kText, open_text_, text_begin_, end, {}});
      open_->text.append_spaces(1);
    }
    open_text_ = nullptr;
  }
  // Ends the open text job at its last token boundary; the rest waits in its array's carry.
  void cut_text_job() {
    if (open_text_ == nullptr) return;
    TextBuffer& text = open_->text;
    size_t cut = text_begin_ + whole_tokens_end(text.view().substr(text_begin_));
    open_text_->carry.assign(text.view().substr(cut));
    text.truncate(cut);
    close_text_job(cut);
  }

  // Decodes the open batch (inline) or hands it to the decoding thread, and opens an empty one.
  // An open text job goes on in the new batch with its cut token.
  void ship() {
    NumberArray* continuing = open_text_;
    cut_text_job();
    if (!open_->jobs.empty()) {
      open_->text.append_spaces(kPadding);
      if (threaded_) {
        {
          std::lock_guard<std::mutex> lock(mutex_);
          ready_.push_back(open_);
        }
        ready_cv_.notify_one();
        open_ = take_free();
      } else {
        decode(*open_);
        clear(*open_);
      }
    }
    if (continuing != nullptr) open_text_job(*continuing);
  }

  static void clear(Batch& b) {
    b.text.clear();
    b.jobs.clear();
  }

  Batch* take_free() {
    std::unique_lock<std::mutex> lock(mutex_);
    free_cv_.wait(lock, [&] { return !free_.empty(); });
    Batch* b = free_.back();
    free_.pop_back();
    clear(*b);
    return b;
  }

  void decode_loop() {
    while (true) {
      Batch* batch;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_cv_.wait(lock, [&] { return !ready_.empty() || stopping_; });
        if (ready_.empty()) return;
        batch = ready_.front();
        ready_.erase(ready_.begin());
      }
      decode(*batch);
      batch->jobs.clear();  // tasks' captures go now, on this thread
      {
        std::lock_guard<std::mutex> lock(mutex_);
        free_.push_back(batch);
      }
      free_cv_.notify_one();
    }
  }

  void decode(Batch& batch) {
    const char* readable_end = batch.text.data() + batch.text.size();
    for (Job& job : batch.jobs) {
      if (!status_.ok()) return;
      absl::Status ran = allocation_guarded([&] {
        run(batch, job, readable_end);
        return absl::OkStatus();
      });
      if (!ran.ok()) status_ = std::move(ran);
      if (!status_.ok()) failed_.store(true, std::memory_order_relaxed);
    }
  }

  void run(const Batch& batch, Job& job, const char* readable_end) {
    switch (job.kind) {
      case Job::kBegin:
        if (task_thread_.joinable()) make_room(job.begin * value_bytes(job.array->mode));
        if (!status_.ok()) return;
        job.array->reserve(job.begin);
        return;
      case Job::kText:
        status_ = job.array->decode(batch.text.view().substr(job.begin, job.end - job.begin),
                                    readable_end);
        return;
      case Job::kEnd:
        job.array->publish();
        bytes_ahead_ += job.array->capacity_bytes();
        return;
      case Job::kParsedEnd:
        parser_bytes_.fetch_sub(job.begin, std::memory_order_relaxed);
        bytes_ahead_ += job.begin;
        return;
      case Job::kFailure:
        status_ = std::move(job.failure);
        return;
      case Job::kTask:
        if (cancel_tasks_.load(std::memory_order_relaxed)) return;
        if (task_thread_.joinable()) {
          hand_over(std::move(job.task));
        } else {
          job.task();
        }
        return;
    }
  }

  static size_t value_bytes(TextMode mode) { return mode == TextMode::kFloat64 ? 8 : 4; }

  // The parser's side: whether it decodes the array beginning now itself. Only while the decoding
  // thread is behind, and only small arrays, as few at once as kParserBytes holds.
  bool decode_here(const NumberArray& array, size_t reserve) {
    if (!threaded_ || parser_failed_) return false;
    const size_t bytes = reserve * value_bytes(array.mode);
    if (bytes > kParserBytes ||
        parser_bytes_.load(std::memory_order_relaxed) + bytes > kParserBytes) {
      return false;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    return ready_.size() >= kBatches / 2;
  }
  // A piece of such an array's text: its whole tokens decoded, a token it cuts carried.
  void decode_piece(NumberArray& array, std::string_view piece) {
    if (parser_failed_) return;
    if (!array.carry.empty()) {
      size_t cut = 0;
      while (cut < piece.size() && !is_xml_space(piece[cut])) ++cut;
      array.carry.append(piece.substr(0, cut));
      if (cut == piece.size()) return;
      decode_carry(array);
      piece.remove_prefix(cut);
    }
    const size_t whole = whole_tokens_end(piece);
    // The cut token after the whole ones is readable: the scanner may load it (and ignore it).
    decode_here_or_fail(array, piece.substr(0, whole), piece.data() + piece.size());
    array.carry.assign(piece.substr(whole));
  }
  // Decodes the carried token, padded for the scanner's loads.
  void decode_carry(NumberArray& array) {
    if (array.carry.empty()) return;
    const size_t length = array.carry.size();
    array.carry.append(kPadding, ' ');
    decode_here_or_fail(array, std::string_view(array.carry.data(), length),
                        array.carry.data() + array.carry.size());
    array.carry.clear();
  }
  void decode_here_or_fail(NumberArray& array, std::string_view text, const char* readable_end) {
    absl::Status s = allocation_guarded([&] { return array.decode(text, readable_end); });
    if (!s.ok()) fail_here(std::move(s));
  }
  // The parser's thread refused a token: the refusal waits in the jobs where the array's text
  // would have been (a failure before it in the document wins), and the parse stops.
  void fail_here(absl::Status failure) {
    parser_failed_ = true;
    Job job{Job::kFailure, nullptr, 0, 0, {}};
    job.failure = std::move(failure);
    add_job(std::move(job));
    failed_.store(true, std::memory_order_relaxed);
  }

  // The decoding thread's side, before reserving `bytes` for an array: waits while the arrays
  // decoded ahead of the tasks would pass kAheadBytes (unless no task is left to wait for).
  // An array is counted at its end, at the size it grew to; until then only its reserve is.
  void make_room(size_t bytes) {
    std::unique_lock<std::mutex> lock(task_mutex_);
    task_cv_.wait(lock, [&] {
      const bool idle = !task_running_ && queued_tasks_.empty();
      return idle || queued_bytes_ + bytes_ahead_ + bytes <= kAheadBytes;
    });
    if (!task_status_.ok()) status_ = task_status_;  // stops the decoding
  }

  // The decoding thread's side: queues `task` with the arrays decoded for it.
  void hand_over(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(task_mutex_);
    if (!task_status_.ok()) {
      status_ = task_status_;  // stops the decoding; finish returns the task's failure
      return;
    }
    queued_tasks_.push_back(QueuedTask{std::move(task), bytes_ahead_});
    queued_bytes_ += bytes_ahead_;
    bytes_ahead_ = 0;
    task_cv_.notify_all();
  }

  void task_loop() {
    std::unique_lock<std::mutex> lock(task_mutex_);
    while (true) {
      task_cv_.wait(lock, [&] { return !queued_tasks_.empty() || tasks_stopping_; });
      if (queued_tasks_.empty()) return;
      QueuedTask next = std::move(queued_tasks_.front());
      queued_tasks_.pop_front();
      queued_bytes_ -= next.bytes;
      task_running_ = true;
      lock.unlock();
      absl::Status failure = allocation_guarded([&] {
        // After a task's failure the rest are dropped, as inline.
        if (!cancel_tasks_.load(std::memory_order_relaxed) &&
            !failed_.load(std::memory_order_relaxed)) {
          next.task();
        }
        return absl::OkStatus();
      });
      next.task = nullptr;  // its captures go on this thread, before the decoding thread is told
      if (!failure.ok()) failed_.store(true, std::memory_order_relaxed);
      lock.lock();
      if (task_status_.ok()) task_status_ = failure;
      task_running_ = false;
      task_cv_.notify_all();
    }
  }

  bool threaded_;
  bool finished_ = false;

  // The parser's side.
  bool parser_failed_ = false;           // it refused a token of an array it decoded
  std::atomic<size_t> parser_bytes_{0};  // the arrays it decoded whose end is not yet reached
  Batch* open_ = nullptr;
  NumberArray* open_text_ = nullptr;  // the array whose text job is open at the batch's end
  size_t text_begin_ = 0;             // where that job's text begins in the batch

  // Shared with the decoding thread.
  std::mutex mutex_;
  std::condition_variable ready_cv_;
  std::condition_variable free_cv_;
  std::vector<Batch*> ready_;
  std::vector<Batch*> free_;
  bool stopping_ = false;
  std::atomic<bool> failed_{false};
  std::atomic<bool> cancel_tasks_{false};
  Batch batches_[kBatches];

  // The decoding side's; read by the parser's side after the last batch is decoded.
  absl::Status status_;
  std::thread thread_;

  // Shared by the decoding thread and the task thread.
  std::mutex task_mutex_;
  std::condition_variable task_cv_;
  struct QueuedTask {
    std::function<void()> task;
    size_t bytes;  // the arrays ended after the task before it and before it was given
  };
  std::deque<QueuedTask> queued_tasks_;
  size_t queued_bytes_ = 0;  // their sum
  size_t bytes_ahead_ = 0;   // arrays ended since the last task was given (the decoding thread's)
  bool task_running_ = false;
  bool tasks_stopping_ = false;
  absl::Status task_status_;  // the first task's failure; read by the parser's side after joining
  std::thread task_thread_;
};

}  // namespace

std::unique_ptr<NumberSink> make_number_sink(int threads) {
  return std::make_unique<BatchingSink>(threads > 1);
}

}  // namespace px::xml
