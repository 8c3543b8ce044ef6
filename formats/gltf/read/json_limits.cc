#include "formats/gltf/read/json_limits.h"

#include <string>
#include <string_view>
#include <vector>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/gltf/read/read_json.h"

namespace px::gltf {
namespace {

// An array or object being walked, and the index of its next element or member.
struct Frame {
  const JsonValue* value;
  rapidjson::SizeType next;
};

// The JSON pointer of the value the walk is at: each open container's element before `next`.
std::string pointer_of(const std::vector<Frame>& stack) {
  std::string out;
  for (const Frame& f : stack) {
    const rapidjson::SizeType at = f.next - 1;
    if (f.value->IsArray()) {
      out = child_pointer(out, at);
    } else {
      const JsonValue& name = (f.value->MemberBegin() + at)->name;
      out = child_pointer(out, std::string_view(name.GetString(), name.GetStringLength()));
    }
  }
  return out;
}

std::string_view shown(const std::string& pointer) {
  return pointer.empty() ? std::string_view("the document") : std::string_view(pointer);
}

}  // namespace

absl::Status check_string_lengths(const JsonValue& root, uint64_t max_string_bytes) {
  auto too_long = [&](const std::vector<Frame>& stack, uint64_t bytes, std::string_view what) {
    return over_budget(kStringLengthRule, cat(shown(pointer_of(stack)), ": ", what, " of ", bytes,
                                              " bytes is past the limit of ", max_string_bytes));
  };
  std::vector<Frame> stack;
  const JsonValue* value = &root;
  while (value != nullptr) {
    if (value->IsString() && value->GetStringLength() > max_string_bytes) {
      return too_long(stack, value->GetStringLength(), "a string");
    }
    if ((value->IsArray() && !value->Empty()) || (value->IsObject() && !value->ObjectEmpty())) {
      stack.push_back({value, 0});
    }
    // The next value: the next element of the innermost container that has one left.
    value = nullptr;
    while (!stack.empty() && value == nullptr) {
      Frame& f = stack.back();
      if (f.value->IsArray() && f.next < f.value->Size()) {
        value = &(*f.value)[f.next++];
      } else if (f.value->IsObject() && f.next < f.value->MemberCount()) {
        const auto member = f.value->MemberBegin() + f.next++;
        if (member->name.GetStringLength() > max_string_bytes) {
          return too_long(stack, member->name.GetStringLength(), "a member name");
        }
        value = &member->value;
      } else {
        stack.pop_back();
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace px::gltf
