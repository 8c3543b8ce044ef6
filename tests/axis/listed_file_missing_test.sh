#!/usr/bin/env bash
# The axis and unit corpus test fails when a file it lists does not read, rather than checking the
# others: over a copy of the shared corpus (symbolic links) without one listed file it must fail,
# naming that file. The file taken out has no skin, and the others hold more than the test's old
# totals asked for, so a test that passed over what read would pass here.
#   listed_file_missing_test.sh AXIS_UNIT_CORPUS_TESTS CORPUS
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../support/required.sh"
tests=$1
corpus=$2
missing=collada/assimp/anims_with_full_rotations_between_keys.DAE
[ -f "$corpus/$missing" ] || px_skip "no corpus file at $corpus/$missing"
work=$(mktemp -d "${TMPDIR:-/tmp}/px-axis-missing.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -rs "$(cd "$corpus" && pwd)/collada" "$work/collada"
rm "$work/$missing"
status=0
POLYXIOS_CORPUS=$work "$tests" >"$work/out.txt" 2>&1 || status=$?
if [ "$status" = 0 ] || ! grep -q "$missing" "$work/out.txt" ||
  grep -q '\[  SKIPPED \]' "$work/out.txt"; then
  echo "FAIL: without $missing the test exited $status:"
  sed 's/^/  | /' "$work/out.txt" | head -40
  exit 1
fi
echo "the test fails without $missing, naming it"
