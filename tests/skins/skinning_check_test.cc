// The skinning check (issue 4): for every skinned mesh of the corpus, the bind pose deformed by
// the COLLADA skin (joint world * inverse bind * bind shape) and by the glTF skin written for it
// and read back (joint world * inverse bind) must agree, over no fewer files and skinned meshes
// than measured.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/source.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/gltf/read/gltf_reader.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/scene/polydata.h"
#include "tests/support/required.h"
#include "tests/support/skin_deform.h"

namespace px {
namespace {

using test_support::deform_bind_pose;

std::filesystem::path corpus_dir() {
  if (const char* env = std::getenv("POLYXIOS_CORPUS")) return env;
  return PX_CORPUS_DIR;
}

std::vector<std::filesystem::path> skinned_files() {
  std::vector<std::filesystem::path> out;
  std::filesystem::path root = corpus_dir() / "collada";
  if (!std::filesystem::is_directory(root)) return out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    std::string ext = entry.path().extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!entry.is_regular_file() || ext != ".dae") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().find("<skin") != std::string::npos) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// How many corpus files the check reads and skinned meshes it compares, measured on 2026-12-02
// (main at 929f22f): these may only go up, so that a reader refusing more files cannot pass by
// checking fewer.
constexpr size_t kMinFilesChecked = 39;
constexpr size_t kMinSkinnedMeshes = 47;

TEST(SkinningCheck, ColladaAndWrittenGltfSkinsDeformTheBindPoseAlike) {
  std::vector<std::filesystem::path> files = skinned_files();
  if (files.empty()) PX_SKIP_UNLESS_REQUIRED() << "no corpus at " << corpus_dir();
  size_t checked = 0, meshes = 0;
  double worst = 0;
  std::string worst_file;
  for (const auto& path : files) {
    Diagnostics d;
    auto source = open_file_source(path);
    ASSERT_TRUE(source.ok());
    absl::StatusOr<Scene> a = collada::read(**source, ReadOptions{}, d);
    if (!a.ok()) continue;  // refused by a rule: the corpus test accounts for it
    auto glb = gltf::write_to_memory(*a, true, "", d);
    ASSERT_TRUE(glb.ok()) << path << ": " << glb.status();
    absl::StatusOr<Scene> b = gltf::read_memory(glb->json, path.parent_path(), ReadOptions{}, d);
    ASSERT_TRUE(b.ok()) << path << ": " << b.status();
    ASSERT_EQ(a->nodes.size(), b->nodes.size()) << path;
    ++checked;
    for (size_t n = 0; n < a->nodes.size(); ++n) {
      std::vector<Eigen::Vector3d> da = deform_bind_pose(*a, n);
      if (da.empty()) continue;
      std::vector<Eigen::Vector3d> db = deform_bind_pose(*b, n);
      ASSERT_EQ(da.size(), db.size()) << path << " node " << n << ": skin or vertices lost";
      ++meshes;
      Eigen::AlignedBox3d box;
      for (const auto& v : da) {
        if (v.allFinite()) box.extend(v);
      }
      double size = std::max(box.isEmpty() ? 1.0 : box.diagonal().norm(), 1e-9);
      for (size_t v = 0; v < da.size(); ++v) {
        if (!da[v].allFinite()) continue;
        double error = (da[v] - db[v]).norm() / size;
        if (error > worst) {
          worst = error;
          worst_file = path.string();
        }
        ASSERT_LT(error, 1e-4) << path << " node " << n << " vertex " << v;
      }
    }
  }
  std::printf(
      "skinning check: %zu files, %zu skinned meshes, worst deviation %.3g of the mesh "
      "size (%s)\n",
      checked, meshes, worst, worst_file.c_str());
  EXPECT_GE(checked, kMinFilesChecked);
  EXPECT_GE(meshes, kMinSkinnedMeshes);
}

}  // namespace
}  // namespace px
