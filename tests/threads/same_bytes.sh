#!/usr/bin/env bash
# Output is the same bytes whatever the thread count (issue 12): each input is converted with
# --threads 1 and --threads 2 in every direction whose code has a second thread (the COLLADA
# reader's decoding thread, the COLLADA writer's list formatting, the glTF reader's page warmer
# and cell maker, the glTF writer's bounds planner and buffer maker), and the outputs, exit
# codes and messages compared.
#
#   tests/threads/same_bytes.sh POLYXIOS FILES [GEN_COLLADA]
#
# Inputs: an 8 MB document from GEN_COLLADA when given (large enough for every second thread to
# start), and the first FILES (by path) COLLADA files over 20 kB of the shared corpus
# ($POLYXIOS_CORPUS or ../shared/corpus). Each COLLADA input goes to GLB and to COLLADA; its GLB
# then to GLB, to .gltf + .bin and to COLLADA. With PX_TSAN=1 a ThreadSanitizer report (exit 66)
# fails the run too (tools/tsan.sh). Exit status: 0 all equal, 1 a difference or a report, 77
# (skipped) with no input at all; without the corpus, 1 with PX_REQUIRE_ALL=1
# (tests/support/required.sh).
set -euo pipefail
polyxios=$1
files=$2
gen=${3:-}
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
. tests/support/required.sh

work=$(mktemp -d "${TMPDIR:-/tmp}/px-same-bytes.XXXXXX")
trap 'rm -rf "$work"' EXIT
inputs=()
if [ -n "$gen" ]; then
  "$gen" "$work/gen.dae" 8 >/dev/null 2>&1
  inputs+=("$work/gen.dae")
fi
corpus=${POLYXIOS_CORPUS:-../shared/corpus}
if [ -d "$corpus/collada" ]; then
  while IFS= read -r f; do inputs+=("$f"); done < <(
    find "$corpus/collada" -iname '*.dae' -size +20k | sort | head -n "$files")
else
  [ "${#inputs[@]}" -eq 0 ] || px_skip_part "same_bytes: the corpus files: no corpus at $corpus"
fi
[ "${#inputs[@]}" -gt 0 ] || px_skip "same_bytes: no input (no generator, no corpus at $corpus)"

# convert IN OUT_NAME THREADS: IN converted into $work/tTHREADS/OUT_NAME; stderr kept beside.
convert() {
  local in=$1 name=$2 threads=$3 dir=$work/t$3 status=0
  mkdir -p "$dir"
  "$polyxios" convert --threads "$threads" "$in" "$dir/$name" 2>"$dir/$name.err" || status=$?
  if [ "${PX_TSAN:-0}" = 1 ] && { [ "$status" = 66 ] || grep -q ThreadSanitizer "$dir/$name.err"; }; then
    cat "$dir/$name.err" >&2
    exit 1
  fi
  echo "$status" >"$dir/$name.status"
}

# same IN OUT_NAME: IN converted to OUT_NAME on one thread and on two gives the same files.
# Returns the exit code of the conversion.
checked=0
same() {
  local in=$1 name=$2
  convert "$in" "$name" 1
  convert "$in" "$name" 2
  # the messages name the output's folder, which differs: compare them with it taken out
  sed -i "s|$work/t[12]/||g" "$work"/t1/"$name".err "$work"/t2/"$name".err
  if ! diff -rq "$work/t1" "$work/t2" >"$work/diff" 2>&1; then
    echo "same_bytes: $in -> $name: --threads 1 and --threads 2 differ:" >&2
    head -n 20 "$work/diff" >&2
    exit 1
  fi
  checked=$((checked + 1))
  return "$(cat "$work/t1/$name.status")"
}

for f in "${inputs[@]}"; do
  rm -rf "$work/t1" "$work/t2"
  same "$f" out.dae || true
  if same "$f" out.glb; then
    # the GLB is the same in both folders: read it from one of them
    cp "$work/t1/out.glb" "$work/in.glb"
    same "$work/in.glb" again.glb || true
    same "$work/in.glb" again.gltf || true
    same "$work/in.glb" again.dae || true
  fi
done
echo "same_bytes: ${#inputs[@]} inputs, $checked conversions equal with --threads 1 and 2"
