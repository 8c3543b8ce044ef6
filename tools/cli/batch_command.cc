#include "tools/cli/batch_command.h"

#include "tools/cli/cli_common.h"

namespace px::cli {

int run_batch(int, char**) { return usage("batch is not built yet"); }

}  // namespace px::cli
