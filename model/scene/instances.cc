#include "polyxios/scene/instances.h"

namespace px {

Trs Instances::trs(size_t i) const {
  Trs out;
  if (!translation.empty()) {
    out.translation = {translation.get(i, 0), translation.get(i, 1), translation.get(i, 2)};
  }
  if (!rotation.empty()) {
    out.rotation = Eigen::Quaterniond(rotation.get(i, 3), rotation.get(i, 0), rotation.get(i, 1),
                                      rotation.get(i, 2));
  }
  if (!scale.empty()) out.scale = {scale.get(i, 0), scale.get(i, 1), scale.get(i, 2)};
  return out;
}

}  // namespace px
