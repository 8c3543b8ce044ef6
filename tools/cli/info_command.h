// polyxios info IN: what a file holds.
#pragma once

namespace px::cli {

int run_info(int argc, char** argv);

}  // namespace px::cli
