#!/usr/bin/env bash
# ThreadSanitizer run of the second threads: the streaming unit tests (numbers decoded on a
# decoding thread, geometries read on it as their end tags arrive, tasks on a task thread, the
# arena's page warmer), the library converting corpus files on 8 threads at once
# (tests/threads/concurrent_convert_test.cc) and whole conversions of a generated document and of
# corpus files in every direction with --threads 2, each compared byte for byte with --threads 1
# (tests/threads/same_bytes.sh).
#
#   tools/tsan.sh [CORPUS_FILES]     (default: 40 COLLADA files of ../shared/corpus)
#   tools/tsan.sh --concurrent       the 8-thread test alone (builds the library and that test)
#
# Builds with clang in build-tsan/ (only what it runs). Exit status: 0 clean, 1 on a report or a
# difference. CI runs the --concurrent part (the library and one test to build); the whole run,
# whose build would take CI past its time limit, is for after changing a threaded path, its
# result in the note (CI runs tests/threads/same_bytes.sh on the release build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
concurrent_only=0
if [ "${1:-}" = --concurrent ]; then
  concurrent_only=1
  shift
fi
files=${1:-40}
build=build-tsan
targets=(concurrent_convert_tests)
[ "$concurrent_only" = 1 ] || targets+=(engine_tests model_tests collada_tests polyxios gen_collada)
launcher=()
if command -v ccache >/dev/null 2>&1; then  # as tools/test.sh
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi
log=$(mktemp "${TMPDIR:-/tmp}/px-tsan-build.XXXXXX")
if ! { cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
         -DPX_STATIC_BINARY=OFF "${launcher[@]}" \
         "-DCMAKE_CXX_FLAGS=-fsanitize=thread -O1 -gline-tables-only" \
         -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DPX_BUILD_BENCH=ON &&
       cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 suppressions=$PWD/tools/tsan.supp"

"$build/tests/threads/concurrent_convert_tests" --gtest_brief=1
echo "tsan: 8 threads at once clean"
[ "$concurrent_only" = 0 ] || exit 0

"$build/tests/engine/engine_tests" \
  --gtest_filter='XmlStreaming.*:ScanNumbers.*:TaskThread.*:MappedFile*' >/dev/null
"$build/tests/collada/collada_tests" --gtest_filter='EarlyGeometries.*' >/dev/null
"$build/tests/model/model_tests" --gtest_filter='PageWarmer.*:ArenaTest.Warms*' >/dev/null

echo "tsan: streaming tests clean"
PX_TSAN=1 tests/threads/same_bytes.sh "$build/tools/polyxios" "$files" "$build/bench/gen_collada"
