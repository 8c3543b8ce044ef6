#!/usr/bin/env bash
# Fuzz the COLLADA reader (and the GLB writer behind it) with libFuzzer under ASan + UBSan for a
# bounded time: tools/fuzz.sh [SECONDS] (default 60). Seeds are the small .dae files of the
# shared corpus, copied into a scratch folder at run time (never into git). Exit status is
# libFuzzer's: non-zero on a crash, leak, timeout or sanitizer report, with the input saved in
# build-asan/fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-60}

command -v clang++ >/dev/null || { echo "fuzz: clang++ is required (tools/bootstrap.sh installs it)" >&2; exit 1; }
corpus=${POLYXIOS_CORPUS:-../shared/corpus}

# The sanitizer build of tools/test.sh (PX_SANITIZE=1) holds the target too; reuse it.
build=build-asan
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DPX_SANITIZE=ON -DPX_FUZZ=ON -DPX_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target collada_fuzz -j"$(nproc)" >/dev/null

seeds=$build/fuzz/seeds
rm -rf "$seeds" && mkdir -p "$seeds" "$build"/fuzz/artifacts "$build"/fuzz/found
if [ -d "$corpus/collada" ]; then
  find "$corpus/collada" -iname '*.dae' -size -48k -exec cp {} "$seeds"/ \; 2>/dev/null || true
fi
cp corpus/samples/*.dae "$seeds"/
echo "fuzz: $(ls "$seeds" | wc -l) seeds, ${seconds} s"
"$build"/tests/fuzz/collada_fuzz "$build"/fuzz/found "$seeds" \
  -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="$build"/fuzz/artifacts/ -print_final_stats=1 2>"$build"/fuzz/fuzz.log || {
  status=$?
  tail -n 60 "$build"/fuzz/fuzz.log >&2
  exit $status
}
grep -E '^stat::number_of_executed_units|^Done' "$build"/fuzz/fuzz.log || true
echo "fuzz: no crash in ${seconds} s"
