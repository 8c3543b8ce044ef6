#!/usr/bin/env bash
# The whole allocation-failure sweep (tests/allocation): every allocation of reading each file of
# the shared corpus up to MAX_BYTES (default 8192), and of writing its scene as GLB, .gltf and
# COLLADA, failed once, one run per allocation, in the AddressSanitizer + UBSan build (so that a
# leak or a bad access on any failure path is reported). CI runs the same test on a sample.
#
#   tools/sweep_allocations.sh [MAX_BYTES]
#
# Prints the counts (fixtures, runs, out-of-memory errors); exit status is the test's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=build-asan
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
  -DPX_SANITIZE=ON -DPX_FUZZ=ON -DPX_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target allocation_failure_tests -j"$(nproc)" >/dev/null
PX_SWEEP_ALL=1 PX_SWEEP_MAX_BYTES=${1:-8192} "$build"/tests/allocation/allocation_failure_tests \
  --gtest_brief=1
