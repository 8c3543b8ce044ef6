#include "formats/gltf/read/read_accessors.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "engine/errors.h"
#include "engine/strings.h"

namespace px::gltf {

static_assert(std::endian::native == std::endian::little, "glTF buffers are little-endian");

namespace {

constexpr std::string_view kOutOfBounds = "gltf.accessor.out-of-bounds";

// How one element lies in the buffer: `columns` runs of `rows` components, each run starting
// `column_bytes` after the last (a MAT2 of bytes, a MAT3 of bytes or shorts pads its columns to
// 4 bytes). The last element needs no padding after its last column: it ends used_bytes from its
// start.
struct Layout {
  int component_size = 0;
  int columns = 1;
  int rows = 1;
  uint64_t column_bytes = 0;
  uint64_t element_bytes = 0;
  uint64_t used_bytes = 0;
  int components() const { return columns * rows; }
};

Layout layout_of(const AccessorType& type, int size) {
  Layout l;
  l.component_size = size;
  l.columns = type.columns;
  l.rows = type.rows;
  l.column_bytes = uint64_t(type.rows) * size;
  if (type.columns > 1) l.column_bytes = (l.column_bytes + 3) & ~uint64_t{3};
  l.element_bytes = l.column_bytes * type.columns;
  l.used_bytes = l.column_bytes * (type.columns - 1) + uint64_t(type.rows) * size;
  return l;
}

template <class C>
float normalize(C v) {
  if constexpr (std::is_same_v<C, int8_t>) return std::max(v / 127.0f, -1.0f);
  if constexpr (std::is_same_v<C, uint8_t>) return v / 255.0f;
  if constexpr (std::is_same_v<C, int16_t>) return std::max(v / 32767.0f, -1.0f);
  if constexpr (std::is_same_v<C, uint16_t>) return v / 65535.0f;
  return static_cast<float>(v);
}

// Decodes `count` elements starting at src, `stride` bytes apart, into out (as O: C itself, or
// float for normalized integers).
template <class C, class O>
void decode_elements(const uint8_t* src, uint64_t stride, uint64_t count, const Layout& l, O* out) {
  if constexpr (std::is_same_v<C, O>) {
    if (l.columns == 1 && stride == l.element_bytes) {
      std::memcpy(out, src, count * l.element_bytes);
      return;
    }
  }
  for (uint64_t e = 0; e < count; ++e, src += stride) {
    for (int c = 0; c < l.columns; ++c) {
      const uint8_t* column = src + c * l.column_bytes;
      for (int k = 0; k < l.rows; ++k) {
        C v;
        std::memcpy(&v, column + k * sizeof(C), sizeof(C));
        if constexpr (std::is_same_v<C, O>) {
          *out++ = v;
        } else {
          *out++ = normalize(v);
        }
      }
    }
  }
}

// Calls f with a value of the C++ type of a glTF component type (float for float).
template <class F>
auto with_component(int component_type, F&& f) {
  switch (component_type) {
    case kComponentInt8:
      return f(int8_t{});
    case kComponentUInt8:
      return f(uint8_t{});
    case kComponentInt16:
      return f(int16_t{});
    case kComponentUInt16:
      return f(uint16_t{});
    case kComponentUInt32:
      return f(uint32_t{});
    default:
      return f(float{});
  }
}

// Decodes into the column's storage at element `first`.
void decode_into(const uint8_t* src, uint64_t stride, uint64_t count, const Layout& l,
                 int component_type, bool normalized, void* data, uint64_t first) {
  const uint64_t at = first * l.components();
  with_component(component_type, [&]<class C>(C) {
    if (normalized) {
      decode_elements<C, float>(src, stride, count, l, static_cast<float*>(data) + at);
    } else {
      decode_elements<C, C>(src, stride, count, l, static_cast<C*>(data) + at);
    }
  });
}

// True when `count` elements of `element_bytes`, `stride` apart from `offset`, fit in `size`.
bool fits(uint64_t offset, uint64_t stride, uint64_t count, uint64_t element_bytes, uint64_t size) {
  if (offset > size || element_bytes > size - offset) return false;
  return count - 1 <= (size - offset - element_bytes) / stride;
}

// A declared min or max as the decoded column holds it. glTF's bounds are the values stored in
// the buffer, normalized or not: a float component's bound rounds to float, and a normalized
// accessor's is normalized as its data is; nullopt when it names no value of the component type
// (a fraction, or out of range), so that no data matches it.
template <class C>
std::optional<double> decoded_bound(double declared, bool normalized) {
  if constexpr (std::is_same_v<C, float>) {
    return static_cast<float>(declared);
  } else {
    if (declared != std::floor(declared) || declared < std::numeric_limits<C>::min() ||
        declared > std::numeric_limits<C>::max()) {
      return std::nullopt;
    }
    if (normalized) return normalize(static_cast<C>(declared));
    return declared;
  }
}

// The buffer bufferView `view` names, when it names one.
std::optional<size_t> buffer_of(const ReadContext& ctx, int view) {
  absl::StatusOr<JsonObject> v = ctx.entry(Top::kBufferViews, view);
  if (!v.ok()) return std::nullopt;
  const JsonValue* buffer = v->find("buffer");
  if (buffer == nullptr || !json_uint(*buffer) || *json_uint(*buffer) >= ctx.count(Top::kBuffers)) {
    return std::nullopt;
  }
  return static_cast<size_t>(*json_uint(*buffer));
}

// True when bufferView `view` lies in a buffer the document gives no bytes for, which reads as
// zeros (Buffers::zero_filled): its data is the application's, not zeros.
bool zero_filled(const ReadContext& ctx, const Buffers& buffers, int view) {
  std::optional<size_t> buffer = buffer_of(ctx, view);
  return buffer && buffers.zero_filled(static_cast<int>(*buffer));
}

// The bufferViews an accessor's JSON names: its own and its sparse indices' and values'.
std::vector<int> views_of(const ReadContext& ctx, const JsonObject& a) {
  std::vector<int> out;
  auto add = [&](const JsonValue* view) {
    if (view == nullptr || !json_uint(*view) || *json_uint(*view) >= ctx.count(Top::kBufferViews)) {
      return;
    }
    out.push_back(static_cast<int>(*json_uint(*view)));
  };
  add(a.find("bufferView"));
  const JsonValue* sparse = a.find("sparse");
  if (sparse == nullptr || !sparse->IsObject()) return out;
  for (const char* part : {"indices", "values"}) {
    auto it = sparse->FindMember(part);
    if (it == sparse->MemberEnd() || !it->value.IsObject()) continue;
    auto view = it->value.FindMember("bufferView");
    add(view == it->value.MemberEnd() ? nullptr : &view->value);
  }
  return out;
}

// Warns once (gltf.read.accessor-bounds) when the accessor's declared min or max differ from the
// extremes of its decoded data (sparse substitution applied). A min or max that is not an array
// of one number per component is left alone, and so are values not from the document.
void check_bounds(ReadContext& ctx, const JsonObject& a, const AccessorData& data) {
  const JsonValue* min = a.find("min");
  const JsonValue* max = a.find("max");
  if (min == nullptr && max == nullptr) return;
  if (!data.from_document) return;
  const Column& c = data.column;
  const size_t k = c.cols;
  auto usable = [&](const JsonValue* v) {
    if (v == nullptr || !v->IsArray() || v->Size() != k) return false;
    for (const JsonValue& item : v->GetArray()) {
      if (!item.IsNumber()) return false;
    }
    return true;
  };
  if (!usable(min) && !usable(max)) return;
  const std::vector<double>& lo = data.scan.lo;
  const std::vector<double>& hi = data.scan.hi;
  // The bounds as the decoded column holds them, one per component, nullopt where none matches.
  std::vector<std::optional<double>> min_bound, max_bound;
  with_component(data.component_type, [&]<class C>(C) {
    for (auto [declared, out] : {std::pair{min, &min_bound}, {max, &max_bound}}) {
      if (!usable(declared)) continue;
      for (const JsonValue& d : declared->GetArray()) {
        out->push_back(decoded_bound<C>(d.GetDouble(), data.normalized));
      }
    }
  });
  int wrong = 0;
  std::string first;
  auto compare = [&](const JsonValue* declared, std::string_view key,
                     const std::vector<std::optional<double>>& bounds,
                     const std::vector<double>& actual) {
    for (size_t j = 0; j < k; ++j) {
      if (lo[j] > hi[j]) continue;  // only NaNs: nothing to compare with
      const double d = (*declared)[static_cast<rapidjson::SizeType>(j)].GetDouble();
      if (bounds[j] && *bounds[j] == actual[j]) continue;
      if (wrong++ == 0) {
        first = cat(key, "[", j, "] is declared ", d, ", the data's is ", actual[j],
                    data.normalized ? " (normalized)" : "");
      }
    }
  };
  if (!min_bound.empty()) compare(min, "min", min_bound, lo);
  if (!max_bound.empty()) compare(max, "max", max_bound, hi);
  if (wrong == 0) return;
  ctx.warn("gltf.read.accessor-bounds",
           cat(a.pointer(), ": its min and max disagree with its data in ", wrong,
               wrong == 1 ? " value" : " values", " (", first, ")"));
}

// Warns once (gltf.read.accessor-non-finite) when a float accessor holds NaN or Inf, which glTF
// does not allow.
void check_floats(ReadContext& ctx, const JsonObject& a, const AccessorData& data) {
  if (data.component_type != kComponentFloat || !data.from_document) return;
  const Broken& bad = data.scan.non_finite;
  if (bad.count == 0) return;
  ctx.warn("gltf.read.accessor-non-finite",
           cat(a.pointer(), ": ", bad.count, " of its float values ", bad.count == 1 ? "is" : "are",
               " NaN or infinite, which glTF does not allow (value ", bad.first, " is ",
               static_cast<float>(bad.value), ")"));
}

// The parts of the scan the accessor's own rules need (check_bounds, check_floats).
unsigned own_parts(const JsonObject& a, const AccessorData& data) {
  if (!data.from_document) return 0;
  unsigned parts = a.has("min") || a.has("max") ? unsigned{kScanExtremes} : 0u;
  if (data.component_type == kComponentFloat) parts |= kScanNonFinite;
  return parts;
}

// True when `count` elements at `src`, `stride` apart, are the column itself: one run of
// components per element (no padded matrix columns), packed, of the column's type (not
// normalized) and aligned for it.
bool column_as_laid_out(const uint8_t* src, uint64_t stride, const Layout& l, bool normalized) {
  const bool packed = l.element_bytes == uint64_t(l.components()) * l.component_size;
  return !normalized && packed && stride == l.element_bytes &&
         reinterpret_cast<uintptr_t>(src) % l.component_size == 0;
}

// Rows decoded and scanned a block at a time, so that the scan reads them while they are in cache.
constexpr uint64_t kBlockBytes = 64 << 10;

}  // namespace

int component_size(uint64_t component_type) {
  switch (component_type) {
    case kComponentInt8:
    case kComponentUInt8:
      return 1;
    case kComponentInt16:
    case kComponentUInt16:
      return 2;
    case kComponentUInt32:
    case kComponentFloat:
      return 4;
    default:
      return 0;
  }
}

const AccessorType* accessor_type(std::string_view name) {
  static constexpr std::array<AccessorType, 7> kTypes = {{{"SCALAR", 1, 1},
                                                          {"VEC2", 1, 2},
                                                          {"VEC3", 1, 3},
                                                          {"VEC4", 1, 4},
                                                          {"MAT2", 2, 2},
                                                          {"MAT3", 3, 3},
                                                          {"MAT4", 4, 4}}};
  for (const AccessorType& t : kTypes) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

uint32_t restart_index(int component_type) {
  switch (component_type) {
    case kComponentUInt8:
      return UINT8_MAX;
    case kComponentUInt16:
      return UINT16_MAX;
    default:
      return UINT32_MAX;
  }
}

DType dtype_of_component(int component_type) {
  return with_component(component_type, []<class C>(C) { return dtype_of<C>(); });
}

Accessors::Accessors(ReadContext& ctx, Buffers& buffers)
    : ctx_(ctx),
      buffers_(buffers),
      cache_(ctx.count(Top::kAccessors)),
      tried_(ctx.count(Top::kAccessors), false),
      loaded_(ctx.count(Top::kBuffers), false) {}

absl::StatusOr<const AccessorData*> Accessors::get(int index, unsigned parts) {
  tried_[index] = true;
  if (!cache_[index]) {
    absl::StatusOr<AccessorData> data = decode(index, parts, nullptr);
    if (!data.ok()) return data.status();
    cache_[index] = *std::move(data);
    check_values(index, *cache_[index]);
    return &*cache_[index];
  }
  AccessorData& data = *cache_[index];
  if (unsigned missing = applicable_parts(data.column, parts) & ~data.scan.parts; missing != 0) {
    add_parts(data.scan,
              scan_column(data.column, missing, restart_index(data.component_type)));
  }
  return &data;
}

absl::Status Accessors::check_unused(int index) {
  absl::StatusOr<JsonObject> json = ctx_.entry(Top::kAccessors, index);
  if (!json.ok()) return json.status();
  if (!json->has("bufferView") && !json->has("sparse")) return absl::OkStatus();
  // A buffer without a uri that nothing has loaded may be the application's: loading it would
  // warn about zeros the scene does not hold. (In a GLB, buffer 0 may be the BIN chunk; then its
  // accessors are left unchecked when nothing used any of them.)
  for (int view : views_of(ctx_, *json)) {
    std::optional<size_t> buffer = buffer_of(ctx_, view);
    if (!buffer || loaded_[*buffer]) continue;
    absl::StatusOr<JsonObject> b = ctx_.entry(Top::kBuffers, *buffer);
    if (!b.ok() || !b->has("uri")) return absl::OkStatus();
  }
  std::unique_ptr<uint8_t[]> scratch;
  absl::StatusOr<AccessorData> data = decode(index, 0, &scratch);
  if (!data.ok()) return data.status();
  check_values(index, *data);
  return absl::OkStatus();
}

absl::StatusOr<ViewBytes> Accessors::view_bytes(int index) {
  absl::StatusOr<ViewBytes> bytes = buffers_.view(index);
  if (!bytes.ok()) return bytes.status();
  if (std::optional<size_t> buffer = buffer_of(ctx_, index)) loaded_[*buffer] = true;
  return bytes;
}

void Accessors::check_values(int index, const AccessorData& data) {
  absl::StatusOr<JsonObject> json = ctx_.entry(Top::kAccessors, index);
  if (!json.ok()) return;
  check_bounds(ctx_, *json, data);
  check_floats(ctx_, *json, data);
}

absl::StatusOr<AccessorData> Accessors::decode(int index, unsigned parts,
                                               std::unique_ptr<uint8_t[]>* scratch) {
  PX_GLTF_TRY(ctx_.report_accessor());
  absl::StatusOr<JsonObject> a = ctx_.entry(Top::kAccessors, index);
  if (!a.ok()) return a.status();
  const std::string& at = a->pointer();
  AccessorData out;
  int view = -1;
  uint64_t offset = 0;
  uint64_t component_type = 0;
  uint64_t count = 0;
  std::string type;
  PX_GLTF_TRY(a->get_index("bufferView", ctx_.count(Top::kBufferViews), view));
  PX_GLTF_TRY(a->get("byteOffset", offset));
  PX_GLTF_TRY(a->require("componentType", component_type));
  out.component_type = static_cast<int>(std::min<uint64_t>(component_type, INT32_MAX));
  PX_GLTF_TRY(a->get("normalized", out.normalized));
  PX_GLTF_TRY(a->require("count", count));
  PX_GLTF_TRY(a->require("type", type));

  const int size = component_size(out.component_type);
  if (size == 0) {
    return refuse("gltf.accessor.component-type",
                  cat(at, "/componentType is ", out.component_type, ", not a glTF component type"));
  }
  const AccessorType* type_info = accessor_type(type);
  if (type_info == nullptr) {
    return refuse("gltf.accessor.type", cat(at, "/type is \"", type, "\", not a glTF type"));
  }
  out.type = type_info->name;
  if (count == 0) return refuse("gltf.accessor.count", cat(at, "/count is 0"));
  // Only 8- and 16-bit integers normalize; the layout check warns about the flag elsewhere.
  if (size == 4) out.normalized = false;
  const Layout layout = layout_of(*type_info, size);
  const DType dtype = out.normalized ? DType::kFloat32 : dtype_of_component(out.component_type);
  // No buffer holds 2^57 elements; the bound keeps every product below from overflowing.
  if (count > uint64_t{1} << 57) return refuse(kOutOfBounds, cat(at, "/count is ", count));
  const uint64_t values = count * layout.components();

  ViewBytes bytes;
  uint64_t stride = layout.element_bytes;
  if (view >= 0) {
    absl::StatusOr<ViewBytes> v = view_bytes(view);
    if (!v.ok()) return v.status();
    bytes = *v;
    if (bytes.stride != 0) stride = bytes.stride;
    if (stride < layout.element_bytes) {
      return refuse("gltf.accessor.stride",
                    cat(at, ": bufferView ", view, " has a byteStride of ", stride, ", but a ",
                        type, " of component type ", out.component_type, " takes ",
                        layout.element_bytes, " bytes"));
    }
    if (!fits(offset, stride, count, layout.used_bytes, bytes.bytes.size())) {
      return refuse(kOutOfBounds,
                    cat(at, ": ", count, " elements of ", layout.used_bytes, " bytes, ", stride,
                        " apart from byte ", offset, ", do not fit bufferView ", view, " of ",
                        bytes.bytes.size(), " bytes"));
    }
  } else if (offset != 0) {
    ctx_.warn("gltf.read.accessor-offset-ignored",
              cat(at, ": a byteOffset without a bufferView is ignored"));
  }

  const uint64_t storage_bytes = values * dtype_size(dtype);
  out.backed = view >= 0;
  const uint8_t* src = out.backed ? bytes.bytes.data() + offset : nullptr;
  const bool has_sparse = a->has("sparse");
  // The column is the buffer's bytes themselves when they are laid out as it, and the buffer may
  // outlive the read (or, for a check, lie there for the call).
  std::optional<size_t> buffer = out.backed ? buffer_of(ctx_, view) : std::nullopt;
  // A view decoded into the scene's arena (EXT_meshopt_compression) is the scene's already, and
  // was charged when it was decoded.
  const bool in_place = out.backed && !has_sparse && buffer &&
                        column_as_laid_out(src, stride, layout, out.normalized) &&
                        (scratch != nullptr || bytes.in_arena ||
                         buffers_.keepable(static_cast<int>(*buffer)));
  void* data = nullptr;  // the storage decoded into; null when the column is the buffer's bytes
  if (in_place) {
    if (!bytes.in_arena) {
      PX_GLTF_TRY(ctx_.charge(storage_bytes, at));
      if (scratch == nullptr) buffers_.keep(static_cast<int>(*buffer));
    }
  } else if (scratch == nullptr) {
    absl::StatusOr<std::span<uint8_t>> storage = ctx_.allocate<uint8_t>(storage_bytes, at);
    if (!storage.ok()) return storage.status();
    data = storage->data();
  } else {
    PX_GLTF_TRY(ctx_.charge(storage_bytes, at));
    // Decoded over whole when backed; zeros where nothing but sparse values will be.
    scratch->reset(out.backed ? new uint8_t[storage_bytes] : new uint8_t[storage_bytes]());
    data = scratch->get();
  }
  // A buffer the document gives no bytes for holds the application's data, not its zeros.
  const bool application_data = out.backed && zero_filled(ctx_, buffers_, view);
  out.from_document = out.backed && !application_data;
  out.column = Column{dtype, static_cast<size_t>(count), static_cast<size_t>(layout.components()),
                      in_place ? static_cast<const void*>(src) : data};
  const uint32_t restart = restart_index(out.component_type);
  if (!has_sparse) {
    // One pass: each block decoded (unless the column is the buffer) and scanned while in cache.
    const unsigned scan = own_parts(*a, out) | parts;
    const uint64_t block =
        std::max<uint64_t>(1, kBlockBytes / (layout.components() * dtype_size(dtype)));
    for (uint64_t first = 0; first < count; first += block) {
      const uint64_t rows = std::min(block, count - first);
      if (out.backed && !in_place) {
        decode_into(src + first * stride, stride, rows, layout, out.component_type,
                    out.normalized, data, first);
      }
      scan_rows(out.column, first, first + rows, scan, restart, out.scan);
    }
    return out;
  }
  if (out.backed) {
    decode_into(src, stride, count, layout, out.component_type, out.normalized, data, 0);
  }

  absl::StatusOr<std::optional<JsonObject>> sparse = a->object("sparse");
  if (!sparse.ok()) return sparse.status();
  const JsonObject& s = **sparse;
  uint64_t sparse_count = 0;
  PX_GLTF_TRY(s.require("count", sparse_count));
  if (sparse_count == 0 || sparse_count > count) {
    return refuse("gltf.accessor.sparse",
                  cat(s.pointer("count"), " is ", sparse_count, ", outside 1..", count));
  }
  absl::StatusOr<std::optional<JsonObject>> indices = s.object("indices");
  absl::StatusOr<std::optional<JsonObject>> sparse_values = s.object("values");
  if (!indices.ok()) return indices.status();
  if (!sparse_values.ok()) return sparse_values.status();
  if (!*indices || !*sparse_values) {
    return refuse(kJsonType, cat(s.pointer(), " needs both indices and values"));
  }
  int index_view = -1;
  int value_view = -1;
  uint64_t index_offset = 0;
  uint64_t value_offset = 0;
  uint64_t index_type = 0;
  PX_GLTF_TRY((*indices)->require_index("bufferView", ctx_.count(Top::kBufferViews), index_view));
  PX_GLTF_TRY((*indices)->get("byteOffset", index_offset));
  PX_GLTF_TRY((*indices)->require("componentType", index_type));
  PX_GLTF_TRY(
      (*sparse_values)->require_index("bufferView", ctx_.count(Top::kBufferViews), value_view));
  PX_GLTF_TRY((*sparse_values)->get("byteOffset", value_offset));
  const int index_size = index_type == kComponentUInt8    ? 1
                         : index_type == kComponentUInt16 ? 2
                         : index_type == kComponentUInt32 ? 4
                                                          : 0;
  if (index_size == 0) {
    return refuse("gltf.accessor.sparse", cat((*indices)->pointer("componentType"), " is ",
                                              index_type, ", not an unsigned integer type"));
  }
  absl::StatusOr<ViewBytes> index_bytes = view_bytes(index_view);
  if (!index_bytes.ok()) return index_bytes.status();
  absl::StatusOr<ViewBytes> value_bytes = view_bytes(value_view);
  if (!value_bytes.ok()) return value_bytes.status();
  if (!fits(index_offset, index_size, sparse_count, index_size, index_bytes->bytes.size())) {
    return refuse(kOutOfBounds,
                  cat((*indices)->pointer(), ": ", sparse_count, " indices of ", index_size,
                      " bytes from byte ", index_offset, " do not fit bufferView ", index_view));
  }
  if (!fits(value_offset, layout.element_bytes, sparse_count, layout.element_bytes,
            value_bytes->bytes.size())) {
    return refuse(kOutOfBounds, cat((*sparse_values)->pointer(), ": ", sparse_count,
                                    " elements of ", layout.element_bytes, " bytes from byte ",
                                    value_offset, " do not fit bufferView ", value_view));
  }
  const uint8_t* index_data = index_bytes->bytes.data() + index_offset;
  const uint8_t* value_data = value_bytes->bytes.data() + value_offset;
  uint64_t unordered = 0;
  uint64_t first_unordered = 0;
  uint32_t previous = 0;
  for (uint64_t j = 0; j < sparse_count; ++j) {
    uint32_t target = 0;
    if (index_size == 1) {
      target = index_data[j];
    } else if (index_size == 2) {
      uint16_t v;
      std::memcpy(&v, index_data + 2 * j, 2);
      target = v;
    } else {
      std::memcpy(&target, index_data + 4 * j, 4);
    }
    if (target >= count) {
      return refuse("gltf.accessor.sparse-index",
                    cat((*indices)->pointer(), ": index ", j, " is ", target,
                        ", but the accessor has ", count, " elements"));
    }
    if (j > 0 && target <= previous && unordered++ == 0) first_unordered = j;
    previous = target;
    decode_into(value_data + j * layout.element_bytes, layout.element_bytes, 1, layout,
                out.component_type, out.normalized, data, target);
  }
  const bool application_indices = zero_filled(ctx_, buffers_, index_view);
  if (unordered > 0 && !application_indices) {
    ctx_.warn(
        "gltf.read.sparse-indices-not-increasing",
        cat((*indices)->pointer(), ": ", unordered, unordered == 1 ? " index does" : " indices do",
            " not increase, as glTF requires (entry ", first_unordered,
            "); a repeated index's last value stands"));
  }
  out.from_document =
      !application_data && !application_indices && !zero_filled(ctx_, buffers_, value_view);
  out.scan = scan_column(out.column, own_parts(*a, out) | parts, restart);
  return out;
}

}  // namespace px::gltf
