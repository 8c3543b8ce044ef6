#!/usr/bin/env bash
# polyxios beside bare expat (px_e2e's stage a, and xmlwf) and beside assimp on the same
# generated COLLADA, in one run, so that the ratios are read side by side. Times are the best of
# REPEATS runs; peak memory is each command's maximum resident set.
#
#   bench/compare.sh [BUILD] [SIZE_MB ...]        e.g. bench/compare.sh build 100
#
# BUILD holds the Release build (build/ by default); the documents are generated there, under
# bench-data/, never in git. xmlwf (Debian's expat package), GNU time and assimp-utils are
# installed here when missing and this runs as root; assimp is skipped when it cannot be (it is a
# comparison only, never a dependency of polyxios).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100)
repeats=${REPEATS:-3}

want=()
command -v xmlwf >/dev/null 2>&1 || want+=(expat)
[ -x /usr/bin/time ] || want+=(time)
command -v assimp >/dev/null 2>&1 || want+=(assimp-utils)
if [ ${#want[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "compare: installing ${want[*]}" >&2
  apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null 2>&1 ||
    (apt-get update -qq >/dev/null 2>&1 &&
      apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null 2>&1) || true
fi
[ -x /usr/bin/time ] || { echo "compare: needs GNU time (/usr/bin/time)" >&2; exit 1; }

data=$build/bench-data
mkdir -p "$data"
out=$(mktemp -d "${TMPDIR:-/tmp}/px-compare.XXXXXX")
trap 'rm -rf "$out"' EXIT

# best NAME TIMEOUT COMMAND...: prints "seconds peak_MiB" of the fastest of $repeats runs, or
# "- -" when the command fails or runs past TIMEOUT seconds.
best() {
  local timeout=$1
  shift
  local best_s="" best_kib=""
  for _ in $(seq "$repeats"); do
    rm -f "$out"/out.*
    if ! timeout "$timeout" /usr/bin/time -f "%e %M" -o "$out/time" "$@" >/dev/null 2>&1; then
      echo "- -"
      return
    fi
    read -r s kib <"$out/time"
    if [ -z "$best_s" ] || awk -v a="$s" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then
      best_s=$s
      best_kib=$kib
    fi
  done
  awk -v s="$best_s" -v k="$best_kib" 'BEGIN { printf "%s %.1f\n", s, k / 1024 }'
}

size_of() { stat -c %s "$1" 2>/dev/null | awk '{ printf "%.1f", $1 / 1e6 }' || echo -; }

for size in "${sizes[@]}"; do
  file=$data/compare-$size.dae
  [ -f "$file" ] || "$build/bench/gen_collada" "$file" "$size" >/dev/null
  cat "$file" >/dev/null  # into the page cache
  echo "== $file ($(size_of "$file") MB), best of $repeats"
  printf '%-36s %9s %9s %10s %10s\n' tool seconds "x expat" "peak MiB" "output MB"
  # The floor: px_e2e's stage a (expat with empty handlers, 256 KiB reads), which is faster than
  # xmlwf (Debian's xmlwf maps the file and hands expat all of it at once); the ratios are to it.
  expat_s=$("$build/bench/px_e2e" "$file" --stages a --repeat "$repeats" --json |
    python3 -c 'import json, sys; print("%.2f" % json.load(sys.stdin)["stages"][0]["seconds"])')
  read -r xmlwf_s _ < <(best 600 xmlwf "$file")
  rows=()
  rows+=("bare expat (px_e2e stage a)|$expat_s|-|")
  rows+=("bare expat (xmlwf)|$xmlwf_s|-|")
  for threads in 0 1; do
    read -r s m < <(best 600 "$build/tools/polyxios" convert --threads "$threads" "$file" "$out/out.glb")
    "$build/tools/polyxios" convert --threads "$threads" "$file" "$out/out.glb" >/dev/null 2>&1 || true
    rows+=("polyxios convert --threads $threads|$s|$m|$(size_of "$out/out.glb")")
  done
  if command -v assimp >/dev/null 2>&1; then
    read -r s m < <(best 900 assimp export "$file" "$out/out.glb")
    assimp export "$file" "$out/out.glb" >/dev/null 2>&1 || true
    rows+=("assimp export ($(assimp version 2>/dev/null | grep -o 'Version [0-9.]*' | head -1))|$s|$m|$(size_of "$out/out.glb")")
  else
    rows+=("assimp export (not installed: skipped)|-|-|")
  fi
  for row in "${rows[@]}"; do
    IFS='|' read -r name s m o <<<"$row"
    ratio=-
    if [ "$s" != - ] && [ -n "$expat_s" ] && [ "$expat_s" != - ]; then
      ratio=$(awk -v a="$s" -v b="$expat_s" 'BEGIN { printf "%.2f", a / b }')
    fi
    [ "$name" = "bare expat (px_e2e stage a)" ] && m=-
    [ "$name" = "bare expat (xmlwf)" ] && m=-
    printf '%-36s %9s %9s %10s %10s\n' "$name" "$s" "$ratio" "${m:--}" "${o:--}"
  done
done
