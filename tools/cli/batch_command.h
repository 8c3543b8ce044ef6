#pragma once

namespace px::cli {

int run_batch(int argc, char** argv);

}  // namespace px::cli
