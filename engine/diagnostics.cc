#include "polyxios/diagnostics.h"

#include "engine/strings.h"

namespace px {

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
}

void Diagnostics::merge(const Diagnostics& other) {
  for (const Diagnostic& d : other.entries_) {
    auto [it, inserted] = index_.try_emplace(cat(d.code, "\n", d.message), entries_.size());
    if (inserted) {
      entries_.push_back(d);
    } else {
      entries_[it->second].count += d.count;
    }
  }
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
