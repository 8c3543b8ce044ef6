#include "formats/gltf/write/bin_layout.h"

#include <algorithm>
#include <cstring>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/meshopt_library.h"

namespace px::gltf {
namespace {

size_t align4(size_t n) { return (n + 3) & ~size_t{3}; }

std::string_view mode_name(MeshoptMode mode) {
  switch (mode) {
    case MeshoptMode::kTriangles:
      return "TRIANGLES";
    case MeshoptMode::kIndices:
      return "INDICES";
    default:
      return "ATTRIBUTES";
  }
}

// A view's bytes as meshoptimizer's codec for its mode encodes them.
std::string encode_meshopt(const Meshoptimizer& m, const BufferView& view,
                           const std::string& bytes) {
  const size_t count = view.length / view.element_bytes;
  std::vector<unsigned char> out;
  size_t size = 0;
  if (view.meshopt == MeshoptMode::kAttributes) {
    out.resize(m.encodeVertexBufferBound(count, view.element_bytes));
    size = m.encodeVertexBuffer(out.data(), out.size(), bytes.data(), count, view.element_bytes);
  } else {
    std::vector<unsigned int> indices(count);
    unsigned int max_index = 0;
    for (size_t i = 0; i < count; ++i) {
      if (view.element_bytes == 2) {
        uint16_t v = 0;
        std::memcpy(&v, bytes.data() + 2 * i, 2);
        indices[i] = v;
      } else {
        std::memcpy(&indices[i], bytes.data() + 4 * i, 4);
      }
      max_index = std::max(max_index, indices[i]);
    }
    const size_t vertices = size_t{max_index} + 1;
    if (view.meshopt == MeshoptMode::kTriangles) {
      out.resize(m.encodeIndexBufferBound(count, vertices));
      size = m.encodeIndexBuffer(out.data(), out.size(), indices.data(), count);
    } else {
      out.resize(m.encodeIndexSequenceBound(count, vertices));
      size = m.encodeIndexSequence(out.data(), out.size(), indices.data(), count);
    }
  }
  return std::string(reinterpret_cast<const char*>(out.data()), size);
}

// A maker handing out bytes that live as long as the layout.
ViewMaker bytes_of(const std::string* bytes) {
  return [bytes](ViewOut& out, Diagnostics&) {
    out.bytes(*bytes);
    return absl::OkStatus();
  };
}

}  // namespace

int BinLayout::add_view(size_t length, int target, ViewMaker make) {
  size_t offset = align4(end_);
  BufferView view;
  view.offset = offset;
  view.length = length;
  view.target = target;
  views_.push_back(view);
  segments_.push_back(Segment{offset, length, std::move(make)});
  end_ = align4(offset + length);
  return static_cast<int>(views_.size()) - 1;
}

int BinLayout::add_accessor(Accessor accessor) {
  accessors_.push_back(std::move(accessor));
  return static_cast<int>(accessors_.size()) - 1;
}

void BinLayout::compressible(int view, MeshoptMode mode, size_t element_bytes) {
  views_[view].meshopt = mode;
  views_[view].element_bytes = element_bytes;
}

absl::Status BinLayout::compress_meshopt(bool fallback, Diagnostics& diagnostics) {
  absl::StatusOr<const Meshoptimizer*> library = meshoptimizer();
  if (!library.ok()) return library.status();
  std::vector<Segment> planned = std::move(segments_);
  segments_.clear();
  end_ = 0;
  auto place = [this](size_t length, ViewMaker make) {
    const size_t offset = align4(end_);
    segments_.push_back(Segment{offset, length, std::move(make)});
    end_ = align4(offset + length);
    return offset;
  };
  for (size_t i = 0; i < views_.size(); ++i) {
    BufferView& view = views_[i];
    if (view.meshopt == MeshoptMode::kNone || view.length == 0) {
      view.offset = place(view.length, std::move(planned[i].make));
      continue;
    }
    MemoryOut out;
    if (absl::Status s = planned[i].make(out, diagnostics); !s.ok()) return s;
    std::string bytes = out.take();
    if (bytes.size() != view.length) {
      return absl::InternalError(
          cat("a glTF bufferView planned as ", view.length, " bytes was made as ", bytes.size()));
    }
    const std::string* compressed = &made_.emplace_back(encode_meshopt(**library, view, bytes));
    if (fallback) {
      view.offset = place(view.length, bytes_of(&made_.emplace_back(std::move(bytes))));
    } else {
      view.buffer = 1;
      view.offset = align4(placeholder_end_);
      placeholder_end_ = view.offset + view.length;
    }
    view.compressed = true;
    view.compressed_length = compressed->size();
    view.compressed_offset = place(compressed->size(), bytes_of(compressed));
    meshopt_compressed_ = true;
  }
  return absl::OkStatus();
}

void BinLayout::write_json(JsonWriter& json, std::string_view uri) const {
  if (!accessors_.empty()) {
    json.key("accessors");
    json.start_array();
    for (const Accessor& a : accessors_) {
      json.start_object();
      if (a.view >= 0) {
        json.key("bufferView");
        json.integer(a.view);
      }
      json.key("componentType");
      json.integer(a.component_type);
      json.key("count");
      json.integer(static_cast<int64_t>(a.count));
      json.key("type");
      json.string(a.type);
      if (!a.min.empty()) {
        json.key("min");
        json.start_array();
        for (double v : a.min) json.number(v);
        json.end_array();
        json.key("max");
        json.start_array();
        for (double v : a.max) json.number(v);
        json.end_array();
      }
      if (a.sparse) {
        json.key("sparse");
        json.start_object();
        json.key("count");
        json.integer(static_cast<int64_t>(a.sparse->count));
        json.key("indices");
        json.start_object();
        json.key("bufferView");
        json.integer(a.sparse->indices_view);
        json.key("componentType");
        json.integer(a.sparse->indices_type);
        json.end_object();
        json.key("values");
        json.start_object();
        json.key("bufferView");
        json.integer(a.sparse->values_view);
        json.end_object();
        json.end_object();
      }
      json.end_object();
    }
    json.end_array();
  }
  if (views_.empty()) return;
  json.key("bufferViews");
  json.start_array();
  for (const BufferView& v : views_) {
    json.start_object();
    json.key("buffer");
    json.integer(v.buffer);
    if (v.offset != 0) {
      json.key("byteOffset");
      json.integer(static_cast<int64_t>(v.offset));
    }
    json.key("byteLength");
    json.integer(static_cast<int64_t>(v.length));
    if (v.target != 0) {
      json.key("target");
      json.integer(v.target);
    }
    if (v.compressed) {
      json.key("extensions");
      json.start_object();
      json.key("EXT_meshopt_compression");
      json.start_object();
      json.key("buffer");
      json.integer(0);
      if (v.compressed_offset != 0) {
        json.key("byteOffset");
        json.integer(static_cast<int64_t>(v.compressed_offset));
      }
      json.key("byteLength");
      json.integer(static_cast<int64_t>(v.compressed_length));
      json.key("byteStride");
      json.integer(static_cast<int64_t>(v.element_bytes));
      json.key("count");
      json.integer(static_cast<int64_t>(v.length / v.element_bytes));
      json.key("mode");
      json.string(mode_name(v.meshopt));
      json.end_object();
      json.end_object();
    }
    json.end_object();
  }
  json.end_array();
  json.key("buffers");
  json.start_array();
  json.start_object();
  json.key("byteLength");
  json.integer(static_cast<int64_t>(end_));
  if (!uri.empty()) {
    json.key("uri");
    json.string(uri);
  }
  json.end_object();
  if (placeholder_end_ > 0) {
    // The fallback placeholder: no data, and marked so that readers need not look for any.
    json.start_object();
    json.key("byteLength");
    json.integer(static_cast<int64_t>(placeholder_end_));
    json.key("extensions");
    json.start_object();
    json.key("EXT_meshopt_compression");
    json.start_object();
    json.key("fallback");
    json.boolean(true);
    json.end_object();
    json.end_object();
    json.end_object();
  }
  json.end_array();
}

}  // namespace px::gltf
