// TargetPath: the names a file spells, the element kinds COLLADA channels animate, and the
// spelling a path glTF does not define keeps.
#include <gtest/gtest.h>

#include "polyxios/scene/animation.h"

namespace px {
namespace {

constexpr TargetPath kNamed[] = {
    TargetPath::kTranslation, TargetPath::kRotation, TargetPath::kScale,  TargetPath::kWeights,
    TargetPath::kPointer,     TargetPath::kMatrix,   TargetPath::kLookat, TargetPath::kSkew};

TEST(TargetPath, EachNamedPathReadsBackFromItsName) {
  for (TargetPath path : kNamed) {
    ASSERT_FALSE(target_path_name(path).empty());
    EXPECT_EQ(target_path_named(target_path_name(path)), path) << target_path_name(path);
  }
  EXPECT_EQ(target_path_name(TargetPath::kRotation), "rotation");
  EXPECT_EQ(target_path_name(TargetPath::kPointer), "pointer");
}

TEST(TargetPath, NoNameIsNoneAndAnUnknownNameIsOtherKeptAsSpelled) {
  EXPECT_EQ(target_path_named(""), TargetPath::kNone);
  EXPECT_EQ(target_path_named("translate"), TargetPath::kOther);  // COLLADA's element name
  AnimationTarget target;
  EXPECT_EQ(target.path_name(), "");
  target.path = TargetPath::kOther;
  target.other_path = "opacity";
  EXPECT_EQ(target.path_name(), "opacity");
  EXPECT_EQ(target.element_kind(), "opacity");
}

TEST(TargetPath, ElementKindsMapToPathsAndBack) {
  EXPECT_EQ(element_kind_of(TargetPath::kTranslation), "translate");
  EXPECT_EQ(element_kind_of(TargetPath::kRotation), "rotate");
  EXPECT_EQ(element_kind_of(TargetPath::kScale), "scale");
  EXPECT_EQ(element_kind_of(TargetPath::kMatrix), "matrix");
  EXPECT_EQ(element_kind_of(TargetPath::kLookat), "lookat");
  EXPECT_EQ(element_kind_of(TargetPath::kSkew), "skew");
  EXPECT_EQ(element_kind_of(TargetPath::kWeights), "");
  for (std::string_view kind : {"translate", "rotate", "scale", "matrix", "lookat", "skew"}) {
    EXPECT_EQ(element_kind_of(target_path_of_element(kind)), kind);
  }
  EXPECT_EQ(target_path_of_element("translation"), TargetPath::kOther);
  EXPECT_EQ(target_path_of_element(""), TargetPath::kOther);
  AnimationTarget weights;
  weights.path = TargetPath::kWeights;
  EXPECT_EQ(weights.element_kind(), "weights");  // a path no element has stands as itself
}

TEST(TargetPath, OnlyTranslationRotationAndScaleAreTrs) {
  for (TargetPath path : kNamed) {
    const bool trs = path == TargetPath::kTranslation || path == TargetPath::kRotation ||
                     path == TargetPath::kScale;
    EXPECT_EQ(is_trs(path), trs) << target_path_name(path);
  }
  EXPECT_FALSE(is_trs(TargetPath::kNone));
  EXPECT_FALSE(is_trs(TargetPath::kOther));
}

}  // namespace
}  // namespace px
