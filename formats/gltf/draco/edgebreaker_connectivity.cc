// MESH_EDGEBREAKER_ENCODING (bitstream 2.2): the standard and the valence traversals. The symbols
// are replayed in reverse to rebuild the corner table face by face, topology splits reconnect
// the boundaries the encoder cut, attribute seams are read per interior edge, and corners are
// then grouped into points wherever no attribute changes across them.
#include <algorithm>
#include <array>
#include <unordered_map>

#include "engine/strings.h"
#include "formats/gltf/draco/connectivity.h"
#include "formats/gltf/draco/draco_error.h"
#include "formats/gltf/draco/rans.h"

namespace px::gltf::draco {
namespace {

constexpr uint32_t kC = 0, kS = 1, kL = 3, kR = 5, kE = 7, kInvalid = 9;
constexpr uint32_t kSymbolToTopology[5] = {kC, kS, kL, kR, kE};
constexpr int kMinValence = 2;
constexpr int kMaxValence = 7;

struct SplitEvent {
  int64_t source_symbol = 0;
  int64_t split_symbol = 0;
  uint32_t source_edge = 0;  // 1: the right edge of the source face
};

class EdgebreakerDecoder {
 public:
  EdgebreakerDecoder(ByteReader& in, const Limits& limits, Connectivity& out)
      : in_(in),
        limits_(limits),
        out_(out),
        table_(*(out.table = std::make_unique<CornerTable>())) {}

  absl::Status decode() {
    PX_DRACO_TRY(read_header());
    PX_DRACO_TRY(read_split_events());
    PX_DRACO_TRY(start_traversal());
    int32_t vertices = 0;
    PX_DRACO_TRY(decode_faces(vertices));
    for (int32_t c = 0; c < table_.num_corners(); ++c) {
      if (!table_.valid_vertex(table_.vertex(c))) {
        return malformed(cat("corner ", c, " was given no vertex"));
      }
    }
    if (!out_.attributes.empty()) PX_DRACO_TRY(decode_attribute_seams());
    out_.position_view = std::make_unique<AttributeTable>(out_.table.get());
    for (AttributeConnectivity& a : out_.attributes) {
      a.table = std::make_unique<AttributeTable>(out_.table.get());
      a.table->cut(a.seam_corners);
      a.encoding.init(std::max(a.table->num_vertices(), table_.num_vertices()));
    }
    out_.position_encoding.init(table_.num_vertices());
    return assign_points(vertices);
  }

 private:
  absl::Status read_header() {
    uint8_t traversal = 0;
    if (!in_.read(traversal)) return malformed("the edgebreaker header is cut short");
    if (traversal == 1) return unsupported("the predictive edgebreaker traversal");
    if (traversal != 0 && traversal != 2) {
      return malformed(cat("edgebreaker traversal type ", int(traversal)));
    }
    valence_ = traversal == 2;
    uint32_t vertices = 0, faces = 0, symbols = 0, splits = 0;
    uint8_t attribute_data = 0;
    if (!in_.varint32(vertices) || !in_.varint32(faces) || !in_.read(attribute_data) ||
        !in_.varint32(symbols) || !in_.varint32(splits)) {
      return malformed("the edgebreaker header is cut short");
    }
    if (faces > limits_.max_faces || faces > (INT32_MAX / 3)) {
      return malformed(cat("the mesh claims ", faces, " faces, more than the glTF declares"));
    }
    if (symbols > faces || splits > faces || vertices > uint64_t{3} * faces) {
      return malformed(cat("edgebreaker counts disagree: ", faces, " faces, ", symbols,
                           " symbols, ", splits, " split symbols, ", vertices, " vertices"));
    }
    num_symbols_ = static_cast<int32_t>(symbols);
    max_vertices_ = static_cast<int32_t>(vertices + splits);
    table_.reset(static_cast<int32_t>(faces));
    out_.attributes.resize(attribute_data);
    is_vert_hole_.assign(max_vertices_, 1);
    return absl::OkStatus();
  }

  absl::Status read_split_events() {
    uint32_t count = 0;
    if (!in_.varint32(count)) return malformed("the topology splits are cut short");
    if (count > static_cast<uint32_t>(table_.num_faces())) {
      return malformed(cat(count, " topology splits for ", table_.num_faces(), " faces"));
    }
    if (count == 0) return absl::OkStatus();
    splits_.resize(count);
    int64_t last = 0;
    for (SplitEvent& e : splits_) {
      uint32_t source_delta = 0, split_delta = 0;
      if (!in_.varint32(source_delta) || !in_.varint32(split_delta)) {
        return malformed("the topology splits are cut short");
      }
      e.source_symbol = last + source_delta;
      if (split_delta > e.source_symbol) return malformed("a topology split precedes its source");
      e.split_symbol = e.source_symbol - split_delta;
      last = e.source_symbol;
    }
    BitReader bits(in_.rest());
    for (SplitEvent& e : splits_) {
      if (!bits.bits(1, e.source_edge)) return malformed("the topology split edges are cut short");
    }
    in_.skip(bits.bytes_used());
    return absl::OkStatus();
  }

  absl::Status start_traversal() {
    if (!valence_) {
      uint64_t size = 0;
      std::span<const uint8_t> bytes;
      if (!in_.varint64(size) || !in_.take(size, bytes)) {
        return malformed("the edgebreaker symbols are cut short");
      }
      symbol_bits_ = BitReader(bytes);
    }
    PX_DRACO_TRY(start_faces_.start(in_));
    seam_decoders_.resize(out_.attributes.size());
    for (RAnsBitDecoder& d : seam_decoders_) PX_DRACO_TRY(d.start(in_));
    if (!valence_) return absl::OkStatus();
    valences_.assign(max_vertices_, 0);
    for (int i = 0; i < kMaxValence - kMinValence + 1; ++i) {
      uint32_t count = 0;
      if (!in_.varint32(count)) return malformed("the valence contexts are cut short");
      if (count > static_cast<uint32_t>(num_symbols_)) {
        return malformed(cat("a valence context holds ", count, " of ", num_symbols_, " symbols"));
      }
      contexts_[i].assign(count, 0);
      PX_DRACO_TRY(decode_symbols(in_, 1, contexts_[i]));
      context_left_[i] = static_cast<int32_t>(count);
    }
    return absl::OkStatus();
  }

  uint32_t next_symbol() {
    if (valence_) {
      if (active_context_ < 0) return last_symbol_ = kE;  // the first symbol is always E
      if (--context_left_[active_context_] < 0) return kInvalid;
      const uint32_t id = contexts_[active_context_][context_left_[active_context_]];
      return last_symbol_ = id < 5 ? kSymbolToTopology[id] : kInvalid;
    }
    uint32_t symbol = 0;
    if (!symbol_bits_.bits(1, symbol)) return kInvalid;
    if (symbol == kC) return symbol;
    uint32_t suffix = 0;
    if (!symbol_bits_.bits(2, suffix)) return kInvalid;
    return symbol | (suffix << 1);
  }

  // The valence traversal's context for the next symbol.
  bool add_valence(int32_t corner, int amount) {
    const int32_t v = table_.vertex(corner);
    if (v < 0 || v >= static_cast<int32_t>(valences_.size())) return false;
    valences_[v] += amount;
    return true;
  }
  bool active_corner_reached(int32_t corner) {
    if (!valence_) return true;
    const int32_t next = next_corner(corner);
    const int32_t prev = prev_corner(corner);
    bool ok = true;
    switch (last_symbol_) {
      case kC:
      case kS:
        ok = add_valence(next, 1) && add_valence(prev, 1);
        break;
      case kR:
        ok = add_valence(corner, 1) && add_valence(next, 1) && add_valence(prev, 2);
        break;
      case kL:
        ok = add_valence(corner, 1) && add_valence(next, 2) && add_valence(prev, 1);
        break;
      case kE:
        ok = add_valence(corner, 2) && add_valence(next, 2) && add_valence(prev, 2);
        break;
    }
    const int32_t v = table_.vertex(next);
    if (!ok || v < 0 || v >= static_cast<int32_t>(valences_.size())) return false;
    active_context_ = std::clamp(valences_[v], kMinValence, kMaxValence) - kMinValence;
    return true;
  }

  // The next split event whose source is `encoder_symbol`: 1 found, 0 none, -1 malformed.
  int topology_split(int64_t encoder_symbol, SplitEvent& out) {
    if (splits_.empty()) return 0;
    if (splits_.back().source_symbol > encoder_symbol) return -1;
    if (splits_.back().source_symbol != encoder_symbol) return 0;
    out = splits_.back();
    splits_.pop_back();
    return 1;
  }

  void mark_interior(int32_t v) {
    if (v >= 0 && v < static_cast<int32_t>(is_vert_hole_.size())) is_vert_hole_[v] = 0;
  }

  absl::Status decode_faces(int32_t& num_vertices) {
    std::vector<int32_t> active;
    std::unordered_map<int64_t, int32_t> split_corners;
    std::vector<int32_t> invalid_vertices;
    const bool remove_invalid = out_.attributes.empty();
    const int32_t ring_limit = table_.num_corners() + 1;
    int32_t faces = 0;
    for (int32_t symbol_id = 0; symbol_id < num_symbols_; ++symbol_id) {
      const int32_t corner = 3 * faces++;
      bool check_split = false;
      const uint32_t symbol = next_symbol();
      if (symbol == kC) {
        if (active.empty()) return malformed("a C symbol with no active edge");
        const int32_t a = active.back();
        const int32_t x = table_.vertex(next_corner(a));
        const int32_t b = next_corner(table_.left_most(x));
        // A well-formed stream only ever joins two distinct free edges.
        if (b == kNone || a == b || table_.opposite(a) != kNone || table_.opposite(b) != kNone) {
          return malformed("a C symbol joins edges that are not free");
        }
        table_.set_opposites(a, corner + 1);
        table_.set_opposites(b, corner + 2);
        table_.map(corner, x);
        table_.map(corner + 1, table_.vertex(next_corner(b)));
        const int32_t a_prev = table_.vertex(prev_corner(a));
        table_.map(corner + 2, a_prev);
        table_.set_left_most(a_prev, corner + 2);
        mark_interior(x);
        active.back() = corner;
      } else if (symbol == kR || symbol == kL) {
        if (active.empty()) return malformed("an R or L symbol with no active edge");
        const int32_t a = active.back();
        if (table_.opposite(a) != kNone) return malformed("an R or L symbol on a joined edge");
        const int32_t opp = symbol == kR ? corner + 2 : corner + 1;
        const int32_t left = symbol == kR ? corner + 1 : corner;
        const int32_t right = symbol == kR ? corner : corner + 2;
        table_.set_opposites(opp, a);
        const int32_t v = table_.add_vertex();
        table_.map(opp, v);
        table_.set_left_most(v, opp);
        const int32_t r = table_.vertex(prev_corner(a));
        table_.map(right, r);
        table_.set_left_most(r, right);
        table_.map(left, table_.vertex(next_corner(a)));
        active.back() = corner;
        check_split = true;
      } else if (symbol == kS) {
        if (active.empty()) return malformed("an S symbol with no active edge");
        const int32_t b = active.back();
        active.pop_back();
        if (auto it = split_corners.find(symbol_id); it != split_corners.end()) {
          active.push_back(it->second);
        }
        if (active.empty()) return malformed("an S symbol with one active edge");
        const int32_t a = active.back();
        if (a == b || table_.opposite(a) != kNone || table_.opposite(b) != kNone) {
          return malformed("an S symbol joins edges that are not free");
        }
        table_.set_opposites(a, corner + 2);
        table_.set_opposites(b, corner + 1);
        const int32_t p = table_.vertex(prev_corner(a));
        table_.map(corner, p);
        table_.map(corner + 1, table_.vertex(next_corner(a)));
        const int32_t b_prev = table_.vertex(prev_corner(b));
        table_.map(corner + 2, b_prev);
        table_.set_left_most(b_prev, corner + 2);
        int32_t n = next_corner(b);
        const int32_t vn = table_.vertex(n);
        if (!table_.valid_vertex(vn) || !table_.valid_vertex(p)) {
          return malformed("an S symbol merges a vertex that does not exist");
        }
        if (valence_) valences_[p] += valences_[vn];
        table_.set_left_most(p, table_.left_most(vn));
        for (int32_t steps = 0; n != kNone; n = table_.swing_left(n)) {
          if (++steps > ring_limit) return malformed("a vertex ring does not close");
          table_.map(n, p);
        }
        table_.set_left_most(vn, kNone);
        if (remove_invalid) invalid_vertices.push_back(vn);
        active.back() = corner;
      } else if (symbol == kE) {
        const int32_t first = table_.add_vertex();
        table_.add_vertex();
        table_.add_vertex();
        for (int i = 0; i < 3; ++i) {
          table_.map(corner + i, first + i);
          table_.set_left_most(first + i, corner + i);
        }
        active.push_back(corner);
        check_split = true;
      } else {
        return malformed(cat("edgebreaker symbol ", symbol_id, " is not valid"));
      }
      if (table_.num_vertices() > max_vertices_) {
        return malformed("the traversal makes more vertices than the header declares");
      }
      if (!active_corner_reached(active.back())) {
        return malformed("a valence update names a vertex that does not exist");
      }
      if (!check_split) continue;
      const int64_t encoder_symbol = int64_t{num_symbols_} - symbol_id - 1;
      SplitEvent e;
      for (int found; (found = topology_split(encoder_symbol, e)) != 0;) {
        if (found < 0) return malformed("a topology split names a symbol already passed");
        const int32_t top = active.back();
        const int32_t corner_at = e.source_edge == 1 ? next_corner(top) : prev_corner(top);
        split_corners[int64_t{num_symbols_} - e.split_symbol - 1] = corner_at;
      }
    }
    // Start faces: each remaining active edge closes an interior start face or is a boundary.
    while (!active.empty()) {
      const int32_t corner = active.back();
      active.pop_back();
      if (!start_faces_.next_bit()) continue;
      if (faces >= table_.num_faces()) return malformed("more start faces than faces");
      const int32_t n = table_.vertex(next_corner(corner));
      const int32_t b = next_corner(table_.left_most(n));
      const int32_t x = table_.vertex(next_corner(b));
      const int32_t c = next_corner(table_.left_most(x));
      const int32_t p = table_.vertex(next_corner(c));
      const int32_t first = 3 * faces++;
      table_.set_opposites(first, corner);
      table_.set_opposites(first + 1, b);
      table_.set_opposites(first + 2, c);
      table_.map(first, x);
      table_.map(first + 1, p);
      table_.map(first + 2, n);
      for (int i = 0; i < 3; ++i) mark_interior(table_.vertex(first + i));
    }
    if (faces != table_.num_faces()) {
      return malformed(cat("the traversal decodes ", faces, " of ", table_.num_faces(), " faces"));
    }
    num_vertices = table_.num_vertices();
    // Vertices merged away by S symbols leave holes in the numbering: move the last vertices
    // into them.
    for (int32_t invalid : invalid_vertices) {
      int32_t src = num_vertices - 1;
      while (src >= 0 && table_.left_most(src) == kNone) src = --num_vertices - 1;
      if (src < 0) return malformed("every vertex was merged away");
      if (src < invalid) continue;
      int32_t steps = 0;
      const int32_t start = table_.left_most(src);
      int32_t c = start;
      bool left = true;
      while (c != kNone) {
        if (++steps > ring_limit) return malformed("a vertex ring does not close");
        table_.map(c, invalid);
        if (left) {
          c = table_.swing_left(c);
          if (c == kNone) {
            c = table_.swing_right(start);
            left = false;
          } else if (c == start) {
            break;
          }
        } else {
          c = table_.swing_right(c);
        }
      }
      table_.set_left_most(invalid, start);
      table_.set_left_most(src, kNone);
      is_vert_hole_[invalid] = is_vert_hole_[src];
      is_vert_hole_[src] = 0;
      --num_vertices;
    }
    if (num_vertices < table_.num_vertices()) table_.set_num_vertices(num_vertices);
    return absl::OkStatus();
  }

  absl::Status decode_attribute_seams() {
    for (int32_t corner = 0; corner < table_.num_corners(); corner += 3) {
      const int32_t corners[3] = {corner, next_corner(corner), prev_corner(corner)};
      for (int32_t c : corners) {
        const int32_t opp = table_.opposite(c);
        if (opp == kNone) {
          for (AttributeConnectivity& a : out_.attributes) a.seam_corners.push_back(c);
          continue;
        }
        if (opp / 3 < corner / 3) continue;
        for (size_t i = 0; i < out_.attributes.size(); ++i) {
          if (seam_decoders_[i].next_bit()) out_.attributes[i].seam_corners.push_back(c);
        }
      }
    }
    return absl::OkStatus();
  }

  // Gives every corner a point: a vertex's corners share one point until some attribute's
  // vertex changes between neighbouring corners.
  absl::Status assign_points(int32_t num_vertices) {
    const int32_t corners = table_.num_corners();
    out_.faces.assign(corners, 0);
    if (out_.attributes.empty()) {
      for (int32_t c = 0; c < corners; ++c) {
        const int32_t v = table_.vertex(c);
        if (v < 0 || v >= num_vertices) return malformed("a corner's vertex was merged away");
        out_.faces[c] = static_cast<uint32_t>(v);
      }
      out_.num_points = static_cast<uint32_t>(num_vertices);
      return check_points();
    }
    std::vector<int32_t> corner_point(corners, kNone);
    uint32_t points = 0;
    const int32_t ring_limit = corners + 1;
    for (int32_t v = 0; v < table_.num_vertices(); ++v) {
      int32_t c = table_.left_most(v);
      if (c == kNone) continue;
      int32_t first = c;
      if (!is_vert_hole_[v]) {
        for (const AttributeConnectivity& a : out_.attributes) {
          if (!a.table->corner_on_seam(c)) continue;
          const int32_t vert = a.table->vertex(c);
          int32_t act = table_.swing_right(c);
          bool found = false;
          for (int32_t steps = 0; act != c && act != kNone; act = table_.swing_right(act)) {
            if (++steps > ring_limit) return malformed("a vertex ring does not close");
            if (a.table->vertex(act) != vert) {
              first = act;
              found = true;
              break;
            }
          }
          if (found) break;
        }
      }
      c = first;
      corner_point[c] = static_cast<int32_t>(points++);
      int32_t prev = c;
      c = table_.swing_right(c);
      for (int32_t steps = 0; c != kNone && c != first; c = table_.swing_right(c)) {
        if (++steps > ring_limit) return malformed("a vertex ring does not close");
        bool seam = false;
        for (const AttributeConnectivity& a : out_.attributes) {
          if (a.table->vertex(c) != a.table->vertex(prev)) {
            seam = true;
            break;
          }
        }
        corner_point[c] = seam ? static_cast<int32_t>(points++) : corner_point[prev];
        prev = c;
      }
    }
    for (int32_t c = 0; c < corners; ++c) {
      if (corner_point[c] < 0) return malformed(cat("corner ", c, " was given no point"));
      out_.faces[c] = static_cast<uint32_t>(corner_point[c]);
    }
    out_.num_points = points;
    return check_points();
  }

  absl::Status check_points() {
    if (out_.num_points > limits_.max_points) {
      return malformed(cat("the mesh decodes ", out_.num_points,
                           " points, more than the glTF accessors declare"));
    }
    return absl::OkStatus();
  }

  ByteReader& in_;
  const Limits& limits_;
  Connectivity& out_;
  CornerTable& table_;
  bool valence_ = false;
  int32_t num_symbols_ = 0;
  int32_t max_vertices_ = 0;
  std::vector<uint8_t> is_vert_hole_;
  std::vector<SplitEvent> splits_;
  BitReader symbol_bits_{{}};
  RAnsBitDecoder start_faces_;
  std::vector<RAnsBitDecoder> seam_decoders_;
  std::vector<int> valences_;
  std::array<std::vector<uint32_t>, kMaxValence - kMinValence + 1> contexts_;
  std::array<int32_t, kMaxValence - kMinValence + 1> context_left_{};
  int active_context_ = -1;
  uint32_t last_symbol_ = kInvalid;
};

}  // namespace

absl::Status decode_edgebreaker_connectivity(ByteReader& in, const Limits& limits,
                                             Connectivity& out) {
  out.edgebreaker = true;
  return EdgebreakerDecoder(in, limits, out).decode();
}

}  // namespace px::gltf::draco
