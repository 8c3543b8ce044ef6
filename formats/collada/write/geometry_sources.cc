#include "formats/collada/write/geometry_sources.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>

#include "engine/strings.h"
#include "formats/collada/write/skin_entry.h"
#include "polyxios/hash_containers.h"

namespace px::collada {
namespace {

// The attributes the reader names after their semantic (NORMAL set 0 is normals, set n
// normals_n), with the param names their accessors give.
struct KnownAttribute {
  std::string_view name;
  std::string_view semantic;
  std::string_view params;
};
constexpr KnownAttribute kKnown[] = {
    {"normals", "NORMAL", "XYZW"},
    {"texcoords", "TEXCOORD", "STPQ"},
    {"colors", "COLOR", "RGBA"},
    {"tangent", "TANGENT", "XYZW"},
    {"binormal", "BINORMAL", "XYZW"},
    {"textangent", "TEXTANGENT", "XYZW"},
    {"texbinormal", "TEXBINORMAL", "XYZW"},
};
constexpr size_t kKnownCount = std::size(kKnown);
constexpr int kNormals = 0, kColors = 2, kTextangent = 5, kTexbinormal = 6;
constexpr int kOther = -1;

// Semantics the reader reads as positions or names after a known attribute: another attribute
// upper-cased to one of them would not read back under its own name.
constexpr std::string_view kReservedSemantics[] = {"POSITION", "VERTEX", "NORMAL", "TEXCOORD",
                                                   "COLOR"};

// One attribute to write.
struct Key {
  const NamedColumn* named = nullptr;  // null: glTF's tangents, written as a frame
  int known = kOther;                  // index into kKnown, or kOther
  int64_t set = 0;                     // -1: a suffix the reader would not spell back
  std::string semantic;                // kOther: the name upper-cased
  bool dropped = false;
};

// The set a "_<suffix>" spells as the reader spells sets: digits without a leading zero, not 0.
std::optional<int64_t> spelled_set(std::string_view suffix) {
  if (suffix.empty() || suffix.size() > 9 || suffix[0] == '0') return std::nullopt;
  int64_t set = 0;
  for (char c : suffix) {
    if (c < '0' || c > '9') return std::nullopt;
    set = set * 10 + (c - '0');
  }
  return set;
}

// A known attribute's name, with or without a set suffix: fills key.known and key.set.
bool parse_known(std::string_view name, Key& key) {
  for (size_t k = 0; k < kKnownCount; ++k) {
    std::string_view base = kKnown[k].name;
    if (!name.starts_with(base)) continue;
    if (name.size() == base.size()) {
      key.known = static_cast<int>(k);
      key.set = 0;
      return true;
    }
    if (name[base.size()] != '_') continue;
    key.known = static_cast<int>(k);
    key.set = spelled_set(name.substr(base.size() + 1)).value_or(-1);
    return true;
  }
  return false;
}

// The semantic the reader lower-cases back into name: the name upper-cased when it is an NMTOKEN
// of lower-case ASCII; empty when no semantic reads back as name.
std::string other_semantic(std::string_view name) {
  std::string semantic;
  for (char c : name) {
    if (c >= 'a' && c <= 'z') {
      semantic += static_cast<char>(c - 'a' + 'A');
    } else if ((c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.') {
      semantic += c;
    } else {
      return {};
    }
  }
  for (std::string_view reserved : kReservedSemantics) {
    if (semantic == reserved) return {};
  }
  return semantic;
}

std::string known_name(int known, int64_t set) {
  return set > 0 ? cat(kKnown[known].name, "_", set) : std::string(kKnown[known].name);
}

// Joint indices and weights are the controller's (glTF's JOINTS_n / WEIGHTS_n read as joints_n).
bool is_influence(std::string_view name) {
  return name == "joints" || name == "weights" || name.starts_with("joints_") ||
         name.starts_with("weights_");
}

// The largest value of an integer colour's dtype, which stands for 1; 255 for a signed one.
double color_maximum(DType dtype) {
  switch (dtype) {
    case DType::kUInt16:
      return 65535;
    case DType::kUInt32:
      return 4294967295.0;
    default:
      return 255;
  }
}

bool is_signed_integer(DType dtype) {
  return dtype == DType::kInt8 || dtype == DType::kInt16 || dtype == DType::kInt32 ||
         dtype == DType::kInt64;
}

size_t count_outside_byte(const Column& c) {
  size_t outside = 0;
  for (size_t r = 0; r < c.rows; ++r) {
    for (size_t k = 0; k < c.cols; ++k) {
      double v = c.get(r, k);
      outside += v < 0 || v > 255;
    }
  }
  return outside;
}

size_t count_unsigned_handedness(const Column& tangents) {
  size_t odd = 0;
  for (size_t r = 0; r < tangents.rows; ++r) {
    double w = tangents.get(r, 3);
    odd += w != 1 && w != -1;
  }
  return odd;
}

class SourcePlanner {
 public:
  SourcePlanner(const Mesh& mesh, const SourcesContext& context, Diagnostics& diagnostics)
      : mesh_(mesh), context_(context), diagnostics_(diagnostics) {}

  std::vector<GeometrySource> plan(IdRegistry& ids);

 private:
  void collect();
  void place_frame();
  void renumber();
  void keep_set_zero_only();
  void drop(std::string_view name, std::string_view why) {
    diagnostics_.warn("collada.write.attribute-dropped",
                      cat(context_.label, ": vertex attribute '", name, "' left out: ", why));
  }
  // The key of a known attribute and set, when its column is 3 wide.
  Key* three_wide(int known, int64_t set) {
    auto it = by_set_[known].find(set);
    if (it == by_set_[known].end()) return nullptr;
    Key& key = keys_[it->second];
    return key.named != nullptr && key.named->column.cols == 3 ? &key : nullptr;
  }
  GeometrySource source(std::string_view semantic, int64_t set, const Column& column,
                        std::string_view params, std::string_view name, IdRegistry& ids) const;

  const Mesh& mesh_;
  const SourcesContext& context_;
  Diagnostics& diagnostics_;
  std::vector<Key> keys_;  // in point_data order, the frame at its tangents' place
  std::array<HashMap<int64_t, size_t>, kKnownCount> by_set_;  // set -> key
  const NamedColumn* tangents_ = nullptr;
  const Column* normals_ = nullptr;  // the frame's bitangent needs normals of 3 columns
  int64_t frame_set_ = 0;
};

void SourcePlanner::collect() {
  const size_t points = mesh_.num_points();
  HashSet<std::string_view> seen;
  // The influence sets the mesh's controller writes; the others are reported left out.
  MeshInfluences written_influences;
  if (context_.skinned) find_mesh_influences(mesh_, &written_influences);
  for (const NamedColumn& named : mesh_.point_data) {
    const std::string& name = named.name;
    if (!seen.insert(name).second) {
      drop(name, "a second attribute of that name");
      continue;
    }
    if (is_influence(name)) {
      if (!written_influences.holds(&named.column)) {
        diagnostics_.warn("collada.write.skin-attribute-dropped",
                          cat(context_.label, ": vertex attribute '", name,
                              "' left out: no written controller skins the mesh with it"));
      }
      continue;
    }
    const Column& column = named.column;
    if (column.rows != points || column.cols == 0) {
      drop(name, cat(column.rows, " x ", column.cols, " values for ", points, " points"));
      continue;
    }
    if (name == "tangents") {
      if (column.cols != 4) {
        drop(name, "glTF's tangents are four values (xyz and a handedness) per vertex");
        continue;
      }
      tangents_ = &named;
      keys_.push_back(Key{});
      continue;
    }
    Key key;
    key.named = &named;
    if (!parse_known(name, key)) {
      key.semantic = other_semantic(name);
      if (key.semantic.empty()) {
        drop(name, "no COLLADA semantic reads back under that name");
        continue;
      }
    }
    if (key.known != kOther && key.set >= 0) by_set_[key.known].emplace(key.set, keys_.size());
    keys_.push_back(std::move(key));
  }
}

// glTF's tangents go out as TEXTANGENT (their xyz) and, beside normals of 3 columns, TEXBINORMAL
// (w * cross(normals, xyz)), under the lowest set no 3-wide textangent or texbinormal spells.
void SourcePlanner::place_frame() {
  if (tangents_ == nullptr) return;
  const size_t frame_key = static_cast<size_t>(
      std::find_if(keys_.begin(), keys_.end(), [](const Key& k) { return k.named == nullptr; }) -
      keys_.begin());
  if (Key* n = three_wide(kNormals, 0)) normals_ = &n->named->column;
  Key* lone = three_wide(kTexbinormal, 0);
  if (normals_ != nullptr && lone != nullptr && !by_set_[kTextangent].contains(0)) {
    // Set 0 is the one set a glTF write turns back into tangents: the frame takes it.
    lone->dropped = true;
    by_set_[kTexbinormal].erase(0);
    diagnostics_.warn("collada.write.texbinormal-dropped",
                      cat(context_.label,
                          ": vertex attribute 'texbinormal' left out: glTF's tangents take set 0, "
                          "the set a glTF write turns back into tangents"));
  } else {
    while (three_wide(kTextangent, frame_set_) || three_wide(kTexbinormal, frame_set_)) {
      ++frame_set_;
    }
  }
  // A key of the frame's set of another shape gives way to it.
  for (int known : {kTextangent, kTexbinormal}) {
    if (known == kTexbinormal && normals_ == nullptr) continue;
    auto it = by_set_[known].find(frame_set_);
    if (it != by_set_[known].end()) {
      Key& clash = keys_[it->second];
      clash.dropped = true;
      drop(clash.named->name, "glTF's tangents are written under its set");
    }
    by_set_[known][frame_set_] = frame_key;
  }
  if (frame_set_ != 0) {
    diagnostics_.warn("collada.write.tangent-set",
                      cat(context_.label, ": glTF's tangents are written as TEXTANGENT set ",
                          frame_set_, ", since set 0 is taken"));
  }
  if (normals_ == nullptr) {
    diagnostics_.warn("collada.write.tangent-handedness-dropped",
                      cat(context_.label,
                          ": the tangents' handedness is left out: without normals of 3 columns "
                          "there is no TEXBINORMAL to carry it"));
  } else if (size_t odd = count_unsigned_handedness(tangents_->column); odd > 0) {
    diagnostics_.warn("collada.write.tangent-handedness",
                      cat(context_.label, ": ", odd,
                          " tangent handedness values are not -1 or 1; each is taken as -1 when "
                          "negative, else 1"));
  }
}

// A set suffix the reader would not spell back goes under the lowest free set.
void SourcePlanner::renumber() {
  std::array<int64_t, kKnownCount> lowest_free{};
  for (size_t k = 0; k < keys_.size(); ++k) {
    Key& key = keys_[k];
    if (key.named == nullptr || key.known == kOther || key.set >= 0) continue;
    int64_t& set = lowest_free[key.known];
    while (by_set_[key.known].contains(set)) ++set;
    key.set = set;
    by_set_[key.known].emplace(set, k);
    diagnostics_.warn(
        "collada.write.attribute-set",
        cat(context_.label, ": vertex attribute '", key.named->name, "' is written as '",
            known_name(key.known, set), "', a set the reader spells back"));
  }
}

// <vertices> inputs take no set: a point cloud keeps set 0 alone.
void SourcePlanner::keep_set_zero_only() {
  for (Key& key : keys_) {
    int64_t set = key.named == nullptr ? frame_set_ : key.set;
    if (key.dropped || set == 0) continue;
    key.dropped = true;
    diagnostics_.warn(
        "collada.write.point-cloud-set-dropped",
        cat(context_.label, ": vertex attribute '",
            key.named == nullptr ? std::string("tangents") : key.named->name,
            "' left out: a mesh without primitives holds its attributes in <vertices>, whose "
            "inputs take no set"));
  }
}

GeometrySource SourcePlanner::source(std::string_view semantic, int64_t set, const Column& column,
                                     std::string_view params, std::string_view name,
                                     IdRegistry& ids) const {
  GeometrySource s;
  s.id = ids.unique(cat(context_.geometry_id, "-", name));
  s.array_id = ids.unique(cat(s.id, "-array"));
  s.semantic = std::string(semantic);
  // Texture coordinates and colours name their set, as exporters spell them; others when not 0.
  bool spelled = semantic == "TEXCOORD" || semantic == "COLOR" || set > 0;
  s.set = context_.in_vertices || !spelled ? -1 : static_cast<int>(set);
  s.column = &column;
  s.width = column.cols;
  s.params = params;
  return s;
}

std::vector<GeometrySource> SourcePlanner::plan(IdRegistry& ids) {
  collect();
  place_frame();
  renumber();
  if (context_.in_vertices) keep_set_zero_only();
  std::vector<GeometrySource> sources;
  GeometrySource& positions =
      sources.emplace_back(source("POSITION", 0, mesh_.points, "XYZ", "positions", ids));
  positions.width = 3;
  for (const Key& key : keys_) {
    if (key.dropped) continue;
    if (key.named == nullptr) {
      const Column& t = tangents_->column;
      GeometrySource& xyz = sources.emplace_back(
          source("TEXTANGENT", frame_set_, t, "XYZ", known_name(kTextangent, frame_set_), ids));
      xyz.values = SourceValues::kTangentXyz;
      xyz.width = 3;
      if (normals_ != nullptr) {
        GeometrySource& b = sources.emplace_back(
            source("TEXBINORMAL", frame_set_, t, "XYZ", known_name(kTexbinormal, frame_set_), ids));
        b.values = SourceValues::kBitangent;
        b.normals = normals_;
        b.width = 3;
      }
      continue;
    }
    const Column& c = key.named->column;
    if (key.known == kOther) {
      sources.push_back(source(key.semantic, 0, c, "XYZW", key.named->name, ids));
      continue;
    }
    const KnownAttribute& known = kKnown[key.known];
    GeometrySource& s = sources.emplace_back(
        source(known.semantic, key.set, c, known.params, known_name(key.known, key.set), ids));
    if (key.known == kColors && !dtype_is_float(c.dtype)) {
      s.values = SourceValues::kScaledColor;
      s.scale = color_maximum(c.dtype);
      if (is_signed_integer(c.dtype)) {
        if (size_t outside = count_outside_byte(c); outside > 0) {
          diagnostics_.warn("collada.write.color-range",
                            cat(context_.label, ": ", outside, " values of the ",
                                dtype_name(c.dtype), " colours '", key.named->name,
                                "' lie outside 0..255; they are divided by 255 all the same"));
        }
      }
    }
  }
  return sources;
}

// Values a source computes, written a chunk of rows at a time as T (float64 only when the
// column they come from is).
template <class T, class Row>
void write_computed(XmlWriter& xml, size_t rows, size_t width, Row row) {
  constexpr size_t kChunkRows = 1024;
  std::vector<T> chunk(std::min(rows, kChunkRows) * width);
  for (size_t first = 0; first < rows; first += kChunkRows) {
    size_t n = std::min(kChunkRows, rows - first);
    for (size_t r = 0; r < n; ++r) row(first + r, chunk.data() + r * width);
    xml.numbers(std::span<const T>(chunk.data(), n * width));
  }
}

template <class T>
void write_computed_values(const GeometrySource& s, XmlWriter& xml) {
  const Column& c = *s.column;
  switch (s.values) {
    case SourceValues::kColumn:
      return;
    case SourceValues::kScaledColor:
      return write_computed<T>(xml, c.rows, s.width, [&](size_t r, T* out) {
        for (size_t k = 0; k < s.width; ++k) out[k] = static_cast<T>(c.get(r, k) / s.scale);
      });
    case SourceValues::kTangentXyz:
      return write_computed<T>(xml, c.rows, 3, [&](size_t r, T* out) {
        for (size_t k = 0; k < 3; ++k) out[k] = static_cast<T>(c.get(r, k));
      });
    case SourceValues::kBitangent: {
      const Column& n = *s.normals;
      return write_computed<T>(xml, c.rows, 3, [&](size_t r, T* out) {
        double tx = c.get(r, 0), ty = c.get(r, 1), tz = c.get(r, 2);
        double nx = n.get(r, 0), ny = n.get(r, 1), nz = n.get(r, 2);
        double w = c.get(r, 3) < 0 ? -1 : 1;  // NaN is not negative: +1
        out[0] = static_cast<T>(w * (ny * tz - nz * ty));
        out[1] = static_cast<T>(w * (nz * tx - nx * tz));
        out[2] = static_cast<T>(w * (nx * ty - ny * tx));
      });
    }
  }
}

std::string param_name(std::string_view params, size_t k) {
  return k < params.size() ? std::string(params.substr(k, 1)) : cat("V", k);
}

}  // namespace

std::vector<GeometrySource> plan_sources(const Mesh& mesh, const SourcesContext& context,
                                         IdRegistry& ids, Diagnostics& diagnostics) {
  return SourcePlanner(mesh, context, diagnostics).plan(ids);
}

void write_source(const GeometrySource& s, XmlWriter& xml) {
  const size_t rows = s.column->rows;
  xml.open("source");
  xml.attr("id", s.id);
  xml.open("float_array");
  xml.attr("id", s.array_id);
  xml.attr("count", rows * s.width);
  if (s.values == SourceValues::kColumn) {
    xml.column_values(*s.column);
  } else if (s.column->dtype == DType::kFloat64 && s.values != SourceValues::kScaledColor) {
    write_computed_values<double>(s, xml);
  } else {
    write_computed_values<float>(s, xml);
  }
  xml.close();
  xml.open("technique_common");
  xml.open("accessor");
  xml.attr("source", cat("#", s.array_id));
  xml.attr("count", rows);
  xml.attr("stride", s.width);
  for (size_t k = 0; k < s.width; ++k) {
    xml.open("param");
    xml.attr("name", param_name(s.params, k));
    xml.attr("type", "float");
    xml.close();
  }
  xml.close();
  xml.close();
  xml.close();
}

}  // namespace px::collada
