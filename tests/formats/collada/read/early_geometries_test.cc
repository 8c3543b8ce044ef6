// Geometries read while the document is parsed (formats/collada/read/early_geometries): which
// are, that their arrays are released, that a read gives the same scene, warnings and refusals as
// reading every geometry after the parse, and that their warnings reach the read's listener as
// they are raised, once even when the document is read twice.
#include "formats/collada/read/early_geometries.h"

#include <gtest/gtest.h>

#include <cstring>

#include "collada_test_util.h"
#include "formats/collada/read/xml/number_sink.h"

namespace px::collada {
namespace {

using testing::document;
using testing::geometries_document;
using testing::geometry;
using testing::positions;
using testing::triangle_mesh;

// Parses text with an EarlyGeometries hook, as the reader does.
struct EarlyParse {
  Scene scene;
  xml::Document doc;
  ReadOptions options;
  std::unique_ptr<Source> source;
  Diagnostics diagnostics;  // the read's
  std::unique_ptr<EarlyGeometries> early;
  absl::Status status;

  EarlyParse(const std::string& text, int threads, Diagnostics::Listener listener = nullptr) {
    source = memory_source(text);
    if (listener) diagnostics.set_listener(std::move(listener));
    early = std::make_unique<EarlyGeometries>(doc, scene, options, *source, diagnostics);
    xml::ParseOptions parse;
    parse.policy = text_mode;
    parse.threads = threads;
    parse.on_close = [this](const Element& e, xml::NumberSink& sink) { early->on_close(e, sink); };
    status = xml::parse_into(doc, *source, parse);
  }
};

TEST(EarlyGeometries, ReadsASelfContainedGeometryDuringTheParseAndReleasesItsArrays) {
  std::string text = geometries_document(geometry("g", triangle_mesh()));
  for (int threads : {1, 2}) {
    EarlyParse p(text, threads);
    ASSERT_TRUE(p.status.ok()) << p.status;
    const Element* g = p.doc.find_id("g");
    EarlyGeometries::Result* r = p.early->find(*g);
    ASSERT_NE(r, nullptr);
    ASSERT_TRUE(r->status.ok()) << r->status;
    EXPECT_EQ(r->mesh.num_points(), 3u);
    EXPECT_EQ(r->mesh.num_cells(), 1u);
    EXPECT_EQ(r->record.element, g);
    const Element* array = p.doc.find_id("v-pos-array");
    EXPECT_TRUE(array->released());
    EXPECT_TRUE(array->floats.empty());
  }
}

TEST(EarlyGeometries, LeavesAGeometryThatReferencesOutsideItselfForLater) {
  // b's positions are a's; c names an id no element has before it; d names an external file.
  std::string b_mesh =
      "<vertices id=\"vb\"><input semantic=\"POSITION\" source=\"#a-pos\"/></vertices>"
      "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#vb\" offset=\"0\"/>"
      "<p>0 1 2</p></triangles>";
  std::string c_mesh =
      "<vertices id=\"vc\"><input semantic=\"POSITION\" source=\"#later\"/></vertices>";
  std::string d_mesh =
      "<vertices id=\"vd\"><input semantic=\"POSITION\" source=\"x.dae#p\"/></vertices>";
  std::string text = geometries_document(cat(geometry("ga", positions("0 0 0 1 0 0 0 1 0", "a")),
                                             geometry("gb", b_mesh), geometry("gc", c_mesh),
                                             geometry("gd", d_mesh)));
  EarlyParse p(text, 1);
  ASSERT_TRUE(p.status.ok()) << p.status;
  EXPECT_NE(p.early->find(*p.doc.find_id("ga")), nullptr);
  EXPECT_EQ(p.early->find(*p.doc.find_id("gb")), nullptr);
  EXPECT_EQ(p.early->find(*p.doc.find_id("gc")), nullptr);
  EXPECT_EQ(p.early->find(*p.doc.find_id("gd")), nullptr);
}

TEST(EarlyGeometries, AnIdFirstGivenBeforeTheGeometryIsNotItsOwn) {
  // "v-pos" names an <image> first, so g's reference to it leaves g.
  std::string text = document(cat(
      "<library_images><image id=\"v-pos\"><init_from>x.png</init_from></image></library_images>",
      "<library_geometries>", geometry("g", triangle_mesh()), "</library_geometries>"));
  EarlyParse p(text, 1);
  ASSERT_TRUE(p.status.ok()) << p.status;
  EXPECT_EQ(p.early->find(*p.doc.find_id("g")), nullptr);
}

TEST(EarlyGeometries, AReadThatNeedsAReleasedArrayReadsTheDocumentAgain) {
  // gb reads ga's positions: ga is read early and releases them; gb, read after the parse, needs
  // them, so the whole document is read again keeping every array.
  std::string b_mesh =
      "<vertices id=\"vb\"><input semantic=\"POSITION\" source=\"#a-pos\"/></vertices>"
      "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#vb\" offset=\"0\"/>"
      "<p>2 1 0</p></triangles>";
  std::string text = geometries_document(
      cat(geometry("ga", cat(positions("0 0 0 1 0 0 0 1 5", "a"),
                             "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#a\" "
                             "offset=\"0\"/><p>0 1 2</p></triangles>")),
          geometry("gb", b_mesh)));
  for (int threads : {1, 2}) {
    Diagnostics diagnostics;
    ReadOptions options;
    options.threads = threads;
    std::unique_ptr<Source> source = memory_source(text);
    absl::StatusOr<Scene> scene = read(*source, options, diagnostics);
    ASSERT_TRUE(scene.ok()) << scene.status();
    ASSERT_EQ(scene->meshes.size(), 2u);
    EXPECT_EQ(testing::column_values(scene->meshes[1].points),
              (std::vector<double>{0, 0, 0, 1, 0, 0, 0, 1, 5}));
    EXPECT_TRUE(diagnostics.entries().empty());
  }
}

TEST(EarlyGeometries, WarningsAndRefusalsComeInTheOrderOfAReadAfterTheParse) {
  // The <asset> (read first) comes after the geometry in the document: its warning still comes
  // first, as the reader reads the asset before the geometries.
  std::string mesh = cat(triangle_mesh(), "<lines count=\"0\"><input source=\"#v\"/></lines>");
  std::string text =
      geometries_document(geometry("g", mesh), "<asset><up_axis>W_UP</up_axis></asset>");
  for (int threads : {1, 2}) {
    Diagnostics diagnostics;
    ReadOptions options;
    options.threads = threads;
    std::unique_ptr<Source> source = memory_source(text);
    absl::StatusOr<Scene> scene = read(*source, options, diagnostics);
    ASSERT_TRUE(scene.ok()) << scene.status();
    ASSERT_EQ(diagnostics.entries().size(), 2u);
    EXPECT_EQ(diagnostics.entries()[0].code, "collada.asset.up-axis");
    EXPECT_EQ(diagnostics.entries()[1].code, "collada.input.no-semantic");
  }
  // A refused geometry and a refused material: the material's refusal, as materials are read
  // first.
  std::string refused = geometries_document(
      geometry("g", cat(positions("0 0 0"),
                        "<triangles count=\"2\"><input semantic=\"VERTEX\" "
                        "source=\"#v\" offset=\"0\"/><p>0 0 0</p></triangles>")),
      "<library_materials><material id=\"m\"><instance_effect url=\"#nowhere\"/></material>"
      "</library_materials>");
  Diagnostics unused;
  std::unique_ptr<Source> source = memory_source(refused);
  absl::StatusOr<Scene> scene = read(*source, ReadOptions(), unused);
  ASSERT_FALSE(scene.ok());
  EXPECT_NE(scene.status().message().find("instance_effect"), std::string::npos) << scene.status();
}

// convert -v: a geometry read beside the parser tells the read's listener of its warnings then,
// not when read_geometries takes its result after the parse.
TEST(EarlyGeometries, AGeometrysWarningsAreToldDuringTheParse) {
  std::string mesh = cat(triangle_mesh(), "<lines count=\"0\"><input source=\"#v\"/></lines>");
  std::string text = geometries_document(geometry("g", mesh));
  for (int threads : {1, 2}) {
    std::vector<std::string> told;
    EarlyParse p(text, threads, [&](const Diagnostic& d) { told.push_back(d.code); });
    ASSERT_TRUE(p.status.ok()) << p.status;
    EarlyGeometries::Result* r = p.early->find(*p.doc.find_id("g"));
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(told, (std::vector<std::string>{"collada.input.no-semantic"})) << threads;
    EXPECT_TRUE(p.diagnostics.entries().empty());  // merged later, by read_geometries
    p.diagnostics.merge(r->diagnostics);
    EXPECT_EQ(told.size(), 1u);  // and not told again then
  }
}

// A document read twice (a released array needed after the parse) raises its warnings twice: the
// listener is told of each once, and the read reports each as one read does.
TEST(EarlyGeometries, ADocumentReadTwiceTellsEachWarningOnce) {
  std::string b_mesh =
      "<vertices id=\"vb\"><input semantic=\"POSITION\" source=\"#a-pos\"/></vertices>"
      "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#vb\" offset=\"0\"/>"
      "<p>2 1 0</p></triangles>";
  std::string text = geometries_document(
      cat(geometry("ga", cat(positions("0 0 0 1 0 0 0 1 5", "a"),
                             "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#a\" "
                             "offset=\"0\"/><p>0 1 2</p></triangles>",
                             "<lines count=\"0\"><input source=\"#a\"/></lines>")),
          geometry("gb", b_mesh)),
      "<asset><up_axis>W_UP</up_axis></asset>");
  for (int threads : {1, 2}) {
    std::vector<std::string> told;
    Diagnostics diagnostics;
    diagnostics.set_listener([&](const Diagnostic& d) { told.push_back(d.code); });
    ReadOptions options;
    options.threads = threads;
    std::unique_ptr<Source> source = memory_source(text);
    absl::StatusOr<Scene> scene = read(*source, options, diagnostics);
    ASSERT_TRUE(scene.ok()) << scene.status();
    ASSERT_EQ(scene->meshes.size(), 2u);  // read twice (the test above)
    ASSERT_EQ(diagnostics.entries().size(), 2u);
    EXPECT_EQ(diagnostics.entries()[0].code, "collada.asset.up-axis");
    EXPECT_EQ(diagnostics.entries()[1].code, "collada.input.no-semantic");
    EXPECT_EQ(diagnostics.entries()[1].count, 1);
    // The geometry's, told during the first parse, before the asset's, read after it.
    EXPECT_EQ(told,
              (std::vector<std::string>{"collada.input.no-semantic", "collada.asset.up-axis"}))
        << threads;
  }
}

}  // namespace
}  // namespace px::collada
