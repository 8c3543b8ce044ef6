#include "tests/roundtrip/collada_compare.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "engine/strings.h"

namespace px::testing {
namespace {

constexpr size_t kMaxDifferences = 20;

const Value* extra(const Node& n, std::string_view key) { return find_value(n.extras, key); }

std::string id_of(const Node& n) {
  const Value* id = extra(n, "id");
  return id != nullptr && id->is_string() ? id->as_string() : "";
}

// Pairs the children lists `b` (of before) and `a` (of after): the same position when the names
// agree, else the first unpaired child of the same name, else the same position.
void pair_lists(const Scene& before, const Scene& after, const std::vector<int>& b,
                const std::vector<int>& a, std::vector<int>& pairs, std::vector<bool>& used) {
  std::vector<int> chosen(b.size(), -1);
  std::vector<bool> taken(a.size(), false);
  auto valid = [&](int i, const std::vector<int>& list) {
    return i >= 0 && static_cast<size_t>(i) < list.size();
  };
  auto usable = [&](size_t k) {
    return !taken[k] && a[k] >= 0 && static_cast<size_t>(a[k]) < after.nodes.size() && !used[a[k]];
  };
  for (size_t i = 0; i < b.size(); ++i) {
    if (b[i] < 0 || static_cast<size_t>(b[i]) >= before.nodes.size()) continue;
    const Node& x = before.nodes[b[i]];
    if (valid(static_cast<int>(i), a) && usable(i) && after.nodes[a[i]].name == x.name) {
      chosen[i] = static_cast<int>(i);
    } else {
      for (size_t k = 0; k < a.size(); ++k) {
        if (usable(k) && after.nodes[a[k]].name == x.name &&
            (id_of(x).empty() || id_of(x) == id_of(after.nodes[a[k]]))) {
          chosen[i] = static_cast<int>(k);
          break;
        }
      }
    }
    if (chosen[i] >= 0) taken[chosen[i]] = true;
  }
  for (size_t i = 0; i < b.size(); ++i) {
    if (chosen[i] < 0 && valid(static_cast<int>(i), a) && usable(i)) {
      chosen[i] = static_cast<int>(i);
      taken[i] = true;
    }
  }
  for (size_t i = 0; i < b.size(); ++i) {
    if (chosen[i] < 0 || b[i] < 0 || static_cast<size_t>(b[i]) >= before.nodes.size()) continue;
    const int x = b[i], y = a[chosen[i]];
    if (pairs[x] >= 0) continue;
    pairs[x] = y;
    used[y] = true;
    pair_lists(before, after, before.nodes[x].children, after.nodes[y].children, pairs, used);
  }
}

// World matrices along the first parent of each node.
std::vector<Eigen::Matrix4d> worlds(const Scene& s) {
  std::vector<int> parent(s.nodes.size(), -1);
  for (size_t i = 0; i < s.nodes.size(); ++i) {
    for (int c : s.nodes[i].children) {
      if (c >= 0 && static_cast<size_t>(c) < s.nodes.size() && parent[c] < 0) {
        parent[c] = static_cast<int>(i);
      }
    }
  }
  std::vector<Eigen::Matrix4d> out(s.nodes.size());
  std::vector<int> state(s.nodes.size(), 0);  // 0 unknown, 1 in progress, 2 done
  auto world = [&](auto&& self, int n) -> const Eigen::Matrix4d& {
    if (state[n] == 2) return out[n];
    state[n] = 1;
    const int p = parent[n];
    out[n] = p >= 0 && state[p] != 1 ? Eigen::Matrix4d(self(self, p) * s.nodes[n].matrix)
                                     : s.nodes[n].matrix;
    state[n] = 2;
    return out[n];
  };
  for (size_t i = 0; i < s.nodes.size(); ++i) world(world, static_cast<int>(i));
  return out;
}

const Skin* skin_of(const Scene& s, const Node& n) {
  return n.skin >= 0 && static_cast<size_t>(n.skin) < s.skins.size() ? &s.skins[n.skin] : nullptr;
}

// What a corner carries, per attribute, in before's terms.
struct Attribute {
  std::string label;
  const NamedColumn* x = nullptr;
  const NamedColumn* y = nullptr;
  enum Kind { kPlain, kColor, kTangentXyz, kBitangent } kind = kPlain;
  const NamedColumn* x_normals = nullptr;  // kBitangent
};

double color_scale(const Column& c) {
  switch (c.dtype) {
    case DType::kUInt8:
    case DType::kInt8:
      return 255;
    case DType::kUInt16:
    case DType::kInt16:
      return 65535;
    default:
      return 1;
  }
}

class Comparer {
 public:
  Comparer(const Scene& before, const Scene& after, const std::vector<int>& pairs,
           const ThroughColladaOptions& options)
      : b_(before), a_(after), pairs_(pairs), options_(options), inverse_(after.nodes.size(), -1) {
    for (size_t i = 0; i < pairs.size(); ++i) {
      if (pairs[i] >= 0) inverse_[pairs[i]] = static_cast<int>(i);
    }
  }

  std::vector<Difference> differences;

  void note(DifferenceKind kind, std::string_view where, std::string what) {
    if (differences.size() < kMaxDifferences) differences.push_back({kind, cat(where, ": ", what)});
  }

  bool close(double x, double y) const {
    if (x == y) return true;  // infinities of one sign too
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    return std::abs(x - y) <= options_.tolerance * std::max({1.0, std::abs(x), std::abs(y)});
  }

  void nodes() {
    const std::vector<Eigen::Matrix4d> wb = worlds(b_), wa = worlds(a_);
    std::vector<bool> reached(b_.nodes.size(), false);
    auto reach = [&](auto&& self, int n) -> void {
      if (n < 0 || static_cast<size_t>(n) >= b_.nodes.size() || reached[n]) return;
      reached[n] = true;
      for (int c : b_.nodes[n].children) self(self, c);
    };
    for (const std::vector<int>& roots : b_.scenes) {
      for (int r : roots) reach(reach, r);
    }
    for (size_t i = 0; i < b_.nodes.size(); ++i) {
      const Node& x = b_.nodes[i];
      const std::string at = cat("node ", i, " '", x.name, "'");
      if (pairs_[i] < 0) {
        if (reached[i])
          note(DifferenceKind::kNode, at,
               "reached by a scene but not paired with a node read back");
        continue;
      }
      const Node& y = a_.nodes[pairs_[i]];
      if (!x.name.empty() && x.name != y.name)
        note(DifferenceKind::kNode, at, cat("named '", y.name, "' after"));
      for (int k = 0; k < 16; ++k) {
        if (!close(wb[i](k % 4, k / 4), wa[pairs_[i]](k % 4, k / 4))) {
          note(DifferenceKind::kNode, at,
               cat("world matrix [", k % 4, "][", k / 4, "] ", wb[i](k % 4, k / 4), " vs ",
                   wa[pairs_[i]](k % 4, k / 4)));
          break;
        }
      }
      if ((x.mesh >= 0) != (y.mesh >= 0)) {
        note(DifferenceKind::kGeometry, at, x.mesh >= 0 ? "lost its mesh" : "gained a mesh");
      } else if (x.mesh >= 0 && static_cast<size_t>(x.mesh) < b_.meshes.size() &&
                 static_cast<size_t>(y.mesh) < a_.meshes.size()) {
        if (compared_.insert({x.mesh, y.mesh}).second) mesh(at, x, y);
      }
      skin(at, x, y);
    }
  }

 private:
  // The skin's joints as before's nodes, and its inverse bind matrices, of the node's skin.
  void skin(const std::string& at, const Node& x, const Node& y) {
    const Skin* sx = skin_of(b_, x);
    const Skin* sy = skin_of(a_, y);
    if (sx == nullptr) return;
    const std::vector<int>& jx = sx->joints;
    for (int j : jx) {
      // A skin whose joints are not written nodes is not written (with a warning).
      if (j < 0 || static_cast<size_t>(j) >= pairs_.size() || pairs_[j] < 0) return;
    }
    if (sy == nullptr) return note(DifferenceKind::kSkin, at, "its skin was not read back");
    std::vector<int> jy_as_before;
    for (int j : sy->joints) {
      jy_as_before.push_back(j >= 0 && static_cast<size_t>(j) < inverse_.size() ? inverse_[j] : -1);
    }
    if (jx != jy_as_before) return note(DifferenceKind::kSkin, at, "skin joints are other nodes");
    if (!sx->inverse_bind_matrices) return;  // undecoded: identities, or not written
    if (!sy->inverse_bind_matrices) {
      return note(DifferenceKind::kSkin, at, "inverse bind matrices lost");
    }
    const Column& cx = *sx->inverse_bind_matrices;
    const Column& cy = *sy->inverse_bind_matrices;
    if (cx.rows != cy.rows || cx.cols != cy.cols)
      return note(DifferenceKind::kSkin, at, "inverse bind matrices reshaped");
    for (size_t r = 0; r < cx.rows; ++r) {
      for (size_t c = 0; c < cx.cols; ++c) {
        if (!close(cx.get(r, c), cy.get(r, c))) {
          return note(DifferenceKind::kSkin, at,
                      cat("inverse bind matrix of joint ", r, "[", c, "] ", cx.get(r, c), " vs ",
                          cy.get(r, c)));
        }
      }
    }
  }

  std::vector<Attribute> attributes(const std::string& at, const Mesh& x, const Mesh& y) {
    std::vector<Attribute> out;
    for (const NamedColumn& c : x.point_data) {
      const std::string& name = c.name;
      const bool set_kind =
          name == "normals" || name.starts_with("texcoords") || name.starts_with("colors");
      if (set_kind) {
        const NamedColumn* other = y.find_point_data(name);
        if (other == nullptr) {
          note(DifferenceKind::kGeometry, at, cat(name, " not read back"));
          continue;
        }
        out.push_back(
            {name, &c, other, name.starts_with("colors") ? Attribute::kColor : Attribute::kPlain});
      } else if (name == "tangents" && c.column.cols == 4) {
        if (const NamedColumn* t = y.find_point_data("tangents")) {
          out.push_back({name, &c, t, Attribute::kPlain});
          continue;
        }
        const NamedColumn* t = y.find_point_data("textangent");
        if (t == nullptr) {
          note(DifferenceKind::kGeometry, at, "tangents not read back as a textangent");
          continue;
        }
        out.push_back({"textangent", &c, t, Attribute::kTangentXyz});
        const NamedColumn* n = x.find_point_data("normals");
        if (n != nullptr && n->column.cols == 3) {
          const NamedColumn* bt = y.find_point_data("texbinormal");
          if (bt == nullptr) {
            note(DifferenceKind::kGeometry, at,
                 "the tangents' bitangent not read back as a texbinormal");
          } else {
            out.push_back({"texbinormal", &c, bt, Attribute::kBitangent, n});
          }
        }
      }
    }
    return out;
  }

  // One corner's values of an attribute, in before's terms.
  static std::vector<double> values(const Attribute& a, bool before_side, uint32_t p) {
    const Column& c = before_side ? a.x->column : a.y->column;
    std::vector<double> out;
    if (p >= c.rows) return {NAN};
    if (!before_side || a.kind == Attribute::kPlain || a.kind == Attribute::kColor) {
      const double scale = a.kind == Attribute::kColor ? color_scale(c) : 1;
      for (size_t k = 0; k < c.cols; ++k) out.push_back(c.get(p, k) / scale);
      return out;
    }
    const double t[3] = {c.get(p, 0), c.get(p, 1), c.get(p, 2)};
    if (a.kind == Attribute::kTangentXyz) return {t[0], t[1], t[2]};
    const Column& n = a.x_normals->column;
    if (p >= n.rows) return {NAN};
    const double w = c.get(p, 3) < 0 ? -1 : 1;
    const double v[3] = {n.get(p, 0), n.get(p, 1), n.get(p, 2)};
    return {w * (v[1] * t[2] - v[2] * t[1]), w * (v[2] * t[0] - v[0] * t[2]),
            w * (v[0] * t[1] - v[1] * t[0])};
  }

  // The skin influences of a point, as (before's joint node, weight) with weight > 0, sorted.
  struct Influences {
    const NamedColumn* joints = nullptr;  // set 0's
    const NamedColumn* weights = nullptr;
    // Every set: joints / weights, then joints_1 / weights_1 and on (a glTF read's JOINTS_n).
    std::vector<std::pair<const Column*, const Column*>> sets;
    std::vector<int> joint_nodes;  // in before's numbering
  };
  Influences influences_of(const Mesh& m, const Node& node, const Scene& s, bool before_side) {
    Influences out;
    const Skin* skin = skin_of(s, node);
    out.joints = m.find_point_data("joints");
    out.weights = m.find_point_data("weights");
    if (skin == nullptr || out.joints == nullptr || out.weights == nullptr) return {};
    for (size_t set = 0;; ++set) {
      const std::string suffix = set == 0 ? "" : cat("_", set);
      const NamedColumn* j = m.find_point_data(cat("joints", suffix));
      const NamedColumn* w = m.find_point_data(cat("weights", suffix));
      if (j == nullptr || w == nullptr) break;
      out.sets.emplace_back(&j->column, &w->column);
    }
    for (int j : skin->joints) {
      if (!before_side) j = j >= 0 && static_cast<size_t>(j) < inverse_.size() ? inverse_[j] : -1;
      out.joint_nodes.push_back(j);
    }
    return out;
  }
  static std::vector<std::pair<int, double>> influence(const Influences& in, uint32_t p) {
    std::vector<std::pair<int, double>> out;
    if (in.joints == nullptr) return out;
    for (const auto& [jc, wc] : in.sets) {
      const Column& j = *jc;
      const Column& w = *wc;
      if (p >= j.rows || p >= w.rows) return {{-2, NAN}};
      for (size_t k = 0; k < std::min(j.cols, w.cols); ++k) {
        const double weight = w.get(p, k);
        if (!(weight > 0)) continue;
        const double joint = j.get(p, k);
        const int node = joint >= 0 && joint < in.joint_nodes.size() ? in.joint_nodes[joint] : -1;
        out.emplace_back(node, weight);
      }
    }
    // The COLLADA write takes every set; its read keeps a point's four heaviest influences,
    // renormalised (spec collada.md R40): both sides are compared as that read keeps them.
    if (out.size() > 4) {
      std::stable_sort(out.begin(), out.end(),
                       [](const auto& a, const auto& b) { return a.second > b.second; });
      out.resize(4);
      double sum = 0;
      for (const auto& i : out) sum += i.second;
      for (auto& i : out) i.second /= sum;
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  struct Cell {
    CellType type;
    int material;
    IndexSpan corners;
  };

  // before's cells in the order the COLLADA writer writes them (see the header).
  static std::vector<Cell> expected_cells(const Mesh& x) {
    std::vector<Cell> cells;
    std::span<const int32_t> materials = x.materials();
    bool polylist = false;
    for (CellType t : x.cell_types) polylist |= t == CellType::kQuad || t == CellType::kPolygon;
    std::vector<std::pair<int, int>> order;  // (block, material) in first-occurrence order
    std::vector<std::vector<Cell>> groups;
    for (size_t i = 0; i < x.num_cells(); ++i) {
      CellType t = x.cell_types[i];
      if (t == CellType::kVertex) continue;  // points are skipped with a warning
      IndexSpan corners = x.cell(i);
      if (t == CellType::kPolygon && corners.size() == 3) t = CellType::kTriangle;
      if (t == CellType::kPolygon && corners.size() == 4) t = CellType::kQuad;
      const bool in_polylist =
          polylist && (t == CellType::kTriangle || t == CellType::kQuad || t == CellType::kPolygon);
      const int block = in_polylist ? 0 : static_cast<int>(t);
      const int material = i < materials.size() ? materials[i] : -1;
      auto it = std::find(order.begin(), order.end(), std::pair(block, material));
      if (it == order.end()) {
        order.emplace_back(block, material);
        groups.emplace_back();
        it = order.end() - 1;
      }
      groups[it - order.begin()].push_back({t, material, corners});
    }
    for (std::vector<Cell>& g : groups) cells.insert(cells.end(), g.begin(), g.end());
    return cells;
  }

  static std::vector<Cell> cells_of(const Mesh& y) {
    std::vector<Cell> cells;
    std::span<const int32_t> materials = y.materials();
    for (size_t i = 0; i < y.num_cells(); ++i) {
      if (y.cell_types[i] == CellType::kVertex) continue;  // as in expected_cells
      cells.push_back({y.cell_types[i], i < materials.size() ? materials[i] : -1, y.cell(i)});
    }
    return cells;
  }

  // A cell as text: its type, its material's values and its corners' values (rounded), for the
  // multiset comparison.
  std::string key(const Cell& c, bool before_side, const Mesh& m, const std::vector<Attribute>& at,
                  const Influences& in) {
    std::string out =
        cat(static_cast<int>(c.type), "|", material_key(before_side ? b_ : a_, c.material), "|");
    auto add = [&](double v) { out += cat(std::round(v * 1e4) / 1e4, ","); };
    for (uint32_t p : c.corners) {
      for (size_t k = 0; k < 3; ++k) add(p < m.points.rows ? m.points.get(p, k) : NAN);
      for (const Attribute& a : at) {
        for (double v : values(a, before_side, p)) add(v);
      }
      for (const auto& [node, w] : influence(in, p)) out += cat(node, ":"), add(w);
      out += ";";
    }
    return out;
  }

  // What material_difference compares (the images its textures reach too), so that elements whose
  // materials differ only there are not taken for the same elements in another order.
  std::string material_key(const Scene& s, int m) {
    const Material fallback;
    const Material& x =
        m >= 0 && static_cast<size_t>(m) < s.materials.size() ? s.materials[m] : fallback;
    std::string out;
    for (double v : x.base_color) out += cat(std::round(v * 1e4), ",");
    for (double v : x.emissive) out += cat(std::round(v * 1e4), ",");
    out += cat(x.metallic, ",", x.roughness, ",", static_cast<int>(x.alpha_mode), ",",
               x.alpha_mode == AlphaMode::kMask ? x.alpha_cutoff : 0, ",", x.double_sided);
    for (const TextureRef* t : {&x.base_color_texture, &x.metallic_roughness_texture,
                                &x.normal_texture, &x.occlusion_texture, &x.emissive_texture}) {
      out += cat(",", image_of(s, *t));
    }
    return out;
  }

  void mesh(const std::string& node_at, const Node& node_x, const Node& node_y) {
    const Mesh& x = b_.meshes[node_x.mesh];
    const Mesh& y = a_.meshes[node_y.mesh];
    const std::string at = cat(node_at, " mesh ", node_x.mesh);
    std::vector<Attribute> at_list = attributes(at, x, y);
    const Influences ix = influences_of(x, node_x, b_, true);
    const Influences iy = influences_of(y, node_y, a_, false);
    if (ix.joints != nullptr && iy.joints == nullptr) {
      note(DifferenceKind::kSkin, at, "skin influences not read back");
    }
    const std::vector<Cell> cx = expected_cells(x), cy = cells_of(y);
    if (cx.empty() && cy.empty()) {
      // A point cloud keeps its positions, as a <mesh> without primitives.
      bool same = x.points.rows == y.points.rows;
      for (size_t r = 0; same && r < x.points.rows; ++r) {
        for (size_t c = 0; same && c < 3; ++c) same = close(x.points.get(r, c), y.points.get(r, c));
      }
      if (!same)
        note(DifferenceKind::kGeometry, at, "the positions of a mesh without elements differ");
      return;
    }
    if (cx.size() != cy.size()) {
      return note(DifferenceKind::kGeometry, at, cat(cx.size(), " elements vs ", cy.size()));
    }
    std::string first;  // the first difference, of first_kind
    DifferenceKind first_kind = DifferenceKind::kGeometry;
    for (size_t i = 0; i < cx.size() && first.empty(); ++i) {
      const Cell &p = cx[i], &q = cy[i];
      if (p.type != q.type || p.corners.size() != q.corners.size()) {
        first = cat("element ", i, ": type ", static_cast<int>(p.type), " of ", p.corners.size(),
                    " vs ", static_cast<int>(q.type), " of ", q.corners.size());
        break;
      }
      if (std::string d = material(p.material, q.material); !d.empty()) {
        first = cat("element ", i, ": material ", d);
        first_kind = DifferenceKind::kMaterial;
        break;
      }
      for (size_t k = 0; k < p.corners.size() && first.empty(); ++k) {
        const uint32_t u = p.corners[k], v = q.corners[k];
        for (size_t c = 0; c < 3 && first.empty(); ++c) {
          const double vx = u < x.points.rows ? x.points.get(u, c) : NAN;
          const double vy = v < y.points.rows ? y.points.get(v, c) : NAN;
          if (!close(vx, vy))
            first = cat("element ", i, " corner ", k, ": position ", vx, " vs ", vy);
        }
        for (const Attribute& a : at_list) {
          if (!first.empty()) break;
          const std::vector<double> vx = values(a, true, u), vy = values(a, false, v);
          bool same = vx.size() == vy.size();
          for (size_t c = 0; same && c < vx.size(); ++c) same = close(vx[c], vy[c]);
          if (!same) {
            first = cat("element ", i, " corner ", k, ": ", a.label, " ", vx.empty() ? 0 : vx[0],
                        ".. (", vx.size(), ") vs ", vy.empty() ? 0 : vy[0], ".. (", vy.size(), ")");
          }
        }
        if (first.empty() && ix.joints != nullptr && iy.joints != nullptr) {
          const auto fx = influence(ix, u), fy = influence(iy, v);
          bool same = fx.size() == fy.size();
          for (size_t c = 0; same && c < fx.size(); ++c) {
            same = fx[c].first == fy[c].first && close(fx[c].second, fy[c].second);
          }
          if (!same) {
            first = cat("element ", i, " corner ", k, ": skin influences differ");
            first_kind = DifferenceKind::kSkin;
          }
        }
      }
    }
    if (first.empty()) return;
    // Told apart: the same elements in another order, or other elements.
    std::multiset<std::string> kx, ky;
    for (const Cell& c : cx) kx.insert(key(c, true, x, at_list, ix));
    for (const Cell& c : cy) ky.insert(key(c, false, y, at_list, iy));
    if (kx == ky) {
      if (options_.collada_cell_order) {
        note(DifferenceKind::kGeometry, at,
             cat("the same elements, not in the writer's grouping order (", first, ")"));
      }
      return;
    }
    note(first_kind, at, first);
  }

  // "" when before's material m and after's n agree (by value: -1 is the default material).
  std::string material(int m, int n) {
    auto known = materials_.find(m);
    if (known != materials_.end()) {
      if (known->second.first == n) return known->second.second;
    }
    const Material fallback;
    const bool mx_ok = m >= 0 && static_cast<size_t>(m) < b_.materials.size();
    const bool my_ok = n >= 0 && static_cast<size_t>(n) < a_.materials.size();
    const Material& x = mx_ok ? b_.materials[m] : fallback;
    const Material& y = my_ok ? a_.materials[n] : fallback;
    std::string d = material_difference(x, y);
    if (d.empty() && !x.name.empty() && mx_ok && x.name != y.name) {
      d = cat("'", x.name, "' named '", y.name, "'");
    }
    if (!d.empty()) d = cat(m, " vs ", n, ": ", d);
    if (known == materials_.end()) materials_[m] = {n, d};
    return d;
  }

  std::string image_of(const Scene& s, const TextureRef& t) {
    if (!t.present()) return "none";
    if (static_cast<size_t>(t.texture) >= s.textures.size()) return "a bad texture";
    const int image = s.textures[t.texture].image;
    if (image < 0 || static_cast<size_t>(image) >= s.images.size()) return "no image";
    // An image with a uri is written by it (the bytes a read found beside the file stay there);
    // one without, as a data: URI of its bytes.
    const Image& i = s.images[image];
    if (!i.uri.empty()) return cat("uri ", i.uri);
    return cat("bytes ", i.bytes.size(), " ",
               std::hash<std::string_view>()(std::string_view(
                   reinterpret_cast<const char*>(i.bytes.data()), i.bytes.size())));
  }

  std::string material_difference(const Material& x, const Material& y) {
    for (int k = 0; k < 4; ++k) {
      if (!close(x.base_color[k], y.base_color[k])) return cat("base color ", k);
    }
    for (int k = 0; k < 3; ++k) {
      if (!close(x.emissive[k], y.emissive[k])) return cat("emissive ", k);
    }
    if (!close(x.metallic, y.metallic)) return cat("metallic ", x.metallic, " vs ", y.metallic);
    if (!close(x.roughness, y.roughness))
      return cat("roughness ", x.roughness, " vs ", y.roughness);
    if (x.alpha_mode != y.alpha_mode) return "alpha mode";
    if (x.alpha_mode == AlphaMode::kMask && !close(x.alpha_cutoff, y.alpha_cutoff)) {
      return "alpha cutoff";
    }
    if (x.double_sided != y.double_sided) return "double sided";
    // Textures by the image they reach; their texcoord sets are not compared, since the diffuse
    // texture binds to the lowest set the mesh writes (spec "Writing"), nor their scales.
    const std::pair<const char*, TextureRef Material::*> slots[] = {
        {"base color texture", &Material::base_color_texture},
        {"metallic-roughness texture", &Material::metallic_roughness_texture},
        {"normal texture", &Material::normal_texture},
        {"occlusion texture", &Material::occlusion_texture},
        {"emissive texture", &Material::emissive_texture}};
    for (const auto& [label, slot] : slots) {
      const std::string ix = image_of(b_, x.*slot), iy = image_of(a_, y.*slot);
      if (ix != iy) return cat(label, ": ", ix, " vs ", iy);
    }
    return "";
  }

  const Scene& b_;
  const Scene& a_;
  const std::vector<int>& pairs_;
  ThroughColladaOptions options_;
  std::vector<int> inverse_;
  std::set<std::pair<int, int>> compared_;
  std::map<int, std::pair<int, std::string>> materials_;
};

}  // namespace

std::vector<int> pair_nodes(const Scene& before, const Scene& after) {
  std::vector<int> pairs(before.nodes.size(), -1);
  std::vector<bool> used(after.nodes.size(), false);
  for (size_t s = 0; s < std::min(before.scenes.size(), after.scenes.size()); ++s) {
    pair_lists(before, after, before.scenes[s], after.scenes[s], pairs, used);
  }
  return pairs;
}

std::string_view kind_name(DifferenceKind kind) {
  // In DifferenceKind's order.
  static constexpr std::string_view kNames[] = {"scene",    "node", "geometry",
                                                "material", "skin", "animation"};
  return kNames[static_cast<int>(kind)];
}

std::vector<Difference> through_collada_differences(const Scene& before, const Scene& after,
                                                    const std::vector<int>& pairs,
                                                    const ThroughColladaOptions& options) {
  Comparer c(before, after, pairs, options);
  if (before.scenes.size() != after.scenes.size()) {
    c.note(DifferenceKind::kScene, "scenes",
           cat(before.scenes.size(), " vs ", after.scenes.size()));
  }
  c.nodes();
  return std::move(c.differences);
}

}  // namespace px::testing
