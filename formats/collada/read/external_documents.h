// The other documents a COLLADA document names in "file.dae#id" URLs (<instance_geometry>,
// <instance_node>, <instance_material>, <instance_visual_scene>, <instance_light>,
// <instance_camera>, <instance_effect>, <instance_controller>, <instance_image>): each read once,
// keyed by its canonical path, and kept alive for the whole read. Only files inside the input's folder are
// read unless external files are allowed; a missing file or one that is not COLLADA is a
// warning (collada.url.external-missing) and its instances are dropped as before.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "formats/collada/read/context.h"
#include "formats/collada/read/materials.h"
#include "formats/collada/read/nodes.h"

namespace px::collada {

// At most this many documents are read for one input (the input included).
inline constexpr size_t kMaxDocuments = 64;

class ExternalDocuments {
 public:
  explicit ExternalDocuments(ReadContext& main);
  ExternalDocuments(const ExternalDocuments&) = delete;
  ExternalDocuments& operator=(const ExternalDocuments&) = delete;
  ~ExternalDocuments();

  // Reads every document the main one names, and those they name in turn, with their cameras and
  // lights. A no-op for a document read from memory.
  absl::Status load();
  // The materials (effects, images) of each document load() read, after the main document's.
  absl::Status read_materials(Materials* materials);
  // The animations (and clips) of each document load() read, after the main document's: their
  // channels reach the scene nodes read from that document's nodes (an <instance_node> of them)
  // and its effects', lights' and cameras' parameters; what reaches nothing is counted as the
  // main document's own are (collada.animation.target-unresolved, "in other.dae: ...").
  absl::Status read_animations(const NodeIndex& nodes, const Materials& materials);

  // The context of the document `path` (as written before '#') names from `from`, or nullptr
  // when it was not read (missing, outside the folder, not COLLADA).
  ReadContext* find(const ReadContext& from, std::string_view path) const;
  // True when `url` ("other.dae#id") names a document inside the folder (or allowed) that was
  // missing or not COLLADA, already warned about (collada.url.external-missing).
  bool is_missing(const ReadContext& from, std::string_view url) const;
  // The context of the document holding `element`.
  ReadContext& context_of(const Element& element) const;
  bool is_main(const ReadContext& ctx) const { return &ctx == &main_; }

 private:
  struct Loaded;
  absl::Status add_references(ReadContext& from, std::vector<ReadContext*>* queue);
  // The document `path` names, at `file` (as resolve_file_uri gives it) and registered as `key`.
  absl::Status open(ReadContext& from, const Element& referrer, std::string_view path,
                    const std::filesystem::path& file, const std::filesystem::path& key,
                    std::vector<ReadContext*>* queue);

  ReadContext& main_;
  // nullptr for a document that could not be read (warned about once).
  std::map<std::filesystem::path, ReadContext*> by_path_;
  std::vector<std::unique_ptr<Loaded>> loaded_;
};

// The key a document's path is registered under: canonical where the file exists.
std::filesystem::path document_key(const std::filesystem::path& path);

}  // namespace px::collada
