#include "polyxios/scene/camera.h"

#include <cmath>
#include <limits>

namespace px {
namespace {

// map[key]: none when absent, NaN when not a number.
std::optional<double> number(const ValueMap& map, std::string_view key) {
  const Value* v = find_value(map, key);
  if (v == nullptr) return std::nullopt;
  return v->is_number() ? v->as_double() : std::numeric_limits<double>::quiet_NaN();
}

bool finite(const std::optional<double>& v) { return v && std::isfinite(*v); }

}  // namespace

std::optional<double> Camera::term(std::string_view name) const {
  if (name == "znear") return znear;
  if (name == "zfar") return zfar;
  if (type == CameraType::kPerspective) {
    if (name == "yfov") return yfov;
    if (name == "aspectRatio") return aspect_ratio;
  } else {
    if (name == "xmag") return xmag;
    if (name == "ymag") return ymag;
  }
  return std::nullopt;
}

std::string_view camera_type_name(CameraType type) {
  return type == CameraType::kPerspective ? "perspective" : "orthographic";
}

Camera camera_from_gltf(const ValueMap& object) {
  Camera out;
  out.gltf_object = object;
  if (const Value* name = find_value(object, "name"); name != nullptr && name->is_string()) {
    out.name = name->as_string();
  }
  if (const Value* extras = find_value(object, "extras")) out.extras = *extras;
  const Value* type = find_value(object, "type");
  if (type == nullptr || !type->is_string()) {
    out.malformed = "it has no type";
    return out;
  }
  const std::string& kind = type->as_string();
  if (kind != "perspective" && kind != "orthographic") {
    out.malformed = "its type is '" + kind + "'";
    return out;
  }
  const Value* body = find_value(object, kind);
  if (body == nullptr || !body->is_map()) {
    out.malformed = "it has no " + kind + " object";
    return out;
  }
  const ValueMap& p = body->as_map();
  if (kind == "perspective") {
    out.aspect_ratio = number(p, "aspectRatio");
    out.yfov = number(p, "yfov");
  } else {
    out.type = CameraType::kOrthographic;
    out.xmag = number(p, "xmag");
    out.ymag = number(p, "ymag");
  }
  out.zfar = number(p, "zfar");
  out.znear = number(p, "znear");
  return out;
}

std::string camera_fault(const Camera& c) {
  if (!c.malformed.empty()) return c.malformed;
  if (c.type == CameraType::kPerspective) {
    if (!finite(c.yfov) || *c.yfov <= 0) return "its yfov is not a positive number";
    if (!finite(c.znear) || *c.znear <= 0) return "its znear is not a positive number";
    if (c.zfar && (!finite(c.zfar) || *c.zfar <= *c.znear)) {
      return "its zfar is not a number past znear";
    }
    if (c.aspect_ratio && (!finite(c.aspect_ratio) || *c.aspect_ratio <= 0)) {
      return "its aspectRatio is not a positive number";
    }
    return "";
  }
  if (!finite(c.xmag) || *c.xmag == 0 || !finite(c.ymag) || *c.ymag == 0) {
    return "its xmag or ymag is not a non-zero number";
  }
  if (!finite(c.znear) || *c.znear < 0) return "its znear is not a number of at least 0";
  if (!finite(c.zfar) || *c.zfar <= *c.znear) return "its zfar is not a number past znear";
  return "";
}

}  // namespace px
