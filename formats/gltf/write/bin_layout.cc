#include "formats/gltf/write/bin_layout.h"

namespace px::gltf {
namespace {

size_t align4(size_t n) { return (n + 3) & ~size_t{3}; }

}  // namespace

int BinLayout::add_view(size_t length, int target, ViewMaker make) {
  size_t offset = align4(end_);
  views_.push_back(BufferView{offset, length, target, std::move(make)});
  end_ = align4(offset + length);
  return static_cast<int>(views_.size()) - 1;
}

int BinLayout::add_accessor(Accessor accessor) {
  accessors_.push_back(std::move(accessor));
  return static_cast<int>(accessors_.size()) - 1;
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
    json.integer(0);
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
  json.end_array();
}

}  // namespace px::gltf
