#!/usr/bin/python3
"""polyxios validate beside the Khronos glTF-Validator, on the validator's own test assets (the
corpus's gltf/validator folder, each asset beside the validator's FILE.report.json): the error /
no-error verdict of `validate --json` agrees with the report's (numErrors > 0) on at least 99% of
them, and the assets where it does not are exactly those tests/SPEC_COVERAGE.md lists, each with
its reason, under "Where validate's verdict differs from the Khronos validator's". Every message
with a Khronos code names one the validator defines at the severity polyxios grades it with.
Skipped (77) without the corpus, failed with PX_REQUIRE_ALL=1.

  validate_khronos_agreement_test.py POLYXIOS CORPUS_DIR SPEC_COVERAGE
"""
import json
import os
import re
import subprocess
import sys

from cli_checks import required

POLYXIOS, CORPUS, COVERAGE = sys.argv[1], os.path.join(sys.argv[2], "gltf", "validator"), sys.argv[3]
if not os.path.isdir(CORPUS):
    required.skip(f"no corpus at {CORPUS}")

failures = []


def check(name, ok, detail=""):
    if not ok:
        failures.append(name)
        print(f"FAIL: {name}" + (f": {detail}" if detail else ""))


assets = sorted(os.path.relpath(os.path.join(d, f[:-len(".report.json")]), CORPUS)
                for d, _, files in os.walk(CORPUS) for f in files if f.endswith(".report.json"))
check("the validator's assets are there", len(assets) >= 300, str(len(assets)))
p = subprocess.run([POLYXIOS, "validate", "--json", *assets], cwd=CORPUS, capture_output=True)
check("validate exits 2: some assets are invalid", p.returncode == 2, p.stderr.decode())
reports = [json.loads(line) for line in p.stdout.decode("utf-8").splitlines()]
check("one report per asset, in order", [r["uri"] for r in reports] == assets)

# The listed disagreements: "| `base/data/x.gltf` | Khronos: error, polyxios: none | why |".
section = open(COVERAGE, encoding="utf-8").read().split(
    "## Where validate's verdict differs from the Khronos validator's", 1)
check("SPEC_COVERAGE.md has the section listing the disagreements", len(section) == 2)
listed = set(re.findall(r"^\| `([^`]+)` \|", section[-1].split("\n## ", 1)[0], re.M))

khronos_severity = {}
disagree = set()
invalid = 0
for uri, report in zip(assets, reports):
    with open(os.path.join(CORPUS, uri + ".report.json"), encoding="utf-8") as f:
        theirs = json.load(f)
    for m in theirs["issues"]["messages"]:
        khronos_severity[m["code"]] = m["severity"]
    khronos_invalid = theirs["issues"]["numErrors"] > 0
    invalid += khronos_invalid
    if khronos_invalid != (report["issues"]["numErrors"] > 0):
        disagree.add(uri)
agreement = 1 - len(disagree) / len(assets)
print(f"verdicts agree on {len(assets) - len(disagree)} of {len(assets)} assets "
      f"({100 * agreement:.1f}%; {invalid} invalid for the validator)")
check("at least 99% agree", agreement >= 0.99, f"{100 * agreement:.1f}%")
check("the disagreements are the ones listed", disagree == listed,
      f"not listed: {sorted(disagree - listed)}; listed but agreeing: {sorted(listed - disagree)}")

# A message's Khronos code is graded as the validator grades it (no --severity here).
for report in reports:
    for m in report["issues"]["messages"]:
        code = m.get("khronosCode")
        if code in khronos_severity and m["code"].startswith("gltf.read."):
            check(f"{report['uri']}: {m['code']} graded as {code}",
                  m["severity"] == khronos_severity[code], str(m))

if failures:
    print(f"{len(failures)} failed")
    sys.exit(1)
