// rapidjson::Writer with every call's result checked. RapidJSON refuses NaN and Inf doubles by
// returning false; the first failure sticks so that the caller can refuse the whole write.
#pragma once

#include <cstdint>
#include <string_view>

#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"

namespace px::gltf {

class JsonWriter {
 public:
  JsonWriter() : writer_(buffer_) {}
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void start_object() { check(writer_.StartObject()); }
  void end_object() { check(writer_.EndObject()); }
  void start_array() { check(writer_.StartArray()); }
  void end_array() { check(writer_.EndArray()); }
  void key(std::string_view k) {
    check(writer_.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()), true));
  }
  void string(std::string_view s) {
    check(writer_.String(s.data(), static_cast<rapidjson::SizeType>(s.size()), true));
  }
  void integer(int64_t i) { check(writer_.Int64(i)); }
  void number(double d) { check(writer_.Double(d)); }
  void boolean(bool b) { check(writer_.Bool(b)); }
  void null() { check(writer_.Null()); }

  // True while every call so far succeeded and the document is complete.
  bool ok() const { return ok_; }
  bool complete() const { return writer_.IsComplete(); }
  std::string_view text() const { return {buffer_.GetString(), buffer_.GetSize()}; }

 private:
  void check(bool result) { ok_ = ok_ && result; }

  rapidjson::StringBuffer buffer_;
  rapidjson::Writer<rapidjson::StringBuffer> writer_;
  bool ok_ = true;
};

}  // namespace px::gltf
