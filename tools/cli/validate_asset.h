// One asset through validate: read as convert reads it, then written in memory to the output
// format, so that the write's warnings and refusals are reported too; nothing touches the disk.
#pragma once

#include "polyxios/ops/axis_unit.h"
#include "polyxios/options.h"
#include "tools/cli/asset_list.h"
#include "tools/cli/code_policy.h"
#include "tools/cli/validate_report.h"

namespace px::cli {

// GLB and glTF are made as the file writer makes them (a .gltf's buffer named after the asset,
// <stem>.bin) and dropped as they are made; COLLADA streams to /dev/null: no output is held whole.
// axis_unit applies between the read and the write, as in convert. listener (validate -v), when
// set, is told of each warning and note as it is raised (Diagnostics::set_listener).
AssetReport validate_asset(const Asset& asset, const ReadOptions& read_options,
                           const WriteOptions& write_options, const AxisUnitTarget& axis_unit,
                           const CodePolicy& policy, const Diagnostics::Listener& listener = {});

}  // namespace px::cli
