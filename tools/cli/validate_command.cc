#include "tools/cli/validate_command.h"

#include "tools/cli/cli_common.h"

namespace px::cli {

int run_validate(int, char**) { return usage("validate is not built yet"); }

}  // namespace px::cli
