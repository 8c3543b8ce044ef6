#!/usr/bin/env bash
# `polyxios validate` beside the Khronos glTF-Validator (npm gltf-validator, run by
# tests/validator/validate.mjs in one node process), on the same files in one invocation: the
# validator's own test assets (every FILE with a FILE.report.json under the folder given), then one
# large GLB. For each, the best of REPEATS runs: wall seconds and peak RSS (/usr/bin/time), and
# the ratios issue 36 asks for (polyxios at least 10x faster, at most a third of the memory).
#
#   bench/validate_bench.sh POLYXIOS VALIDATOR_ASSETS_DIR BIG.glb [REPEATS]
#   build/bench/gen_collada /tmp/big.dae 30 && build/tools/polyxios convert /tmp/big.dae /tmp/big.glb
#   bench/validate_bench.sh build/tools/polyxios ../shared/corpus/gltf/validator /tmp/big.glb 3
set -euo pipefail
polyxios=$(realpath "$1")
assets_dir=$2
glb=$(realpath "$3")
repeats=${4:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
khronos="node $here/tests/validator/validate.mjs --json"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$assets_dir" && find . -name '*.report.json' | sed 's/\.report\.json$//' | sort) >"$work/list"
echo "$(wc -l <"$work/list") validator assets in $assets_dir; $glb ($(stat -c %s "$glb") bytes);" \
  "best of $repeats; $(nproc) cores"
printf '%-28s %9s %11s\n' case seconds "peak KiB"

# best NAME DIR COMMAND...: the best wall time of $repeats runs in DIR, and that run's peak RSS.
best() {
  local name=$1 dir=$2
  shift 2
  local best_s="" best_k=""
  for _ in $(seq "$repeats"); do
    (cd "$dir" && /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1) || true
    local s k
    read -r s k < <(tail -n 1 "$work/time")
    if [ -z "$best_s" ] || awk -v a="$s" -v b="$best_s" 'BEGIN {exit !(a < b)}'; then
      best_s=$s
      best_k=$k
    fi
  done
  printf '%-28s %9.3f %11d\n' "$name" "$best_s" "$best_k"
  echo "$name $best_s $best_k" >>"$work/results"
}

mapfile -t files <"$work/list"
best "assets: polyxios -j 1" "$assets_dir" "$polyxios" validate --json -j 1 "${files[@]}"
best "assets: polyxios" "$assets_dir" "$polyxios" validate --json "${files[@]}"
best "assets: khronos" "$assets_dir" $khronos "${files[@]}"
best "glb: polyxios" "$(dirname "$glb")" "$polyxios" validate --json "$glb"
best "glb: khronos" "$(dirname "$glb")" $khronos "$glb"

# Names hold spaces and colons: match on the whole name before the figures.
ratio_of() {
  local a=$1 b=$2 column=$3
  python3 - "$work/results" "$a" "$b" "$column" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    *name, s, k = line.split()
    rows[" ".join(name)] = (float(s), float(k))
a, b, c = rows[sys.argv[2]], rows[sys.argv[3]], int(sys.argv[4])
print(f"{b[c] / a[c]:.1f}" if a[c] > 0 else "inf")
PY
}
echo "assets: khronos / polyxios time $(ratio_of "assets: polyxios" "assets: khronos" 0)x," \
  "-j 1 $(ratio_of "assets: polyxios -j 1" "assets: khronos" 0)x;" \
  "memory $(ratio_of "assets: polyxios" "assets: khronos" 1)x"
echo "glb: khronos / polyxios time $(ratio_of "glb: polyxios" "glb: khronos" 0)x;" \
  "memory $(ratio_of "glb: polyxios" "glb: khronos" 1)x"
