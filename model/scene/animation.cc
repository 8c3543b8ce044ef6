#include "polyxios/scene/animation.h"

#include <cmath>
#include <iterator>
#include <limits>

namespace px {
namespace {

// Each path's name, in TargetPath's order, and the transform element kind it animates.
struct PathNames {
  std::string_view path, element;
};
constexpr PathNames kPathNames[] = {
    {"", ""},
    {"translation", "translate"},
    {"rotation", "rotate"},
    {"scale", "scale"},
    {"weights", ""},
    {"pointer", ""},
    {"matrix", "matrix"},
    {"lookat", "lookat"},
    {"skew", "skew"},
    {"", ""},
};
static_assert(std::size(kPathNames) == static_cast<size_t>(TargetPath::kOther) + 1);

// The first path whose `field` is `name`; kOther when none is.
TargetPath path_where(std::string_view PathNames::*field, std::string_view name) {
  for (size_t i = 0; i < std::size(kPathNames); ++i) {
    if (kPathNames[i].*field == name) return static_cast<TargetPath>(i);
  }
  return TargetPath::kOther;
}

}  // namespace

std::string_view target_path_name(TargetPath path) {
  return kPathNames[static_cast<size_t>(path)].path;
}

TargetPath target_path_named(std::string_view name) {
  return name.empty() ? TargetPath::kNone : path_where(&PathNames::path, name);
}

std::string_view element_kind_of(TargetPath path) {
  return kPathNames[static_cast<size_t>(path)].element;
}

TargetPath target_path_of_element(std::string_view kind) {
  return kind.empty() ? TargetPath::kOther : path_where(&PathNames::element, kind);
}

bool is_playable_window(double start, double end) {
  return std::isfinite(start) && std::isfinite(end) && start <= end &&
         end - start <= std::numeric_limits<float>::max();
}

}  // namespace px
