#include "formats/collada/write/node_copies.h"

#include <cstring>

namespace px::collada {
namespace {

uint64_t pair_key(int a, int b) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(b);
}

}  // namespace

const std::string* string_extra(const Node& node, std::string_view key) {
  const Value* v = find_value(node.extras, key);
  return v != nullptr && v->is_string() ? &v->as_string() : nullptr;
}

bool values_equal(const Value& a, const Value& b) {
  if (a.v.index() != b.v.index()) return false;
  if (a.is_array()) {
    const ValueArray& x = a.as_array();
    const ValueArray& y = b.as_array();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (!values_equal(x[i], y[i])) return false;
    }
    return true;
  }
  if (a.is_map()) {
    const ValueMap& x = a.as_map();
    const ValueMap& y = b.as_map();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (x[i].first != y[i].first || !values_equal(x[i].second, y[i].second)) return false;
    }
    return true;
  }
  if (a.is_column()) {
    const Column& x = a.as_column();
    const Column& y = b.as_column();
    if (x.dtype != y.dtype || x.rows != y.rows || x.cols != y.cols) return false;
    size_t bytes = x.size() * dtype_size(x.dtype);
    return bytes == 0 || x.data == y.data || std::memcmp(x.data, y.data, bytes) == 0;
  }
  if (a.is_double()) {
    double x = std::get<double>(a.v), y = std::get<double>(b.v);
    return std::memcmp(&x, &y, sizeof x) == 0;  // a NaN equals the NaN it was copied from
  }
  if (a.is_bool()) return a.as_bool() == b.as_bool();
  if (a.is_int()) return a.as_int() == b.as_int();
  if (a.is_string()) return a.as_string() == b.as_string();
  return true;  // both null
}

CopyMatcher::CopyMatcher(const Scene& scene, const std::vector<std::vector<int>>& written_children,
                         const std::vector<NodePlan>& plans)
    : scene_(scene), written_children_(written_children), plans_(plans) {
  const Value* skins = find_value(scene.global_attrs, "skins");
  if (skins != nullptr && skins->is_array()) skins_ = &skins->as_array();
}

int CopyMatcher::resolved(int n) const { return plans_[n].copy_of >= 0 ? plans_[n].copy_of : n; }

std::vector<int> CopyMatcher::children_in_range(int n) const {
  std::vector<int> out;
  for (int c : scene_.nodes[n].children) {
    if (c >= 0 && static_cast<size_t>(c) < scene_.nodes.size()) out.push_back(c);
  }
  return out;
}

// A copy's skin is its own entry when it binds its own copy of the rig: it is the same skin when
// every joint (and the skeleton) is the original's or a node holding the same id and name, and
// every other key agrees.
bool CopyMatcher::skins_equal(const Value& a, const Value& b) const {
  if (values_equal(a, b)) return true;
  if (skins_ == nullptr || !a.is_int() || !b.is_int()) return false;
  int64_t sa = a.as_int(), sb = b.as_int();
  if (sa < 0 || sb < 0 || static_cast<size_t>(sa) >= skins_->size() ||
      static_cast<size_t>(sb) >= skins_->size()) {
    return false;
  }
  const Value& ea = (*skins_)[sa];
  const Value& eb = (*skins_)[sb];
  if (!ea.is_map() || !eb.is_map() || ea.as_map().size() != eb.as_map().size()) return false;
  auto same_node = [&](const Value& x, const Value& y) {
    if (values_equal(x, y)) return true;
    if (!x.is_int() || !y.is_int()) return false;
    int64_t i = x.as_int(), j = y.as_int();
    int64_t n = static_cast<int64_t>(scene_.nodes.size());
    if (i < 0 || j < 0 || i >= n || j >= n) return false;
    const std::string* id_i = string_extra(scene_.nodes[i], "id");
    const std::string* id_j = string_extra(scene_.nodes[j], "id");
    return id_i != nullptr && id_j != nullptr && *id_i == *id_j &&
           scene_.nodes[i].name == scene_.nodes[j].name;
  };
  const ValueMap& ma = ea.as_map();
  const ValueMap& mb = eb.as_map();
  for (size_t k = 0; k < ma.size(); ++k) {
    const auto& [key, va] = ma[k];
    const auto& [key_b, vb] = mb[k];
    if (key != key_b) return false;
    if (key == "skeleton") {
      if (!same_node(va, vb)) return false;
    } else if (key == "joints") {
      if (!va.is_array() || !vb.is_array() || va.as_array().size() != vb.as_array().size()) {
        return false;
      }
      for (size_t j = 0; j < va.as_array().size(); ++j) {
        if (!same_node(va.as_array()[j], vb.as_array()[j])) return false;
      }
    } else if (!values_equal(va, vb)) {
      return false;
    }
  }
  return true;
}

bool CopyMatcher::extras_equal(const ValueMap& a, const ValueMap& b) const {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].first != b[i].first) return false;
    bool same = a[i].first == "skin" ? skins_equal(a[i].second, b[i].second)
                                     : values_equal(a[i].second, b[i].second);
    if (!same) return false;
  }
  return true;
}

bool CopyMatcher::shallow_equal(int a, int b) const {
  const Node& x = scene_.nodes[a];
  const Node& y = scene_.nodes[b];
  return x.name == y.name && x.mesh == y.mesh &&
         std::memcmp(x.matrix.data(), y.matrix.data(), sizeof(double) * 16) == 0 &&
         children_in_range(a).size() == written_children_[b].size() &&
         extras_equal(x.extras, y.extras);
}

bool CopyMatcher::matches(int candidate, int original) {
  struct Frame {
    int copy, original;
    std::vector<int> copies;
    size_t next = 0;
  };
  // Compares the pair's own values; a pair already compared answers from what is known.
  auto start = [&](int a, int b, std::vector<Frame>& stack) -> int {  // 1 equal, 0 not, -1 open
    if (a == b) return 1;
    if (auto it = known_.find(pair_key(a, b)); it != known_.end()) return it->second ? 1 : 0;
    if (!shallow_equal(a, b)) {
      known_[pair_key(a, b)] = false;
      return 0;
    }
    stack.push_back({a, b, children_in_range(a)});
    return -1;
  };
  std::vector<Frame> stack;
  int first = start(candidate, resolved(original), stack);
  if (first >= 0) return first == 1;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const std::vector<int>& originals = written_children_[f.original];
    if (f.next == f.copies.size()) {
      known_[pair_key(f.copy, f.original)] = true;
      stack.pop_back();
      continue;
    }
    int a = f.copies[f.next];
    int b = resolved(originals[f.next]);
    ++f.next;
    if (start(a, b, stack) == 0) {
      // Every pair still open holds the one that differs.
      for (const Frame& open : stack) known_[pair_key(open.copy, open.original)] = false;
      return false;
    }
  }
  return true;
}

}  // namespace px::collada
