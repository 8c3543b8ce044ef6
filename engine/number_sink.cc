#include "engine/number_sink.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <condition_variable>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

#include "engine/errors.h"
#include "engine/numbers.h"
#include "engine/strings.h"
#include "engine/text_buffer.h"
#include "model/memory_budget.h"

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
  return refuse("number.not-a-number", element->name,
                first_line + static_cast<int64_t>(newlines),
                cat("\"", shown, "\" is not ", integer ? "an integer" : "a number",
                    integer ? "" : " (a decimal comma is refused)"));
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

// The parser's side copies each piece into the open batch of text and jobs; a full batch is
// decoded at once (inline) or handed to a decoding thread that works through batches in order
// (threaded). Every text job ends at a token boundary: a token a piece cut waits in its array's
// carry for the array's next piece. Copying even inline lets tokens be read eight bytes at a time
// from a padded buffer instead of from expat's pieces, one line each.
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
  }
  ~BatchingSink() override {
    if (!finished_) finish(true).IgnoreError();
  }

  void begin(NumberArray& array, size_t reserve) override {
    add_job(Job{Job::kBegin, &array, reserve, 0, {}});
  }

  void text(NumberArray& array, std::string_view piece) override {
    if (open_text_ != &array) open_text_job(array);
    open_->text.append(piece);
    // Shipped once full, at a piece that ends a token (else the cut would have none to make).
    if (open_->text.size() >= kBatchBytes && whole_tokens_end(piece) > 0) ship();
  }

  void end(NumberArray& array) override {
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
    return status_;
  }

 private:
  static constexpr size_t kBatchBytes = size_t{64} << 10;
  static constexpr size_t kBatchJobs = 4096;
  static constexpr size_t kBatches = 8;
  // Spaces after a batch's text: room for the scanner's eight-byte loads past the last token.
  static constexpr size_t kPadding = 64;

  struct Job {
    enum Kind { kBegin, kText, kEnd, kTask } kind;
    NumberArray* array;
    size_t begin;  // kText: the range of the batch's text; kBegin: values to reserve
    size_t end;
    std::function<void()> task;
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
      try {
        run(batch, job, readable_end);
      } catch (const MemoryLimitExceeded& e) {
        status_ = memory_limit_exceeded(e.limit());
      } catch (const std::bad_alloc&) {
        status_ = out_of_memory("decoding numbers");
      }
      if (!status_.ok()) failed_.store(true, std::memory_order_relaxed);
    }
  }

  void run(const Batch& batch, Job& job, const char* readable_end) {
    switch (job.kind) {
      case Job::kBegin:
        job.array->reserve(job.begin);
        return;
      case Job::kText:
        status_ = job.array->decode(batch.text.view().substr(job.begin, job.end - job.begin),
                                    readable_end);
        return;
      case Job::kEnd:
        job.array->publish();
        return;
      case Job::kTask:
        if (!cancel_tasks_.load(std::memory_order_relaxed)) job.task();
        return;
    }
  }

  bool threaded_;
  bool finished_ = false;

  // The parser's side.
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
};

}  // namespace

std::unique_ptr<NumberSink> make_number_sink(int threads) {
  return std::make_unique<BatchingSink>(threads > 1);
}

}  // namespace px::xml
