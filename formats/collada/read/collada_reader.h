// The COLLADA 1.4.1 / 1.5 reader: document -> px::Scene, as spec/collada.md's Reading says.
#pragma once

#include "absl/status/statusor.h"
#include "engine/source.h"
#include "formats/collada/read/xml/xml_document.h"
#include "polyxios/diagnostics.h"
#include "polyxios/options.h"
#include "polyxios/scene/scene.h"

namespace px::collada {

struct ZaeFolder;

// `archive`, for a document inflated from a .zae (formats/collada/read/zae_reader.h): the archive
// its relative image URIs are looked up in.
absl::StatusOr<Scene> read(Source& source, const ReadOptions& options, Diagnostics& diagnostics,
                           ZaeFolder* archive = nullptr);

// Which element texts the reader decodes as numbers, and of what type: geometry arrays as float32
// (what glTF stores anyway); transforms, skins and animations as float64; indices as int32.
xml::TextMode text_mode(const xml::Element& element);

// How many indices a <p> of <triangles> or <lines> holds by its block's count and inputs (0 for
// other elements): reserved before its text arrives (xml::ParseOptions::count_hint).
size_t index_count_hint(const xml::Element& element);

}  // namespace px::collada
