#include "formats/gltf/write/attribute_writer.h"

#include <algorithm>
#include <bit>
#include <charconv>

#include "engine/strings.h"
#include "formats/gltf/write/influence_attributes.h"
#include "formats/gltf/write/tangent_frame.h"

namespace px::gltf {
namespace {

constexpr std::string_view kDropped = "gltf.write.attribute-dropped";
// Sets are tracked in a 32-bit mask; no reader needs more.
constexpr int kMaxSets = 32;

// "texcoords" -> 0, "texcoords_3" -> 3; -1 when name is neither base nor base_<n>.
int set_number(std::string_view name, std::string_view base) {
  if (!name.starts_with(base)) return -1;
  name.remove_prefix(base.size());
  if (name.empty()) return 0;
  if (name.size() < 2 || name[0] != '_') return -1;
  name.remove_prefix(1);
  int n = 0;
  auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), n);
  if (end != name.data() + name.size() || name[0] == '-' || name[0] == '+') return -1;
  return error == std::errc() ? n : kMaxSets;  // too large a number: too many sets
}

// Classifies one column; returns false with the reason when glTF cannot take it.
bool classify(const NamedColumn& named, AttributePlan& plan, std::string& why) {
  const std::string& name = named.name;
  const Column& c = named.column;
  if (name == "normals") {
    plan = {"NORMAL", AttributeKind::kNormal, &c, 3};
    if (c.cols != 3) why = "normals need 3 columns";
  } else if (int n = set_number(name, "texcoords"); n >= 0) {
    plan = {cat("TEXCOORD_", n), AttributeKind::kTexcoord, &c, 2, n};
    if (c.cols < 2) why = "texture coordinates need 2 columns";
  } else if (int n = set_number(name, "colors"); n >= 0) {
    plan = {cat("COLOR_", n), AttributeKind::kColor, &c, static_cast<int>(c.cols), n};
    if (c.cols != 3 && c.cols != 4) why = "colours need 3 or 4 columns";
  } else if (name == "tangents") {
    plan = {"TANGENT", AttributeKind::kTangent, &c, 4};
    if (c.cols != 4) {
      why = "tangents need 4 columns (xyz and the handedness w)";
    } else if (!tangents_have_direction(c, /*with_w=*/true)) {
      why = "a tangent has zero, NaN or Inf length";
    }
  } else if (int n = set_number(name, "joints"); n >= 0) {
    plan = {cat("JOINTS_", n), AttributeKind::kJoints, &c, 4, n};
    why = check_joints(c, &plan.max_joint);
    plan.component_type = plan.max_joint <= 255 ? kUnsignedByte : kUnsignedShort;
  } else if (int n = set_number(name, "weights"); n >= 0) {
    plan = {cat("WEIGHTS_", n), AttributeKind::kWeights, &c, 4, n};
    if (c.cols != 4) why = cat("influences are ", c.cols, " per vertex, not 4");
  } else {
    why = "glTF has no attribute for it";
  }
  if (why.empty() && plan.set >= kMaxSets) why = "too many sets";
  return why.empty();
}

// Without a "tangents" of its own, a mesh's COLLADA tangent frame becomes its TANGENT; the frame
// columns not taken are left out like any attribute glTF has no semantic for.
void plan_frame_tangent(const Mesh& mesh, const Column* normals, std::vector<AttributePlan>& out,
                        std::string_view label, Diagnostics& diagnostics) {
  bool has_tangent = std::any_of(out.begin(), out.end(), [](const AttributePlan& p) {
    return p.kind == AttributeKind::kTangent;
  });
  TangentFrame frame = has_tangent ? TangentFrame{} : choose_frame(mesh);
  if (frame.tangent) {
    std::string why;
    if (!normals) {
      why = "glTF takes a TANGENT only beside a NORMAL";
    } else if (!tangents_have_direction(frame.tangent->column, /*with_w=*/false)) {
      why = "a tangent has zero, NaN or Inf length";
    }
    if (!why.empty()) {
      diagnostics.warn(
          kDropped, cat(label, ": the tangent frame '", frame.tangent->name, "' left out: ", why));
      frame.bitangent = nullptr;  // reported below with the other frame columns
    } else {
      AttributePlan plan{"TANGENT", AttributeKind::kTangent, &frame.tangent->column, 4};
      plan.paired = frame.bitangent ? &frame.bitangent->column : nullptr;
      plan.normals = normals;
      out.push_back(std::move(plan));
      if (!frame.bitangent) {
        diagnostics.warn("gltf.write.tangent-handedness-unknown",
                         cat(label, ": '", frame.tangent->name,
                             "' has no bitangent beside it; the handedness is taken as +1"));
      }
    }
  }
  for (const NamedColumn& named : mesh.point_data) {
    if (!is_frame_column(named.name) || named.column.rows != mesh.num_points()) continue;
    if (&named == frame.tangent || &named == frame.bitangent) continue;
    diagnostics.warn(kDropped, cat(label, ": vertex attribute '", named.name,
                                   "' left out: glTF has no attribute for it"));
  }
}

}  // namespace

std::vector<AttributePlan> plan_attributes(const Mesh& mesh, std::string_view label,
                                           Diagnostics& diagnostics) {
  std::vector<AttributePlan> out;
  out.push_back({"POSITION", AttributeKind::kPosition, &mesh.points, 3});
  auto drop = [&](const std::string& name, std::string_view why) {
    diagnostics.warn(kDropped, cat(label, ": vertex attribute '", name, "' left out: ", why));
  };
  for (const NamedColumn& named : mesh.point_data) {
    AttributePlan plan{"", AttributeKind::kPosition, nullptr, 0};
    std::string why;
    if (named.column.rows != mesh.num_points()) {
      why = cat(named.column.rows, " rows for ", mesh.num_points(), " points");
    } else if (is_frame_column(named.name)) {
      continue;  // taken, or left out, with the frame below
    } else if (classify(named, plan, why) &&
               std::any_of(out.begin(), out.end(),
                           [&](const AttributePlan& p) { return p.semantic == plan.semantic; })) {
      why = cat("another column is already ", plan.semantic);
    }
    if (!why.empty()) {
      drop(named.name, why);
      continue;
    }
    if (plan.kind == AttributeKind::kTexcoord && named.column.cols > 2) {
      diagnostics.warn(kDropped, cat(label, ": columns past the second of '", named.name,
                                     "' left out (", plan.semantic, " is VEC2)"));
    }
    out.push_back(std::move(plan));
  }
  // glTF requires TEXCOORD_n and COLOR_n to be numbered from 0 without gaps.
  for (AttributeKind kind : {AttributeKind::kTexcoord, AttributeKind::kColor}) {
    uint32_t sets = 0;
    for (const AttributePlan& p : out) {
      if (p.kind == kind) sets |= uint32_t{1} << p.set;
    }
    int contiguous = std::countr_one(sets);
    std::erase_if(out, [&](const AttributePlan& p) {
      if (p.kind != kind || p.set < contiguous) return false;
      drop(std::string(p.semantic), cat("set ", p.set, " follows no set ", contiguous));
      return true;
    });
  }
  // JOINTS_n and WEIGHTS_n go out in pairs or not at all.
  for (AttributePlan& p : out) {
    if (p.kind != AttributeKind::kJoints) continue;
    for (const AttributePlan& w : out) {
      if (w.kind == AttributeKind::kWeights && w.set == p.set) p.paired = w.column;
    }
  }
  std::erase_if(out, [&](const AttributePlan& p) {
    bool paired = p.kind == AttributeKind::kJoints ? p.paired != nullptr
                  : p.kind == AttributeKind::kWeights
                      ? std::any_of(out.begin(), out.end(),
                                    [&](const AttributePlan& j) {
                                      return j.kind == AttributeKind::kJoints && j.set == p.set;
                                    })
                      : true;
    if (!paired) drop(p.semantic, "joints and weights are written only as a pair");
    return !paired;
  });
  std::vector<const Column*> weight_sets;
  std::vector<const Column*> joint_sets;
  for (const AttributePlan& p : out) {
    if (p.kind != AttributeKind::kWeights && p.kind != AttributeKind::kJoints) continue;
    std::vector<const Column*>& sets = p.kind == AttributeKind::kWeights ? weight_sets : joint_sets;
    if (sets.size() <= static_cast<size_t>(p.set)) sets.resize(p.set + 1, nullptr);
    sets[p.set] = p.column;
  }
  for (AttributePlan& p : out) {
    if (p.kind == AttributeKind::kJoints || p.kind == AttributeKind::kWeights) {
      p.weight_sets = weight_sets;
      p.joint_sets = joint_sets;
    }
  }
  auto normal = std::find_if(out.begin(), out.end(), [](const AttributePlan& p) {
    return p.kind == AttributeKind::kNormal;
  });
  const Column* normals = normal == out.end() ? nullptr : normal->column;
  if (!normals) {
    std::erase_if(out, [&](const AttributePlan& p) {
      if (p.kind != AttributeKind::kTangent) return false;
      drop("tangents", "glTF takes a TANGENT only beside a NORMAL");
      return true;
    });
  }
  plan_frame_tangent(mesh, normals, out, label, diagnostics);
  return out;
}

uint32_t texcoord_sets(const std::vector<AttributePlan>& attributes) {
  uint32_t sets = 0;
  for (const AttributePlan& p : attributes) {
    if (p.kind == AttributeKind::kTexcoord) sets |= uint32_t{1} << p.set;
  }
  return sets;
}

}  // namespace px::gltf
