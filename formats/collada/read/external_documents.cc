#include "formats/collada/read/external_documents.h"

#include <system_error>

#include "engine/contained_file.h"
#include "engine/errors.h"
#include "engine/file_uri.h"
#include "engine/metered_source.h"
#include "engine/strings.h"
#include "formats/collada/read/animations.h"
#include "formats/collada/read/cameras.h"
#include "formats/collada/read/collada_reader.h"
#include "formats/collada/read/lights.h"
#include "formats/collada/read/xml/xml_document.h"

namespace px::collada {

struct ExternalDocuments::Loaded {
  xml::Document doc;
  std::unique_ptr<ReadContext> ctx;
};

namespace {

template <class F>
absl::Status for_each_element(const Element& e, F&& f) {
  if (absl::Status s = f(e); !s.ok()) return s;
  for (const Element& c : e.children()) {
    if (absl::Status s = for_each_element(c, f); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace

std::filesystem::path document_key(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(path, error);
  return error ? path.lexically_normal() : canonical;
}

ExternalDocuments::ExternalDocuments(ReadContext& main) : main_(main) {
  main_.documents = this;
  if (!main_.document_path.empty()) by_path_[document_key(main_.document_path)] = &main_;
}

ExternalDocuments::~ExternalDocuments() = default;

absl::Status ExternalDocuments::load() {
  if (main_.document_path.empty() || main_.archive != nullptr) return absl::OkStatus();
  std::vector<ReadContext*> queue;
  if (absl::Status s = add_references(main_, &queue); !s.ok()) return s;
  for (size_t i = 0; i < queue.size(); ++i) {
    if (absl::Status s = add_references(*queue[i], &queue); !s.ok()) return s;
  }
  for (ReadContext* ctx : queue) {
    read_cameras(*ctx);
    read_lights(*ctx);
  }
  return absl::OkStatus();
}

absl::Status ExternalDocuments::read_materials(Materials* materials) {
  for (const std::unique_ptr<Loaded>& loaded : loaded_) {
    if (absl::Status s = collada::read_materials(*loaded->ctx, materials); !s.ok()) return s;
  }
  return absl::OkStatus();
}

absl::Status ExternalDocuments::read_animations(const NodeIndex& nodes,
                                                const Materials& materials) {
  for (const std::unique_ptr<Loaded>& loaded : loaded_) {
    if (absl::Status s = collada::read_animations(*loaded->ctx, nodes, materials); !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

absl::Status ExternalDocuments::add_references(ReadContext& from,
                                               std::vector<ReadContext*>* queue) {
  return for_each_element(*from.doc.root(), [&](const Element& e) -> absl::Status {
    std::string_view attribute = followed_attribute(e.name);
    if (attribute.empty()) return absl::OkStatus();
    std::string_view url = e.attr(attribute);
    size_t hash = url.find('#');
    if (hash == std::string_view::npos || hash == 0) return absl::OkStatus();
    std::string_view path = url.substr(0, hash);
    ResolvedUri file = resolve_file_uri(path, from.base_dir, main_.options.allow_external_files);
    if (file.kind != UriFile::kFile) return absl::OkStatus();
    std::filesystem::path key = document_key(file.path);
    if (by_path_.contains(key)) return absl::OkStatus();
    return open(from, e, path, file.path, key, queue);
  });
}

absl::Status ExternalDocuments::open(ReadContext& from, const Element& referrer,
                                     std::string_view path, const std::filesystem::path& file,
                                     const std::filesystem::path& key,
                                     std::vector<ReadContext*>* queue) {
  if (loaded_.size() + 2 > kMaxDocuments) {
    return refuse("collada.url.too-many-documents", referrer.name, referrer.line,
                  cat("\"", path, "\" would be the document past the ", kMaxDocuments,
                      " one input may reference"));
  }
  by_path_[key] = nullptr;
  auto missing = [&](std::string_view why) {
    from.warn("collada.url.external-missing",
              cat("the document \"", path, "\" ", why, "; its instances are dropped"), &referrer);
    return absl::OkStatus();
  };
  // Opened beneath the referring document's folder through every symlink, a regular file only.
  absl::StatusOr<RegularFile> opened =
      open_contained_file(from.base_dir, file, main_.options.allow_external_files);
  switch (opened.status().code()) {
    case absl::StatusCode::kOk:
      break;
    case absl::StatusCode::kPermissionDenied:
      // Not followed, as a path leaving the folder by its text is not.
      by_path_.erase(key);
      from.warn("collada.url.external",
                cat("the document \"", path,
                    "\" leads outside the document's folder (through a symlink) and is not read "
                    "(--allow-external-files reads it)"),
                &referrer);
      return absl::OkStatus();
    case absl::StatusCode::kNotFound:
      return missing("does not exist");
    case absl::StatusCode::kFailedPrecondition:
      return missing("is not a regular file");
    default:
      return missing("cannot be read");
  }
  // A COLLADA document may be gzip, told by its first bytes; what it inflates is metered below,
  // within what the read may still take in, and charged as read.
  std::unique_ptr<Source> source = open_file_source(*std::move(opened));
  InputBytes& input = *main_.input;
  if (input.left() == 0) {
    return over_budget(
        "limits.input-bytes", referrer.name, referrer.line,
        cat("the document \"", path, "\" is past the ", main_.options.limits.max_input_bytes,
            " bytes a read may take in, which the files read before it took"));
  }
  std::unique_ptr<MeteredSource> metered = metered_source(*source, input.left(), nullptr, 1);
  auto loaded = std::make_unique<Loaded>();
  xml::ParseOptions parse_options;
  parse_options.policy = text_mode;
  parse_options.count_hint = index_count_hint;
  parse_options.max_depth = main_.options.limits.max_depth;
  parse_options.max_string_bytes = main_.options.limits.max_string_bytes;
  parse_options.decimal_comma = main_.options.repair;
  if (absl::Status s = xml::parse_into(loaded->doc, *metered, parse_options); !s.ok()) {
    if (s.code() == absl::StatusCode::kResourceExhausted) return s;
    return missing("is not a well-formed XML document");
  }
  if (loaded->doc.root() == nullptr || loaded->doc.root()->name != "COLLADA") {
    return missing("is not a COLLADA document");
  }
  input.took(metered->bytes_read());
  loaded->ctx = std::make_unique<ReadContext>(loaded->doc, main_.scene, main_.options,
                                              main_.diagnostics, main_.document_bytes);
  loaded->ctx->base_dir = key.parent_path();
  loaded->ctx->document_path = key;
  loaded->ctx->documents = this;
  loaded->ctx->input = main_.input;
  std::filesystem::path from_main = key.lexically_relative(document_key(main_.base_dir));
  loaded->ctx->key_prefix =
      cat(from_main.empty() ? key.filename().generic_string() : from_main.generic_string(), "#");
  by_path_[key] = loaded->ctx.get();
  queue->push_back(loaded->ctx.get());
  loaded_.push_back(std::move(loaded));
  return absl::OkStatus();
}

ReadContext* ExternalDocuments::find(const ReadContext& from, std::string_view path) const {
  if (from.base_dir.empty()) return nullptr;
  ResolvedUri file = resolve_file_uri(path, from.base_dir, main_.options.allow_external_files);
  if (file.kind != UriFile::kFile) return nullptr;
  auto it = by_path_.find(document_key(file.path));
  return it == by_path_.end() ? nullptr : it->second;
}

bool ExternalDocuments::is_missing(const ReadContext& from, std::string_view url) const {
  size_t hash = url.find('#');
  if (hash == std::string_view::npos || hash == 0 || from.base_dir.empty()) return false;
  ResolvedUri file =
      resolve_file_uri(url.substr(0, hash), from.base_dir, main_.options.allow_external_files);
  if (file.kind != UriFile::kFile) return false;
  auto it = by_path_.find(document_key(file.path));
  return it != by_path_.end() && it->second == nullptr;
}

ReadContext& ExternalDocuments::context_of(const Element& element) const {
  const Element* root = &element;
  while (root->parent != nullptr) root = root->parent;
  for (const auto& loaded : loaded_) {
    if (loaded->doc.root() == root) return *loaded->ctx;
  }
  return main_;
}

}  // namespace px::collada
