// polyxios convert IN OUT: one conversion, any pair of formats.
#pragma once

namespace px::cli {

int run_convert(int argc, char** argv);

}  // namespace px::cli
