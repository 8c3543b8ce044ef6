#include "formats/collada/read/sources.h"

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/xml/number_sink.h"
#include "formats/collada/read/xml/numbers.h"

namespace px::collada {
namespace {

bool is_array(std::string_view name) {
  return name == "float_array" || name == "int_array" || name == "Name_array" ||
         name == "IDREF_array" || name == "bool_array" || name == "SIDREF_array";
}

void split_names(std::string_view text, std::vector<std::string_view>* out) {
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_xml_space(text[i])) ++i;
    size_t start = i;
    while (i < text.size() && !is_xml_space(text[i])) ++i;
    if (i > start) out->push_back(text.substr(start, i - start));
  }
}

}  // namespace

absl::Status check_array_count(const ReadContext& ctx, const Element& array) {
  int64_t declared = 0;
  size_t held = array.value_count();
  std::string problem;
  if (!attr_int(array, "count", &declared)) {
    problem = array.find_attr("count") == nullptr
                  ? std::string("the count attribute is missing")
                  : cat("count=\"", array.attr("count"), "\" is not a whole number");
  } else if (declared < 0 || static_cast<size_t>(declared) != held) {
    problem = cat("count=", declared, " but the array holds ", held, " values");
  } else {
    return absl::OkStatus();
  }
  // The values were read from the content, never from the count, so taking the content's count
  // allocates nothing more; but a count beside decimal commas is what tells them from separators.
  bool commas = array.numbers != nullptr && array.numbers->spelling.comma;
  if (commas) return refuse("collada.array.count", array.name, array.line, problem);
  if (!ctx.options.repair) {
    return repair_reads_it(refuse("collada.array.count", array.name, array.line, problem));
  }
  ctx.diagnostics.warn("collada.repair.count-from-content",
                       cat("<", array.name, ">: ", problem, "; the content's count is read"),
                       array.line);
  return absl::OkStatus();
}

absl::StatusOr<Accessor> read_accessor(const ReadContext& ctx, const Element& source,
                                       std::vector<std::string_view>* name_storage) {
  const Element* technique = source.child("technique_common");
  const Element* accessor = technique == nullptr ? nullptr : technique->child("accessor");
  if (accessor == nullptr) {
    return refuse("collada.source.no-accessor", "source", source.line,
                  cat("source \"", source.attr("id"), "\" has no technique_common/accessor"));
  }
  Accessor out;
  out.source = &source;
  absl::StatusOr<ResolvedUrl> url = resolve_url(ctx, *accessor, "source");
  if (!url.ok()) return url.status();
  const Element* array = url->target;
  if (url->kind == UrlKind::kExternal || array == nullptr || !is_array(array->name)) {
    return refuse("collada.accessor.source", "accessor", accessor->line,
                  cat("source=\"", accessor->attr("source"), "\" does not name an array"));
  }
  if (array->released()) return needs_released_array(*array);
  size_t held = 0;
  if (array->name == "float_array") {
    if (absl::Status s = check_array_count(ctx, *array); !s.ok()) return s;
    out.f32 = array->floats;
    out.f64 = array->doubles;
    held = array->value_count();
  } else if (array->name == "int_array") {
    if (absl::Status s = check_array_count(ctx, *array); !s.ok()) return s;
    out.ints = array->ints;
    held = array->ints.size();
  } else {
    out.numeric = false;
    std::vector<std::string_view> local;
    std::vector<std::string_view>* names = name_storage != nullptr ? name_storage : &local;
    size_t first = names->size();
    split_names(array->text, names);
    held = names->size() - first;
    if (name_storage != nullptr)
      out.names = std::span<const std::string_view>(*names).subspan(first);
  }
  int64_t count = 0, stride = 1, offset = 0;
  if (!attr_int(*accessor, "count", &count) || count < 0) {
    return refuse("collada.accessor.count", "accessor", accessor->line,
                  cat("count=\"", accessor->attr("count"), "\" is not a whole number"));
  }
  // A stride of 0 reads nothing useful, but an empty accessor may spell it.
  int64_t least_stride = count == 0 ? 0 : 1;
  if ((accessor->find_attr("stride") &&
       (!attr_int(*accessor, "stride", &stride) || stride < least_stride)) ||
      (accessor->find_attr("offset") && (!attr_int(*accessor, "offset", &offset) || offset < 0))) {
    return refuse("collada.accessor.stride", "accessor", accessor->line,
                  "stride must be a positive and offset a non-negative whole number");
  }
  size_t position = 0;
  for (const Element& param : accessor->children()) {
    if (param.name != "param") continue;
    // A matrix param spans its cells: float4x4 takes 16 values of the stride.
    std::string_view type = param.attr("type");
    size_t span = type == "float4x4" ? 16 : type == "float3x3" ? 9 : type == "float2x2" ? 4 : 1;
    for (size_t k = 0; k < span; ++k, ++position) {
      if (!param.attr("name").empty()) out.columns.push_back(static_cast<uint32_t>(position));
    }
  }
  if (position == 0) {
    // No params at all: every value of the stride is a column.
    for (int64_t i = 0; i < stride; ++i) out.columns.push_back(static_cast<uint32_t>(i));
    position = static_cast<size_t>(stride);
  }
  if (position > static_cast<size_t>(stride) && count > 0) {
    return refuse("collada.accessor.stride", "accessor", accessor->line,
                  cat(position, " params do not fit in stride=", stride));
  }
  out.count = static_cast<size_t>(count);
  out.stride = static_cast<size_t>(stride);
  out.offset = static_cast<size_t>(offset);
  if (out.count > 0) {
    // Computed in 128 bits' worth of caution: each term is bounded by the input size already.
    unsigned __int128 last = static_cast<unsigned __int128>(out.offset) +
                             static_cast<unsigned __int128>(out.count - 1) * out.stride + position;
    if (last > held) {
      return refuse("collada.accessor.past-array", "accessor", accessor->line,
                    cat("count=", count, " stride=", stride, " offset=", offset, " reads past the ",
                        held, " values of \"", array->attr("id"), "\""));
    }
  }
  return out;
}

}  // namespace px::collada
