// Beyond the spec (issue 15, point 8): "file.dae#id" URLs of <instance_geometry>,
// <instance_node>, <instance_material>, <instance_visual_scene>, <instance_light>,
// <instance_camera>, <instance_effect> and <instance_controller> to documents in the input's
// folder are followed, each document read once; cycles and too many documents are refused; a
// missing document is a warning; one outside the folder is read only when allowed.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>

#include "polyxios/scene/animation.h"
#include "tests/formats/collada/read/collada_test_util.h"
#include "tests/support/scratch_dir_test.h"

namespace px::collada {
namespace {

using namespace ::px::collada::testing;  // NOLINT(build/namespaces)

// One triangle whose block takes the material symbol "red".
std::string red_triangle(std::string_view vertices) {
  return cat(positions("0 0 0  1 0 0  0 1 0", vertices),
             "<triangles material=\"red\" count=\"1\"><input semantic=\"VERTEX\" source=\"#",
             vertices, "\" offset=\"0\"/><p>0 1 2</p></triangles>");
}

// A red material "m" (effect "e").
constexpr std::string_view kRedMaterial =
    "<library_effects><effect id=\"e\"><profile_COMMON><technique sid=\"t\"><phong><diffuse>"
    "<color>1 0 0 1</color></diffuse></phong></technique></profile_COMMON></effect>"
    "</library_effects><library_materials><material id=\"m\" name=\"Red\">"
    "<instance_effect url=\"#e\"/></material></library_materials>";

// A binding of the symbol "red" to `target`.
std::string bind_red(std::string_view target) {
  return cat("<bind_material><technique_common><instance_material symbol=\"red\" target=\"", target,
             "\"/></technique_common></bind_material>");
}

// parts.dae: geometry "g", the red material "m", and node "wheel" showing "#g" bound to "#m".
std::string parts_document() {
  return geometries_document(
      geometry("g", red_triangle("v"), "Part"),
      cat(kRedMaterial,
          "<library_nodes><node id=\"wheel\" name=\"Wheel\"><instance_geometry "
          "url=\"#g\">",
          bind_red("#m"), "</instance_geometry></node></library_nodes>"));
}

// A document of one visual scene "vs" of `nodes`, made the active scene.
std::string scene_document(std::string_view nodes, std::string_view before = "") {
  return document(cat(before, "<library_visual_scenes><visual_scene id=\"vs\">", nodes,
                      "</visual_scene></library_visual_scenes><scene>"
                      "<instance_visual_scene url=\"#vs\"/></scene>"));
}

bool refused_by(const ReadResult& r, std::string_view text) {
  return std::string(r.scene.status().message()).find(text) != std::string::npos;
}

// The joint nodes of the scene's skin; a failure, and none, unless it has exactly one skin.
std::vector<int> joints_of_the_one_skin(const Scene& scene) {
  if (scene.skins.size() != 1) {
    ADD_FAILURE() << "the scene does not hold exactly one skin";
    return {};
  }
  return scene.skins[0].joints;
}

// The read kept its one mesh, red, skinned by one joint whose node has the id "bone", with no
// external-URL warning; *bone receives that node.
void expect_red_mesh_skinned_by_bone(const ReadResult& r, int* bone) {
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 0);
  const Scene& scene = *r.scene;
  ASSERT_EQ(scene.meshes.size(), 1u);
  EXPECT_EQ(scene.materials[materials(scene.meshes[0])[0]].name, "Red");
  const std::vector<int> joints = joints_of_the_one_skin(scene);
  ASSERT_EQ(joints.size(), 1u);
  *bone = joints[0];
  EXPECT_EQ(scene.nodes[*bone].collada_id, "bone");
}

class ExternalDocumentsTest : public test_support::ScratchDirTest {
 protected:
  ReadResult read_file(const std::filesystem::path& path, bool allow_external = false) {
    ReadResult out{absl::UnknownError("not read"), {}};
    ReadOptions options;
    options.allow_external_files = allow_external;
    absl::StatusOr<std::unique_ptr<Source>> source = open_file_source(path);
    EXPECT_TRUE(source.ok());
    out.scene = read(**source, options, out.diagnostics);
    return out;
  }
};

TEST_F(ExternalDocumentsTest, InstanceGeometryAndMaterialOfASiblingDocument) {
  write_file("parts.dae", parts_document());
  ReadResult r = read_file(write_file(
      "main.dae", scene_document(cat("<node id=\"n\"><instance_geometry url=\"parts.dae#g\">",
                                     bind_red("parts.dae#m"), "</instance_geometry></node>"))));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Scene& scene = *r.scene;
  ASSERT_EQ(scene.nodes.size(), 1u);
  ASSERT_EQ(scene.meshes.size(), 1u);
  EXPECT_EQ(scene.nodes[0].mesh, 0);
  ASSERT_EQ(scene.materials.size(), 1u);
  EXPECT_EQ(scene.materials[0].name, "Red");
  ASSERT_EQ(scene.meshes[0].materials().size(), 1u);
  EXPECT_EQ(scene.meshes[0].materials()[0], 0);
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 0);
}

TEST_F(ExternalDocumentsTest, InstanceNodesOfOneDocumentReadItOnceWithItsOwnIds) {
  write_file("parts.dae", parts_document());
  // main.dae holds ids "g", "v" and "m" of its own, which parts.dae's references do not name.
  ReadResult r = read_file(write_file(
      "main.dae",
      scene_document("<node id=\"car\"><instance_node url=\"parts.dae#wheel\"/>"
                     "<instance_node url=\"./parts.dae#wheel\"/></node>"
                     "<node id=\"own\"><instance_geometry url=\"#g\"/></node>",
                     cat("<library_geometries>", geometry("g", triangle_mesh("v"), "Own"),
                         "</library_geometries>"))));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Scene& scene = *r.scene;
  ASSERT_EQ(scene.scenes.size(), 1u);
  const Node& car = scene.nodes[scene.scenes[0][0]];
  ASSERT_EQ(car.children.size(), 2u);
  for (int child : car.children) {
    EXPECT_EQ(scene.nodes[child].name, "Wheel");
    ASSERT_GE(scene.nodes[child].mesh, 0);
    EXPECT_EQ(scene.nodes[child].mesh, scene.nodes[car.children[0]].mesh);
  }
  EXPECT_EQ(scene.materials.size(), 1u);  // parts.dae read once
  EXPECT_EQ(scene.meshes.size(), 2u);     // main's "g" and parts' "g"
  EXPECT_EQ(r.diagnostics.warning_count(), 0) << r.diagnostics.count("collada.url.external");
}

TEST_F(ExternalDocumentsTest, InstanceVisualSceneOfAnotherDocumentIsTheActiveScene) {
  write_file("parts.dae", parts_document());
  write_file("world.dae", scene_document("<node id=\"w\"><instance_node url=\"parts.dae#wheel\"/>"
                                         "</node>"));
  ReadResult r = read_file(write_file(
      "main.dae", document("<scene><instance_visual_scene url=\"world.dae#vs\"/></scene>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Scene& scene = *r.scene;
  ASSERT_EQ(scene.scenes.size(), 1u);
  EXPECT_EQ(scene.default_scene, 0);
  ASSERT_EQ(scene.scenes[0].size(), 1u);
  const Node& w = scene.nodes[scene.scenes[0][0]];
  ASSERT_EQ(w.children.size(), 1u);
  EXPECT_GE(scene.nodes[w.children[0]].mesh, 0);
}

TEST_F(ExternalDocumentsTest, ACycleThroughAnotherDocumentIsRefused) {
  write_file("b.dae", document("<library_nodes><node id=\"m\"><instance_node url=\"a.dae#n\"/>"
                               "</node></library_nodes>"));
  ReadResult r = read_file(write_file(
      "a.dae", scene_document("<node id=\"root\"><instance_node url=\"#n\"/></node>",
                              "<library_nodes><node id=\"n\"><instance_node url=\"b.dae#m\"/>"
                              "</node></library_nodes>")));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_TRUE(refused_by(r, "collada.instance_node.cycle")) << r.scene.status();
  EXPECT_TRUE(refused_by(r, "line")) << r.scene.status();
}

TEST_F(ExternalDocumentsTest, AMissingOrNonColladaDocumentIsAWarningAndTheInstanceDropped) {
  write_file("notes.dae", "not xml at all");
  write_file("plain.dae", "<?xml version=\"1.0\"?><notes/>");
  ReadResult r = read_file(
      write_file("main.dae", scene_document("<node id=\"n\"><instance_geometry url=\"gone.dae#g\"/>"
                                            "<instance_node url=\"gone.dae#x\"/>"
                                            "<instance_node url=\"notes.dae#x\"/>"
                                            "<instance_node url=\"plain.dae#x\"/></node>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->nodes.size(), 1u);
  EXPECT_EQ(r.diagnostics.count("collada.url.external-missing"), 3);  // once per document
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 4);
}

TEST_F(ExternalDocumentsTest, AMaterialLightOrCameraOfAMissingDocumentIsDroppedNotRefused) {
  write_file("parts.dae", parts_document());
  ReadResult r = read_file(write_file(
      "main.dae", scene_document(cat("<node id=\"n\"><instance_geometry url=\"parts.dae#g\">",
                                     bind_red("gone.dae#m"),
                                     "</instance_geometry>"
                                     "<instance_light url=\"gone.dae#l\"/>"
                                     "<instance_camera url=\"lost.dae#c\"/></node>"))));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  ASSERT_GE(r.scene->nodes[0].mesh, 0);
  EXPECT_EQ(r.scene->nodes[0].light, -1);
  EXPECT_EQ(r.scene->nodes[0].unresolved_light, std::nullopt);
  EXPECT_EQ(r.scene->nodes[0].camera, -1);
  EXPECT_EQ(r.scene->nodes[0].unresolved_camera, std::nullopt);
  EXPECT_EQ(r.diagnostics.count("collada.url.external-missing"), 2);
}

TEST_F(ExternalDocumentsTest, ALightAndCameraOfASiblingDocumentAreKeyedByIt) {
  write_file("lamps.dae",
             document("<library_lights><light id=\"l\"><technique_common><point><color>1 1 1"
                      "</color></point></technique_common></light></library_lights>"
                      "<library_cameras><camera id=\"c\"><optics><technique_common><perspective>"
                      "<yfov>45</yfov><aspect_ratio>1</aspect_ratio><znear>0.1</znear>"
                      "<zfar>100</zfar></perspective></technique_common></optics></camera>"
                      "</library_cameras>"));
  ReadResult r = read_file(
      write_file("main.dae", scene_document("<node id=\"n\"><instance_light url=\"lamps.dae#l\"/>"
                                            "<instance_camera url=\"lamps.dae#c\"/></node>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  const Scene& scene = *r.scene;
  ASSERT_EQ(scene.lights.size(), 1u);
  EXPECT_EQ(scene.lights[0].collada_id, "lamps.dae#l");
  ASSERT_EQ(scene.cameras.size(), 1u);
  EXPECT_EQ(scene.cameras[0].collada_id, "lamps.dae#c");
  EXPECT_EQ(scene.nodes[0].light, 0);
  EXPECT_EQ(scene.nodes[0].camera, 0);
  // Python's dicts keep the order they were read in: the node's light first, the scene's cameras
  // (read before the same document's lights).
  EXPECT_TRUE(scene.nodes[0].light_first);
  EXPECT_FALSE(scene.lights_first);
}

// The input's light is read before the camera of the document it references: Python's
// global_attrs list "lights" first.
TEST_F(ExternalDocumentsTest, TheInputsLightsComeBeforeTheCamerasOfADocumentItReferences) {
  write_file("lens.dae",
             document("<library_cameras><camera id=\"c\"><optics><technique_common><perspective>"
                      "<yfov>45</yfov><znear>0.1</znear></perspective></technique_common>"
                      "</optics></camera></library_cameras>"));
  ReadResult r = read_file(write_file(
      "main.dae",
      scene_document("<node id=\"n\"><instance_camera url=\"lens.dae#c\"/>"
                     "<instance_light url=\"#l\"/></node>",
                     "<library_lights><light id=\"l\"><technique_common><point><color>1 1 1"
                     "</color></point></technique_common></light></library_lights>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_TRUE(r.scene->lights_first);
  EXPECT_FALSE(r.scene->nodes[0].light_first);
  EXPECT_EQ(r.scene->nodes[0].camera, 0);
  EXPECT_EQ(r.scene->nodes[0].light, 0);
}

TEST_F(ExternalDocumentsTest, ADocumentOutsideTheFolderIsReadOnlyWhenAllowed) {
  write_file("parts.dae", parts_document());
  std::filesystem::create_directories(dir_ / "doc");
  std::filesystem::path main = write_file(
      "doc/main.dae", scene_document("<node id=\"n\"><instance_node url=\"../parts.dae#wheel\"/>"
                                     "</node>"));
  ReadResult denied = read_file(main);
  ASSERT_TRUE(denied.scene.ok()) << denied.scene.status();
  EXPECT_TRUE(denied.scene->nodes[0].children.empty());
  EXPECT_EQ(denied.diagnostics.count("collada.url.external"), 1);
  EXPECT_EQ(denied.diagnostics.count("collada.url.external-missing"), 0);

  ReadResult allowed = read_file(main, true);
  ASSERT_TRUE(allowed.scene.ok()) << allowed.scene.status();
  ASSERT_EQ(allowed.scene->nodes[0].children.size(), 1u);
  EXPECT_EQ(allowed.diagnostics.count("collada.url.external"), 0);
}

// Issue 34, defect 2: a document is followed where its path really leads, through symlinks: one
// symlinked from outside the folder is not (collada.url.external, as for a path leaving it by its
// text) unless allowed; one that is no regular file is missing.
TEST_F(ExternalDocumentsTest, ADocumentSymlinkedFromOutsideTheFolderIsFollowedOnlyWhenAllowed) {
  write_file("parts.dae", parts_document());
  std::filesystem::create_directories(dir_ / "doc");
  std::filesystem::create_symlink("../parts.dae", dir_ / "doc/parts.dae");
  std::filesystem::path main = write_file(
      "doc/main.dae", scene_document("<node id=\"n\"><instance_node url=\"parts.dae#wheel\"/>"
                                     "</node>"));
  ReadResult denied = read_file(main);
  ASSERT_TRUE(denied.scene.ok()) << denied.scene.status();
  EXPECT_TRUE(denied.scene->nodes[0].children.empty());
  EXPECT_GE(denied.diagnostics.count("collada.url.external"), 1);
  EXPECT_EQ(denied.diagnostics.count("collada.url.external-missing"), 0);
  ReadResult allowed = read_file(main, true);
  ASSERT_TRUE(allowed.scene.ok()) << allowed.scene.status();
  ASSERT_EQ(allowed.scene->nodes[0].children.size(), 1u);
  EXPECT_EQ(allowed.diagnostics.count("collada.url.external"), 0);
}

TEST_F(ExternalDocumentsTest, ADocumentThatIsNoRegularFileIsMissing) {
  ASSERT_EQ(::mkfifo((dir_ / "parts.dae").c_str(), 0600), 0);
  std::filesystem::path main = write_file(
      "main.dae", scene_document("<node id=\"n\"><instance_node url=\"parts.dae#wheel\"/>"
                                 "</node>"));
  ReadResult r = read_file(main);
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_TRUE(r.scene->nodes[0].children.empty());
  EXPECT_EQ(r.diagnostics.count("collada.url.external-missing"), 1);
}

TEST_F(ExternalDocumentsTest, TooManyDocumentsAreRefused) {
  std::string nodes;
  for (int i = 0; i < 70; ++i) {
    write_file(cat("p", i, ".dae"), document("<library_nodes><node id=\"x\"/></library_nodes>"));
    nodes += cat("<instance_node url=\"p", i, ".dae#x\"/>");
  }
  ReadResult r = read_file(write_file("main.dae", scene_document(cat("<node>", nodes, "</node>"))));
  ASSERT_FALSE(r.scene.ok());
  EXPECT_TRUE(refused_by(r, "collada.url.too-many-documents")) << r.scene.status();
}

TEST_F(ExternalDocumentsTest, SixtyThreeDocumentsAreRead) {
  std::string nodes;
  for (int i = 0; i < 63; ++i) {
    write_file(cat("p", i, ".dae"), document("<library_nodes><node id=\"x\"/></library_nodes>"));
    nodes += cat("<instance_node url=\"p", i, ".dae#x\"/>");
  }
  ReadResult r = read_file(write_file("main.dae", scene_document(cat("<node>", nodes, "</node>"))));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.scene->nodes[0].children.size(), 63u);
}

TEST_F(ExternalDocumentsTest, ADocumentReadFromMemoryFollowsNothing) {
  write_file("parts.dae", parts_document());
  ReadResult r =
      read_text(scene_document("<node id=\"n\"><instance_node url=\"parts.dae#wheel\"/></node>"));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_TRUE(r.scene->nodes[0].children.empty());
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 1);
}

// rig.dae: geometry "g" (the red triangle), skin controller "k" of it over joint "b" (its
// <vertex_weights> covering two of the three positions), and a morph controller "mk" of "g" with
// one target "t".
std::string rig_document(std::string_view more = "") {
  return geometries_document(
      cat(geometry("g", red_triangle("v")), geometry("t", red_triangle("tv"))),
      cat("<library_controllers><controller id=\"k\"><skin source=\"#g\">"
          "<source id=\"names\"><Name_array id=\"names-a\" count=\"1\">b</Name_array>"
          "<technique_common><accessor source=\"#names-a\" count=\"1\"><param name=\"JOINT\" "
          "type=\"name\"/></accessor></technique_common></source>"
          "<source id=\"w\"><float_array id=\"w-a\" count=\"1\">1</float_array><technique_common>"
          "<accessor source=\"#w-a\" count=\"1\"><param name=\"WEIGHT\" type=\"float\"/></accessor>"
          "</technique_common></source><joints><input semantic=\"JOINT\" "
          "source=\"#names\"/></joints>"
          "<vertex_weights count=\"2\"><input semantic=\"JOINT\" source=\"#names\" offset=\"0\"/>"
          "<input semantic=\"WEIGHT\" source=\"#w\" offset=\"1\"/><vcount>1 1</vcount>"
          "<v>0 0 0 0</v></vertex_weights></skin></controller>"
          "<controller id=\"mk\"><morph source=\"#g\" method=\"NORMALIZED\">"
          "<source id=\"mt\"><IDREF_array id=\"mt-a\" count=\"1\">t</IDREF_array><technique_common>"
          "<accessor source=\"#mt-a\" count=\"1\"><param name=\"MORPH_TARGET\" type=\"IDREF\"/>"
          "</accessor></technique_common></source>"
          "<source id=\"mw\"><float_array id=\"mw-a\" "
          "count=\"1\">0.5</float_array><technique_common>"
          "<accessor source=\"#mw-a\" count=\"1\"><param name=\"MORPH_WEIGHT\" type=\"float\"/>"
          "</accessor></technique_common></source><targets><input semantic=\"MORPH_TARGET\" "
          "source=\"#mt\"/><input semantic=\"MORPH_WEIGHT\" source=\"#mw\"/></targets></morph>"
          "</controller></library_controllers>",
          more));
}

TEST_F(ExternalDocumentsTest, AnEffectOfASiblingDocumentIsReadThereWithItsImages) {
  // looks.dae holds the effect, its image and that image's id, which main.dae also uses for
  // another image: each document's ids are its own.
  write_file("looks.dae",
             document("<library_images><image id=\"img\"><init_from>wood.png</init_from></image>"
                      "</library_images><library_effects><effect id=\"e\"><profile_COMMON>"
                      "<technique sid=\"t\"><phong><diffuse><texture texture=\"img\" "
                      "texcoord=\"uv\"/></diffuse><specular><color>0.25 0.25 0.25 1</color>"
                      "</specular></phong></technique></profile_COMMON></effect>"
                      "</library_effects>"));
  ReadResult r = read_file(write_file(
      "main.dae",
      scene_document(
          cat("<node id=\"n\"><instance_geometry url=\"#g\">", bind_red("#m"),
              "</instance_geometry></node>"),
          cat("<library_images><image id=\"img\"><init_from>stone.png</init_from></image>"
              "</library_images><library_materials><material id=\"m\" name=\"Wood\">"
              "<instance_effect url=\"looks.dae#e\"/></material></library_materials>"
              "<library_geometries>",
              geometry("g", red_triangle("v")), "</library_geometries>"))));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 0);
  ASSERT_EQ(r.scene->materials.size(), 1u);
  const Material& m = r.scene->materials[0];
  EXPECT_EQ(m.name, "Wood");
  EXPECT_EQ(m.specular_color, (std::array<double, 3>{0.25, 0.25, 0.25}));
  ASSERT_TRUE(m.base_color_texture.present());
  const Texture& texture = r.scene->textures[m.base_color_texture.texture];
  EXPECT_EQ(r.scene->images[texture.image].uri, "wood.png");
}

// A 1.5 sampler's <instance_image> naming another document's image takes it from there; one
// naming a missing document drops the texture under that document's one warning.
TEST_F(ExternalDocumentsTest, AnInstanceImageOfASiblingDocumentIsReadThere) {
  write_file("pictures.dae",
             document("<library_images><image id=\"img\"><init_from>wood.png</init_from></image>"
                      "</library_images>"));
  auto main_document = [&](std::string_view url) {
    return scene_document(
        cat("<node id=\"n\"><instance_geometry url=\"#g\">", bind_red("#m"),
            "</instance_geometry></node>"),
        cat("<library_images><image id=\"img\"><init_from>stone.png</init_from></image>"
            "</library_images><library_effects><effect id=\"e\"><profile_COMMON><newparam "
            "sid=\"s\"><sampler2D><instance_image url=\"",
            url,
            "\"/></sampler2D></newparam><technique sid=\"t\"><phong><diffuse><texture "
            "texture=\"s\" texcoord=\"uv\"/></diffuse></phong></technique></profile_COMMON>"
            "</effect></library_effects><library_materials><material id=\"m\">"
            "<instance_effect url=\"#e\"/></material></library_materials><library_geometries>",
            geometry("g", red_triangle("v")), "</library_geometries>"));
  };
  ReadResult r = read_file(write_file("main.dae", main_document("pictures.dae#img")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 0);
  const Material& m = r.scene->materials[0];
  ASSERT_TRUE(m.base_color_texture.present());
  const Texture& texture = r.scene->textures[m.base_color_texture.texture];
  EXPECT_EQ(r.scene->images[texture.image].uri, "wood.png");

  ReadResult missing = read_file(write_file("main2.dae", main_document("gone.dae#img")));
  ASSERT_TRUE(missing.scene.ok()) << missing.scene.status();
  EXPECT_EQ(missing.diagnostics.count("collada.url.external-missing"), 1);
  EXPECT_FALSE(missing.scene->materials[0].base_color_texture.present());
}

TEST_F(ExternalDocumentsTest, ASkinControllerOfASiblingDocumentBindsTheMainDocumentsJoints) {
  write_file("rig.dae", rig_document());
  ReadResult r = read_file(write_file(
      "main.dae",
      scene_document(cat("<node id=\"n\"><instance_controller url=\"rig.dae#k\"><skeleton>#root"
                         "</skeleton>",
                         bind_red("#m"),
                         "</instance_controller></node><node id=\"root\"><node id=\"bone\" "
                         "sid=\"b\" type=\"JOINT\"/></node>"),
                     kRedMaterial)));
  int bone = -1;
  ASSERT_NO_FATAL_FAILURE(expect_red_mesh_skinned_by_bone(r, &bone));
  // The skin's own warning names its document, whose line it gives.
  ASSERT_EQ(r.diagnostics.count("collada.skin.short-vertex-weights"), 1);
  for (const auto& entry : r.diagnostics.entries()) {
    if (entry.code == "collada.skin.short-vertex-weights") {
      EXPECT_TRUE(entry.message.starts_with("in rig.dae: ")) << entry.message;
    }
  }
}

// A node of another document holding an <instance_controller> (its skeleton and joints that
// document's nodes) is read with its skin when the input instances the node.
TEST_F(ExternalDocumentsTest, ASkinnedNodeOfASiblingDocumentKeepsItsSkin) {
  write_file(
      "rig.dae",
      rig_document(cat(kRedMaterial,
                       "<library_nodes><node id=\"char\"><node id=\"root\"><node "
                       "id=\"bone\" sid=\"b\" type=\"JOINT\"/></node><node id=\"body\">"
                       "<instance_controller url=\"#k\"><skeleton>#root</skeleton>",
                       bind_red("#m"), "</instance_controller></node></node></library_nodes>")));
  ReadResult r = read_file(write_file(
      "main.dae", scene_document("<node id=\"a\"><instance_node url=\"rig.dae#char\"/></node>"
                                 "<node id=\"bone\"/>")));
  // The rig's bone, under the skeleton root, not the input's node of the same id.
  int bone = -1;
  ASSERT_NO_FATAL_FAILURE(expect_red_mesh_skinned_by_bone(r, &bone));
  const Scene& scene = *r.scene;
  EXPECT_EQ(std::find(scene.scenes[0].begin(), scene.scenes[0].end(), bone), scene.scenes[0].end())
      << "the input's bone is a root; the rig's is not";
}

TEST_F(ExternalDocumentsTest, AMorphOfASiblingDocumentShowsItsBaseGeometryWithAWarning) {
  write_file("rig.dae", rig_document());
  ReadResult r = read_file(write_file(
      "main.dae", scene_document(cat("<node id=\"n\"><instance_controller url=\"rig.dae#mk\">",
                                     bind_red("#m"), "</instance_controller></node>"),
                                 kRedMaterial)));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 1);
  ASSERT_EQ(r.scene->meshes.size(), 1u);
  EXPECT_EQ(r.scene->nodes[0].mesh, 0);
  EXPECT_TRUE(r.scene->meshes[0].morph_targets.empty());
}

TEST_F(ExternalDocumentsTest, AControllerOfAMissingDocumentIsDroppedWithOneWarning) {
  ReadResult r = read_file(write_file(
      "main.dae",
      scene_document("<node id=\"n\"><instance_controller url=\"gone.dae#k\"/></node>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  EXPECT_EQ(r.diagnostics.count("collada.url.external-missing"), 1);
  EXPECT_EQ(r.diagnostics.count("collada.url.external"), 0);
  EXPECT_EQ(r.scene->nodes[0].mesh, -1);
}

// An animation in the document an <instance_node> names moves every copy of its node in the
// scene; one of a node the scene does not show is counted there ("in rig.dae: ...").
TEST_F(ExternalDocumentsTest, AnimationsOfASiblingDocumentMoveTheNodesItShows) {
  const std::string keys =
      "<source id=\"in\"><float_array id=\"in-a\" count=\"2\">0 1</float_array>"
      "<technique_common><accessor source=\"#in-a\" count=\"2\"><param name=\"TIME\" "
      "type=\"float\"/></accessor></technique_common></source><source id=\"out\">"
      "<float_array id=\"out-a\" count=\"6\">0 0 0 0 2 0</float_array><technique_common>"
      "<accessor source=\"#out-a\" count=\"2\" stride=\"3\"><param name=\"X\" type=\"float\"/>"
      "<param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/></accessor>"
      "</technique_common></source><sampler id=\"s\"><input semantic=\"INPUT\" source=\"#in\"/>"
      "<input semantic=\"OUTPUT\" source=\"#out\"/></sampler>";
  write_file("rig.dae",
             document(cat("<library_animations><animation id=\"a\">", keys,
                          "<channel source=\"#s\" target=\"arm/t\"/><channel source=\"#s\" "
                          "target=\"unused/t\"/></animation></library_animations>"
                          "<library_nodes><node id=\"arm\" name=\"Arm\"><translate sid=\"t\">"
                          "0 0 0</translate></node><node id=\"unused\"><translate sid=\"t\">0 0 0"
                          "</translate></node></library_nodes>")));
  ReadResult r = read_file(write_file(
      "main.dae", scene_document("<node id=\"a\"><instance_node url=\"rig.dae#arm\"/></node>"
                                 "<node id=\"b\"><instance_node url=\"rig.dae#arm\"/></node>")));
  ASSERT_TRUE(r.scene.ok()) << r.scene.status();
  std::vector<Animation> animations = r.scene->animations;
  ASSERT_EQ(animations.size(), 1u);
  std::vector<int> moved;
  for (const AnimationChannel& c : animations[0].channels) {
    EXPECT_EQ(c.target.path_name(), "translation");
    moved.push_back(c.target.node);
  }
  ASSERT_EQ(moved.size(), 2u);
  for (int n : moved) EXPECT_EQ(r.scene->nodes[n].name, "Arm");
  EXPECT_NE(moved[0], moved[1]);
  const std::vector<Diagnostic>& d = r.diagnostics.entries();
  auto unresolved = std::find_if(d.begin(), d.end(), [](const Diagnostic& e) {
    return e.code == "collada.animation.target-unresolved";
  });
  ASSERT_NE(unresolved, d.end());
  EXPECT_EQ(unresolved->message.rfind("in rig.dae: 1 animation channel", 0), 0u)
      << unresolved->message;
}

}  // namespace
}  // namespace px::collada
