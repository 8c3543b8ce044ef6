#pragma once

namespace px::cli {

int run_validate(int argc, char** argv);

}  // namespace px::cli
