#!/usr/bin/env bash
# Demo: build the polyxios CLI, convert each bundled sample corpus/samples/*.dae
# to build/demo/<name>.glb, check it with the Khronos glTF-Validator and show
# `polyxios info` of the result; then convert that GLB back to COLLADA
# (build/demo/<name>.dae) and check it against the COLLADA 1.4.1 schema when
# ../shared/spec holds it.
#
# Exit status: 0 when every sample converted and validated without errors.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

tools/bootstrap.sh

log=$(mktemp "${TMPDIR:-/tmp}/polyxios-demo.XXXXXX")
trap 'rm -f "$log"' EXIT
quiet() {
  if ! "$@" >"$log" 2>&1; then
    echo "demo: failed: $*" >&2
    tail -n 40 "$log" >&2
    exit 1
  fi
}

echo "== building polyxios (build/, Release)"
quiet cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
quiet cmake --build build --target polyxios -j"$(nproc)"
polyxios=build/tools/polyxios
[ -x "$polyxios" ] || { echo "demo: $polyxios was not built" >&2; exit 1; }

shopt -s nullglob nocaseglob
samples=(corpus/samples/*.dae)
shopt -u nocaseglob
if [ "${#samples[@]}" -eq 0 ]; then
  echo "demo: no samples in corpus/samples/*.dae" >&2
  exit 1
fi

mkdir -p build/demo
status=0
for sample in "${samples[@]}"; do
  name=$(basename "$sample")
  name=${name%.*}
  out=build/demo/$name.glb
  echo
  echo "== polyxios convert $sample $out"
  rc=0
  "$polyxios" convert "$sample" "$out" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "demo: conversion of $sample failed (exit $rc)" >&2
    status=1
    continue
  fi
  echo "   $(wc -c <"$out") bytes"
  echo
  echo "== glTF-Validator"
  # Image URIs are looked up next to the output, then next to the sample; an
  # image found in neither is listed, not counted as an error.
  node tests/validator/validate.mjs --strict --allow-missing-images \
    --search-dir "$(dirname "$sample")" "$out" || status=1
  echo
  echo "== polyxios info $out"
  "$polyxios" info "$out" || status=1
  dae=build/demo/$name.dae
  echo
  echo "== polyxios convert $out $dae"
  rc=0
  "$polyxios" convert "$out" "$dae" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "demo: conversion of $out to COLLADA failed (exit $rc)" >&2
    status=1
    continue
  fi
  echo "   $(wc -c <"$dae") bytes"
  schema=../shared/spec/collada_schema_1_4_1.xsd
  if [ -f "$schema" ]; then
    echo
    echo "== xmllint --schema collada_schema_1_4_1.xsd $dae"
    xmllint --noout --nonet --schema "$schema" "$dae" || status=1
  fi
done
exit "$status"
