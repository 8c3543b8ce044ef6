#include "polyxios/scene/camera.h"

#include <cmath>

namespace px {

std::optional<double> finite_number(const ValueMap& map, std::string_view key) {
  const Value* v = find_value(map, key);
  if (v == nullptr || !v->is_number() || !std::isfinite(v->as_double())) return std::nullopt;
  return v->as_double();
}

std::string camera_fault(const ValueMap& camera) {
  const Value* type = find_value(camera, "type");
  if (type == nullptr || !type->is_string()) return "it has no type";
  const std::string& kind = type->as_string();
  if (kind != "perspective" && kind != "orthographic") return "its type is '" + kind + "'";
  const Value* body = find_value(camera, kind);
  if (body == nullptr || !body->is_map()) return "it has no " + kind + " object";
  const ValueMap& p = body->as_map();
  std::optional<double> znear = finite_number(p, "znear");
  std::optional<double> zfar = finite_number(p, "zfar");
  if (kind == "perspective") {
    std::optional<double> yfov = finite_number(p, "yfov");
    if (!yfov || *yfov <= 0) return "its yfov is not a positive number";
    if (!znear || *znear <= 0) return "its znear is not a positive number";
    if (find_value(p, "zfar") != nullptr && (!zfar || *zfar <= *znear)) {
      return "its zfar is not a number past znear";
    }
    if (find_value(p, "aspectRatio") != nullptr) {
      std::optional<double> aspect = finite_number(p, "aspectRatio");
      if (!aspect || *aspect <= 0) return "its aspectRatio is not a positive number";
    }
    return "";
  }
  std::optional<double> xmag = finite_number(p, "xmag");
  std::optional<double> ymag = finite_number(p, "ymag");
  if (!xmag || *xmag == 0 || !ymag || *ymag == 0)
    return "its xmag or ymag is not a non-zero number";
  if (!znear || *znear < 0) return "its znear is not a number of at least 0";
  if (!zfar || *zfar <= *znear) return "its zfar is not a number past znear";
  return "";
}

}  // namespace px
