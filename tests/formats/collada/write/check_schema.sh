#!/usr/bin/env bash
# Validates every COLLADA document the writer tests saved (tests/formats/collada/write/write_test_util.h)
# against the COLLADA 1.4.1 schema with xmllint; exit 0 when all pass, 77 (skipped) when the schema
# is absent (1 with PX_REQUIRE_ALL=1: tests/support/required.sh), 1 with xmllint's messages, and 1
# when xmllint or the documents are absent.
#   check_schema.sh SCHEMA DIR
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../../support/required.sh"
schema=$1
dir=$2
[ -f "$schema" ] || px_skip "no COLLADA schema at $schema"
command -v xmllint >/dev/null || { echo "xmllint absent (libxml2-utils)"; exit 1; }
mapfile -t files < <(find "$dir" -name '*.dae' 2>/dev/null | sort)
[ "${#files[@]}" -gt 0 ] || { echo "no written documents under $dir"; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
# xmllint parses the schema once per run: batches of files keep the argument list bounded.
for ((i = 0; i < ${#files[@]}; i += 200)); do
  if ! xmllint --noout --nonet --schema "$schema" "${files[@]:i:200}" >"$log" 2>&1; then
    grep -v ' validates$' "$log" || true
    failed=1
  fi
done
echo "${#files[@]} documents checked against the COLLADA 1.4.1 schema"
exit $failed
