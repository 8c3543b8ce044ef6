// rapidjson::Writer with every call's result checked. RapidJSON refuses NaN and Inf doubles, and
// (with validation on) strings that are not UTF-8, by returning false; the first failure sticks,
// with its reason, so that the caller can refuse the whole write.
#pragma once

#include <cstdint>
#include <string_view>

#include "formats/gltf/json_memory.h"
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
    check(writer_.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()), true), kNotUtf8);
  }
  void string(std::string_view s) {
    check(writer_.String(s.data(), static_cast<rapidjson::SizeType>(s.size()), true), kNotUtf8);
  }
  void integer(int64_t i) { check(writer_.Int64(i)); }
  void number(double d) { check(writer_.Double(d), kNonFinite); }
  void boolean(bool b) { check(writer_.Bool(b)); }
  void null() { check(writer_.Null()); }

  // The refusal rule and what the first failed call was given.
  struct Failure {
    std::string_view rule;
    std::string_view what;
  };
  // True while every call so far succeeded.
  bool ok() const { return failure_.rule.empty(); }
  const Failure& failure() const { return failure_; }
  std::string_view text() const { return {buffer_.GetString(), buffer_.GetSize()}; }

 private:
  static constexpr Failure kNotUtf8{"gltf.write.not-utf8", "a string that is not UTF-8"};
  static constexpr Failure kNonFinite{"gltf.write.non-finite", "a NaN or Inf number"};
  static constexpr Failure kMisplaced{"gltf.write.json", "a value out of place"};

  void check(bool result, const Failure& failure = kMisplaced) {
    if (!result && ok()) failure_ = failure;
  }

  using Buffer = rapidjson::GenericStringBuffer<rapidjson::UTF8<>, GatedJsonAllocator>;
  Buffer buffer_;
  rapidjson::Writer<Buffer, rapidjson::UTF8<>, rapidjson::UTF8<>, GatedJsonAllocator,
                    rapidjson::kWriteValidateEncodingFlag>
      writer_;
  Failure failure_;
};

}  // namespace px::gltf
