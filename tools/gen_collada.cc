// gen_collada OUT.dae SIZE_MB [--seed N]: a deterministic synthetic COLLADA 1.4.1 document.
//
// Meshes are height-field grids written in two exporter styles: "smooth" (Maya-like: one normal
// and one texcoord per position, <p> triples repeat the vertex index) and "flat" (Blender-like:
// one normal per face, one texcoord per corner, so <p> indices all differ). Each mesh has a
// <triangles> block and often a <polylist> of quads and triangles under a second material.
// Numbers are spelled as exporters spell them: float values printed with 6 or 7 significant
// digits, "0" and "1" where exact, exponents for tiny normal components.
//
// The px_gen library; the gen_collada tool is tools/gen_collada_main.cc.
#include "tools/gen_collada.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <memory>
#include <numbers>
#include <vector>

#include "tools/gen_collada_grid.h"

namespace px::gen {
namespace {

// splitmix64: the same sequence on every platform and standard library.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  int range(int lo, int hi) {  // inclusive
    return lo + static_cast<int>(next() % static_cast<uint64_t>(hi - lo + 1));
  }
  bool chance(double p) { return uniform() < p; }

 private:
  uint64_t state_;
};

// A fixed buffer handed to the sink whenever it fills.
class Out {
 public:
  explicit Out(const Sink& sink) : sink_(sink), buffer_(new char[kSize]) {}

  void raw(std::string_view s) {
    while (!s.empty()) {
      if (used_ == kSize) flush();
      size_t n = std::min(s.size(), kSize - used_);
      std::memcpy(buffer_.get() + used_, s.data(), n);
      used_ += n;
      s.remove_prefix(n);
    }
  }
  void ch(char c) {
    if (used_ == kSize) flush();
    buffer_[used_++] = c;
  }
  // The value rounded to float, as exporters hold it, in %.<precision>g spelling.
  void real(double value, int precision) {
    reserve(32);
    char* p = buffer_.get() + used_;
    auto r =
        std::to_chars(p, p + 32, static_cast<float>(value), std::chars_format::general, precision);
    used_ += static_cast<size_t>(r.ptr - p);
  }
  void integer(int64_t value) {
    reserve(24);
    char* p = buffer_.get() + used_;
    auto r = std::to_chars(p, p + 24, value);
    used_ += static_cast<size_t>(r.ptr - p);
  }
  void flush() {
    if (used_ > 0 && ok_) {
      ok_ = sink_(std::string_view(buffer_.get(), used_));
      if (ok_) accepted_ += used_;
    }
    used_ = 0;
  }
  uint64_t position() const { return accepted_ + used_; }
  uint64_t accepted() const { return accepted_; }
  bool ok() const { return ok_; }

 private:
  static constexpr size_t kSize = 1 << 20;
  void reserve(size_t n) {
    if (kSize - used_ < n) flush();
  }
  const Sink& sink_;
  std::unique_ptr<char[]> buffer_;
  size_t used_ = 0;
  uint64_t accepted_ = 0;
  bool ok_ = true;
};

// Separates the values of one array: a space, or a line break between tuples in the styles
// that break lines.
class Values {
 public:
  Values(Out& out, int tuple, bool lines) : out_(out), tuple_(tuple), lines_(lines) {}
  void real(double v, int precision) {
    sep();
    out_.real(v, precision);
  }
  void integer(int64_t v) {
    sep();
    out_.integer(v);
  }

 private:
  void sep() {
    if (n_ != 0) out_.ch(lines_ && n_ % tuple_ == 0 ? '\n' : ' ');
    ++n_;
  }
  Out& out_;
  int tuple_;
  bool lines_;
  uint64_t n_ = 0;
};

constexpr int kMaterials = 5;
constexpr int kTexturedMaterial = 2;
constexpr int kTransparentMaterial = 3;

std::string mesh_id(int g) { return "Mesh_" + std::to_string(g) + "-mesh"; }
std::string material_id(int m) { return "Material_" + std::to_string(m) + "-material"; }

class Generator {
 public:
  Generator(const Options& options, const Sink& sink)
      : options_(options), out_(sink), rng_(options.seed) {}

  Stats run();

 private:
  void header();
  void effects();
  Mesh plan_mesh(uint64_t budget);
  void geometry(const Mesh& m);
  void source(const Mesh& m, std::string_view suffix, int64_t count, int stride,
              std::string_view params, const std::function<void(Values&)>& values);
  void inputs(const Mesh& m);
  void triangles(const Mesh& m);
  void polylist(const Mesh& m);
  void visual_scene();
  void node(const Mesh& m, std::string_view indent);
  void a(std::string_view s) { out_.raw(s); }
  void a(int64_t n) { out_.integer(n); }

  const Options& options_;
  Out out_;
  Rng rng_;
  Stats stats_;
  std::vector<Mesh> meshes_;
  double correction_ = 1.0;  // actual over planned bytes per vertex, learnt as meshes are written
};

void Generator::header() {
  a("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\" "
    "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
    "  <asset>\n"
    "    <contributor>\n"
    "      <author>polyxios</author>\n"
    "      <authoring_tool>polyxios gen_collada (seed ");
  a(static_cast<int64_t>(options_.seed));
  a(")</authoring_tool>\n"
    "    </contributor>\n"
    "    <created>2024-01-01T00:00:00</created>\n"
    "    <modified>2024-01-01T00:00:00</modified>\n"
    "    <unit name=\"meter\" meter=\"1\"/>\n"
    "    <up_axis>Z_UP</up_axis>\n"
    "  </asset>\n");
}

void Generator::effects() {
  a("  <library_images>\n"
    "    <image id=\"checker_png\" name=\"checker_png\">\n"
    "      <init_from>textures/checker.png</init_from>\n"
    "    </image>\n"
    "  </library_images>\n"
    "  <library_effects>\n");
  auto color = [&](std::string_view what, double r, double g, double b, double alpha) {
    a("            <");
    a(what);
    a("><color sid=\"");
    a(what);
    a("\">");
    out_.real(r, 7);
    a(" ");
    out_.real(g, 7);
    a(" ");
    out_.real(b, 7);
    a(" ");
    out_.real(alpha, 7);
    a("</color></");
    a(what);
    a(">\n");
  };
  for (int m = 0; m < kMaterials; ++m) {
    a("    <effect id=\"Material_");
    a(m);
    a("-effect\">\n      <profile_COMMON>\n");
    if (m == kTexturedMaterial) {
      a("        <newparam sid=\"checker_png-surface\">\n"
        "          <surface type=\"2D\"><init_from>checker_png</init_from></surface>\n"
        "        </newparam>\n"
        "        <newparam sid=\"checker_png-sampler\">\n"
        "          <sampler2D><source>checker_png-surface</source></sampler2D>\n"
        "        </newparam>\n");
    }
    a("        <technique sid=\"common\">\n          <phong>\n");
    color("emission", 0, 0, 0, 1);
    color("ambient", 0, 0, 0, 1);
    if (m == kTexturedMaterial) {
      a("            <diffuse><texture texture=\"checker_png-sampler\" texcoord=\"UVMap\"/>"
        "</diffuse>\n");
    } else {
      color("diffuse", rng_.uniform(0.05, 0.95), rng_.uniform(0.05, 0.95), rng_.uniform(0.05, 0.95),
            1);
    }
    color("specular", 0.5, 0.5, 0.5, 1);
    a("            <shininess><float sid=\"shininess\">");
    out_.real(std::round(rng_.uniform(10, 90)), 7);
    a("</float></shininess>\n");
    if (m == kTransparentMaterial) {
      a("            <transparent opaque=\"A_ONE\"><color>1 1 1 0.5</color></transparent>\n"
        "            <transparency><float sid=\"transparency\">1</float></transparency>\n");
    }
    a("            <index_of_refraction><float sid=\"index_of_refraction\">1.45</float>"
      "</index_of_refraction>\n"
      "          </phong>\n        </technique>\n      </profile_COMMON>\n    </effect>\n");
  }
  a("  </library_effects>\n  <library_materials>\n");
  for (int m = 0; m < kMaterials; ++m) {
    a("    <material id=\"Material_");
    a(m);
    a("-material\" name=\"Material_");
    a(m);
    a("\">\n      <instance_effect url=\"#Material_");
    a(m);
    a("-effect\"/>\n    </material>\n");
  }
  a("  </library_materials>\n");
}

// Picks a mesh that fits in budget bytes, judged by the bytes per vertex seen so far.
Mesh Generator::plan_mesh(uint64_t budget) {
  Mesh m;
  m.index = static_cast<int>(meshes_.size());
  m.flat = rng_.chance(0.5);
  m.lines = rng_.chance(0.25);
  m.precision = rng_.chance(0.7) ? 7 : 6;
  double bytes_per_vertex = (m.flat ? 330.0 : 200.0) * correction_;
  double wanted = std::exp(rng_.uniform(std::log(400.0), std::log(90000.0)));
  // At least six meshes in any document: real files hold several.
  double cap = static_cast<double>(options_.target_bytes) / 6 / bytes_per_vertex;
  double fits = static_cast<double>(budget) / bytes_per_vertex;
  double n = std::max(4.0, std::min({wanted, cap, fits}));
  double aspect = rng_.uniform(0.5, 2.0);
  m.w = std::max(2, static_cast<int>(std::sqrt(n * aspect)));
  m.h = std::max(2, static_cast<int>(n / m.w));
  m.split_row = rng_.chance(0.6) ? m.h - 1 : std::max(1, (m.h - 1) / 2);
  m.sx = rng_.uniform(0.5, 20);
  m.sy = m.sx * m.h / m.w;
  m.amp = rng_.uniform(0.1, 3);
  m.fx = rng_.uniform(0.5, 3);
  m.fy = rng_.uniform(0.5, 3);
  m.ph1 = rng_.uniform(0, 6.283);
  m.ph2 = rng_.uniform(0, 6.283);
  m.material_tri = rng_.range(0, kMaterials - 1);
  m.material_poly = (m.material_tri + rng_.range(1, kMaterials - 1)) % kMaterials;
  m.count();
  return m;
}

void Generator::source(const Mesh& m, std::string_view suffix, int64_t count, int stride,
                       std::string_view params, const std::function<void(Values&)>& values) {
  std::string id = mesh_id(m.index) + "-" + std::string(suffix);
  a("        <source id=\"");
  a(id);
  a("\">\n          <float_array id=\"");
  a(id);
  a("-array\" count=\"");
  a(count * stride);
  a("\">");
  Values list(out_, stride, m.lines);
  values(list);
  stats_.floats += static_cast<uint64_t>(count * stride);
  a("</float_array>\n          <technique_common>\n            <accessor source=\"#");
  a(id);
  a("-array\" count=\"");
  a(count);
  a("\" stride=\"");
  a(stride);
  a("\">\n");
  for (char p : params) {
    a("              <param name=\"");
    out_.ch(p);
    a("\" type=\"float\"/>\n");
  }
  a("            </accessor>\n          </technique_common>\n        </source>\n");
}

void Generator::inputs(const Mesh& m) {
  std::string id = mesh_id(m.index);
  a("          <input semantic=\"VERTEX\" source=\"#");
  a(id);
  a("-vertices\" offset=\"0\"/>\n          <input semantic=\"NORMAL\" source=\"#");
  a(id);
  a("-normals\" offset=\"1\"/>\n          <input semantic=\"TEXCOORD\" source=\"#");
  a(id);
  a("-map-0\" offset=\"2\" set=\"0\"/>\n");
}

// Writes the corners of the faces in one primitive as (vertex, normal, texcoord) triples.
void write_indices(const Mesh& m, bool polylist, Values& list) {
  int64_t face = 0, corner = 0;
  m.for_each_face([&](bool poly, int n, const int* ids) {
    if (poly == polylist) {
      for (int k = 0; k < n; ++k) {
        list.integer(ids[k]);
        list.integer(m.flat ? face : ids[k]);
        list.integer(m.flat ? corner + k : ids[k]);
      }
    }
    ++face;
    corner += n;
  });
}

void Generator::triangles(const Mesh& m) {
  a("        <triangles material=\"");
  a(material_id(m.material_tri));
  a("\" count=\"");
  a(m.tri_faces);
  a("\">\n");
  inputs(m);
  a("          <p>");
  Values list(out_, 3, m.lines);
  write_indices(m, false, list);
  stats_.ints += static_cast<uint64_t>(m.tri_faces * 9);
  a("</p>\n        </triangles>\n");
}

void Generator::polylist(const Mesh& m) {
  a("        <polylist material=\"");
  a(material_id(m.material_poly));
  a("\" count=\"");
  a(m.poly_faces);
  a("\">\n");
  inputs(m);
  a("          <vcount>");
  Values counts(out_, 1, false);
  m.for_each_face([&](bool poly, int n, const int*) {
    if (poly) counts.integer(n);
  });
  a("</vcount>\n          <p>");
  Values list(out_, 3, m.lines);
  write_indices(m, true, list);
  stats_.ints += static_cast<uint64_t>(m.poly_faces + m.poly_corners * 3);
  a("</p>\n        </polylist>\n");
}

void Generator::geometry(const Mesh& m) {
  std::string id = mesh_id(m.index);
  a("    <geometry id=\"");
  a(id);
  a("\" name=\"Mesh_");
  a(m.index);
  a("\">\n      <mesh>\n");
  const int p = m.precision;
  source(m, "positions", m.vertices(), 3, "XYZ", [&](Values& list) {
    for (int j = 0; j < m.h; ++j) {
      for (int i = 0; i < m.w; ++i) {
        Vec3 v = m.position(i, j);
        list.real(v.x, p);
        list.real(v.y, p);
        list.real(v.z, p);
      }
    }
  });
  source(m, "normals", m.flat ? m.faces() : m.vertices(), 3, "XYZ", [&](Values& list) {
    auto put = [&](Vec3 n) {
      list.real(n.x, p);
      list.real(n.y, p);
      list.real(n.z, p);
    };
    if (m.flat) {
      m.for_each_face([&](bool, int n, const int* ids) { put(m.face_normal(n, ids)); });
    } else {
      for (int j = 0; j < m.h; ++j) {
        for (int i = 0; i < m.w; ++i) put(m.smooth_normal(i, j));
      }
    }
  });
  source(m, "map-0", m.flat ? m.corners() : m.vertices(), 2, "ST", [&](Values& list) {
    if (m.flat) {
      m.for_each_face([&](bool, int n, const int* ids) {
        for (int k = 0; k < n; ++k) {
          list.real(m.u(ids[k] % m.w), p);
          list.real(m.v(ids[k] / m.w), p);
        }
      });
    } else {
      for (int j = 0; j < m.h; ++j) {
        for (int i = 0; i < m.w; ++i) {
          list.real(m.u(i), p);
          list.real(m.v(j), p);
        }
      }
    }
  });
  a("        <vertices id=\"");
  a(id);
  a("-vertices\">\n          <input semantic=\"POSITION\" source=\"#");
  a(id);
  a("-positions\"/>\n        </vertices>\n");
  triangles(m);
  if (m.has_polylist()) polylist(m);
  a("      </mesh>\n    </geometry>\n");
  stats_.geometries += 1;
  stats_.vertices += static_cast<uint64_t>(m.vertices());
  stats_.triangles += static_cast<uint64_t>(m.triangles);
}

void Generator::node(const Mesh& m, std::string_view indent) {
  Rng rng(options_.seed * 1000003 + static_cast<uint64_t>(m.index));
  std::string name = "Mesh_" + std::to_string(m.index);
  std::string in(indent);
  a(in);
  a("<node id=\"");
  a(name);
  a("\" name=\"");
  a(name);
  a("\" type=\"NODE\">\n");
  double tx = rng.uniform(-50, 50), ty = rng.uniform(-50, 50), tz = rng.uniform(0, 5);
  double angle = rng.uniform(-180, 180), s = rng.chance(0.5) ? 1 : rng.uniform(0.2, 3);
  if (m.index % 2 == 0) {  // Blender: one matrix
    double r = angle * std::numbers::pi / 180, c = std::cos(r) * s, sn = std::sin(r) * s;
    const double mat[16] = {c, -sn, 0, tx, sn, c, 0, ty, 0, 0, s, tz, 0, 0, 0, 1};
    a(in);
    a("  <matrix sid=\"transform\">");
    for (int k = 0; k < 16; ++k) {
      if (k) out_.ch(' ');
      out_.real(mat[k], 7);
    }
    a("</matrix>\n");
    stats_.floats += 16;
  } else {  // Maya / Max: translate, three rotations, scale
    auto put = [&](std::string_view head, std::initializer_list<double> values) {
      a(in);
      a(head);
      bool first = true;
      for (double v : values) {
        if (!first) out_.ch(' ');
        first = false;
        out_.real(v, 6);
      }
      stats_.floats += values.size();
    };
    put("  <translate sid=\"location\">", {tx, ty, tz});
    a("</translate>\n");
    put("  <rotate sid=\"rotationZ\">", {0, 0, 1, angle});
    a("</rotate>\n");
    put("  <rotate sid=\"rotationY\">", {0, 1, 0, 0});
    a("</rotate>\n");
    put("  <rotate sid=\"rotationX\">", {1, 0, 0, rng.chance(0.3) ? 90.0 : 0.0});
    a("</rotate>\n");
    put("  <scale sid=\"scale\">", {s, s, s});
    a("</scale>\n");
  }
  a(in);
  a("  <instance_geometry url=\"#");
  a(mesh_id(m.index));
  a("\" name=\"");
  a(name);
  a("\">\n");
  a(in);
  a("    <bind_material>\n");
  a(in);
  a("      <technique_common>\n");
  auto bind = [&](int material) {
    a(in);
    a("        <instance_material symbol=\"");
    a(material_id(material));
    a("\" target=\"#");
    a(material_id(material));
    a("\">\n");
    a(in);
    a("          <bind_vertex_input semantic=\"UVMap\" input_semantic=\"TEXCOORD\" "
      "input_set=\"0\"/>\n");
    a(in);
    a("        </instance_material>\n");
  };
  bind(m.material_tri);
  if (m.has_polylist()) bind(m.material_poly);
  a(in);
  a("      </technique_common>\n");
  a(in);
  a("    </bind_material>\n");
  a(in);
  a("  </instance_geometry>\n");
}

// Every fourth mesh's node is a parent of the next three.
void Generator::visual_scene() {
  a("  <library_visual_scenes>\n    <visual_scene id=\"Scene\" name=\"Scene\">\n");
  for (const Mesh& m : meshes_) {
    bool head = m.index % 4 == 0;
    if (head && m.index > 0) a("      </node>\n");
    node(m, head ? "      " : "        ");
    if (!head) a("        </node>\n");
  }
  if (!meshes_.empty()) a("      </node>\n");
  a("    </visual_scene>\n  </library_visual_scenes>\n"
    "  <scene>\n    <instance_visual_scene url=\"#Scene\"/>\n  </scene>\n</COLLADA>\n");
}

Stats Generator::run() {
  header();
  effects();
  a("  <library_geometries>\n");
  const uint64_t target = options_.target_bytes;
  while (out_.ok()) {
    // What the visual scene will take once this mesh is added, plus a margin.
    uint64_t tail = 1200 * (meshes_.size() + 1) + 200;
    uint64_t used = out_.position() + tail;
    uint64_t budget = target > used ? target - used : 0;
    double bytes_per_vertex = 200 * correction_;
    if (!meshes_.empty() && static_cast<double>(budget) < 16 * bytes_per_vertex) break;
    Mesh m = plan_mesh(budget);
    uint64_t before = out_.position();
    geometry(m);
    // Learn the real size of a vertex in this document, to plan the next mesh.
    double planned = static_cast<double>(m.vertices()) * (m.flat ? 330.0 : 200.0);
    double actual = static_cast<double>(out_.position() - before);
    correction_ = 0.5 * correction_ + 0.5 * (actual / planned);
    meshes_.push_back(m);
  }
  a("  </library_geometries>\n");
  visual_scene();
  out_.flush();
  stats_.bytes = out_.accepted();
  return stats_;
}

}  // namespace

Stats generate_collada(const Options& options, const Sink& sink) {
  Generator generator(options, sink);
  return generator.run();
}

std::string generate_collada_string(const Options& options, Stats* stats) {
  std::string text;
  text.reserve(options.target_bytes + options.target_bytes / 8 + 4096);
  Stats s = generate_collada(options, [&](std::string_view piece) {
    text.append(piece);
    return true;
  });
  if (stats != nullptr) *stats = s;
  return text;
}

}  // namespace px::gen
