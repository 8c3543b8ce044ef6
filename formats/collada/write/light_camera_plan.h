// The plan of <library_lights> and <library_cameras> (light_writer.cc, camera_writer.cc): which
// lights and cameras the document holds, under which id, and which node instances which.
#pragma once

#include <string>
#include <vector>

#include "formats/collada/light_mapping.h"
#include "polyxios/scene/camera.h"

namespace px::collada {

struct LightsPlan {
  struct Entry {
    std::string id;
    std::string name;
    ColladaLight light;
    // Channels target its <color sid="color">, <falloff_angle sid="falloff_angle">,
    // <falloff_exponent sid="falloff_exponent">.
    bool animated_color = false;
    bool animated_falloff_angle = false;
    bool animated_falloff_exponent = false;
  };
  std::vector<Entry> lights;
  std::vector<int> node_light;  // per scene node: its entry, -1 for none
};

struct CamerasPlan {
  struct Entry {
    std::string id;
    std::string name;
    const Camera* camera = nullptr;  // checked: its type's terms are numbers glTF takes
    // Channels target its <yfov>, <aspect_ratio>, <xmag>, <ymag>, <znear>, <zfar> by their
    // names as sids.
    bool animated_yfov = false;
    bool animated_aspect_ratio = false;
    bool animated_xmag = false;
    bool animated_ymag = false;
    bool animated_znear = false;
    bool animated_zfar = false;
  };
  std::vector<Entry> cameras;
  std::vector<int> node_camera;  // per scene node: its entry, -1 for none
};

}  // namespace px::collada
