#pragma once

namespace px::cli {

int run_merge_reports(int argc, char** argv);

}  // namespace px::cli
