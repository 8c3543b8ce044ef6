#include "tools/cli/merge_reports_command.h"

#include "tools/cli/cli_common.h"

namespace px::cli {

int run_merge_reports(int, char**) { return usage("merge_reports is not built yet"); }

}  // namespace px::cli
