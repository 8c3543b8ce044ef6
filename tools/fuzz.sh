#!/usr/bin/env bash
# Fuzz polyxios with libFuzzer under ASan + UBSan for a bounded time, one target after another:
#   tools/fuzz.sh [SECONDS]           CI's sample: SECONDS in total (default 60), split evenly
#                                     across the eight targets, each at least a second
#   tools/fuzz.sh --long SECONDS      the long run: SECONDS for each target, from its corpus
#                                     tests/fuzz/corpus/<target>/, which the run grows and then
#                                     minimizes; its result goes into tests/fuzz/README.md
# The targets (tests/fuzz/fuzz_targets.h):
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
# --compress draco and meshopt; then the inputs of the target's corpus (tests/fuzz/corpus/<target>/,
# what long runs found). libFuzzer runs every seed before it starts mutating, whatever the time, so
# in CI's sample a target gets at most 4 seeds a second of its time (every k-th by name), and then
# every input of its regressions folder (tests/fuzz/regressions/<target>/); a long run takes them
# all. Each target's log is build-asan/fuzz/<target>/fuzz.log, and its executions and result are
# printed.
#
# CI's sample stops at the first crash, leak, timeout or sanitizer report with libFuzzer's exit
# status, the input saved in build-asan/fuzz/<target>/artifacts/ (fix it, then add the input to the
# target's regressions folder). A long run writes what it finds into the target's corpus, keeps of
# it only what adds coverage to the seeds (libFuzzer's -merge=1), copies a crashing input into the
# target's regressions folder and goes on with the next target; it exits 1 when any target crashed.
# Without the shared corpus the seeds are the repository's own (a failure with PX_REQUIRE_ALL=1,
# tests/support/required.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. tests/support/required.sh
targets=(collada_fuzz gltf_json_fuzz glb_fuzz data_uri_fuzz draco_fuzz roundtrip_fuzz zae_fuzz image_fuzz)
long=0
if [ "${1:-}" = --long ]; then
  long=1
  if [ $# -ne 2 ] || ! [[ $2 =~ ^[0-9]+$ ]] || [ "$2" -lt 1 ]; then
    echo "usage: tools/fuzz.sh --long SECONDS_PER_TARGET" >&2
    exit 2
  fi
  each=$2
  seconds=$((each * ${#targets[@]}))
else
  seconds=${1:-60}
  each=$((seconds / ${#targets[@]}))
  [ "$each" -ge 1 ] || each=1
fi

command -v clang++ >/dev/null || { echo "fuzz: clang++ is required (tools/bootstrap.sh installs it)" >&2; exit 1; }
corpus=${POLYXIOS_CORPUS:-../shared/corpus}
[ -d "$corpus" ] || px_skip_part "fuzz: the shared corpus's seeds: no corpus at $corpus"

# The sanitizer build of tools/test.sh (PX_SANITIZE=1) holds the targets too; reuse it.
build=build-asan
launcher=()
if command -v ccache >/dev/null 2>&1; then  # as tools/test.sh
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" "${launcher[@]}" \
  -DPX_SANITIZE=ON -DPX_FUZZ=ON -DPX_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target "${targets[@]}" polyxios -j"$(nproc)" >/dev/null

for target in "${targets[@]}"; do
  rm -rf "$build/fuzz/$target/seeds" "$build/fuzz/$target/artifacts"
  mkdir -p "$build/fuzz/$target/"{seeds,artifacts,found} "tests/fuzz/corpus/$target"
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
  # a long run reads its corpus as the folder it writes to
  [ "$long" = 1 ] || cp -r "tests/fuzz/corpus/$target" "$dir/corpus"
  count=$(find "$dir" -type f | wc -l)
  if [ "$long" = 0 ] && [ "$count" -gt "$max_seeds" ]; then
    find "$dir" -type f | sort | awk -v k=$(((count + max_seeds - 1) / max_seeds)) 'NR % k != 1 && k > 1' |
      xargs -r -d '\n' rm --
  fi
  find "tests/fuzz/regressions/$target" -type f ! -name README.md -exec cp {} "$dir"/ \;
done

# fuzz TARGET MAX_LEN: runs build-asan/tests/fuzz/TARGET over its seeds for $each seconds, new
# inputs into build-asan/fuzz/TARGET/found (CI's sample) or the target's corpus (a long run).
fuzz() {
  local target=$1 max_len=$2 dir=$build/fuzz/$1 found=$build/fuzz/$1/found status=0
  [ "$long" = 0 ] || found=tests/fuzz/corpus/$target
  echo "fuzz: $target: $(find "$dir"/seeds -type f | wc -l) seeds," \
    "$(find "$found" -type f | wc -l) inputs in $found, ${each} s"
  "$build"/tests/fuzz/"$target" "$found" "$dir"/seeds \
    -max_total_time="$each" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$dir"/artifacts/ -print_final_stats=1 2>"$dir"/fuzz.log || status=$?
  if [ "$status" != 0 ]; then
    tail -n 60 "$dir"/fuzz.log >&2
    if [ "$long" = 0 ]; then
      echo "fuzz: $target failed; the input is in $dir/artifacts/" >&2
      exit $status
    fi
    keep_crashes "$target"
  fi
  grep -E '^stat::number_of_executed_units|^Done' "$dir"/fuzz.log || true
  if [ "$long" = 1 ]; then
    minimize "$target" "$max_len"
    record "$target" "$status"
  fi
}

# keep_crashes TARGET: a long run's crashing inputs into the target's regressions folder, to be
# fixed (fuzz_regressions_tests replays them in every build).
keep_crashes() {
  local target=$1 artifact
  for artifact in "$build/fuzz/$target/artifacts"/{crash,leak,timeout,oom}-*; do
    [ -f "$artifact" ] || continue
    cp "$artifact" "tests/fuzz/regressions/$target/"
    echo "fuzz: $target: $(basename "$artifact") saved in tests/fuzz/regressions/$target/" >&2
  done
}

# minimize TARGET MAX_LEN: keeps in the target's corpus only the inputs that add coverage to its
# seeds: libFuzzer's -merge=1 over a copy of the seeds adds the corpus's inputs that cover more
# (named by their SHA-1), and those become the corpus. The seeds, the shared corpus's files among
# them, never go into it.
minimize() {
  local target=$1 max_len=$2 dir=$build/fuzz/$1 kept=tests/fuzz/corpus/$1
  rm -rf "$dir/merged"
  cp -r "$dir/seeds" "$dir/merged"
  find "$dir/merged" -type f | sort >"$dir/seeds.list"
  if ! "$build"/tests/fuzz/"$target" -merge=1 "$dir/merged" "$kept" -max_len="$max_len" \
    -timeout=10 -rss_limit_mb=4096 2>"$dir/merge.log"; then
    tail -n 20 "$dir/merge.log" >&2
    echo "fuzz: $target: the corpus merge failed; tests/fuzz/corpus/$target left as the run left it" >&2
    return 0
  fi
  rm -rf "$kept"
  mkdir -p "$kept"
  find "$dir/merged" -type f | sort | comm -13 "$dir/seeds.list" - | xargs -r -d '\n' cp -t "$kept"
}

# corpus_size FOLDER: its files and their bytes.
corpus_size() {
  echo "$(find "$1" -type f | wc -l) files, $(find "$1" -type f -printf '%s\n' |
    awk '{ s += $1 } END { printf "%.0f", s / 1024 }') KiB"
}

# record TARGET STATUS: the target's line of the long run's results.
results=()
crashed=0
record() {
  local target=$1 status=$2 log=$build/fuzz/$1/fuzz.log runs outcome
  runs=$(grep -oP '^stat::number_of_executed_units: \K[0-9]+' "$log" ||
    grep -oP '^#\K[0-9]+' "$log" | tail -n 1 || echo '?')
  if [ "$status" = 0 ]; then
    outcome="no crash"
  else
    outcome="crash (exit $status): $(find "$build/fuzz/$target/artifacts" -type f -printf '%f ')"
    crashed=1
  fi
  results+=("| $target | $runs | $outcome | $(corpus_size "tests/fuzz/corpus/$target") |")
}

fuzz collada_fuzz 65536
fuzz gltf_json_fuzz 65536
fuzz glb_fuzz 65536
fuzz data_uri_fuzz 4096
fuzz draco_fuzz 131072
fuzz roundtrip_fuzz 65536
fuzz zae_fuzz 262144
fuzz image_fuzz 65536
if [ "$long" = 0 ]; then
  echo "fuzz: no crash in ${seconds} s (${each} s per target)"
  exit 0
fi

# The long run's results, between the markers of tests/fuzz/README.md's last section.
table=$build/fuzz/long_run.md
{
  echo
  echo "Last long run: $(date -u +%Y-%m-%d), ${each} s per target, at $(git rev-parse --short HEAD)."
  echo
  echo "| target | executions | result | corpus after minimizing |"
  echo "| --- | --- | --- | --- |"
  printf '%s\n' "${results[@]}"
  echo
  echo "The corpora in all: $(corpus_size tests/fuzz/corpus) (committed when under 2 MB)."
  echo
} >"$table"
readme=tests/fuzz/README.md
awk -v table="$table" '
  /^<!-- long run results: tools\/fuzz.sh --long writes them -->$/ {
    print
    while ((getline line < table) > 0) print line
    skip = 1
    next
  }
  /^<!-- end of the long run results -->$/ { skip = 0 }
  !skip' "$readme" >"$readme.new"
mv "$readme.new" "$readme"
cat "$table"
[ "$crashed" = 0 ] || { echo "fuzz: a target crashed: its input is in tests/fuzz/regressions/" >&2; exit 1; }
