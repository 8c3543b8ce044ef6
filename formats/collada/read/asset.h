// <asset>: up axis (recorded, never applied), unit, timestamps, author, authoring tool and
// copyright, into Scene::asset.
#pragma once

#include "formats/collada/read/context.h"

namespace px::collada {

void read_asset(ReadContext& ctx);

}  // namespace px::collada
