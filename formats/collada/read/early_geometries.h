// <geometry> elements read while the document is still being parsed. Each is read as soon as its
// end tag arrives (beside the parser, once its arrays are decoded) when every reference in it
// resolves inside it, and its arrays are released once its mesh is made: the document's arrays
// never pile up, only the meshes do. read_geometries takes the results in document order, with
// their warnings, as if it had read them itself; a geometry that references anything outside
// itself is left for read_geometries to read after the parse, as before. Their warnings are told
// to the read's listener (Diagnostics::set_listener) as they are raised, beside the parser.
#pragma once

#include <memory>
#include <string_view>

#include "absl/status/status.h"
#include "engine/source.h"
#include "formats/collada/read/geometry.h"
#include "formats/collada/read/xml/number_sink.h"
#include "polyxios/diagnostics.h"
#include "polyxios/hash_containers.h"
#include "polyxios/options.h"

namespace px::collada {

class EarlyGeometries {
 public:
  // diagnostics: the read's, whose listener the results' warnings are told to.
  EarlyGeometries(xml::Document& doc, Scene& scene, const ReadOptions& options,
                  const Source& source, const Diagnostics& diagnostics);

  // The parser's close hook.
  void on_close(const Element& element, xml::NumberSink& sink);

  struct Result {
    Mesh mesh;
    GeometryRecord record;
    Diagnostics diagnostics;
    absl::Status status;
    xml::IdMap ids;  // the ids inside the geometry
  };
  // The result for a geometry read early; nullptr when it was not.
  Result* find(const Element& geometry);

 private:
  bool self_contained(const Element& geometry, Result* result) const;

  xml::Document& doc_;
  Scene& scene_;
  const ReadOptions& options_;
  const Diagnostics& diagnostics_;
  uint64_t document_bytes_;
  std::filesystem::path base_dir_;
  std::filesystem::path document_path_;
  HashMap<const Element*, std::unique_ptr<Result>> results_;
};

}  // namespace px::collada
