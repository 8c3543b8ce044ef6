#!/usr/bin/env bash
# The CLI converts every pair (README, issue 10): dae->glb/gltf/dae, glb->dae/gltf, gltf->dae/glb,
# standard input to standard output as COLLADA, with its exit codes; a refused or failed
# conversion leaves no output; --max-input, --max-memory and an allocation the system refuses.
# Every .dae it writes is checked against the COLLADA 1.4.1 schema when the schema is there (it
# must be with PX_REQUIRE_ALL=1: tests/support/required.sh).
#   cli_test.sh POLYXIOS SAMPLE.dae SCHEMA.xsd
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../support/required.sh"
polyxios=$1
sample=$2
schema=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

check() {  # check NAME EXPECTED_EXIT COMMAND...
  local name=$1 want=$2
  shift 2
  "$@" >"$work/out.txt" 2>"$work/err.txt"
  local got=$?
  if [ "$got" -eq "$want" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name: exit $got, expected $want"
    sed 's/^/  | /' "$work/err.txt" | head -20
  fi
}

expect_file() {  # expect_file NAME PATH MAGIC
  if [ -s "$2" ] && head -c 64 "$2" | grep -q "$3"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $1: $2 missing, empty or not starting with $3"
  fi
}

expect_absent() {  # expect_absent NAME PATH
  if [ -e "$2" ]; then
    failed=$((failed + 1))
    echo "FAIL: $1: $2 was written"
  else
    passed=$((passed + 1))
  fi
}

d=$work/out
mkdir -p "$d"
check "dae->glb" 0 "$polyxios" convert "$sample" "$d/a.glb"
expect_file "dae->glb" "$d/a.glb" "glTF"
check "dae->gltf" 0 "$polyxios" convert "$sample" "$d/a.gltf"
expect_file "dae->gltf" "$d/a.gltf" "asset"
check "dae->dae" 0 "$polyxios" convert "$sample" "$d/a.dae"
expect_file "dae->dae" "$d/a.dae" "<?xml"
check "glb->dae" 0 "$polyxios" convert "$d/a.glb" "$d/b.dae"
expect_file "glb->dae" "$d/b.dae" "<?xml"
check "gltf->dae" 0 "$polyxios" convert "$d/a.gltf" "$d/c.dae"
expect_file "gltf->dae" "$d/c.dae" "<?xml"
check "glb->gltf" 0 "$polyxios" convert "$d/a.glb" "$d/b.gltf"
expect_file "glb->gltf" "$d/b.gltf" "asset"
check "gltf->glb" 0 "$polyxios" convert "$d/b.gltf" "$d/c.glb"
expect_file "gltf->glb" "$d/c.glb" "glTF"
check "dae->dae->glb" 0 "$polyxios" convert "$d/a.dae" "$d/d.glb"
expect_file "dae->dae->glb" "$d/d.glb" "glTF"
check "--format dae overrides the extension" 0 "$polyxios" convert "$sample" "$d/e.out" --format dae
expect_file "--format dae" "$d/e.out" "<?xml"

# standard input to standard output, as COLLADA and as GLB
"$polyxios" convert - - --format dae <"$sample" >"$d/stdout.dae" 2>"$work/err.txt"
check "stdin->stdout dae" 0 test -s "$d/stdout.dae"
expect_file "stdin->stdout dae" "$d/stdout.dae" "<?xml"
if cmp -s "$d/stdout.dae" "$d/a.dae"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: the stream and the file differ"; fi
"$polyxios" convert - - <"$d/a.dae" >"$d/stdout.glb" 2>"$work/err.txt"
expect_file "dae on stdin->glb on stdout" "$d/stdout.glb" "glTF"

# determinism: the same input gives the same bytes
check "dae->dae again" 0 "$polyxios" convert "$sample" "$d/a2.dae"
if cmp -s "$d/a.dae" "$d/a2.dae"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: two writes of one input differ"; fi

# an encoding expat does not read itself is transcoded with iconv, whose converters a static
# binary (PX_STATIC_BINARY) loads from the system's glibc: "日本" in Shift_JIS
printf '<?xml version="1.0" encoding="Shift_JIS"?>\n<COLLADA version="1.4.1"><library_visual_scenes><visual_scene id="vs"><node id="n" name="\223\372\226\173"/></visual_scene></library_visual_scenes><scene><instance_visual_scene url="#vs"/></scene></COLLADA>' >"$work/sjis.dae"
check "Shift_JIS->gltf" 0 "$polyxios" convert "$work/sjis.dae" "$d/sjis.gltf"
if grep -q "\"name\":\"$(printf '\346\227\245\346\234\254')\"" "$d/sjis.gltf"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: a Shift_JIS name was not transcoded to UTF-8"; fi

# usage errors and refusals write nothing
check "--format xyz is a usage error" 1 "$polyxios" convert "$sample" "$d/x.dae" --format xyz
expect_absent "usage error" "$d/x.dae"
check "an unknown output extension is refused" 2 "$polyxios" convert "$sample" "$d/x.obj"
expect_absent "unknown extension" "$d/x.obj"
printf '<COLLADA><library_geometries><geometry id="g"><mesh><source id="s"><float_array id="a" count="9">1 2</float_array></source></mesh></geometry></library_geometries></COLLADA>' >"$work/bad.in.dae"
check "a refused input" 2 "$polyxios" convert "$work/bad.in.dae" "$d/y.dae"
expect_absent "refused input" "$d/y.dae"
check "an output folder that does not exist" 3 "$polyxios" convert "$sample" "$d/no/such/z.dae"

# --max-input MIB: an input of more is refused (exit 2, limits.input-bytes) and nothing written;
# exactly MIB is read. From a file and from standard input, which is not read to its end.
pad=$((1048576 - $(wc -c <"$sample") - 7))  # the sample, then a comment: 1 MiB in all
{ cat "$sample"; printf '<!--'; head -c $pad /dev/zero | tr '\0' ' '; printf -- '-->'; } \
  >"$work/mib.dae"
check "1 MiB exactly is read" 0 test "$(wc -c <"$work/mib.dae")" -eq 1048576
check "--max-input 1 reads 1 MiB" 0 "$polyxios" convert --max-input 1 "$work/mib.dae" "$d/mib.glb"
expect_file "--max-input 1 reads 1 MiB" "$d/mib.glb" "glTF"
printf ' ' >>"$work/mib.dae"
check "--max-input 1 refuses 1 MiB + 1" 2 \
  "$polyxios" convert --max-input 1 "$work/mib.dae" "$d/over.glb"
if grep -q '^polyxios: limits.input-bytes: ' "$work/err.txt"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: --max-input's refusal does not name limits.input-bytes"; fi
expect_absent "--max-input refusal" "$d/over.glb"
check "--max-input 1 refuses standard input past 1 MiB" 2 \
  sh -c "head -c 100000000 /dev/zero | '$polyxios' convert --max-input 1 - '$d/over.dae'"
expect_absent "--max-input refusal from standard input" "$d/over.dae"
check "--max-input 0 is a usage error" 1 "$polyxios" convert --max-input 0 "$sample" "$d/over.glb"
check "info --max-input" 2 "$polyxios" info --max-input 1 "$work/mib.dae"
check "validate --max-input" 2 "$polyxios" validate --max-input 1 "$work/mib.dae"

# --max-memory: a read whose arrays need more than the limit is refused (limits.memory, exit 2)
# and writes nothing; under a limit above its needs it converts. 100,000 triangles: 3.6 MB of
# positions and their splitting tables.
awk 'BEGIN { n = 100000
  printf "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">"
  printf "<library_geometries><geometry id=\"g\"><mesh><source id=\"p\">"
  printf "<float_array id=\"pa\" count=\"%d\">", n * 9
  for (i = 0; i < n * 9; i++) printf "%d ", i % 7
  printf "</float_array><technique_common><accessor source=\"#pa\" count=\"%d\" stride=\"3\">", n * 3
  printf "<param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/>"
  printf "</accessor></technique_common></source><vertices id=\"v\"><input semantic=\"POSITION\" source=\"#p\"/></vertices>"
  printf "<triangles count=\"%d\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/><p>", n
  for (i = 0; i < n * 3; i++) printf "%d ", i
  printf "</p></triangles></mesh></geometry></library_geometries><library_visual_scenes><visual_scene id=\"s\">"
  printf "<node id=\"n\"><instance_geometry url=\"#g\"/></node></visual_scene></library_visual_scenes>"
  printf "<scene><instance_visual_scene url=\"#s\"/></scene></COLLADA>" }' >"$work/big.dae"
check "--max-memory 1 refuses a read needing more" 2 "$polyxios" convert "$work/big.dae" "$d/big.glb" --max-memory 1
if grep -q '^polyxios: limits.memory: ' "$work/err.txt"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: --max-memory 1: no limits.memory refusal"; sed 's/^/  | /' "$work/err.txt"; fi
expect_absent "--max-memory 1" "$d/big.glb"
check "--max-memory 64 converts it" 0 "$polyxios" convert "$work/big.dae" "$d/big.glb" --max-memory 64
check "--max-memory 0 is a usage error" 1 "$polyxios" convert "$work/big.dae" "$d/big2.glb" --max-memory 0
# The element tree is charged too (issue 34, defect 7): 16 MiB of <a/> gzipped to a few KB build
# a tree of some 500 MB; under --max-memory 8 it is refused with limits.memory at an early line,
# long before --max-input's 64 MiB of inflated bytes are in.
{ printf '<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">\n'
  yes '<a/>' | head -n 3355443; printf '</COLLADA>\n'; } | gzip -c >"$work/elements.dae.gz"
check "--max-memory 8 refuses a .dae.gz whose tree needs more" 2 \
  "$polyxios" convert "$work/elements.dae.gz" "$d/elements.glb" --max-memory 8 --max-input 64
if grep -q '^polyxios: limits.memory: <a> at line [0-9]\{1,6\}: ' "$work/err.txt"; then
  passed=$((passed + 1)); else failed=$((failed + 1))
  echo "FAIL: .dae.gz of <a/>: no limits.memory refusal at an early <a>"
  sed 's/^/  | /' "$work/err.txt"; fi
expect_absent "--max-memory 8, .dae.gz" "$d/elements.glb"

# An allocation the system refuses (an address-space cap, as a container's limit) ends convert with
# "out of memory" and exit 3 (the machine's failure, worth a retry), nothing written: under caps
# from the least that starts polyxios up to one that converts, every run converts or ends so, and
# one at least ends so. AddressSanitizer cannot run under such a cap (PX_SANITIZED): the release
# build checks it.
if [ "${PX_SANITIZED:-0}" != 1 ]; then
  capped_out=0 capped_bad=""
  for mib in 8 16 24 32 48 64 96 128 192 256 384 512; do
    (ulimit -v $((mib * 1024)) && exec "$polyxios" --version) >/dev/null 2>&1 || continue
    (ulimit -v $((mib * 1024)) && exec "$polyxios" convert --threads 1 "$work/big.dae" "$d/capped.glb") \
      >/dev/null 2>"$work/err.txt"
    got=$?
    if [ "$got" -eq 0 ]; then break; fi
    if [ "$got" -eq 3 ] && grep -q 'out of memory' "$work/err.txt" && [ ! -e "$d/capped.glb" ]; then
      capped_out=$((capped_out + 1))
    else
      capped_bad="$capped_bad ${mib}MiB:exit$got"
    fi
  done
  if [ "$capped_out" -gt 0 ] && [ -z "$capped_bad" ] && [ -s "$d/capped.glb" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: under an address-space cap: $capped_out out-of-memory exits, others:$capped_bad"
    sed 's/^/  | /' "$work/err.txt" | head -5
  fi
fi

if [ -f "$schema" ]; then
  if xmllint --noout --nonet --schema "$schema" "$d"/*.dae "$d/e.out" 2>"$work/xmllint.txt"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: a written .dae breaks the COLLADA 1.4.1 schema"
    grep -v ' validates$' "$work/xmllint.txt" | head -20
  fi
else
  px_skip_part "the schema check: no COLLADA schema at $schema"
fi

# Each command's own help: its usage block and the common options, and no other command's.
expect_help() {  # expect_help NAME WANT_TEXT UNWANTED_TEXT COMMAND...
  local name=$1 want=$2 unwanted=$3
  shift 3
  if "$@" >"$work/help.txt" 2>&1 && grep -qF -- "$want" "$work/help.txt" &&
    grep -qE -- "^(common|conversion) options" "$work/help.txt" && ! grep -qF -- "$unwanted" "$work/help.txt"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    head -5 "$work/help.txt" | sed 's/^/  | /'
  fi
}
expect_help "convert --help" "polyxios convert IN OUT" "polyxios info IN" "$polyxios" convert --help
expect_help "info -h" "polyxios info IN" "polyxios convert IN" "$polyxios" info in.dae -h
expect_help "help batch" "polyxios batch SRC OUT" "polyxios validate PATH" "$polyxios" help batch
expect_help "merge-reports --help" "polyxios merge-reports REPORT" "polyxios --help | --version" \
  "$polyxios" merge-reports --help
expect_help "--help" "polyxios validate PATH" "no such text" "$polyxios" --help

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
