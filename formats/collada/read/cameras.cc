#include "formats/collada/read/cameras.h"

#include <cmath>
#include <initializer_list>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "engine/strings.h"
#include "formats/collada/read/xml/numbers.h"
#include "polyxios/hash_containers.h"

namespace px::collada {
namespace {

constexpr std::string_view kInvalid = "collada.camera.invalid";
constexpr std::string_view kNoOptics = "collada.camera.no-common-optics";
constexpr std::string_view kDuplicate = "collada.camera.duplicate-id";

using Number = std::optional<double>;

// Why a camera is skipped: the element at fault and what is wrong with it.
struct Fault {
  const Element* at = nullptr;
  std::string what;
};

double radians(double degrees) { return degrees * (std::numbers::pi / 180); }

bool finite_positive(double v) { return std::isfinite(v) && v > 0; }

// The child named `name`, else `parent` itself: where a fault about that value points.
const Element* at(const Element& parent, std::string_view name) {
  const Element* e = parent.child(name);
  return e == nullptr ? &parent : e;
}

// The numbers the children of a <perspective> or <orthographic> spell, each left empty when its
// element is absent; a fault when one is present but not one finite number.
std::optional<Fault> read_numbers(const Element& body,
                                  std::initializer_list<std::pair<std::string_view, Number*>> out) {
  for (auto [name, slot] : out) {
    const Element* e = body.child(name);
    if (e == nullptr) continue;
    double v;
    if (!parse_double(trim_xml_space(e->text), &v) || !std::isfinite(v)) {
      return Fault{e, cat("its <", name, "> is not a finite number")};
    }
    *slot = v;
  }
  return std::nullopt;
}

}  // namespace

std::optional<double> vertical_fov(std::optional<double> xfov, std::optional<double> yfov,
                                   std::optional<double> aspect) {
  if (yfov) return radians(*yfov);
  if (xfov && aspect) return 2 * std::atan(std::tan(radians(*xfov) / 2) / *aspect);
  // A horizontal field of view alone: the view is taken as square, so yfov = xfov, and the
  // aspect ratio is left out for the viewer to take its own.
  if (xfov) return radians(*xfov);
  return std::nullopt;
}

std::optional<double> perspective_aspect(std::optional<double> xfov, std::optional<double> yfov,
                                         std::optional<double> aspect) {
  if (aspect) return aspect;
  if (xfov && yfov) return std::tan(radians(*xfov) / 2) / std::tan(radians(*yfov) / 2);
  return std::nullopt;
}

std::pair<double, double> magnifications(std::optional<double> xmag, std::optional<double> ymag,
                                         std::optional<double> aspect) {
  const double x = xmag ? *xmag : aspect ? *ymag * *aspect : *ymag;
  const double y = ymag ? *ymag : aspect ? *xmag / *aspect : *xmag;
  return {x, y};
}

namespace {

std::optional<Fault> read_perspective(const Element& p, Camera* out) {
  Number xfov, yfov, aspect, znear, zfar;
  if (std::optional<Fault> f = read_numbers(p, {{"xfov", &xfov},
                                                {"yfov", &yfov},
                                                {"aspect_ratio", &aspect},
                                                {"znear", &znear},
                                                {"zfar", &zfar}})) {
    return f;
  }
  if (aspect && *aspect <= 0)
    return Fault{at(p, "aspect_ratio"), "its <aspect_ratio> is not positive"};
  // The horizontal field of view matters unless both the vertical one and the ratio are given.
  if (xfov && !(yfov && aspect)) {
    double x = radians(*xfov);
    if (!(x > 0 && x < std::numbers::pi)) {
      return Fault{at(p, "xfov"), "its <xfov> is not between 0 and 180 degrees"};
    }
  }
  Number ratio = perspective_aspect(xfov, yfov, aspect);
  std::optional<double> vertical = vertical_fov(xfov, yfov, aspect);
  if (!vertical) return Fault{&p, "it gives neither <xfov> nor <yfov>"};
  const double y = *vertical;
  if (!(std::isfinite(y) && y > 0 && y < std::numbers::pi)) {
    return Fault{at(p, yfov ? "yfov" : "xfov"),
                 "its vertical field of view is not between 0 and 180 degrees"};
  }
  if (ratio && !finite_positive(*ratio)) {
    return Fault{at(p, "xfov"), "the aspect ratio its <xfov> and <yfov> give is not positive"};
  }
  if (!znear || *znear <= 0) return Fault{at(p, "znear"), "its <znear> is not positive"};
  // glTF reads a perspective camera without zfar as an infinite projection.
  if (zfar && *zfar <= *znear) return Fault{at(p, "zfar"), "its <zfar> is not past its <znear>"};
  out->type = CameraType::kPerspective;
  out->aspect_ratio = ratio;
  out->yfov = y;
  out->zfar = zfar;
  out->znear = znear;
  return std::nullopt;
}

std::optional<Fault> read_orthographic(const Element& o, Camera* out) {
  Number xmag, ymag, aspect, znear, zfar;
  if (std::optional<Fault> f = read_numbers(o, {{"xmag", &xmag},
                                                {"ymag", &ymag},
                                                {"aspect_ratio", &aspect},
                                                {"znear", &znear},
                                                {"zfar", &zfar}})) {
    return f;
  }
  if (aspect && *aspect <= 0)
    return Fault{at(o, "aspect_ratio"), "its <aspect_ratio> is not positive"};
  if (!xmag && !ymag) return Fault{&o, "it gives neither <xmag> nor <ymag>"};
  std::tie(xmag, ymag) = magnifications(xmag, ymag, aspect);
  if (!std::isfinite(*xmag) || *xmag == 0) {
    return Fault{at(o, "xmag"), "its horizontal magnification is not a non-zero number"};
  }
  if (!std::isfinite(*ymag) || *ymag == 0) {
    return Fault{at(o, "ymag"), "its vertical magnification is not a non-zero number"};
  }
  if (!znear || *znear < 0)
    return Fault{at(o, "znear"), "its <znear> is not a number of at least 0"};
  if (!zfar || *zfar <= *znear) return Fault{at(o, "zfar"), "its <zfar> is not past its <znear>"};
  out->type = CameraType::kOrthographic;
  out->xmag = xmag;
  out->ymag = ymag;
  out->zfar = zfar;
  out->znear = znear;
  return std::nullopt;
}

// The camera's polyxios <extra> says its far plane stands in for none.
bool infinite_zfar(const Element& camera) {
  for (const Element& extra : camera.children()) {
    if (extra.name != "extra") continue;
    for (const Element& t : extra.children()) {
      if (t.name == "technique" && t.attr("profile") == "polyxios" &&
          t.child("infinite_zfar") != nullptr) {
        return true;
      }
    }
  }
  return false;
}

// The camera in glTF's terms; empty, with a warning, when it is skipped.
std::optional<Camera> read_camera(ReadContext& ctx, const Element& camera, std::string_view id) {
  std::string skipped = cat("<camera id=\"", id, "\"> is skipped: ");
  const Element* optics = camera.child("optics");
  const Element* common = optics == nullptr ? nullptr : optics->child("technique_common");
  const Element* perspective = common == nullptr ? nullptr : common->child("perspective");
  const Element* orthographic = common == nullptr ? nullptr : common->child("orthographic");
  if (perspective == nullptr && orthographic == nullptr) {
    ctx.warn(kNoOptics,
             cat(skipped, "it has no <optics><technique_common> <perspective> or <orthographic>"),
             common != nullptr   ? common
             : optics != nullptr ? optics
                                 : &camera);
    return std::nullopt;
  }
  Camera out;
  if (const std::string_view* name = camera.find_attr("name"); name && !name->empty()) {
    out.name = std::string(*name);
  }
  std::optional<Fault> fault = perspective != nullptr ? read_perspective(*perspective, &out)
                                                      : read_orthographic(*orthographic, &out);
  if (fault) {
    ctx.warn(kInvalid, cat(skipped, fault->what, " (glTF would refuse it)"), fault->at);
    return std::nullopt;
  }
  // A polyxios write of glTF's infinite perspective spells a far plane COLLADA requires.
  if (perspective != nullptr && infinite_zfar(camera)) out.zfar.reset();
  return out;
}

}  // namespace

void read_cameras(ReadContext& ctx) {
  HashSet<std::string_view> seen;
  for (const Element& library : ctx.doc.root()->children()) {
    if (library.name != "library_cameras") continue;
    for_each_child(library, "camera", [&](const Element& camera) {
      const std::string_view* id = camera.find_attr("id");
      if (id == nullptr || id->empty()) return;  // no <instance_camera> can name it
      // The first camera of an id is the one an <instance_camera> resolves to.
      if (!seen.insert(*id).second) {
        ctx.warn(kDuplicate, cat("a second <camera id=\"", *id, "\"> is skipped"), &camera);
        return;
      }
      if (std::optional<Camera> read = read_camera(ctx, camera, *id)) {
        read->collada_id = cat(ctx.key_prefix, *id);
        ctx.scene.cameras.push_back(*std::move(read));
      }
    });
  }
}

}  // namespace px::collada
