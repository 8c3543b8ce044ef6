#include "formats/collada/write/node_transforms.h"

#include <algorithm>
#include <cmath>

#include "engine/strings.h"
#include "formats/collada/write/xml_names.h"

namespace px::collada {
namespace {

// Elements still spell the matrix when every cell agrees to this fraction of its largest cell.
constexpr double kRelativeTolerance = 1e-9;

bool composes_to(const std::vector<TransformElement>& elements, const Eigen::Matrix4d& matrix) {
  const Eigen::Matrix4d composed = compose_elements(elements);
  const double tolerance = kRelativeTolerance * matrix.cwiseAbs().maxCoeff();
  for (int i = 0; i < 16; ++i) {
    const double want = matrix.data()[i];
    const double got = composed.data()[i];
    if (got != want && !(std::abs(got - want) <= tolerance)) return false;
  }
  return true;
}

TransformElement matrix_element(const Eigen::Matrix4d& matrix) {
  TransformElement e{"matrix", std::string(kMatrixSid), {}};
  e.values.reserve(16);
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) e.values.push_back(matrix(r, c));
  }
  return e;
}

// False when a value is NaN or Inf: such an element can compose to a finite matrix (a <rotate>
// about no axis), but no reader could take its text back.
bool all_finite(const std::vector<TransformElement>& elements) {
  return std::all_of(elements.begin(), elements.end(), [](const TransformElement& e) {
    return std::all_of(e.values.begin(), e.values.end(), [](double v) { return std::isfinite(v); });
  });
}

}  // namespace

void plan_transforms(const Node& node, NodePlan& plan, Diagnostics& diagnostics) {
  if (node.transforms.empty() || !well_formed(node.transforms) || !all_finite(node.transforms) ||
      !composes_to(node.transforms, node.matrix)) {
    plan.transforms = {matrix_element(node.matrix)};
    plan.as_matrix = true;
    return;
  }
  std::vector<TransformElement> elements = node.transforms;
  for (size_t i = 0; i < elements.size(); ++i) {
    std::string& sid = elements[i].sid;
    if (sid.empty()) continue;
    const bool repeated = std::any_of(elements.begin(), elements.begin() + i,
                                      [&](const TransformElement& e) { return e.sid == sid; });
    if (repeated || !is_target_sid(sid)) {
      diagnostics.warn("collada.write.transform-sid-dropped",
                       repeated
                           ? "a transform sid repeating an earlier one of its node is left out"
                           : "a transform sid a channel target cannot end in (a letter or '_', "
                             "then letters, digits, '_' or '-') is left out");
      sid.clear();
    }
  }
  plan.transforms = std::move(elements);
  plan.as_matrix = false;
}

}  // namespace px::collada
