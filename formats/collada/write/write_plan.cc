#include "formats/collada/write/write_plan.h"

#include "engine/strings.h"

namespace px::collada {

std::string material_symbol(int material) { return cat("material_", material); }

}  // namespace px::collada
