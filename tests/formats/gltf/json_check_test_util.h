// A check over a document's JSON run on a small document, its warnings as "code: message".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/strings.h"
#include "formats/gltf/read/read_json.h"
#include "gtest/gtest.h"
#include "polyxios/diagnostics.h"

namespace px::gltf::testing {

using JsonCheck = void (*)(const JsonObject&, Diagnostics&);

inline std::vector<std::string> json_check_warnings(JsonCheck check, std::string_view json) {
  px::gltf::JsonDocument doc;
  doc.Parse(json.data(), json.size());
  EXPECT_FALSE(doc.HasParseError()) << json;
  absl::StatusOr<JsonObject> root = JsonObject::of(doc, "");
  EXPECT_TRUE(root.ok()) << root.status();
  Diagnostics diagnostics;
  check(*root, diagnostics);
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics.entries()) out.push_back(cat(d.code, ": ", d.message));
  return out;
}

}  // namespace px::gltf::testing
