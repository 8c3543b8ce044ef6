// polyxios/scene/camera.h: a glTF camera object read into a typed Camera, and the rules both
// writers hold a camera to (camera_fault), on the typed terms.
#include "polyxios/scene/camera.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace px {
namespace {

Camera gltf_camera(std::string_view type, ValueMap body, ValueMap more = {}) {
  ValueMap object{{"type", Value(type)}, {std::string(type), Value(std::move(body))}};
  for (auto& member : more) object.push_back(std::move(member));
  return camera_from_gltf(object);
}

TEST(Camera, AGltfObjectGivesTheTermsOfItsTypeAndIsKept) {
  Camera c = gltf_camera("perspective",
                         {{"yfov", Value(0.8)},
                          {"znear", Value(int64_t{1})},
                          {"xmag", Value(3.0)},
                          {"zfar", Value("far")}},
                         {{"name", Value("eye")}, {"extras", Value(ValueMap{{"k", Value(1)}})}});
  EXPECT_EQ(c.type, CameraType::kPerspective);
  EXPECT_EQ(c.name, "eye");
  EXPECT_EQ(c.yfov, 0.8);
  EXPECT_EQ(c.znear, 1);
  EXPECT_EQ(c.aspect_ratio, std::nullopt);
  // A member of the other type's is not this camera's; a term that is no number reads as NaN.
  EXPECT_EQ(c.xmag, std::nullopt);
  EXPECT_EQ(c.term("xmag"), std::nullopt);
  ASSERT_TRUE(c.zfar.has_value());
  EXPECT_TRUE(std::isnan(*c.zfar));
  ASSERT_TRUE(c.extras.has_value());
  EXPECT_TRUE(c.malformed.empty());
  ASSERT_TRUE(c.gltf_object.has_value());
  EXPECT_EQ(c.gltf_object->size(), 4u);
  EXPECT_EQ(c.collada_id, std::nullopt);
}

TEST(Camera, ANameThatIsNoStringIsNone) {
  Camera c = camera_from_gltf(ValueMap{{"name", Value(7)}});
  EXPECT_EQ(c.name, std::nullopt);
}

TEST(Camera, AnObjectWithoutAUsableTypeOrProjectionIsMalformed) {
  EXPECT_EQ(camera_fault(camera_from_gltf(ValueMap{})), "it has no type");
  EXPECT_EQ(camera_fault(camera_from_gltf(ValueMap{{"type", Value(1)}})), "it has no type");
  EXPECT_EQ(camera_fault(camera_from_gltf(ValueMap{{"type", Value("fisheye")}})),
            "its type is 'fisheye'");
  EXPECT_EQ(camera_fault(camera_from_gltf(
                ValueMap{{"type", Value("orthographic")}, {"orthographic", Value(2.0)}})),
            "it has no orthographic object");
}

TEST(Camera, EachRuleOfAPerspectiveCameraHasItsFault) {
  const double nan = std::nan("");
  struct Case {
    std::optional<double> yfov, znear, zfar, aspect;
    std::string fault;
  };
  const Case cases[] = {
      {0.8, 0.1, std::nullopt, std::nullopt, ""},
      {0.8, 0.1, 100, 1.5, ""},
      {std::nullopt, 0.1, 100, 1.5, "its yfov is not a positive number"},
      {0, 0.1, 100, 1.5, "its yfov is not a positive number"},
      {nan, 0.1, 100, 1.5, "its yfov is not a positive number"},
      {0.8, 0, 100, 1.5, "its znear is not a positive number"},
      {0.8, std::numeric_limits<double>::infinity(), 100, 1.5,
       "its znear is not a positive number"},
      {0.8, 0.1, 0.1, 1.5, "its zfar is not a number past znear"},
      {0.8, 0.1, nan, 1.5, "its zfar is not a number past znear"},
      {0.8, 0.1, 100, 0, "its aspectRatio is not a positive number"},
      {0.8, 0.1, 100, nan, "its aspectRatio is not a positive number"},
  };
  for (const Case& c : cases) {
    Camera camera;
    camera.yfov = c.yfov;
    camera.znear = c.znear;
    camera.zfar = c.zfar;
    camera.aspect_ratio = c.aspect;
    EXPECT_EQ(camera_fault(camera), c.fault);
  }
}

TEST(Camera, EachRuleOfAnOrthographicCameraHasItsFault) {
  struct Case {
    std::optional<double> xmag, ymag, znear, zfar;
    std::string fault;
  };
  const Case cases[] = {
      {2, 1, 0, 10, ""},
      {-2, 1, 0, 10, ""},
      {0, 1, 0, 10, "its xmag or ymag is not a non-zero number"},
      {2, std::nullopt, 0, 10, "its xmag or ymag is not a non-zero number"},
      {2, 1, -1, 10, "its znear is not a number of at least 0"},
      {2, 1, 0, std::nullopt, "its zfar is not a number past znear"},
      {2, 1, 5, 5, "its zfar is not a number past znear"},
  };
  for (const Case& c : cases) {
    Camera camera;
    camera.type = CameraType::kOrthographic;
    camera.xmag = c.xmag;
    camera.ymag = c.ymag;
    camera.znear = c.znear;
    camera.zfar = c.zfar;
    EXPECT_EQ(camera_fault(camera), c.fault);
  }
}

TEST(Camera, TermsAreNamedAsGltfNamesThem) {
  Camera camera;
  camera.yfov = 1;
  camera.aspect_ratio = 2;
  camera.znear = 3;
  camera.zfar = 4;
  camera.xmag = 5;  // not a perspective camera's
  EXPECT_EQ(camera.term("yfov"), 1);
  EXPECT_EQ(camera.term("aspectRatio"), 2);
  EXPECT_EQ(camera.term("znear"), 3);
  EXPECT_EQ(camera.term("zfar"), 4);
  EXPECT_EQ(camera.term("xmag"), std::nullopt);
  EXPECT_EQ(camera.term("fov"), std::nullopt);
  EXPECT_EQ(camera_type_name(camera.type), "perspective");
  EXPECT_EQ(camera_type_name(CameraType::kOrthographic), "orthographic");
}

}  // namespace
}  // namespace px
