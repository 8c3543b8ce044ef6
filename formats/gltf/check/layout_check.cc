#include "formats/gltf/check/layout_check.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/strings.h"
#include "formats/gltf/read/read_accessors.h"

namespace px::gltf {
namespace {

constexpr std::string_view kBufferViewTooLong = "gltf.read.buffer-view-too-long";
constexpr std::string_view kByteStrideTooBig = "gltf.read.byte-stride-too-big";
constexpr std::string_view kByteStrideInvalid = "gltf.read.byte-stride-invalid";
constexpr std::string_view kByteStrideMissing = "gltf.read.byte-stride-missing";
constexpr std::string_view kTargetOverride = "gltf.read.buffer-view-target-override";
constexpr std::string_view kAccessorTooLong = "gltf.read.accessor-too-long";
constexpr std::string_view kAccessorMisaligned = "gltf.read.accessor-misaligned";
constexpr std::string_view kAccessorSmallStride = "gltf.read.accessor-small-stride";
constexpr std::string_view kAttributeMisaligned = "gltf.read.attribute-misaligned";
constexpr std::string_view kNormalizedInvalid = "gltf.read.normalized-invalid";
constexpr std::string_view kSparseCount = "gltf.read.sparse-count";

constexpr uint64_t kTargetArrayBuffer = 34962;
constexpr uint64_t kTargetElementArrayBuffer = 34963;
// The schema's range of bufferView.byteStride.
constexpr uint64_t kMinStride = 4;
constexpr uint64_t kMaxStride = 252;

// JSON access. A value of another JSON type, out of the schema's range or naming no entry
// is left to the schema check: the rules here skip it, as the validator's do.

// The whole number at `key` in min..max; `absent` when there is none.
std::optional<uint64_t> whole(const JsonValue& object, std::string_view key, uint64_t min,
                              uint64_t max = UINT64_MAX,
                              std::optional<uint64_t> absent = std::nullopt) {
  const JsonValue* v = find_member(object, key);
  if (v == nullptr) return absent;
  std::optional<uint64_t> n = json_uint(*v);
  if (!n || *n < min || *n > max) return std::nullopt;
  return n;
}

// A byteOffset: 0 when absent.
std::optional<uint64_t> byte_offset(const JsonValue& object) {
  return whole(object, "byteOffset", 0, UINT64_MAX, 0);
}

// The entries of the array at `key`; none when it is absent or not an array.
std::span<const JsonValue> entries(const JsonValue& object, std::string_view key) {
  const JsonValue* v = find_member(object, key);
  if (v == nullptr || !v->IsArray()) return {};
  return {v->Begin(), v->Size()};
}

// The objects as the rules see them.

struct View {
  std::optional<uint64_t> offset;
  std::optional<uint64_t> length;
  std::optional<uint64_t> stride;
  std::optional<uint64_t> target;
};

struct Accessor {
  std::optional<size_t> view;
  std::optional<uint64_t> offset;  // only with a view: without one, no bytes are placed
  uint64_t component_type = 0;
  int component_size = 0;  // 0 when componentType is not one of glTF's
  const AccessorType* shape = nullptr;
  std::optional<uint64_t> count;

  bool described() const { return component_size != 0 && shape != nullptr && count.has_value(); }
  int components() const { return shape->columns * shape->rows; }
  // A matrix of 1- or 2-byte components starts each column 4-byte aligned.
  uint64_t column_bytes() const {
    const uint64_t bytes = uint64_t(shape->rows) * component_size;
    return shape->columns > 1 ? (bytes + 3) & ~uint64_t{3} : bytes;
  }
  // The bytes one element takes, its last column unpadded (as the validator counts them).
  uint64_t element_bytes() const {
    return column_bytes() * (shape->columns - 1) + uint64_t(shape->rows) * component_size;
  }
  // The distance between elements of a view without byteStride.
  uint64_t packed_stride() const { return column_bytes() * shape->columns; }
};

// What a bufferView holds, as its target and its users say. A view holds one kind of data.
enum class Usage { kVertices, kIndices, kImage, kInverseBindMatrices, kOther };

std::string_view usage_name(Usage usage) {
  switch (usage) {
    case Usage::kVertices:
      return "vertex data";
    case Usage::kIndices:
      return "indices";
    case Usage::kImage:
      return "image data";
    case Usage::kInverseBindMatrices:
      return "inverse bind matrices";
    default:
      return "animation or sparse data";
  }
}

struct FirstUsage {
  Usage usage;
  std::string where;  // the pointer of the first user, or of the view's target
};

// "n bytes" with n up to 2^128, clamped for the message.
uint64_t clamp(unsigned __int128 n) { return n > UINT64_MAX ? UINT64_MAX : uint64_t(n); }

// The layout rules over one document. Users of views are visited in the order the validator
// links them (accessors' sparse data, images, meshes, skins, animations), so that a view used two
// ways is reported where the validator reports it.
class LayoutChecker {
 public:
  LayoutChecker(const JsonObject& root, Diagnostics& diagnostics)
      : root_(root.json()),
        diagnostics_(diagnostics),
        view_json_(entries(root_, "bufferViews")),
        accessor_json_(entries(root_, "accessors")) {}

  void check() {
    read_views();
    read_accessors();
    for (size_t i = 0; i < views_.size(); ++i) check_view(i);
    for (size_t i = 0; i < accessors_.size(); ++i) check_accessor(i);
    check_images();
    check_meshes();
    check_skins();
    check_animations();
  }

 private:
  void read_views() {
    views_.resize(view_json_.size());
    first_usage_.resize(view_json_.size());
    first_attribute_.resize(view_json_.size());
    for (size_t i = 0; i < view_json_.size(); ++i) {
      const JsonValue& json = view_json_[i];
      View& view = views_[i];
      view.offset = byte_offset(json);
      view.length = whole(json, "byteLength", 1);
      view.stride = whole(json, "byteStride", kMinStride, kMaxStride);
      view.target = whole(json, "target", 0);
      if (view.target == kTargetArrayBuffer || view.target == kTargetElementArrayBuffer) {
        first_usage_[i] =
            FirstUsage{view.target == kTargetArrayBuffer ? Usage::kVertices : Usage::kIndices,
                       cat("/bufferViews/", i, "/target")};
      }
    }
  }

  void read_accessors() {
    accessors_.resize(accessor_json_.size());
    vertex_attribute_.resize(accessor_json_.size());
    for (size_t i = 0; i < accessor_json_.size(); ++i) {
      const JsonValue& json = accessor_json_[i];
      Accessor& a = accessors_[i];
      a.view = find_index(json, "bufferView", views_.size());
      if (a.view) a.offset = byte_offset(json);
      a.component_type = whole(json, "componentType", 0).value_or(0);
      a.component_size = component_size(a.component_type);
      const JsonValue* type = find_member(json, "type");
      if (type != nullptr && type->IsString()) {
        const std::string_view name(type->GetString(), type->GetStringLength());
        a.shape = accessor_type(name);
      }
      a.count = whole(json, "count", 1);
    }
  }

  // ---- bufferViews

  void check_view(size_t i) {
    const View& view = views_[i];
    const std::string at = cat("/bufferViews/", i);
    if (view.stride && view.length && *view.stride > *view.length) {
      diagnostics_.warn(kByteStrideTooBig,
                        cat(at, "/byteStride: ", *view.stride,
                            " is greater than the view's byteLength ", *view.length));
    }
    if (view.stride && view.target == kTargetElementArrayBuffer) {
      diagnostics_.warn(kByteStrideInvalid,
                        cat(at, "/byteStride: a view of target ", kTargetElementArrayBuffer,
                            " holds indices, and only vertex data may have a byteStride"));
    }
    check_view_in_buffer(i, at);
  }

  void check_view_in_buffer(size_t i, const std::string& at) {
    const View& view = views_[i];
    const std::span<const JsonValue> buffers = entries(root_, "buffers");
    const std::optional<size_t> buffer = find_index(view_json_[i], "buffer", buffers.size());
    if (!buffer || !view.offset) return;
    const std::optional<uint64_t> buffer_length = whole(buffers[*buffer], "byteLength", 1);
    if (!buffer_length) return;
    if (*view.offset >= *buffer_length) {
      diagnostics_.warn(kBufferViewTooLong,
                        cat(at, "/byteOffset: ", *view.offset, " is past the end of buffer ",
                            *buffer, ", whose byteLength is ", *buffer_length));
    } else if (view.length && *view.length > *buffer_length - *view.offset) {
      diagnostics_.warn(
          kBufferViewTooLong,
          cat(at, "/byteLength: ", *view.length, " bytes from byteOffset ", *view.offset,
              " reach past the end of buffer ", *buffer, ", whose byteLength is ", *buffer_length));
    }
  }

  // Records that `where` uses the view as `usage`; warns when it was used another way before.
  void use_view(size_t view, Usage usage, const std::string& where) {
    std::optional<FirstUsage>& first = first_usage_[view];
    if (!first) {
      first = FirstUsage{usage, where};
    } else if (first->usage != usage) {
      diagnostics_.warn(
          kTargetOverride,
          cat(where, ": bufferView ", view, " holds ", usage_name(usage), " here, but ",
              usage_name(first->usage), " at ", first->where, "; a view holds one kind of data"));
    }
  }

  // Warns when the view, which holds `what` (not vertex data), has a byteStride; `via` names
  // the accessor through which `where` uses it.
  void forbid_stride(size_t view, std::string_view what, const std::string& where,
                     std::string_view via = "") {
    if (!views_[view].stride) return;
    diagnostics_.warn(kByteStrideInvalid,
                      cat(where, ": ", via, "bufferView ", view,
                          " has a byteStride, which a view of ", what, " may not have"));
  }

  // use_view and forbid_stride for the view of accessor `accessor`, when both resolve.
  void use_accessor_view(std::optional<size_t> accessor, Usage usage, std::string_view what,
                         const std::string& where) {
    if (!accessor || !accessors_[*accessor].view) return;
    const size_t view = *accessors_[*accessor].view;
    use_view(view, usage, where);
    forbid_stride(view, what, where, cat("accessor ", *accessor, "'s "));
  }

  // ---- accessors

  void check_accessor(size_t i) {
    const JsonValue& json = accessor_json_[i];
    const Accessor& a = accessors_[i];
    const std::string at = cat("/accessors/", i);
    const JsonValue* normalized = find_member(json, "normalized");
    if (normalized != nullptr && normalized->IsTrue() &&
        (a.component_type == kComponentFloat || a.component_type == kComponentUInt32)) {
      diagnostics_.warn(kNormalizedInvalid,
                        cat(at,
                            "/normalized: only 8- and 16-bit integer components can be "
                            "normalized, not those of componentType ",
                            a.component_type, "; read as not normalized"));
    }
    if (a.shape != nullptr && a.shape->columns > 1 && a.offset && *a.offset % 4 != 0) {
      diagnostics_.warn(kAccessorMisaligned,
                        cat(at, "/byteOffset: ", *a.offset,
                            " is not a multiple of 4, as a matrix accessor's must be"));
    }
    if (!a.described()) return;
    if (a.view) {
      const View& view = views_[*a.view];
      if (view.stride && *view.stride < a.element_bytes()) {
        diagnostics_.warn(
            kAccessorSmallStride,
            cat(at, ": the byteStride ", *view.stride, " of bufferView ", *a.view,
                " is less than its ", a.element_bytes(), "-byte ", a.shape->name, " elements"));
      }
      const uint64_t stride = view.stride.value_or(a.packed_stride());
      check_fit(at, a.offset, a.component_size,
                static_cast<unsigned __int128>(stride) * (*a.count - 1) + a.element_bytes(),
                *a.view);
    }
    if (const JsonValue* sparse = find_member(json, "sparse")) check_sparse(i, *sparse);
  }

  // `bytes` from byteOffset `offset` of the object at `at` must start at a multiple of the
  // component size and lie in bufferView `view_index`.
  void check_fit(const std::string& at, std::optional<uint64_t> offset, int component_size,
                 unsigned __int128 bytes, size_t view_index) {
    if (!offset) return;
    const View& view = views_[view_index];
    if (*offset % component_size != 0) {
      diagnostics_.warn(kAccessorMisaligned,
                        cat(at, "/byteOffset: ", *offset,
                            " is not a multiple of the component size ", component_size));
    }
    if (!view.offset) return;
    // Modulo first: the sum of two offsets from the file may overflow.
    if ((*view.offset % component_size + *offset % component_size) % component_size != 0) {
      diagnostics_.warn(
          kAccessorMisaligned,
          cat(at, ": its byteOffset ", *offset, " after bufferView ", view_index, "'s byteOffset ",
              *view.offset, " does not start at a multiple of the component size ",
              component_size));
    }
    if (!view.length) return;
    if (*offset > *view.length) {
      diagnostics_.warn(kAccessorTooLong,
                        cat(at, "/byteOffset: ", *offset, " is past the end of bufferView ",
                            view_index, ", whose byteLength is ", *view.length));
    } else if (bytes > *view.length - *offset) {
      diagnostics_.warn(kAccessorTooLong, cat(at, ": its ", clamp(bytes), " bytes from byteOffset ",
                                              *offset, " reach past the end of bufferView ",
                                              view_index, ", whose byteLength is ", *view.length));
    }
  }

  void check_sparse(size_t i, const JsonValue& sparse) {
    const Accessor& a = accessors_[i];
    const std::string at = cat("/accessors/", i, "/sparse");
    const std::optional<uint64_t> count = whole(sparse, "count", 1);
    if (!count) return;
    if (*count > *a.count) {
      diagnostics_.warn(kSparseCount, cat(at, "/count: ", *count,
                                          " is more than the accessor's count ", *a.count));
    }
    if (const JsonValue* indices = find_member(sparse, "indices")) {
      const uint64_t type = whole(*indices, "componentType", 0).value_or(0);
      const bool unsigned_type =
          type == kComponentUInt8 || type == kComponentUInt16 || type == kComponentUInt32;
      const int size = unsigned_type ? component_size(type) : 0;
      check_sparse_part(*indices, cat(at, "/indices"), "sparse indices", size, 1, *count);
    }
    if (const JsonValue* values = find_member(sparse, "values")) {
      // Sparse values are tightly packed, as the validator counts them.
      check_sparse_part(*values, cat(at, "/values"), "sparse values", a.component_size,
                        a.components(), *count);
    }
  }

  // The indices or values (`json` at `at`) of `count` elements of `components` components of
  // `component_size` bytes (0 when their componentType is not one glTF allows).
  void check_sparse_part(const JsonValue& json, const std::string& at, std::string_view what,
                         int component_size, int components, uint64_t count) {
    const std::optional<size_t> view = find_index(json, "bufferView", views_.size());
    if (!view) return;
    const std::string where = cat(at, "/bufferView");
    use_view(*view, Usage::kOther, where);
    forbid_stride(*view, what, where);
    if (component_size == 0) return;
    check_fit(at, byte_offset(json), component_size,
              static_cast<unsigned __int128>(component_size) * components * count, *view);
  }

  // ---- the other users of views

  void check_images() {
    const std::span<const JsonValue> images = entries(root_, "images");
    for (size_t i = 0; i < images.size(); ++i) {
      const std::optional<size_t> view = find_index(images[i], "bufferView", views_.size());
      if (!view) continue;
      const std::string where = cat("/images/", i, "/bufferView");
      use_view(*view, Usage::kImage, where);
      forbid_stride(*view, "image data", where);
    }
  }

  void check_meshes() {
    const std::span<const JsonValue> meshes = entries(root_, "meshes");
    for (size_t m = 0; m < meshes.size(); ++m) {
      const std::span<const JsonValue> primitives = entries(meshes[m], "primitives");
      for (size_t p = 0; p < primitives.size(); ++p) {
        check_primitive(primitives[p], cat("/meshes/", m, "/primitives/", p));
      }
    }
  }

  void check_primitive(const JsonValue& primitive, const std::string& at) {
    if (const JsonValue* attributes = find_member(primitive, "attributes")) {
      check_attributes(*attributes, cat(at, "/attributes"));
    }
    use_accessor_view(find_index(primitive, "indices", accessors_.size()), Usage::kIndices,
                      "indices", cat(at, "/indices"));
    const std::span<const JsonValue> targets = entries(primitive, "targets");
    for (size_t t = 0; t < targets.size(); ++t) {
      check_attributes(targets[t], cat(at, "/targets/", t));
    }
  }

  void check_attributes(const JsonValue& attributes, const std::string& at) {
    if (!attributes.IsObject()) return;
    for (auto it = attributes.MemberBegin(); it != attributes.MemberEnd(); ++it) {
      const std::optional<uint64_t> n = json_uint(it->value);
      if (!n || *n >= accessors_.size()) continue;
      check_attribute(
          static_cast<size_t>(*n),
          child_pointer(at, std::string_view(it->name.GetString(), it->name.GetStringLength())));
    }
  }

  // Vertex attribute data starts 4-byte aligned, and a view two attribute accessors share must
  // say its byteStride.
  void check_attribute(size_t i, const std::string& where) {
    const Accessor& a = accessors_[i];
    if (!a.view) return;
    const size_t view = *a.view;
    use_view(view, Usage::kVertices, where);
    const bool strided = views_[view].stride.has_value();
    if (a.offset && *a.offset % 4 != 0) {
      diagnostics_.warn(kAttributeMisaligned,
                        cat(where, ": accessor ", i, "'s byteOffset ", *a.offset,
                            " is not a multiple of 4, as vertex attribute data's must be"));
    } else if (!strided && a.component_size != 0 && a.shape != nullptr &&
               a.element_bytes() % 4 != 0) {
      diagnostics_.warn(kAttributeMisaligned,
                        cat(where, ": accessor ", i, "'s ", a.element_bytes(),
                            "-byte elements lie in bufferView ", view,
                            " without a byteStride, so not all start at a multiple of 4, as "
                            "vertex attribute data must"));
    }
    if (strided || vertex_attribute_[i]) return;
    vertex_attribute_[i] = true;
    std::optional<size_t>& first = first_attribute_[view];
    if (!first) {
      first = i;
    } else {
      diagnostics_.warn(kByteStrideMissing,
                        cat(where, ": accessor ", i, " shares bufferView ", view,
                            " with the vertex attributes of accessor ", *first,
                            ", but the view has no byteStride, which glTF requires then"));
    }
  }

  void check_skins() {
    const std::span<const JsonValue> skins = entries(root_, "skins");
    for (size_t s = 0; s < skins.size(); ++s) {
      use_accessor_view(find_index(skins[s], "inverseBindMatrices", accessors_.size()),
                        Usage::kInverseBindMatrices, "inverse bind matrices",
                        cat("/skins/", s, "/inverseBindMatrices"));
    }
  }

  void check_animations() {
    const std::span<const JsonValue> animations = entries(root_, "animations");
    for (size_t a = 0; a < animations.size(); ++a) {
      const std::span<const JsonValue> samplers = entries(animations[a], "samplers");
      for (size_t s = 0; s < samplers.size(); ++s) {
        const std::string at = cat("/animations/", a, "/samplers/", s);
        for (std::string_view key : {"input", "output"}) {
          use_accessor_view(find_index(samplers[s], key, accessors_.size()), Usage::kOther,
                            "animation sampler data", child_pointer(at, key));
        }
      }
    }
  }

  const JsonValue& root_;
  Diagnostics& diagnostics_;
  const std::span<const JsonValue> view_json_;
  const std::span<const JsonValue> accessor_json_;
  std::vector<View> views_;
  std::vector<Accessor> accessors_;
  // Per view: how it was first used, if it was.
  std::vector<std::optional<FirstUsage>> first_usage_;
  // Per accessor: whether a vertex attribute has used it.
  std::vector<bool> vertex_attribute_;
  // Per view without byteStride: the first accessor of vertex attributes in it.
  std::vector<std::optional<size_t>> first_attribute_;
};

}  // namespace

void check_layout(const JsonObject& root, Diagnostics& diagnostics) {
  LayoutChecker(root, diagnostics).check();
}

}  // namespace px::gltf
