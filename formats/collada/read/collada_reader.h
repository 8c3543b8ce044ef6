// The COLLADA 1.4.1 / 1.5 reader: document -> px::Scene, as spec/collada.md's Reading says.
#pragma once

#include "absl/status/statusor.h"
#include "engine/diagnostics.h"
#include "engine/options.h"
#include "engine/source.h"
#include "model/scene.h"

namespace px::collada {

absl::StatusOr<Scene> read(Source& source, const ReadOptions& options, Diagnostics& diagnostics);

}  // namespace px::collada
