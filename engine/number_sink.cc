#include "engine/number_sink.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "engine/errors.h"
#include "engine/numbers.h"
#include "engine/strings.h"

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

absl::Status NumberArray::decode(std::string_view text) {
  BadToken bad;
  bool ok = mode == TextMode::kFloat32   ? scan_numbers(text, floats, &newlines, &bad)
            : mode == TextMode::kFloat64 ? scan_numbers(text, doubles, &newlines, &bad)
                                         : scan_numbers(text, ints, &newlines, &bad);
  if (ok) return absl::OkStatus();
  const bool integer = mode == TextMode::kInt32;
  std::string shown(text.substr(bad.offset, std::min<size_t>(bad.length, 40)));
  return refuse("number.not-a-number", element->name,
                first_line + static_cast<int64_t>(newlines),
                cat("\"", shown, "\" is not ", integer ? "an integer" : "a number",
                    integer ? "" : " (a decimal comma is refused)"));
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

// Decodes each piece as it arrives, carrying a cut token to the next.
class InlineSink final : public NumberSink {
 public:
  void begin(NumberArray& array, size_t reserve) override { array.reserve(reserve); }

  void text(NumberArray& array, std::string_view piece) override {
    if (!status_.ok()) return;
    if (!array.carry.empty()) {
      size_t i = 0;
      while (i < piece.size() && !is_xml_space(piece[i])) ++i;
      array.carry.append(piece.data(), i);
      if (i == piece.size()) return;
      decode(array, array.carry);
      array.carry.clear();
      piece.remove_prefix(i);
    }
    size_t whole = whole_tokens_end(piece);
    decode(array, piece.substr(0, whole));
    array.carry.assign(piece.substr(whole));
  }

  void end(NumberArray& array) override {
    if (!status_.ok()) return;
    decode(array, array.carry);
    array.carry.clear();
    array.carry.shrink_to_fit();
    array.publish();
  }

  void after(std::function<void()> task) override {
    if (status_.ok()) task();
  }
  bool failed() const override { return !status_.ok(); }
  absl::Status finish(bool) override { return status_; }

 private:
  void decode(NumberArray& array, std::string_view text) {
    if (status_.ok() && !text.empty()) status_ = array.decode(text);
  }
  absl::Status status_;
};

// The parser's side copies each piece into the open batch; full batches go to a decoding thread
// that works through their jobs in order. Every text job ends at a token boundary: the cut token
// waits in its array's carry for the array's next piece.
class ThreadedSink final : public NumberSink {
 public:
  ThreadedSink() {
    for (Batch& b : batches_) free_.push_back(&b);
    open_ = take_free();
    thread_ = std::thread([this] { decode_loop(); });
  }
  ~ThreadedSink() override {
    if (thread_.joinable()) finish(true).IgnoreError();
  }

  void begin(NumberArray& array, size_t reserve) override {
    add_job(Job{Job::kBegin, &array, reserve, 0, {}});
  }

  void text(NumberArray& array, std::string_view piece) override {
    if (open_text_ != &array) {
      close_text();
      open_text_ = &array;
      text_begin_ = open_->text.size();
      text_cut_ = text_begin_;
      open_->text.append(array.carry);
      array.carry.clear();
    }
    open_->text.append(piece);
    size_t whole = whole_tokens_end(piece);
    if (whole > 0) text_cut_ = open_->text.size() - piece.size() + whole;
    if (open_->text.size() >= kBatchBytes && text_cut_ > text_begin_) ship();
  }

  void end(NumberArray& array) override {
    if (open_text_ == &array) {
      add_text_job(open_->text.size());  // the end tag ends the last token
      open_text_ = nullptr;
    } else if (!array.carry.empty()) {
      size_t begin = open_->text.size();
      open_->text.append(array.carry);
      array.carry.clear();
      open_->jobs.push_back(Job{Job::kText, &array, begin, open_->text.size(), {}});
    }
    array.carry.shrink_to_fit();
    add_job(Job{Job::kEnd, &array, 0, 0, {}});
  }

  void after(std::function<void()> task) override {
    add_job(Job{Job::kTask, nullptr, 0, 0, std::move(task)});
  }

  bool failed() const override { return failed_.load(std::memory_order_relaxed); }

  absl::Status finish(bool cancel_tasks) override {
    if (cancel_tasks) cancel_tasks_.store(true, std::memory_order_relaxed);
    close_text();
    ship();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    ready_cv_.notify_one();
    thread_.join();
    return status_;
  }

 private:
  static constexpr size_t kBatchBytes = size_t{64} << 10;
  static constexpr size_t kBatchJobs = 4096;
  static constexpr size_t kBatches = 8;

  struct Job {
    enum Kind { kBegin, kText, kEnd, kTask } kind;
    NumberArray* array;
    size_t begin;  // kText: the range of the batch's text; kBegin: values to reserve
    size_t end;
    std::function<void()> task;
  };
  struct Batch {
    std::string text;
    std::vector<Job> jobs;
  };

  void add_job(Job job) {
    close_text();
    open_->jobs.push_back(std::move(job));
    if (open_->text.size() >= kBatchBytes || open_->jobs.size() >= kBatchJobs) ship();
  }

  // Ends the open text job at its last token boundary; the rest waits in the array's carry.
  void close_text() {
    if (open_text_ == nullptr) return;
    open_text_->carry.assign(open_->text, text_cut_, std::string::npos);
    open_->text.resize(text_cut_);
    add_text_job(text_cut_);
    open_text_ = nullptr;
  }
  void add_text_job(size_t end) {
    if (end > text_begin_) {
      open_->jobs.push_back(Job{Job::kText, open_text_, text_begin_, end, {}});
    }
  }

  // Hands the open batch to the decoding thread and opens an empty one. An open text job goes on
  // in the new batch with its cut token.
  void ship() {
    NumberArray* continuing = open_text_;
    close_text();
    if (!open_->jobs.empty()) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        ready_.push_back(open_);
      }
      ready_cv_.notify_one();
      open_ = take_free();
    }
    if (continuing != nullptr) {
      open_text_ = continuing;
      text_begin_ = text_cut_ = 0;
      open_->text.append(continuing->carry);
      continuing->carry.clear();
    }
  }

  Batch* take_free() {
    std::unique_lock<std::mutex> lock(mutex_);
    free_cv_.wait(lock, [&] { return !free_.empty(); });
    Batch* b = free_.back();
    free_.pop_back();
    b->text.clear();
    b->jobs.clear();
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
      for (Job& job : batch->jobs) run(*batch, job);
      batch->jobs.clear();  // tasks' captures go now, on this thread
      {
        std::lock_guard<std::mutex> lock(mutex_);
        free_.push_back(batch);
      }
      free_cv_.notify_one();
    }
  }

  void run(const Batch& batch, Job& job) {
    if (!status_.ok()) return;
    try {
      switch (job.kind) {
        case Job::kBegin:
          job.array->reserve(job.begin);
          return;
        case Job::kText:
          status_ = job.array->decode(
              std::string_view(batch.text).substr(job.begin, job.end - job.begin));
          if (!status_.ok()) failed_.store(true, std::memory_order_relaxed);
          return;
        case Job::kEnd:
          job.array->publish();
          return;
        case Job::kTask:
          if (!cancel_tasks_.load(std::memory_order_relaxed)) job.task();
          return;
      }
    } catch (const std::bad_alloc&) {
      status_ = out_of_memory("decoding numbers");
      failed_.store(true, std::memory_order_relaxed);
    }
  }

  // The parser's side.
  Batch* open_ = nullptr;
  NumberArray* open_text_ = nullptr;  // the array whose text job is open at the batch's end
  size_t text_begin_ = 0;             // where that job's text begins in the batch
  size_t text_cut_ = 0;               // just past its last white space: its whole tokens end

  // Shared.
  std::mutex mutex_;
  std::condition_variable ready_cv_;
  std::condition_variable free_cv_;
  std::vector<Batch*> ready_;
  std::vector<Batch*> free_;
  bool stopping_ = false;
  std::atomic<bool> failed_{false};
  std::atomic<bool> cancel_tasks_{false};
  Batch batches_[kBatches];

  // The decoding thread's; read by the parser's side after join.
  absl::Status status_;
  std::thread thread_;
};

}  // namespace

std::unique_ptr<NumberSink> make_number_sink(int threads) {
  if (threads <= 1) return std::make_unique<InlineSink>();
  return std::make_unique<ThreadedSink>();
}

}  // namespace px::xml
