// What the API tests share: a one-triangle COLLADA document, and what write_scene puts on a
// stream.
#pragma once

#include <cstdio>
#include <string>

#include "polyxios/polyxios.h"

namespace px::testing {

inline constexpr char kTriangle[] =
    "<?xml version=\"1.0\"?><COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" "
    "version=\"1.4.1\"><library_geometries><geometry id=\"g\"><mesh><source id=\"p\">"
    "<float_array id=\"pa\" count=\"9\">0 0 0 1 0 0 0 1 0</float_array><technique_common>"
    "<accessor source=\"#pa\" count=\"3\" stride=\"3\"><param name=\"X\" type=\"float\"/>"
    "<param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/></accessor>"
    "</technique_common></source><vertices id=\"v\"><input semantic=\"POSITION\" "
    "source=\"#p\"/></vertices><triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" "
    "offset=\"0\"/><p>0 1 2</p></triangles></mesh></geometry></library_geometries>"
    "<library_visual_scenes><visual_scene id=\"s\"><node id=\"n\"><instance_geometry "
    "url=\"#g\"/></node></visual_scene></library_visual_scenes><scene><instance_visual_scene "
    "url=\"#s\"/></scene></COLLADA>";

// The rule a refusal names: the part of its message before the first ':'.
inline std::string rule_of(const absl::Status& status) {
  std::string message(status.message());
  return message.substr(0, message.find(':'));
}

// What write_scene puts on a stream, through a temporary FILE.
inline std::string written_to_stream(const Scene& scene, const WriteOptions& options,
                                     absl::Status* status) {
  std::FILE* file = std::tmpfile();
  Diagnostics d;
  *status = write_scene(scene, file, options, d);
  std::string bytes;
  std::rewind(file);
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) bytes.append(buffer, n);
  std::fclose(file);
  return bytes;
}

}  // namespace px::testing
