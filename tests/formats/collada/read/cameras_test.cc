// spec/collada.md, Reading: <library_cameras> - each <camera> with an id and common optics, in
// glTF's terms, into Scene::cameras with its id; a camera glTF would refuse, or one without
// <technique_common> optics, skipped with a warning; <instance_camera> shows it by index (or keeps
// an id no camera has).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "tests/formats/collada/read/collada_test_util.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

constexpr double kDegree = std::numbers::pi / 180;

std::string cameras_document(std::string_view cameras, std::string_view rest = "") {
  return document(cat("<library_cameras>\n", cameras, "\n</library_cameras>\n", rest));
}

// A <camera id="c"> whose <technique_common> holds `kind` (perspective or orthographic) of `body`.
std::string camera(std::string_view kind, std::string_view body, std::string_view id = "c") {
  return cat("<camera id=\"", id, "\"><optics><technique_common>\n<", kind, ">\n", body, "\n</",
             kind, ">\n</technique_common></optics></camera>\n");
}

// The ids of the cameras read, in order.
std::vector<std::string> camera_ids(const ReadResult& r) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  std::vector<std::string> out;
  if (!r.scene.ok()) return out;
  for (const Camera& c : r.scene->cameras) out.push_back(c.collada_id.value_or("(none)"));
  return out;
}

// The camera read under `id`; fails the test when there is none.
const Camera* camera_of(const ReadResult& r, std::string_view id) {
  EXPECT_TRUE(r.scene.ok()) << r.scene.status();
  if (!r.scene.ok()) return nullptr;
  for (const Camera& c : r.scene->cameras) {
    if (c.collada_id == id) return &c;
  }
  ADD_FAILURE() << "no camera " << id;
  return nullptr;
}

// The camera under `id`, checked to be of type `kind`.
const Camera* body_of(const ReadResult& r, std::string_view id, std::string_view kind) {
  const Camera* c = camera_of(r, id);
  if (c != nullptr) {
    EXPECT_EQ(camera_type_name(c->type), kind);
  }
  return c;
}

double number(const Camera& c, std::string_view term) {
  std::optional<double> v = c.term(term);
  EXPECT_TRUE(v.has_value()) << "no " << term;
  return v.value_or(std::nan(""));
}

// The terms the camera has, in glTF's order.
std::vector<std::string> keys(const Camera& c) {
  std::vector<std::string> out;
  for (std::string_view term : {"aspectRatio", "yfov", "xmag", "ymag", "zfar", "znear"}) {
    if (c.term(term)) out.emplace_back(term);
  }
  return out;
}

TEST(CamerasTest, PerspectiveYfovIsReadInRadiansBesideItsAspectRatioAndClipPlanes) {
  ReadResult r = read_text(cameras_document(
      "<camera id=\"cam\" name=\"Main\"><optics><technique_common><perspective>"
      "<yfov sid=\"yfov\">45</yfov><aspect_ratio>1.5</aspect_ratio><znear sid=\"znear\">0.1</znear>"
      "<zfar>100</zfar></perspective></technique_common></optics></camera>"));
  const Camera* c = body_of(r, "cam", "perspective");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->name, "Main");
  const Camera& p = *c;
  EXPECT_DOUBLE_EQ(number(p, "yfov"), std::numbers::pi / 4);
  EXPECT_EQ(number(p, "aspectRatio"), 1.5);
  EXPECT_EQ(number(p, "znear"), 0.1);
  EXPECT_EQ(number(p, "zfar"), 100);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(CamerasTest, XfovWithAspectRatioGivesTheVerticalFieldOfView) {
  ReadResult r = read_text(cameras_document(
      camera("perspective",
             "<xfov>49.13434</xfov><aspect_ratio>1.777778</aspect_ratio><znear>0.1</znear>"
             "<zfar>100</zfar>")));
  const Camera* p = body_of(r, "c", "perspective");
  ASSERT_NE(p, nullptr);
  double want = 2 * std::atan(std::tan(49.13434 * kDegree / 2) / 1.777778);
  EXPECT_DOUBLE_EQ(number(*p, "yfov"), want);
  EXPECT_NEAR(number(*p, "yfov"), 0.5033, 1e-4);  // 28.8 degrees high
  EXPECT_EQ(number(*p, "aspectRatio"), 1.777778);
  EXPECT_EQ(camera_of(r, "c")->name, std::nullopt);
}

TEST(CamerasTest, XfovAloneIsTakenAsYfovWithTheAspectRatioLeftOut) {
  ReadResult r = read_text(
      cameras_document(camera("perspective", "<xfov>50</xfov><znear>1</znear><zfar>5000</zfar>")));
  const Camera* p = body_of(r, "c", "perspective");
  ASSERT_NE(p, nullptr);
  EXPECT_DOUBLE_EQ(number(*p, "yfov"), 50 * kDegree);
  EXPECT_EQ(p->aspect_ratio, std::nullopt);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(CamerasTest, XfovAndYfovGiveTheAspectRatio) {
  ReadResult r = read_text(cameras_document(
      camera("perspective", "<xfov>90</xfov><yfov>60</yfov><znear>1</znear><zfar>10</zfar>")));
  const Camera* p = body_of(r, "c", "perspective");
  ASSERT_NE(p, nullptr);
  EXPECT_DOUBLE_EQ(number(*p, "yfov"), 60 * kDegree);
  EXPECT_DOUBLE_EQ(number(*p, "aspectRatio"), 1 / std::tan(30 * kDegree));
}

TEST(CamerasTest, PerspectiveWithoutZfarIsAnInfiniteProjection) {
  ReadResult r =
      read_text(cameras_document(camera("perspective", "<yfov>30</yfov><znear>1</znear>")));
  const Camera* p = body_of(r, "c", "perspective");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(keys(*p), (std::vector<std::string>{"yfov", "znear"}));
}

TEST(CamerasTest, OrthographicMissingMagnificationComesFromTheAspectRatio) {
  ReadResult r = read_text(cameras_document(cat(
      camera("orthographic",
             "<xmag>3</xmag><aspect_ratio>1.5</aspect_ratio><znear>0.1</znear>"
             "<zfar>100</zfar>",
             "x"),
      camera("orthographic",
             "<ymag>2</ymag><aspect_ratio>1.5</aspect_ratio><znear>0</znear>"
             "<zfar>100</zfar>",
             "y"),
      camera("orthographic", "<xmag>4</xmag><ymag>5</ymag><znear>1</znear><zfar>2</zfar>", "xy"),
      camera("orthographic", "<xmag>50</xmag><znear>0.1</znear><zfar>5000</zfar>", "square"))));
  const Camera* x = body_of(r, "x", "orthographic");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(keys(*x), (std::vector<std::string>{"xmag", "ymag", "zfar", "znear"}));
  EXPECT_EQ(number(*x, "xmag"), 3);
  EXPECT_EQ(number(*x, "ymag"), 2);
  EXPECT_EQ(number(*x, "znear"), 0.1);
  EXPECT_EQ(number(*x, "zfar"), 100);
  const Camera* y = body_of(r, "y", "orthographic");
  ASSERT_NE(y, nullptr);
  EXPECT_EQ(number(*y, "xmag"), 3);
  EXPECT_EQ(number(*y, "ymag"), 2);
  EXPECT_EQ(number(*y, "znear"), 0);
  const Camera* xy = body_of(r, "xy", "orthographic");
  ASSERT_NE(xy, nullptr);
  EXPECT_EQ(number(*xy, "xmag"), 4);
  EXPECT_EQ(number(*xy, "ymag"), 5);
  // One magnification and no aspect ratio: a square view.
  const Camera* square = body_of(r, "square", "orthographic");
  ASSERT_NE(square, nullptr);
  EXPECT_EQ(number(*square, "xmag"), 50);
  EXPECT_EQ(number(*square, "ymag"), 50);
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

TEST(CamerasTest, CamerasGltfWouldRefuseAreSkippedWithAWarningNamingTheElementAndLine) {
  struct Case {
    std::string_view kind;
    std::string_view body;
    std::string_view at;  // the element the warning points at
  };
  const Case cases[] = {
      {"perspective", "<yfov>0</yfov><znear>1</znear><zfar>2</zfar>", "<yfov"},
      {"perspective", "<yfov>180</yfov><znear>1</znear><zfar>2</zfar>", "<yfov"},
      {"perspective", "<yfov>-10</yfov><znear>1</znear><zfar>2</zfar>", "<yfov"},
      {"perspective", "<yfov>INF</yfov><znear>1</znear><zfar>2</zfar>", "<yfov"},
      {"perspective", "<yfov>NaN</yfov><znear>1</znear><zfar>2</zfar>", "<yfov"},
      {"perspective", "<yfov>forty</yfov><znear>1</znear><zfar>2</zfar>", "<yfov"},
      {"perspective", "<yfov>4 5</yfov><znear>1</znear><zfar>2</zfar>", "<yfov"},
      {"perspective", "<xfov>200</xfov><znear>1</znear><zfar>2</zfar>", "<xfov"},
      {"perspective", "<xfov>0</xfov><aspect_ratio>1</aspect_ratio><znear>1</znear>", "<xfov"},
      {"perspective", "<yfov>30</yfov><aspect_ratio>0</aspect_ratio><znear>1</znear>",
       "<aspect_ratio"},
      {"perspective", "<yfov>30</yfov><aspect_ratio>-2</aspect_ratio><znear>1</znear>",
       "<aspect_ratio"},
      {"perspective", "<yfov>30</yfov><znear>0</znear><zfar>2</zfar>", "<znear"},
      {"perspective", "<yfov>30</yfov><znear>-1</znear><zfar>2</zfar>", "<znear"},
      {"perspective", "<yfov>30</yfov><zfar>2</zfar>", "<perspective"},
      {"perspective", "<yfov>30</yfov><znear>2</znear><zfar>2</zfar>", "<zfar"},
      {"perspective", "<yfov>30</yfov><znear>2</znear><zfar>1</zfar>", "<zfar"},
      {"perspective", "<znear>1</znear><zfar>2</zfar>", "<perspective"},
      {"orthographic", "<xmag>0</xmag><ymag>1</ymag><znear>0</znear><zfar>1</zfar>", "<xmag"},
      {"orthographic", "<xmag>1</xmag><ymag>0</ymag><znear>0</znear><zfar>1</zfar>", "<ymag"},
      {"orthographic",
       "<xmag>1E308</xmag><aspect_ratio>1E-308</aspect_ratio><znear>0</znear>"
       "<zfar>1</zfar>",
       "<orthographic"},
      {"orthographic", "<xmag>1</xmag><ymag>-INF</ymag><znear>0</znear><zfar>1</zfar>", "<ymag"},
      {"orthographic", "<xmag>1</xmag><znear>-1</znear><zfar>1</zfar>", "<znear"},
      {"orthographic", "<xmag>1</xmag><znear>1</znear><zfar>1</zfar>", "<zfar"},
      {"orthographic", "<xmag>1</xmag><znear>1</znear>", "<orthographic"},
      {"orthographic", "<aspect_ratio>1</aspect_ratio><znear>0</znear><zfar>1</zfar>",
       "<orthographic"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(cat(c.kind, ": ", c.body));
    std::string text =
        cameras_document(cat(camera(c.kind, c.body, "bad"),
                             camera("perspective", "<yfov>30</yfov><znear>1</znear>", "good")));
    ReadResult r = read_text(text);
    EXPECT_EQ(camera_ids(r), (std::vector<std::string>{"good"}));
    ASSERT_EQ(r.diagnostics.entries().size(), 1u);
    const Diagnostic& d = r.diagnostics.entries()[0];
    EXPECT_EQ(d.code, "collada.camera.invalid");
    EXPECT_EQ(d.line, line_of(text, c.at)) << d.message;
    EXPECT_TRUE(d.message.starts_with("<camera id=\"bad\"> is skipped: ")) << d.message;
  }
}

TEST(CamerasTest, CameraWithoutCommonOpticsIsSkippedWithAWarning) {
  std::string text = cameras_document(
      "<camera id=\"a\">\n<optics>\n<technique profile=\"MAX3D\"><fov>40</fov></technique>"
      "</optics></camera>\n"
      "<camera id=\"b\"/>\n"
      "<camera id=\"c\"><optics>\n<technique_common>\n</technique_common></optics></camera>\n");
  ReadResult r = read_text(text);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_TRUE(r.scene->cameras.empty());
  EXPECT_EQ(r.diagnostics.count("collada.camera.no-common-optics"), 3);
  std::vector<int64_t> lines;
  for (const Diagnostic& d : r.diagnostics.entries()) lines.push_back(d.line);
  EXPECT_EQ(lines,
            (std::vector<int64_t>{line_of(text, "<optics>"), line_of(text, "<camera id=\"b\""),
                                  line_of(text, "<technique_common>")}));
}

TEST(CamerasTest, CameraWithoutIdIsUnreachableAndSkippedAndTheFirstOfAnIdIsKept) {
  std::string text = cameras_document(
      cat(camera("perspective", "<yfov>30</yfov><znear>1</znear>", ""),
          "<camera name=\"anonymous\"><optics><technique_common><perspective><yfov>30</yfov>"
          "<znear>1</znear></perspective></technique_common></optics></camera>\n",
          camera("perspective", "<yfov>30</yfov><znear>1</znear>", "same"),
          camera("perspective", "<yfov>60</yfov><znear>1</znear>", "same")));
  ReadResult r = read_text(text);
  EXPECT_EQ(camera_ids(r), (std::vector<std::string>{"same"}));
  EXPECT_DOUBLE_EQ(number(*body_of(r, "same", "perspective"), "yfov"), 30 * kDegree);
  EXPECT_EQ(r.diagnostics.count("collada.camera.duplicate-id"), 1);
  EXPECT_EQ(r.diagnostics.warning_count(), 1);
}

TEST(CamerasTest, EveryLibraryIsReadAndNodesStillNameTheirCameraById) {
  std::string text = document(
      cat("<library_cameras>", camera("perspective", "<yfov>30</yfov><znear>1</znear>", "one"),
          "</library_cameras>\n<library_cameras>",
          camera("orthographic", "<xmag>1</xmag><znear>1</znear><zfar>2</zfar>", "two"),
          camera("perspective", "<yfov>0</yfov><znear>1</znear>", "broken"),
          "</library_cameras>\n<library_visual_scenes><visual_scene id=\"vs\">"
          "<node id=\"a\"><instance_camera url=\"#two\"/></node>"
          "<node id=\"b\"><instance_camera url=\"#broken\"/></node>"
          "</visual_scene></library_visual_scenes>"));
  ReadResult r = read_text(text);
  EXPECT_EQ(camera_ids(r), (std::vector<std::string>{"one", "two"}));
  const Scene& scene = *r.scene;
  ASSERT_EQ(scene.nodes.size(), 2u);
  EXPECT_EQ(scene.nodes[0].camera, 1);
  // A skipped camera's node keeps naming it; the writer warns when it finds no such camera.
  EXPECT_EQ(scene.nodes[1].camera, -1);
  EXPECT_EQ(scene.nodes[1].unresolved_camera, "broken");
  EXPECT_EQ(r.diagnostics.count("collada.camera.invalid"), 1);
}

TEST(CamerasTest, DocumentWithoutCamerasHasNoCamerasAttribute) {
  ReadResult r = read_text(document("<library_cameras/>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_TRUE(r.scene->cameras.empty());
  EXPECT_EQ(r.diagnostics.warning_count(), 0);
}

}  // namespace
}  // namespace px::collada
