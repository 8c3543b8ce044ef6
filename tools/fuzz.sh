#!/usr/bin/env bash
# Fuzz the readers (and the GLB writer behind them) with libFuzzer under ASan + UBSan for a
# bounded time: tools/fuzz.sh [SECONDS] (default 60) runs the COLLADA target, then the glTF / GLB
# target (Draco-compressed primitives included), SECONDS each. Seeds come from the shared corpus,
# copied into a scratch folder at run time (never into git): its small .dae files, its small
# .glb / .gltf files, and a one-mesh GLB packed from its Draco asset. Exit status is libFuzzer's:
# non-zero on a crash, leak, timeout or sanitizer report, with the input saved in
# build-asan/fuzz/<target>/artifacts/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-60}

command -v clang++ >/dev/null || { echo "fuzz: clang++ is required (tools/bootstrap.sh installs it)" >&2; exit 1; }
corpus=${POLYXIOS_CORPUS:-../shared/corpus}

# The sanitizer build of tools/test.sh (PX_SANITIZE=1) holds the targets too; reuse it.
build=build-asan
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
  -DPX_SANITIZE=ON -DPX_FUZZ=ON -DPX_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target collada_fuzz gltf_fuzz polyxios -j"$(nproc)" >/dev/null

# fuzz TARGET MAX_LEN: runs build-asan/tests/fuzz/TARGET over the seeds in its folder.
fuzz() {
  local target=$1 max_len=$2 dir=$build/fuzz/$1
  echo "fuzz: $target: $(ls "$dir"/seeds | wc -l) seeds, ${seconds} s"
  "$build"/tests/fuzz/"$target" "$dir"/found "$dir"/seeds \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$dir"/artifacts/ -print_final_stats=1 2>"$dir"/fuzz.log || {
    status=$?
    tail -n 60 "$dir"/fuzz.log >&2
    exit $status
  }
  grep -E '^stat::number_of_executed_units|^Done' "$dir"/fuzz.log || true
}

for target in collada_fuzz gltf_fuzz; do
  rm -rf "$build/fuzz/$target/seeds"
  mkdir -p "$build/fuzz/$target/"{seeds,artifacts,found}
done

seeds=$build/fuzz/collada_fuzz/seeds
if [ -d "$corpus/collada" ]; then
  find "$corpus/collada" -iname '*.dae' -size -48k -exec cp {} "$seeds"/ \; 2>/dev/null || true
fi
cp corpus/samples/*.dae "$seeds"/
fuzz collada_fuzz 65536

seeds=$build/fuzz/gltf_fuzz/seeds
if [ -d "$corpus/gltf" ]; then
  # Same-named files in different folders get distinct seed names.
  find "$corpus/gltf" \( -iname '*.glb' -o -iname '*.gltf' \) -size -48k -print0 |
    while IFS= read -r -d '' f; do cp "$f" "$seeds/$(printf '%s' "$f" | md5sum | cut -c1-12)-${f##*/}"; done
  draco=$corpus/gltf/assimp/draco/2CylinderEngine.gltf
  [ -f "$draco" ] && node tests/fuzz/pack_glb.mjs "$draco" "$seeds"/draco-one-mesh.glb
fi
"$build"/tools/polyxios convert corpus/samples/robot_arm.dae "$seeds"/robot_arm.glb 2>/dev/null
fuzz gltf_fuzz 65536
echo "fuzz: no crash in ${seconds} s per target"
