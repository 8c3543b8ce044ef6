#!/usr/bin/env bash
# ThreadSanitizer run of the reader's second thread: the streaming unit tests (numbers decoded
# on a decoding thread, geometries read on it as their end tags arrive) and whole conversions of
# a generated document and of corpus files with --threads 2, each compared byte for byte with
# --threads 1.
#
#   tools/tsan.sh [CORPUS_FILES]     (default: 40 COLLADA files of ../shared/corpus)
#
# Builds with clang in build-tsan/ (only what it runs). Exit status: 0 clean, 1 on a report or a
# difference. CI runs it (.ci/run).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
files=${1:-40}
build=build-tsan
log=$(mktemp "${TMPDIR:-/tmp}/px-tsan-build.XXXXXX")
if ! { cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
         -DPX_STATIC_BINARY=OFF \
         "-DCMAKE_CXX_FLAGS=-fsanitize=thread -O1 -gline-tables-only" \
         -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DPX_BUILD_BENCH=ON &&
       cmake --build "$build" -j"$(nproc)" --target engine_tests collada_tests polyxios \
         gen_collada; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"

"$build/tests/engine/engine_tests" --gtest_filter='XmlStreaming.*:ScanNumbers.*' >/dev/null
"$build/tests/collada/collada_tests" --gtest_filter='EarlyGeometries.*' >/dev/null

work=$(mktemp -d "${TMPDIR:-/tmp}/px-tsan.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$build/bench/gen_collada" "$work/gen.dae" 8 >/dev/null 2>&1
inputs=("$work/gen.dae")
corpus=${POLYXIOS_CORPUS:-../shared/corpus}
if [ -d "$corpus/collada" ]; then
  while IFS= read -r f; do inputs+=("$f"); done < <(
    find "$corpus/collada" -iname '*.dae' -size +20k | sort | head -n "$files")
fi
checked=0
for f in "${inputs[@]}"; do
  one=0
  "$build/tools/polyxios" convert --quiet --threads 1 "$f" "$work/one.glb" 2>/dev/null || one=$?
  two=0
  "$build/tools/polyxios" convert --quiet --threads 2 "$f" "$work/two.glb" 2>"$work/err" || two=$?
  if [ "$two" = 66 ] || grep -q "ThreadSanitizer" "$work/err"; then
    cat "$work/err" >&2
    exit 1
  fi
  if [ "$one" != "$two" ] || { [ "$one" = 0 ] && ! cmp -s "$work/one.glb" "$work/two.glb"; }; then
    echo "tsan: $f: --threads 1 and --threads 2 differ (exit $one / $two)" >&2
    exit 1
  fi
  rm -f "$work"/one.glb "$work"/two.glb
  checked=$((checked + 1))
done
echo "tsan: streaming tests clean; $checked conversions with --threads 2 clean and equal to --threads 1"
