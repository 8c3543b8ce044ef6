#!/usr/bin/env bash
# Fuzz polyxios with libFuzzer under ASan + UBSan for a bounded time: tools/fuzz.sh [SECONDS]
# (default 60). SECONDS is the total, split evenly across the eight targets (tests/fuzz/
# fuzz_targets.h), one after another, each at least a second:
#   collada_fuzz    COLLADA bytes through the reader (one thread and two) and both writers
#   gltf_json_fuzz  .gltf JSON text through the reader (data: URIs resolve) and both writers
#   glb_fuzz        GLB bytes through the container, the reader and both writers
#   data_uri_fuzz   bytes as a data: URI, base64 text and a name to percent-encode
#   draco_fuzz      bytes as a Draco buffer view through the header checks and libdraco
#   roundtrip_fuzz  any input read, written as GLB and as COLLADA, read back, counts compared
#   zae_fuzz        .zae bytes through the archive's guards, the document's choice, the reader
#                   and both writers
#   image_fuzz      bytes as TGA, BMP, TIFF and DDS through the decoders of --transcode-images,
#                   and what decodes through PNG and back
# Seeds come from the shared corpus, made into a scratch folder at run time (never into git):
# small .dae files, small .gltf files with their buffers and images embedded as data: URIs, their
# URIs, their Draco buffer views, small .zae files (tests/fuzz/gltf_seeds.mjs), small .glb files and a one-mesh GLB
# packed from the Draco asset (tests/fuzz/pack_glb.mjs), and the sample as GLB, plain and with
# --compress draco and meshopt. libFuzzer runs every seed before it
# starts mutating, whatever the time, so a target gets at most 4 seeds a second of its time (every
# k-th by name: all of them in a long run, a sample in CI's), and then every input of its
# regressions folder (tests/fuzz/regressions/<target>/). Exit status is libFuzzer's: non-zero on a crash, leak,
# timeout or sanitizer report, with the input saved in build-asan/fuzz/<target>/artifacts/ (fix
# it, then add the input to the target's regressions folder); each target's log is
# build-asan/fuzz/<target>/fuzz.log, and its executions and result are printed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-60}
targets=(collada_fuzz gltf_json_fuzz glb_fuzz data_uri_fuzz draco_fuzz roundtrip_fuzz zae_fuzz image_fuzz)
each=$((seconds / ${#targets[@]}))
[ "$each" -ge 1 ] || each=1

command -v clang++ >/dev/null || { echo "fuzz: clang++ is required (tools/bootstrap.sh installs it)" >&2; exit 1; }
corpus=${POLYXIOS_CORPUS:-../shared/corpus}

# The sanitizer build of tools/test.sh (PX_SANITIZE=1) holds the targets too; reuse it.
build=build-asan
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
  -DPX_SANITIZE=ON -DPX_FUZZ=ON -DPX_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target "${targets[@]}" polyxios -j"$(nproc)" >/dev/null

for target in "${targets[@]}"; do
  rm -rf "$build/fuzz/$target/seeds"
  mkdir -p "$build/fuzz/$target/"{seeds,artifacts,found}
done
fuzz_root=$PWD/$build/fuzz
seeds() { echo "$fuzz_root/$1/seeds"; }

# copy_small FOLDER MAX_SIZE TARGET PATTERN...: FOLDER's files matching a PATTERN and under
# MAX_SIZE into TARGET's seeds, each at its path below FOLDER (libFuzzer reads a seed folder
# recursively), a few processes for them all.
copy_small() {
  local folder=$1 size=$2 dest
  dest=$(seeds "$3")
  shift 3
  [ -d "$folder" ] || return 0
  (cd "$folder" && find . -type f \( "$@" \) -size -"$size" -print0 | xargs -0 -r cp --parents -t "$dest")
}
copy_small "$corpus/collada" 48k collada_fuzz -iname '*.dae'
copy_small "$corpus/collada" 256k zae_fuzz -iname '*.zae'
copy_small "$corpus/collada" 64k image_fuzz -iname '*.tga' -o -iname '*.bmp' -o -iname '*.tif' \
  -o -iname '*.tiff' -o -iname '*.dds'
cp corpus/samples/*.dae "$(seeds collada_fuzz)"/
copy_small "$corpus/gltf" 48k glb_fuzz -iname '*.glb'
if [ -d "$corpus/gltf" ]; then
  scratch=$build/fuzz/gltf_seeds
  rm -rf "$scratch"
  find "$corpus/gltf" -iname '*.gltf' -size -48k -print0 | sort -z |
    xargs -0 node tests/fuzz/gltf_seeds.mjs "$scratch"
  draco=$corpus/gltf/assimp/draco/2CylinderEngine.gltf
  if [ -f "$draco" ]; then
    node tests/fuzz/gltf_seeds.mjs "$scratch" "$draco"
    node tests/fuzz/pack_glb.mjs "$draco" "$(seeds glb_fuzz)"/draco-one-mesh.glb
  fi
  for target in gltf_json_fuzz data_uri_fuzz draco_fuzz; do copy_small "$scratch/$target" 1024k "$target" -name '*'; done
fi
"$build"/tools/polyxios convert corpus/samples/robot_arm.dae "$(seeds glb_fuzz)"/robot_arm.glb 2>/dev/null
# The compressed forms, so that the GLB reader's Draco and meshopt paths are reached from the start.
for compress in draco meshopt; do
  "$build"/tools/polyxios convert corpus/samples/robot_arm.dae "$(seeds glb_fuzz)"/robot_arm_$compress.glb \
    --compress $compress --compress-only 2>/dev/null
done
# The round trip starts from every kind of input: the smaller documents of the others' seeds.
for target in collada_fuzz glb_fuzz gltf_json_fuzz; do copy_small "$(seeds $target)" 16k roundtrip_fuzz -name '*'; done

max_seeds=$((each * 4))
for target in "${targets[@]}"; do
  dir=$(seeds "$target")
  count=$(find "$dir" -type f | wc -l)
  if [ "$count" -gt "$max_seeds" ]; then
    find "$dir" -type f | sort | awk -v k=$(((count + max_seeds - 1) / max_seeds)) 'NR % k != 1 && k > 1' |
      xargs -r -d '\n' rm --
  fi
  find "tests/fuzz/regressions/$target" -type f ! -name README.md -exec cp {} "$dir"/ \;
done

# fuzz TARGET MAX_LEN: runs build-asan/tests/fuzz/TARGET over its seeds for $each seconds.
fuzz() {
  local target=$1 max_len=$2 dir=$build/fuzz/$1
  echo "fuzz: $target: $(find "$dir"/seeds -type f | wc -l) seeds, ${each} s"
  "$build"/tests/fuzz/"$target" "$dir"/found "$dir"/seeds \
    -max_total_time="$each" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$dir"/artifacts/ -print_final_stats=1 2>"$dir"/fuzz.log || {
    status=$?
    tail -n 60 "$dir"/fuzz.log >&2
    echo "fuzz: $target failed; the input is in $dir/artifacts/" >&2
    exit $status
  }
  grep -E '^stat::number_of_executed_units|^Done' "$dir"/fuzz.log || true
}

fuzz collada_fuzz 65536
fuzz gltf_json_fuzz 65536
fuzz glb_fuzz 65536
fuzz data_uri_fuzz 4096
fuzz draco_fuzz 131072
fuzz roundtrip_fuzz 65536
fuzz zae_fuzz 262144
fuzz image_fuzz 65536
echo "fuzz: no crash in ${seconds} s (${each} s per target)"
