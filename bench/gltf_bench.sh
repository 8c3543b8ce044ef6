#!/usr/bin/env bash
# glTF in, glTF out: `polyxios convert` from a GLB to GLB and to .gltf + .bin, and from a .gltf +
# .bin to GLB. For each, the best of REPEATS runs in this one invocation: wall seconds, MB/s of
# input (10^6 bytes, the .bin counted), peak RSS (/usr/bin/time) and, when perf is there, the page
# faults and task-clock of the best run. A run that fails is reported and ends the script.
#
#   bench/gltf_bench.sh POLYXIOS INPUT.glb [REPEATS]
#   build/bench/gen_collada /tmp/big.dae 100 && build/tools/polyxios convert /tmp/big.dae /tmp/big.glb
#   bench/gltf_bench.sh build/tools/polyxios /tmp/big.glb 3
set -euo pipefail
polyxios=$1
glb=$2
repeats=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The .gltf + .bin input: the same scene, written by the same build.
"$polyxios" convert "$glb" "$work/in.gltf" --quiet
have_perf=0
if command -v perf >/dev/null && perf stat -e page-faults true >/dev/null 2>&1; then have_perf=1; fi
echo "input: $glb ($(stat -c %s "$glb") bytes), best of $repeats, $(nproc) cores"
printf '%-16s %9s %9s %11s %12s %11s\n' case seconds MB/s "peak KiB" page-faults "task ms"

# run NAME INPUT_BYTES INPUT OUTPUT: the best of $repeats runs of one conversion.
run() {
  local name=$1 bytes=$2 input=$3 output=$4
  local best="" best_line=""
  for _ in $(seq "$repeats"); do
    rm -f "$output" "${output%.*}.bin"
    local stats="$work/stats" timing="$work/time"
    if [ "$have_perf" = 1 ]; then
      perf stat -x, -e page-faults,task-clock -o "$stats" \
        /usr/bin/time -f "%e %M" -o "$timing" "$polyxios" convert "$input" "$output" --quiet \
        || { echo "$name: convert failed" >&2; exit 1; }
    else
      /usr/bin/time -f "%e %M" -o "$timing" "$polyxios" convert "$input" "$output" --quiet \
        || { echo "$name: convert failed" >&2; exit 1; }
      : >"$stats"
    fi
    local seconds kib faults task
    read -r seconds kib <"$timing"
    faults=$(awk -F, '$3 == "page-faults" {print $1}' "$stats")
    task=$(awk -F, '$3 == "task-clock" {printf "%.0f", $1}' "$stats")
    if [ -z "$best" ] || awk -v a="$seconds" -v b="$best" 'BEGIN {exit !(a < b)}'; then
      best=$seconds
      best_line=$(awk -v n="$name" -v s="$seconds" -v b="$bytes" -v k="$kib" -v f="${faults:--}" \
        -v t="${task:--}" 'BEGIN {printf "%-16s %9.3f %9.0f %11d %12s %11s", n, s, b / 1e6 / (s > 0 ? s : 1e-3), k, f, t}')
    fi
  done
  echo "$best_line"
}

glb_bytes=$(stat -c %s "$glb")
gltf_bytes=$(($(stat -c %s "$work/in.gltf") + $(stat -c %s "$work/in.bin")))
run "glb -> glb" "$glb_bytes" "$glb" "$work/out.glb"
run "glb -> gltf" "$glb_bytes" "$glb" "$work/out.gltf"
run "gltf+bin -> glb" "$gltf_bytes" "$work/in.gltf" "$work/out2.glb"
