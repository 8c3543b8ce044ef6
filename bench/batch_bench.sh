#!/usr/bin/env bash
# batch throughput: -j 2 against -j 1 over one folder, and the batch runner's per-file cost
# against running `polyxios convert` once per file (a process per asset, as a find | xargs
# wrapper does). Wall times are the best of REPEATS runs, all in this one invocation.
#
#   bench/batch_bench.sh POLYXIOS FOLDER [REPEATS] [TO]
#   bench/batch_bench.sh build/tools/polyxios ../shared/corpus/collada 3 glb
set -euo pipefail
polyxios=$1
folder=$2
repeats=${3:-3}
to=${4:-glb}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
best=""
# best_of NAME COMMAND...: the best wall time of $repeats runs, in $best.
best_of() {
  local name=$1
  shift
  best=""
  for _ in $(seq "$repeats"); do
    rm -rf "$work/out"
    local t0 t1
    t0=$(now)
    "$@" >/dev/null 2>&1 || true
    t1=$(now)
    best=$(echo "$t0 $t1 ${best:-1e9}" | awk '{d = $2 - $1; print (d < $3 ? d : $3)}')
  done
  printf '%-34s %8.3f s\n' "$name" "$best"
}

find "$folder" -type f \( -iname '*.dae' -o -iname '*.dae.gz' -o -iname '*.gltf' -o -iname '*.glb' \) \
  | LC_ALL=C sort >"$work/list.txt"
files=$(wc -l <"$work/list.txt")
bytes=$(tr '\n' '\0' <"$work/list.txt" | xargs -0 cat | wc -c)
echo "folder: $folder ($files assets, $(awk -v b="$bytes" 'BEGIN {printf "%.1f", b / 1e6}') MB), to $to, best of $repeats, $(nproc) cores"

best_of "batch -j 1" "$polyxios" batch "$folder" "$work/out" --to "$to" -j 1 --quiet
j1=$best
best_of "batch -j 2" "$polyxios" batch "$folder" "$work/out" --to "$to" -j 2 --quiet
j2=$best
convert_each() {
  local i=0
  mkdir -p "$work/out"
  while IFS= read -r f; do
    i=$((i + 1))
    "$polyxios" convert "$f" "$work/out/$i.$to" --quiet >/dev/null 2>&1 || true
  done <"$work/list.txt"
}
best_of "convert per file (one process each)" convert_each
each=$best

awk -v j1="$j1" -v j2="$j2" -v each="$each" -v n="$files" 'BEGIN {
  printf "scaling -j 2 / -j 1:                %.2fx\n", j1 / j2
  printf "per file: batch -j 1 %.2f ms, batch -j 2 %.2f ms, convert per file %.2f ms; batch -j 1 saves %.2f ms a file\n",
         1000 * j1 / n, 1000 * j2 / n, 1000 * each / n, 1000 * (each - j1) / n
}'
