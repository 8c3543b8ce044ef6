#!/usr/bin/env bash
# Compression (issue 14): a COLLADA document converted to GLB plain and with each compression
# (convert --compress draco|meshopt, with --fallback and without (the default), with --optimize),
# then each GLB read back. For each: the output's size, the best of REPEATS encode runs (the whole
# convert) and decode runs (`polyxios info`, which reads and decodes the whole scene), wall seconds
# and peak RSS (/usr/bin/time). A run that fails ends the script.
#
#   bench/compress_bench.sh POLYXIOS INPUT.dae [REPEATS]
#   build/bench/gen_collada /tmp/big.dae 100
#   bench/compress_bench.sh build/tools/polyxios /tmp/big.dae 3
set -euo pipefail
polyxios=$1
input=$2
repeats=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "input: $input ($(stat -c %s "$input") bytes), best of $repeats, $(nproc) cores"
printf '%-34s %12s %7s %10s %10s %10s %10s\n' output bytes "% plain" "encode s" "enc MiB" \
  "decode s" "dec MiB"

# shellcheck source=bench/best_of.sh
source "$(dirname "${BASH_SOURCE[0]}")/best_of.sh"

plain_bytes=""
# row NAME FLAGS...: convert with FLAGS, then read the output back.
row() {
  local name=$1
  shift
  local out="$work/$name.glb"
  local encode decode
  encode=$(best "$polyxios" convert "$input" "$out" --quiet "$@")
  decode=$(best "$polyxios" info "$out")
  local bytes
  bytes=$(stat -c %s "$out")
  [ -n "$plain_bytes" ] || plain_bytes=$bytes
  awk -v n="$name" -v b="$bytes" -v p="$plain_bytes" -v e="$encode" -v d="$decode" 'BEGIN {
    split(e, E, " "); split(d, D, " ");
    printf "%-34s %12d %6.1f%% %10.3f %10.1f %10.3f %10.1f\n", n, b, 100 * b / p, E[1], E[2] / 1024,
      D[1], D[2] / 1024 }'
}

row plain
row "draco --fallback" --compress draco --fallback
row "draco" --compress draco
row "draco --optimize" --compress draco --optimize
row "meshopt --fallback" --compress meshopt --fallback
row "meshopt" --compress meshopt
row "meshopt --optimize" --compress meshopt --optimize
