// polyxios/scene/camera.h: a glTF camera object read into a typed Camera, and the rules both
// writers hold a camera to (camera_fault), on the typed terms.
#include "polyxios/scene/camera.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <utility>

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

using Term = std::optional<double>;

Camera perspective(Term yfov, Term znear, Term zfar, Term aspect) {
  Camera camera;
  camera.yfov = yfov;
  camera.znear = znear;
  camera.zfar = zfar;
  camera.aspect_ratio = aspect;
  return camera;
}

Camera orthographic(Term xmag, Term ymag, Term znear, Term zfar) {
  Camera camera;
  camera.type = CameraType::kOrthographic;
  camera.xmag = xmag;
  camera.ymag = ymag;
  camera.znear = znear;
  camera.zfar = zfar;
  return camera;
}

TEST(Camera, EachRuleOfEitherTypeHasItsFault) {
  const double nan = std::nan("");
  const double inf = std::numeric_limits<double>::infinity();
  const std::nullopt_t none = std::nullopt;
  const std::pair<Camera, std::string> cases[] = {
      {perspective(0.8, 0.1, none, none), ""},
      {perspective(0.8, 0.1, 100, 1.5), ""},
      {perspective(none, 0.1, 100, 1.5), "its yfov is not a positive number"},
      {perspective(0, 0.1, 100, 1.5), "its yfov is not a positive number"},
      {perspective(nan, 0.1, 100, 1.5), "its yfov is not a positive number"},
      {perspective(0.8, 0, 100, 1.5), "its znear is not a positive number"},
      {perspective(0.8, inf, 100, 1.5), "its znear is not a positive number"},
      {perspective(0.8, 0.1, 0.1, 1.5), "its zfar is not a number past znear"},
      {perspective(0.8, 0.1, nan, 1.5), "its zfar is not a number past znear"},
      {perspective(0.8, 0.1, 100, 0), "its aspectRatio is not a positive number"},
      {perspective(0.8, 0.1, 100, nan), "its aspectRatio is not a positive number"},
      {orthographic(2, 1, 0, 10), ""},
      {orthographic(-2, 1, 0, 10), ""},
      {orthographic(0, 1, 0, 10), "its xmag or ymag is not a non-zero number"},
      {orthographic(2, none, 0, 10), "its xmag or ymag is not a non-zero number"},
      {orthographic(2, 1, -1, 10), "its znear is not a number of at least 0"},
      {orthographic(2, 1, 0, none), "its zfar is not a number past znear"},
      {orthographic(2, 1, 5, 5), "its zfar is not a number past znear"},
  };
  for (const auto& [camera, fault] : cases) EXPECT_EQ(camera_fault(camera), fault);
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
