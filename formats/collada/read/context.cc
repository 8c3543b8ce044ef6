#include "formats/collada/read/context.h"

#include "engine/errors.h"
#include "engine/strings.h"
#include "engine/uri.h"
#include "formats/collada/read/external_documents.h"
#include "formats/collada/read/xml/numbers.h"

namespace px::collada {

namespace {

bool refers_to_document(const ReadContext& ctx, std::string_view path) {
  if (ctx.document_path.empty()) return false;
  std::filesystem::path named = (ctx.base_dir / percent_decode(path)).lexically_normal();
  return named == ctx.document_path.lexically_normal();
}

}  // namespace

absl::Status InputBytes::take(uint64_t bytes, const Element& at, std::string_view what) {
  if (bytes > left()) {
    return over_budget("limits.input-bytes", at.name, at.line,
                       cat(what, " is ", bytes, " bytes, which takes the input past the ", limit_,
                           " bytes a read may take in"));
  }
  taken_ += bytes;
  return absl::OkStatus();
}

ReadContext& document_of(ReadContext& ctx, const Element& element) {
  return ctx.documents == nullptr ? ctx : ctx.documents->context_of(element);
}

bool names_missing_document(const ReadContext& ctx, std::string_view url) {
  return ctx.documents != nullptr && ctx.documents->is_missing(ctx, url);
}

std::string_view followed_attribute(std::string_view name) {
  if (name == "instance_geometry" || name == "instance_node" || name == "instance_visual_scene" ||
      name == "instance_light" || name == "instance_camera" || name == "instance_effect" ||
      name == "instance_controller" || name == "instance_image") {
    return "url";
  }
  if (name == "instance_material") return "target";
  return {};
}

absl::StatusOr<ResolvedUrl> resolve_url(const ReadContext& ctx, const Element& referrer,
                                        std::string_view attribute) {
  std::string_view url = referrer.attr(attribute);
  size_t hash = url.find('#');
  if (hash == std::string_view::npos) {
    // A bare id is what some exporters write for a local reference.
    if (const Element* e = find_id(ctx, url); e != nullptr) return ResolvedUrl{UrlKind::kLocal, e};
    if (url.empty()) {
      return refuse("collada.url.missing", referrer.name, referrer.line,
                    cat("the ", attribute, " attribute is missing or empty"));
    }
    return ResolvedUrl{UrlKind::kExternal, nullptr};
  }
  // "./self.dae#id" or "../dir/self.dae#id" name this very document.
  const ReadContext* doc = &ctx;
  if (hash > 0 && !refers_to_document(ctx, url.substr(0, hash))) {
    doc = ctx.documents == nullptr || followed_attribute(referrer.name).empty()
              ? nullptr
              : ctx.documents->find(ctx, url.substr(0, hash));
    if (doc == nullptr) return ResolvedUrl{UrlKind::kExternal, nullptr};
  }
  std::string_view id = url.substr(hash + 1);
  const Element* e = find_id(*doc, id);
  if (e == nullptr) {
    return refuse("collada.url.unresolved", referrer.name, referrer.line,
                  cat(attribute, "=\"", url, "\" names an id the document does not hold"));
  }
  return ResolvedUrl{UrlKind::kLocal, e};
}

namespace {
constexpr std::string_view kUnresolvedRule = "collada.url.unresolved: ";
}  // namespace

absl::Status unresolved_refusal(const absl::Status& status) {
  std::string_view message(status.message().data(), status.message().size());
  return message.starts_with(kUnresolvedRule) ? repair_reads_it(status) : status;
}

bool drop_unresolved(const ReadContext& ctx, const absl::Status& status, const Element& dropped) {
  constexpr std::string_view kRule = kUnresolvedRule;
  std::string_view message(status.message().data(), status.message().size());
  if (!ctx.options.repair || !message.starts_with(kRule)) return false;
  message.remove_prefix(kRule.size());
  // "<input> at line 9: source=..." keeps its detail; the warning gives the line itself.
  if (size_t detail = message.find(": "); detail != std::string_view::npos) {
    message.remove_prefix(detail + 2);
  }
  ctx.diagnostics.warn("collada.repair.url-dropped",
                       cat(message, "; the <", dropped.name, "> is dropped"), dropped.line);
  return true;
}

const Element* find_id(const ReadContext& ctx, std::string_view id) {
  auto it = ctx.ids->find(id);
  return it == ctx.ids->end() ? nullptr : it->second;
}

namespace {
// Never shown to a user: read() reads the document again when it sees it.
constexpr std::string_view kNeedsReleasedArray = "an array released while the document was read";
}  // namespace

absl::Status needs_released_array(const Element& array) {
  return absl::AbortedError(
      cat(kNeedsReleasedArray, " (<", array.name, "> at line ", array.line, ")"));
}

bool is_needs_released_array(const absl::Status& status) {
  return status.code() == absl::StatusCode::kAborted &&
         std::string_view(status.message().data(), status.message().size())
             .starts_with(kNeedsReleasedArray);
}

bool attr_int(const Element& e, std::string_view name, int64_t* out) {
  const std::string_view* v = e.find_attr(name);
  return v != nullptr && parse_int64(*v, out);
}

bool text_doubles(std::string_view text, std::vector<double>* out) {
  out->clear();
  TokenSplitter splitter;
  auto push = [&](std::string_view token) {
    double d;
    if (!parse_double(token, &d)) return false;
    out->push_back(d);
    return true;
  };
  return splitter.feed(text, push) && splitter.finish(push);
}

}  // namespace px::collada
