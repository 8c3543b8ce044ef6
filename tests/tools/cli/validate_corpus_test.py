#!/usr/bin/python3
"""polyxios validate over the shared corpus's COLLADA folder: -j 2 prints what -j 1 prints, one
report per asset in input order (the assets sorted by relative path, byte order), to every output
format; each --json line parses and the summary agrees with the reports. Skipped (77) without the
corpus, failed with PX_REQUIRE_ALL=1.

  validate_corpus_test.py POLYXIOS CORPUS_DIR
"""
import json
import os
import subprocess
import sys

from cli_checks import required

POLYXIOS, CORPUS = sys.argv[1], os.path.join(sys.argv[2], "collada")
if not os.path.isdir(CORPUS):
    required.skip(f"no corpus at {CORPUS}")

failures = []


FAILURE_CODES = {"io.error", "memory.exhausted", "internal.error", "validate.timeout"}


def check(name, ok, detail=""):
    if not ok:
        failures.append(name)
        print(f"FAIL: {name}" + (f": {detail}" if detail else ""))


def validate(*args):
    p = subprocess.run([POLYXIOS, "validate", CORPUS, *args], capture_output=True,
                       stdin=subprocess.DEVNULL, timeout=800)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def is_asset(name):
    lower = name.lower()
    return any(lower.endswith(ext) and len(lower) > len(ext)
               for ext in (".dae.gz", ".dae", ".zae", ".gltf", ".glb"))


expected = sorted(os.path.relpath(os.path.join(d, f), CORPUS).encode()
                  for d, _, files in os.walk(CORPUS) for f in files
                  if is_asset(f) and os.path.isfile(os.path.join(d, f)))
expected = [os.path.normpath(os.path.join(CORPUS, p.decode())) for p in expected]

for to in ("glb", "gltf", "dae"):
    rc1, out1, _ = validate("-j", "1", "--to", to)
    rc2, out2, _ = validate("-j", "2", "--to", to)
    check(f"--to {to}: -j 2 exits as -j 1", rc1 == rc2, f"{rc1} and {rc2}")
    check(f"--to {to}: refusals in the corpus exit 2", rc1 == 2, str(rc1))
    check(f"--to {to}: -j 2 prints what -j 1 prints", out1 == out2)
    summary = out1.decode("utf-8", "replace").splitlines()[-1] if out1 else ""
    check(f"--to {to}: the summary counts every asset",
          summary.startswith(f"{len(expected)} assets: "), summary)

    rc, out, err = validate("-j", "2", "--json", "--to", to)
    lines = out.decode("utf-8").splitlines()  # always UTF-8, whatever the corpus holds
    reports = []
    for line in lines:
        try:
            reports.append(json.loads(line))
        except ValueError as e:
            check(f"--json --to {to}: each line is JSON", False, f"{e}: {line[:200]}")
    uris = [r["uri"] for r in reports]
    check(f"--json --to {to}: one report per asset, in input order", uris == expected,
          f"{len(uris)} reports, {len(expected)} assets")
    ok = sum(1 for r in reports if r["issues"]["numErrors"] == 0 and
             r["issues"]["numWarnings"] == 0)
    warned = sum(1 for r in reports if r["issues"]["numErrors"] == 0 and
                 r["issues"]["numWarnings"] > 0)
    # Failed: could not be done (its code says why); refused: by the rules.
    failed = sum(1 for r in reports if any(m["code"] in FAILURE_CODES
                                           for m in r["issues"]["messages"]))
    refused = len(reports) - ok - warned - failed
    check(f"--json --to {to}: the summary agrees with the reports",
          f"{len(reports)} assets: {ok} ok, {warned} with warnings, {refused} refused, "
          f"{failed} failed" in err, err)
    print(f"--to {to}: {len(reports)} assets, {ok} ok, {warned} with warnings, {refused} refused, "
          f"{failed} failed")

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
