#include "polyxios/diagnostics.h"

#include <mutex>

#include "engine/strings.h"

namespace px {

struct Diagnostics::Listening {
  std::mutex mutex;
  Listener listener;
  HashSet<std::string> told;  // code + '\n' + message

  void tell(const std::string& key, const Diagnostic& entry) {
    std::lock_guard<std::mutex> lock(mutex);
    if (told.insert(key).second) listener(entry);
  }
};

void Diagnostics::warn(std::string_view code, std::string message, int64_t line) {
  add(Severity::kWarning, code, std::move(message), line);
}

void Diagnostics::info(std::string_view code, std::string message, int64_t line) {
  add(Severity::kInfo, code, std::move(message), line);
}

void Diagnostics::add(Severity severity, std::string_view code, std::string message, int64_t line) {
  std::string key = cat(code, "\n", message);
  auto [it, inserted] = index_.try_emplace(std::move(key), entries_.size());
  if (!inserted) {
    ++entries_[it->second].count;
    return;
  }
  entries_.push_back(Diagnostic{std::string(code), severity, std::move(message), line, 1});
  if (listening_) listening_->tell(it->first, entries_.back());
}

void Diagnostics::merge(const Diagnostics& other) {
  for (const Diagnostic& d : other.entries_) {
    auto [it, inserted] = index_.try_emplace(cat(d.code, "\n", d.message), entries_.size());
    if (inserted) {
      entries_.push_back(d);
      if (listening_) listening_->tell(it->first, d);
    } else {
      entries_[it->second].count += d.count;
    }
  }
}

void Diagnostics::set_listener(Listener listener) {
  listening_ = std::make_shared<Listening>();
  listening_->listener = std::move(listener);
  for (const auto& [key, _] : index_) listening_->told.insert(key);  // not news
}

Diagnostics Diagnostics::sharing_listener() const {
  Diagnostics apart;
  apart.listening_ = listening_;
  return apart;
}

int64_t Diagnostics::count(std::string_view code) const {
  int64_t n = 0;
  for (const Diagnostic& d : entries_) {
    if (d.code == code) n += d.count;
  }
  return n;
}

int64_t Diagnostics::warning_count() const {
  int64_t n = 0;
  for (const Diagnostic& d : entries_) {
    if (d.severity == Severity::kWarning) n += d.count;
  }
  return n;
}

std::vector<std::pair<std::string, int64_t>> Diagnostics::counts_by_code() const {
  std::vector<std::pair<std::string, int64_t>> out;
  HashMap<std::string_view, size_t> where;
  for (const Diagnostic& d : entries_) {
    auto [it, inserted] = where.try_emplace(d.code, out.size());
    if (inserted) out.emplace_back(d.code, 0);
    out[it->second].second += d.count;
  }
  return out;
}

}  // namespace px
