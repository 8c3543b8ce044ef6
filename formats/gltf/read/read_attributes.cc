#include "formats/gltf/read/read_attributes.h"

#include <algorithm>
#include <charconv>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/typed_column.h"

namespace px::gltf {
namespace {

// "TEXCOORD_3" with prefix "TEXCOORD_" -> 3; -1 when the rest is not a plain number.
int set_of(std::string_view semantic, std::string_view prefix) {
  if (!semantic.starts_with(prefix)) return -1;
  std::string_view digits = semantic.substr(prefix.size());
  if (digits.empty() || digits.size() > 6 || (digits.size() > 1 && digits[0] == '0')) return -1;
  int n = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  return error == std::errc() && end == digits.data() + digits.size() ? n : -1;
}

struct SetSemantic {
  std::string_view prefix;
  std::string_view name;
};
constexpr SetSemantic kSetSemantics[] = {{"TEXCOORD_", "texcoords"},
                                         {"COLOR_", "colors"},
                                         {"JOINTS_", "joints"},
                                         {"WEIGHTS_", "weights"}};

template <class F>
void visit_mutable(const Column& column, F&& f) {
  visit_typed(column, [&](const auto* p) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(p)>>;
    f(const_cast<T*>(p));
  });
}

void check_unit_vectors(ReadContext& ctx, const ValueScan& scan, std::string_view semantic,
                        std::string_view pointer) {
  const bool tangent = semantic == "TANGENT";
  const Broken& length = scan.length;
  const Broken& sign = scan.sign;
  if (length.count > 0) {
    ctx.warn("gltf.read.vector-not-unit",
             cat(pointer, ": ", length.count, " of its ", semantic,
                 tangent ? " xyz vectors" : " vectors", length.count == 1 ? " is" : " are",
                 " not of unit length, as glTF requires (element ", length.first, " has length ",
                 length.value, ")"));
  }
  if (tangent && sign.count > 0) {
    ctx.warn("gltf.read.tangent-sign",
             cat(pointer, ": ", sign.count, " of its TANGENT w components",
                 sign.count == 1 ? " is" : " are", " not 1 or -1, as glTF requires (element ",
                 sign.first, " has w ", sign.value, ")"));
  }
}

void check_clamped(ReadContext& ctx, const ValueScan& scan, std::string_view pointer) {
  const Broken& out = scan.clamp;
  if (out.count == 0) return;
  ctx.warn(
      "gltf.read.color-not-clamped",
      cat(pointer, ": ", out.count, " of its COLOR_0 values", out.count == 1 ? " is" : " are",
          " outside [0, 1], the range glTF requires (value ", out.first, " is ", out.value, ")"));
}

}  // namespace

std::string attribute_name(std::string_view semantic) {
  if (semantic == "POSITION") return "";
  if (semantic == "NORMAL") return "normals";
  if (semantic == "TANGENT") return "tangents";
  for (const SetSemantic& s : kSetSemantics) {
    int set = set_of(semantic, s.prefix);
    if (set == 0) return std::string(s.name);
    if (set > 0) return cat(s.name, "_", set);
  }
  return std::string(semantic);
}

absl::Status check_attribute(std::string_view semantic, const AccessorData& data,
                             std::string_view pointer) {
  std::string_view need;
  if (semantic == "POSITION" || semantic == "NORMAL") {
    need = "VEC3";
  } else if (semantic == "TANGENT" || set_of(semantic, "JOINTS_") >= 0 ||
             set_of(semantic, "WEIGHTS_") >= 0) {
    need = "VEC4";
  } else if (set_of(semantic, "TEXCOORD_") >= 0) {
    need = "VEC2";
  } else if (set_of(semantic, "COLOR_") >= 0) {
    if (data.type == "VEC3" || data.type == "VEC4") return absl::OkStatus();
    need = "VEC3 or VEC4";
  } else {
    return absl::OkStatus();
  }
  if (data.type == need) return absl::OkStatus();
  return refuse("gltf.primitive.attribute-type",
                cat(pointer, ": ", semantic, " must be ", need, ", not ", data.type));
}

unsigned attribute_scan_parts(std::string_view semantic) {
  if (semantic == "NORMAL") return kScanUnit;
  if (semantic == "TANGENT") return kScanUnit | kScanSign;
  if (semantic == "COLOR_0") return kScanClamp;
  return 0;
}

void check_attribute_values(ReadContext& ctx, std::string_view semantic, const AccessorData& data,
                            std::string_view pointer) {
  const Column& c = data.column;
  if (!data.from_document || c.dtype != DType::kFloat32) return;
  const unsigned parts = attribute_scan_parts(semantic);
  // Data that did not come through Accessors::get with these parts (a Draco attribute) is
  // scanned here.
  const bool scanned = (applicable_parts(c, parts) & ~data.scan.parts) == 0;
  const ValueScan scan = scanned ? ValueScan{} : scan_column(c, parts, 0);
  const ValueScan& found = scanned ? data.scan : scan;
  if ((semantic == "NORMAL" && c.cols == 3) || (semantic == "TANGENT" && c.cols == 4)) {
    check_unit_vectors(ctx, found, semantic, pointer);
  } else if (semantic == "COLOR_0" && data.component_type == kComponentFloat) {
    check_clamped(ctx, found, pointer);
  }
}

DType attribute_dtype(std::string_view semantic, DType decoded) {
  if (set_of(semantic, "JOINTS_") >= 0) return decoded;
  return attribute_name(semantic) == semantic ? decoded : DType::kFloat32;
}

DType common_dtype(DType a, DType b) {
  if (a == b) return a;
  if (dtype_is_float(a) || dtype_is_float(b)) return DType::kFloat32;
  const bool a_signed = a == DType::kInt8 || a == DType::kInt16 || a == DType::kInt32;
  const bool b_signed = b == DType::kInt8 || b == DType::kInt16 || b == DType::kInt32;
  if (a_signed != b_signed) return DType::kInt32;
  return dtype_size(a) >= dtype_size(b) ? a : b;
}

void copy_rows(const Column& src, const Column& dst, uint64_t first, bool color) {
  visit_mutable(dst, [&](auto* out) {
    using D = std::remove_pointer_t<decltype(out)>;
    out += first * dst.cols;
    const size_t shared = std::min(src.cols, dst.cols);
    visit_typed(src, [&](const auto* in) {
      for (size_t r = 0; r < src.rows; ++r, in += src.cols, out += dst.cols) {
        for (size_t c = 0; c < shared; ++c) out[c] = static_cast<D>(in[c]);
        if (color && shared == 3 && dst.cols == 4) out[3] = static_cast<D>(1);
      }
    });
  });
}

}  // namespace px::gltf
