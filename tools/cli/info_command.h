// polyxios info IN [--json]: what a file holds, as text or as one JSON object (info_json.h).
#pragma once

namespace px::cli {

int run_info(int argc, char** argv);

}  // namespace px::cli
