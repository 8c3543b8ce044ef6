#!/usr/bin/env bash
# Compression beside gltfpack and glTF-Transform (issue 36): one GLB compressed with Draco and with
# meshopt by polyxios (convert --compress), gltfpack and glTF-Transform, each with what it writes
# by default (only the compressed data: no fallback). For each output: its size and share of the
# input, the best of REPEATS encode runs (wall seconds and peak RSS, /usr/bin/time), the Khronos
# validator's errors and warnings, the extensions it requires (the compression extension there
# means no fallback), and the triangles `polyxios info` reads back (it decodes the whole scene).
# A run that fails ends the script.
#
#   bench/compress_peers.sh POLYXIOS GLTFPACK GLTF_TRANSFORM INPUT.glb [REPEATS]
#   (cd /tmp/peers && npm install gltfpack @gltf-transform/cli)
#   bench/compress_peers.sh build/tools/polyxios /tmp/peers/node_modules/.bin/gltfpack \
#     /tmp/peers/node_modules/.bin/gltf-transform in.glb 3
#
# VALIDATOR names the validator harness (default tests/validator/validate.mjs, whose node_modules
# tools/bootstrap.sh installs).
#
# What each run does:
# - polyxios `--compress draco`: Draco at polyxios' default bits (positions 11, normals 8,
#   texcoords 10), then again at glTF-Transform's default bits (14, 10, 12) to compare like with
#   like, and with `--optimize` too (identical vertices merged, as glTF-Transform's weld does).
#   `--compress meshopt`: float32 kept (lossless), alone and with `--optimize` (identical vertices
#   merged, vertex cache and fetch order).
# - gltfpack has no Draco. `-cc`: EXT_meshopt_compression at its higher ratio (`-c` is the plain
#   one; with quantization `-cc` adds meshopt's octahedral filter on normals), on gltfpack's default
#   processing: quantization (KHR_mesh_quantization: positions 14 bits, texcoords 12, normals 8),
#   meshes merged, nodes pruned, vertex cache and fetch order. `-noq` turns the quantization off,
#   so `-cc -noq` keeps float32 as polyxios does; gltfpack also drops vertex attributes no
#   material uses (a TEXCOORD_n without a texture), which `-kv` keeps, as polyxios does.
# - glTF-Transform `draco`: welds identical vertices, then Draco at positions 14, normals 10,
#   texcoords 12 bits, edgebreaker, encode and decode speed 5. `meshopt`: reorders for size, then
#   always quantizes (KHR_mesh_quantization: positions 14 bits, texcoords 12, normals 8 at level
#   high, the default) before EXT_meshopt_compression with meshopt's filters; it has no lossless
#   mode.
# shellcheck disable=SC2016 # the node programs are in single quotes on purpose
set -euo pipefail
polyxios=$1
gltfpack=$2
gltf_transform=$3
input=$4
repeats=${5:-3}
validator=${VALIDATOR:-$(dirname "$0")/../tests/validator/validate.mjs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

input_bytes=$(stat -c %s "$input")
echo "input: $input ($input_bytes bytes), best of $repeats, $(nproc) cores, load$(uptime |
  sed 's/.*load average//')"
printf '%-44s %10s %7s %9s %8s %10s %-46s %10s\n' output bytes "% in" "encode s" "MiB" \
  "val E/W" "extensionsRequired" triangles

# shellcheck source=bench/best_of.sh
source "$(dirname "${BASH_SOURCE[0]}")/best_of.sh"

# required FILE.glb: the GLB's extensionsRequired, joined by "+", or "-".
required() {
  node -e '
    const b = require("fs").readFileSync(process.argv[1]);
    const json = JSON.parse(b.subarray(20, 20 + b.readUInt32LE(12)).toString("utf8"));
    console.log((json.extensionsRequired || []).join("+") || "-");' "$1"
}

# validated FILE.glb: "errors/warnings" of the Khronos validator.
validated() {
  node "$validator" --json "$1" | node -e '
    const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
    console.log(`${r.errors}/${r.warnings}`);'
}

# row NAME OUT COMMAND...: run COMMAND (which writes OUT; none for the input), then check OUT.
row() {
  local name=$1 out=$2
  shift 2
  local encode="- -" bytes
  [ $# -eq 0 ] || encode=$(best "$@")
  bytes=$(stat -c %s "$out")
  local triangles
  triangles=$("$polyxios" info "$out" | awk '$1 == "triangles:" {print $2}')
  awk -v n="$name" -v b="$bytes" -v p="$input_bytes" -v e="$encode" -v v="$(validated "$out")" \
    -v r="$(required "$out")" -v t="$triangles" 'BEGIN {
    split(e, E, " ");
    seconds = E[1] == "-" ? "-" : sprintf("%.3f", E[1]);
    mib = E[2] == "-" ? "-" : sprintf("%.1f", E[2] / 1024);
    printf "%-44s %10d %6.1f%% %9s %8s %10s %-46s %10s\n", n, b, 100 * b / p, seconds, mib, v, r,
      t }'
}

row "input" "$input"
row "polyxios --compress draco" "$work/px-draco.glb" \
  "$polyxios" convert "$input" "$work/px-draco.glb" --quiet --compress draco
row "polyxios --compress draco, bits 14/10/12" "$work/px-draco-14.glb" \
  "$polyxios" convert "$input" "$work/px-draco-14.glb" --quiet --compress draco \
  --draco-position-bits 14 --draco-normal-bits 10 --draco-texcoord-bits 12
row "polyxios --compress draco --optimize, 14/10/12" "$work/px-draco-opt-14.glb" \
  "$polyxios" convert "$input" "$work/px-draco-opt-14.glb" --quiet --compress draco --optimize \
  --draco-position-bits 14 --draco-normal-bits 10 --draco-texcoord-bits 12
row "gltf-transform draco" "$work/gt-draco.glb" \
  "$gltf_transform" draco "$input" "$work/gt-draco.glb"
row "polyxios --compress meshopt" "$work/px-meshopt.glb" \
  "$polyxios" convert "$input" "$work/px-meshopt.glb" --quiet --compress meshopt
row "polyxios --compress meshopt --optimize" "$work/px-meshopt-opt.glb" \
  "$polyxios" convert "$input" "$work/px-meshopt-opt.glb" --quiet --compress meshopt --optimize
row "gltfpack -cc -noq -kv" "$work/gp-cc-noq-kv.glb" \
  "$gltfpack" -i "$input" -o "$work/gp-cc-noq-kv.glb" -cc -noq -kv
row "gltfpack -cc -noq" "$work/gp-cc-noq.glb" \
  "$gltfpack" -i "$input" -o "$work/gp-cc-noq.glb" -cc -noq
row "gltfpack -cc" "$work/gp-cc.glb" "$gltfpack" -i "$input" -o "$work/gp-cc.glb" -cc
row "gltf-transform meshopt" "$work/gt-meshopt.glb" \
  "$gltf_transform" meshopt "$input" "$work/gt-meshopt.glb"

# What the node tools spend before any work: the start of node, the tool's modules and the wasm.
startup() {
  awk -v n="$1" -v e="$2" 'BEGIN {split(e, E, " "); printf "%s %.3f s, %.1f MiB", n, E[1], E[2] / 1024}'
}
echo "startup alone: $(startup "gltfpack -v" "$(best "$gltfpack" -v)"); $(startup \
  "gltf-transform --version" "$(best "$gltf_transform" --version)"); $(startup \
  "polyxios --version" "$(best "$polyxios" --version)")"
