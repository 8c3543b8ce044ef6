#include "tests/animation/fidelity.h"

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <tuple>

#include "polyxios/scene/animation.h"

namespace px::animation_testing {
namespace {

// ------------------------------------------------------------------ the COLLADA side

using Element = TransformElement;

Eigen::Matrix4d matrix_of(const Element& e) {
  const std::vector<double>& v = e.values;
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  if (e.kind == "matrix") {
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) m(r, c) = v[4 * r + c];
    }
  } else if (e.kind == "translate") {
    m(0, 3) = v[0], m(1, 3) = v[1], m(2, 3) = v[2];
  } else if (e.kind == "scale") {
    m(0, 0) = v[0], m(1, 1) = v[1], m(2, 2) = v[2];
  } else if (e.kind == "rotate") {
    Eigen::Vector3d axis(v[0], v[1], v[2]);
    if (axis.norm() > 0) {
      m.topLeftCorner<3, 3>() =
          Eigen::AngleAxisd(v[3] / 180 * std::numbers::pi, axis.normalized()).toRotationMatrix();
    }
  } else if (e.kind == "lookat") {
    Eigen::Vector3d eye(v[0], v[1], v[2]), at(v[3], v[4], v[5]), up(v[6], v[7], v[8]);
    Eigen::Vector3d z = (eye - at).normalized();
    Eigen::Vector3d x = up.cross(z).normalized();
    m.block<3, 1>(0, 0) = x;
    m.block<3, 1>(0, 1) = z.cross(x);
    m.block<3, 1>(0, 2) = z;
    m.block<3, 1>(0, 3) = eye;
  }
  return m;
}

// Which values of an element a member sets: the (i)(j) cell of a matrix is column i, row j.
std::vector<int> parts(const std::string& kind, const std::string& member) {
  const int n = kind == "matrix" ? 16 : kind == "rotate" ? 4 : kind == "lookat" ? 9 : 3;
  if (member.empty()) {
    std::vector<int> all(n);
    for (int i = 0; i < n; ++i) all[i] = i;
    return all;
  }
  if (member == "X") return {0};
  if (member == "Y") return {1};
  if (member == "Z") return {2};
  if (member == "ANGLE") return {3};
  std::vector<int> groups;
  for (size_t i = 0; i < member.size(); ++i) {
    if (member[i] == '(') groups.push_back(std::atoi(member.c_str() + i + 1));
  }
  if (kind != "matrix") return {groups.at(0)};
  if (groups.size() == 1) return {groups[0], 4 + groups[0], 8 + groups[0], 12 + groups[0]};
  return {4 * groups[1] + groups[0]};
}

double cubic(double a, double b, double c, double d, double s) {
  double u = 1 - s;
  return u * u * u * a + 3 * u * u * s * b + 3 * u * s * s * c + s * s * s * d;
}

struct Trs {
  Eigen::Vector3d t;
  Eigen::Quaterniond r;
  Eigen::Vector3d s;
};

Eigen::Matrix3d polar_rotation(const Eigen::Matrix3d& m) {
  Eigen::JacobiSVD<Eigen::Matrix3d> svd(m, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Eigen::Matrix3d u = svd.matrixU();
  if ((u * svd.matrixV().transpose()).determinant() < 0) u.col(2) = -u.col(2);
  return u * svd.matrixV().transpose();
}

Trs split(const Eigen::Matrix4d& m) {
  Eigen::Matrix3d l = m.topLeftCorner<3, 3>();
  Eigen::Vector3d s = l.colwise().norm();
  if (l.determinant() < 0) s.x() = -s.x();
  Eigen::Matrix3d unscaled = l;
  for (int c = 0; c < 3; ++c) {
    if (s[c] != 0) unscaled.col(c) /= s[c];
  }
  return {m.topRightCorner<3, 1>(), Eigen::Quaterniond(polar_rotation(unscaled)), s};
}

Eigen::Matrix4d join(const Trs& x) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() = x.r.normalized().toRotationMatrix() * x.s.asDiagonal();
  m.topRightCorner<3, 1>() = x.t;
  return m;
}

Eigen::Quaterniond slerp(Eigen::Quaterniond a, Eigen::Quaterniond b, double f) {
  if (a.dot(b) < 0) b.coeffs() = -b.coeffs();
  return a.slerp(f, b);
}

struct RefChannel {
  int node;
  size_t element;
  std::vector<int> indices;
  const AnimationSampler* sampler;
};

class Reference {
 public:
  explicit Reference(const Scene& scene) {
    for (const Node& n : scene.nodes) elements_.push_back(n.transforms);
  }
  const std::vector<Element>& elements(int node) const { return elements_[node]; }

  // The channel as this evaluator sees it; nullopt when it names no element.
  std::optional<RefChannel> channel(const AnimationChannel& c, const Animation& a) const {
    const std::string kind(c.target.element_kind());
    const std::vector<Element>& els = elements_[c.target.node];
    for (size_t e = 0; e < els.size(); ++e) {
      if (c.target.sid && els[e].sid == *c.target.sid && els[e].kind == kind) {
        return RefChannel{c.target.node, e, parts(kind, c.target.member), &*a.samplers[c.sampler]};
      }
    }
    return std::nullopt;
  }

  // The values of a sampler at time t.
  static std::vector<double> evaluate(const AnimationSampler& s, double t, size_t* span,
                                      bool* inside) {
    const size_t keys = s.times.rows, w = s.values.cols;
    auto time = [&](size_t k) { return s.times.get(k, 0); };
    auto value = [&](size_t k, size_t c) { return s.values.get(k, c); };
    auto clamped = [&](ptrdiff_t k, size_t c) {
      return value(static_cast<size_t>(std::clamp<ptrdiff_t>(k, 0, keys - 1)), c);
    };
    // The uniform cubic B-spline of the keys around span k at its parameter f, in the matrix
    // form of the COLLADA 1.4.1 specification.
    auto bspline = [&](size_t k, size_t c, double f) {
      const ptrdiff_t i = static_cast<ptrdiff_t>(k);
      const double p[4] = {clamped(i - 1, c), clamped(i, c), clamped(i + 1, c), clamped(i + 2, c)};
      const double m[4][4] = {{-1, 3, -3, 1}, {3, -6, 3, 0}, {-3, 0, 3, 0}, {1, 4, 1, 0}};
      const double powers[4] = {f * f * f, f * f, f, 1};
      double v = 0;
      for (int r = 0; r < 4; ++r) {
        for (int q = 0; q < 4; ++q) v += powers[r] * m[r][q] * p[q];
      }
      return v / 6;
    };
    std::vector<double> out(w);
    *inside = false;
    if (t <= time(0) || keys == 1) {
      const bool ends = keys > 1 && s.interpolation_at(0) == "BSPLINE";
      for (size_t c = 0; c < w; ++c) out[c] = ends ? bspline(0, c, 0) : value(0, c);
      *span = 0;
      return out;
    }
    if (t >= time(keys - 1)) {
      const bool ends = s.interpolation_at(keys - 2) == "BSPLINE";
      for (size_t c = 0; c < w; ++c) out[c] = ends ? bspline(keys - 2, c, 1) : value(keys - 1, c);
      *span = keys - 1;
      return out;
    }
    size_t k = 0;
    while (time(k + 1) <= t) ++k;
    *span = k;
    *inside = true;
    const double t0 = time(k), t1 = time(k + 1), f = (t - t0) / (t1 - t0);
    const std::string& how = s.interpolation_at(k);
    for (size_t c = 0; c < w; ++c) {
      const double v0 = value(k, c), v1 = value(k + 1, c);
      if (how == "STEP") {
        out[c] = v0;
      } else if (how == "LINEAR") {
        out[c] = v0 + f * (v1 - v0);
      } else if (how == "BSPLINE") {
        out[c] = bspline(k, c, f);
      } else if (how == "HERMITE" || how == "CARDINAL") {
        // Hermite's basis functions; CARDINAL's slopes Catmull-Rom's from the neighbouring keys.
        const ptrdiff_t i = static_cast<ptrdiff_t>(k);
        const double m0 = how == "HERMITE" ? s.out_tangents->get(k, c)
                                           : (clamped(i + 1, c) - clamped(i - 1, c)) / 2;
        const double m1 = how == "HERMITE" ? s.in_tangents->get(k + 1, c)
                                           : (clamped(i + 2, c) - clamped(i, c)) / 2;
        const double f2 = f * f, f3 = f2 * f;
        out[c] = (2 * f3 - 3 * f2 + 1) * v0 + (f3 - 2 * f2 + f) * m0 + (-2 * f3 + 3 * f2) * v1 +
                 (f3 - f2) * m1;
      } else {  // BEZIER
        const Column& in = *s.in_tangents;
        const Column& ot = *s.out_tangents;
        double a_t, a_v, b_t, b_v;
        if (in.cols == 2 * w) {
          a_t = ot.get(k, 2 * c), a_v = ot.get(k, 2 * c + 1);
          b_t = in.get(k + 1, 2 * c), b_v = in.get(k + 1, 2 * c + 1);
        } else if (in.cols == w + 1) {
          a_t = ot.get(k, 0), a_v = ot.get(k, 1 + c);
          b_t = in.get(k + 1, 0), b_v = in.get(k + 1, 1 + c);
        } else {
          a_t = t0 + (t1 - t0) / 3, a_v = ot.get(k, c);
          b_t = t1 - (t1 - t0) / 3, b_v = in.get(k + 1, c);
        }
        a_t = std::clamp(a_t, t0, t1);
        b_t = std::clamp(b_t, t0, t1);
        double lo = 0, hi = 1;
        for (int i = 0; i < 100; ++i) {
          const double mid = (lo + hi) / 2;
          (cubic(t0, a_t, b_t, t1, mid) < t ? lo : hi) = mid;
        }
        out[c] = cubic(v0, a_v, b_v, v1, (lo + hi) / 2);
      }
    }
    return out;
  }

  // The node's local matrix at time t under the channels.
  Eigen::Matrix4d local(int node, const std::vector<const RefChannel*>& channels, double t) const {
    std::vector<Element> els = elements_[node];
    std::vector<std::optional<Eigen::Matrix4d>> blended(els.size());
    for (const RefChannel* c : channels) {
      size_t k = 0;
      bool inside = false;
      std::vector<double> v = evaluate(*c->sampler, t, &k, &inside);
      if (els[c->element].kind == "matrix" && c->indices.size() == 16 && inside &&
          c->sampler->interpolation_at(k) == "LINEAR") {
        const AnimationSampler& s = *c->sampler;
        auto key = [&](size_t i) {
          Element e{"matrix", "", {}};
          for (size_t j = 0; j < 16; ++j) e.values.push_back(s.values.get(i, j));
          return split(matrix_of(e));
        };
        const Trs a = key(k), b = key(k + 1);
        const double f = (t - s.times.get(k, 0)) / (s.times.get(k + 1, 0) - s.times.get(k, 0));
        blended[c->element] =
            join({a.t + f * (b.t - a.t), slerp(a.r, b.r, f), a.s + f * (b.s - a.s)});
        continue;
      }
      for (size_t i = 0; i < c->indices.size(); ++i) els[c->element].values[c->indices[i]] = v[i];
    }
    Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
    for (size_t e = 0; e < els.size(); ++e) m = m * (blended[e] ? *blended[e] : matrix_of(els[e]));
    return m;
  }

 private:
  std::vector<std::vector<Element>> elements_;
};

// ------------------------------------------------------------------ the glTF side

struct GltfSampler {
  std::vector<float> times;
  std::vector<float> values;
  size_t width = 0;
  std::string interpolation;
};

class Gltf {
 public:
  Gltf(const rapidjson::Document& doc, const std::string& bin) : doc_(doc), bin_(bin) {
    const rapidjson::Value& nodes = doc["nodes"];
    for (rapidjson::SizeType i = 0; i < nodes.Size(); ++i) {
      const rapidjson::Value& n = nodes[i];
      Trs rest{Eigen::Vector3d::Zero(), Eigen::Quaterniond::Identity(), Eigen::Vector3d::Ones()};
      Eigen::Matrix4d matrix = Eigen::Matrix4d::Identity();
      if (n.HasMember("matrix")) {
        for (int j = 0; j < 16; ++j) matrix.data()[j] = n["matrix"][j].GetDouble();
      }
      if (n.HasMember("translation")) {
        for (int j = 0; j < 3; ++j) rest.t[j] = n["translation"][j].GetDouble();
      }
      if (n.HasMember("rotation")) {
        rest.r = Eigen::Quaterniond(n["rotation"][3].GetDouble(), n["rotation"][0].GetDouble(),
                                    n["rotation"][1].GetDouble(), n["rotation"][2].GetDouble());
      }
      if (n.HasMember("scale")) {
        for (int j = 0; j < 3; ++j) rest.s[j] = n["scale"][j].GetDouble();
      }
      rest_.push_back(rest);
      matrix_.push_back(matrix);
      has_matrix_.push_back(n.HasMember("matrix"));
    }
    if (!doc.HasMember("animations")) return;
    for (const rapidjson::Value& a : doc["animations"].GetArray()) {
      auto& channels = animations_.emplace_back();
      for (const rapidjson::Value& c : a["channels"].GetArray()) {
        // KHR_animation_pointer channels animate no node (see the reference's clips).
        if (!c["target"].HasMember("node")) continue;
        const rapidjson::Value& s = a["samplers"][c["sampler"].GetInt()];
        GltfSampler g;
        g.times = floats(s["input"].GetInt(), &g.width);
        g.values = floats(s["output"].GetInt(), &g.width);
        g.interpolation = s.HasMember("interpolation") ? s["interpolation"].GetString() : "LINEAR";
        channels[{c["target"]["node"].GetInt(), c["target"]["path"].GetString()}] = std::move(g);
      }
      // An animation of pointer channels alone is none of the reference's clips.
      if (channels.empty()) animations_.pop_back();
    }
  }

  size_t animations() const { return animations_.size(); }
  bool animates(size_t a, int node) const {
    for (const char* p : {"translation", "rotation", "scale"}) {
      if (animations_[a].count({node, p}) != 0) return true;
    }
    return false;
  }
  bool has_matrix(int node) const { return has_matrix_[node]; }

  Eigen::Matrix4d local(size_t a, int node, double t) const {
    const auto& channels = animations_[a];
    if (!animates(a, node)) return has_matrix_[node] ? matrix_[node] : join(rest_[node]);
    Trs x = rest_[node];
    for (const char* p : {"translation", "rotation", "scale"}) {
      auto it = channels.find({node, p});
      if (it == channels.end()) continue;
      std::vector<double> v = evaluate(it->second, t, std::string(p) == "rotation");
      if (std::string(p) == "translation") x.t = Eigen::Vector3d(v[0], v[1], v[2]);
      if (std::string(p) == "scale") x.s = Eigen::Vector3d(v[0], v[1], v[2]);
      if (std::string(p) == "rotation") x.r = Eigen::Quaterniond(v[3], v[0], v[1], v[2]);
    }
    return join(x);
  }

 private:
  std::vector<float> floats(int accessor, size_t* width) const {
    const rapidjson::Value& a = doc_["accessors"][accessor];
    const rapidjson::Value& view = doc_["bufferViews"][a["bufferView"].GetInt()];
    const std::string type = a["type"].GetString();
    *width = type == "SCALAR" ? 1 : type == "VEC3" ? 3 : type == "VEC4" ? 4 : 16;
    std::vector<float> out(a["count"].GetUint64() * *width);
    size_t offset = view.HasMember("byteOffset") ? view["byteOffset"].GetUint64() : 0;
    std::memcpy(out.data(), bin_.data() + offset, out.size() * sizeof(float));
    return out;
  }

  static std::vector<double> evaluate(const GltfSampler& s, double t, bool rotation) {
    const size_t keys = s.times.size(), w = s.width;
    auto row = [&](size_t k) {
      return std::vector<double>(s.values.begin() + k * w, s.values.begin() + (k + 1) * w);
    };
    if (t <= s.times[0]) return row(0);
    if (t >= s.times[keys - 1]) return row(keys - 1);
    size_t k = 0;
    while (s.times[k + 1] <= t) ++k;
    if (s.interpolation == "STEP") return row(k);
    const double f = (t - s.times[k]) / (double(s.times[k + 1]) - s.times[k]);
    std::vector<double> a = row(k), b = row(k + 1), out(w);
    if (rotation) {
      Eigen::Quaterniond q = slerp(Eigen::Quaterniond(a[3], a[0], a[1], a[2]),
                                   Eigen::Quaterniond(b[3], b[0], b[1], b[2]), f);
      return {q.x(), q.y(), q.z(), q.w()};
    }
    for (size_t c = 0; c < w; ++c) out[c] = a[c] + f * (b[c] - a[c]);
    return out;
  }

  const rapidjson::Document& doc_;
  const std::string& bin_;
  std::vector<Trs> rest_;
  std::vector<Eigen::Matrix4d> matrix_;
  std::vector<bool> has_matrix_;
  std::vector<std::map<std::pair<int, std::string>, GltfSampler>> animations_;
};

// ------------------------------------------------------------------ the comparison

double rotation_degrees(const Eigen::Matrix4d& a, const Eigen::Matrix4d& b) {
  Eigen::Matrix3d ra = polar_rotation(a.topLeftCorner<3, 3>());
  Eigen::Matrix3d rb = polar_rotation(b.topLeftCorner<3, 3>());
  return Eigen::AngleAxisd(ra.transpose() * rb).angle() * 180 / std::numbers::pi;
}

std::string at(const Scene& scene, size_t clip, int node, double t) {
  return "clip " + std::to_string(clip) + ", node " + std::to_string(node) + " ('" +
         scene.nodes[node].name + "'), t=" + std::to_string(t);
}

}  // namespace

FidelityReport check_fidelity(const Scene& scene, const rapidjson::Document& gltf,
                              const std::string& bin) {
  FidelityReport report;
  const Reference reference(scene);
  const Gltf written(gltf, bin);
  const std::vector<Animation> animations = scene.animations;
  std::vector<int> parent(scene.nodes.size(), -1);
  for (size_t i = 0; i < scene.nodes.size(); ++i) {
    for (int c : scene.nodes[i].children) parent[c] = static_cast<int>(i);
  }

  // Clips, as the spec groups animations.
  using Key = std::tuple<int, size_t, int>;
  struct Clip {
    std::vector<RefChannel> channels;
    std::set<Key> values;
    std::optional<ClipWindow> window;  // a COLLADA <animation_clip>'s, which plays alone
  };
  std::vector<Clip> clips;
  for (const Animation& a : animations) {
    std::vector<RefChannel> channels;
    for (const AnimationChannel& c : a.channels) {
      // A pointer channel (an effect's, light's or camera's parameter) animates no node; the
      // cli_animation_pointer test checks those.
      if (c.target.path_name() == "pointer") continue;
      std::optional<RefChannel> r = reference.channel(c, a);
      if (!r) {
        report.failures.push_back("a channel of '" + std::string(a.name_or_empty()) +
                                  "' names no element");
        continue;
      }
      channels.push_back(*r);
    }
    if (channels.empty()) continue;
    std::set<Key> values;
    for (const RefChannel& c : channels) {
      for (int i : c.indices) values.insert({c.node, c.element, i});
    }
    auto clip = std::find_if(clips.begin(), clips.end(), [&](const Clip& k) {
      return !a.clip && !k.window && std::none_of(values.begin(), values.end(), [&](const Key& v) {
        return k.values.count(v) != 0;
      });
    });
    if (clip == clips.end()) clip = clips.insert(clips.end(), Clip{{}, {}, a.clip});
    clip->channels.insert(clip->channels.end(), channels.begin(), channels.end());
    clip->values.insert(values.begin(), values.end());
  }
  report.clips = clips.size();
  if (clips.size() != written.animations()) {
    report.failures.push_back(std::to_string(clips.size()) + " clips but " +
                              std::to_string(written.animations()) + " written animations");
    return report;
  }

  for (size_t k = 0; k < clips.size(); ++k) {
    std::map<int, std::vector<const RefChannel*>> by_node;
    for (const RefChannel& c : clips[k].channels) by_node[c.node].push_back(&c);
    auto collada_world = [&](int node, double t) {
      Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
      for (int n = node; n >= 0; n = parent[n]) {
        auto it = by_node.find(n);
        m = (it == by_node.end() ? scene.nodes[n].matrix : reference.local(n, it->second, t)) * m;
      }
      return m;
    };
    // A clip's glTF animation starts at 0 where its window starts.
    const std::optional<ClipWindow>& window = clips[k].window;
    auto gltf_world = [&](int node, double t) {
      if (window) t -= window->start;
      Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
      for (int n = node; n >= 0; n = parent[n]) m = written.local(k, n, t) * m;
      return m;
    };
    for (const auto& [node, channels] : by_node) {
      ++report.nodes;
      if (!written.animates(k, node)) {
        report.failures.push_back(at(scene, k, node, 0) + ": not animated in the glTF");
        continue;
      }
      if (written.has_matrix(node)) {
        report.failures.push_back(at(scene, k, node, 0) + ": an animated node has a matrix");
      }
      // Key times of the node's and its ancestors' channels, and the steps to stay clear of.
      std::set<double> keys;
      std::vector<double> steps;
      for (int n = node; n >= 0; n = parent[n]) {
        auto it = by_node.find(n);
        if (it == by_node.end()) continue;
        for (const RefChannel* c : it->second) {
          const AnimationSampler& s = *c->sampler;
          for (size_t i = 0; i < s.times.rows; ++i) {
            keys.insert(std::max(0.0, s.times.get(i, 0)));
            if (i + 1 < s.times.rows && s.interpolation_at(i) == "STEP") {
              steps.push_back(s.times.get(i + 1, 0));
            }
          }
        }
      }
      if (window) {
        std::erase_if(keys, [&](double t) { return t < window->start || t > window->end; });
        keys.insert(window->start);
        keys.insert(window->end);
      }
      std::vector<double> times(keys.begin(), keys.end());
      std::vector<double> samples;
      for (size_t i = 0; i < times.size(); ++i) {
        samples.push_back(times[i]);
        for (int j = 1; j <= 10 && i + 1 < times.size(); ++j) {
          samples.push_back(times[i] + (times[i + 1] - times[i]) * j / 11);
        }
      }
      auto near_step = [&](double t) {
        return std::any_of(steps.begin(), steps.end(), [&](double s) {
          return std::abs(t - s) <=
                 4 * std::numeric_limits<float>::epsilon() * std::max(1.0, std::abs(s));
        });
      };
      std::vector<std::pair<Eigen::Matrix4d, Eigen::Matrix4d>> worlds;
      std::vector<double> kept;
      Eigen::Vector3d lo = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
      Eigen::Vector3d hi = -lo;
      double magnitude = 1;
      Eigen::Vector3d scale_lo = lo, scale_hi = hi;
      double scale_magnitude = 0;
      for (double t : samples) {
        if (near_step(t)) continue;
        Eigen::Matrix4d c = collada_world(node, t);
        worlds.emplace_back(c, gltf_world(node, t));
        kept.push_back(t);
        lo = lo.cwiseMin(c.topRightCorner<3, 1>());
        hi = hi.cwiseMax(c.topRightCorner<3, 1>());
        magnitude = std::max(magnitude, c.topRightCorner<3, 1>().cwiseAbs().maxCoeff());
        const Eigen::Vector3d s = c.topLeftCorner<3, 3>().colwise().norm();
        scale_lo = scale_lo.cwiseMin(s);
        scale_hi = scale_hi.cwiseMax(s);
        scale_magnitude = std::max(scale_magnitude, s.maxCoeff());
      }
      const double range = (hi - lo).maxCoeff();
      // float32 holds a position of this size to about 1e-7 of it; a chain of nodes multiplies it.
      const double tolerance = 1e-3 * range + 1e-5 * magnitude;
      const double scale_tolerance =
          1e-3 * (scale_hi - scale_lo).maxCoeff() + 1e-5 * scale_magnitude;
      for (size_t i = 0; i < worlds.size(); ++i) {
        ++report.samples;
        const Eigen::Matrix4d& c = worlds[i].first;
        const Eigen::Matrix4d& g = worlds[i].second;
        const double dt = (c.topRightCorner<3, 1>() - g.topRightCorner<3, 1>()).norm();
        const double dr = rotation_degrees(c, g);
        const Eigen::Vector3d sc = c.topLeftCorner<3, 3>().colwise().norm();
        const Eigen::Vector3d sg = g.topLeftCorner<3, 3>().colwise().norm();
        const double ds = (sc - sg).cwiseAbs().maxCoeff() / scale_tolerance;
        const std::string where = at(scene, k, node, kept[i]);
        if (dt / tolerance > report.translation.value) report.translation = {dt / tolerance, where};
        if (1e-3 * range >= 1e-5 * magnitude) {
          report.translation_of_range = std::max(report.translation_of_range, dt / range);
        }
        if (dr > report.rotation.value) report.rotation = {dr, where};
        if (ds > report.scale.value) report.scale = {ds, where};
        if (dt > tolerance || dr > 0.5 || ds > 1) {
          report.failures.push_back(where + ": translation off by " + std::to_string(dt) +
                                    " (tolerance " + std::to_string(tolerance) + "), rotation by " +
                                    std::to_string(dr) + " degrees, scale by " +
                                    std::to_string(ds) + " of its tolerance");
        }
      }
    }
  }
  return report;
}

}  // namespace px::animation_testing
