#!/usr/bin/python3
"""The exit codes as every place that states them states them (issue 36): the codes the binary
uses (engine/errors.cc's exit_status and kOutOfMemoryExitStatus, and what the binary returns for a
usage error, a refused input, an unreadable one and an empty validate or batch), the README's
table and its Kubernetes paragraph, `--help`, the man page's EXIT STATUS and the Kubernetes
podFailurePolicy in deploy/.

  exit_codes_test.py POLYXIOS REPO
"""
import os
import re
import subprocess
import sys
import tempfile

from cli_checks import Checks

check = Checks()

# What each failure means, as each text says it: a word its line holds.
MEANINGS = {"kUsage": "usage", "kRefused": "refused", "kIo": "I/O", "kInternal": "internal",
            "kOutOfMemory": "out of memory"}


def source_codes(repo):
    """Failure name -> exit status, from engine/errors.cc's exit_status (a case that breaks takes
    the return after the switch) and engine/errors.h's kOutOfMemoryExitStatus."""
    with open(os.path.join(repo, "engine", "errors.h")) as f:
        oom = int(re.search(r"kOutOfMemoryExitStatus = (\d+);", f.read()).group(1))
    with open(os.path.join(repo, "engine", "errors.cc")) as f:
        body = f.read().split("int exit_status(Failure failure)", 1)[1].split("\n}\n", 1)[0]
    codes, pending = {}, []
    for line in body.splitlines():
        if m := re.search(r"case Failure::(k\w+):", line):
            pending.append(m.group(1))
        elif m := re.search(r"return (\w+);", line):
            value = oom if m.group(1) == "kOutOfMemoryExitStatus" else int(m.group(1))
            codes.update({name: value for name in pending})
            pending = []
    check("every failure has its exit status", set(MEANINGS) <= set(codes), f"{codes}")
    check("out of memory is exit_status(kOutOfMemory)", codes.get("kOutOfMemory") == oom,
          f"{codes} against {oom}")
    return codes


def run(polyxios, *args):
    return subprocess.run([polyxios, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120).returncode


def binary_codes(polyxios, codes):
    with tempfile.TemporaryDirectory() as work:
        bad = os.path.join(work, "bad.dae")
        with open(bad, "w") as f:
            f.write('<COLLADA><library_geometries><geometry id="g"><mesh><source id="s">'
                    '<float_array id="a" count="9">1 2</float_array></source></mesh>'
                    '</geometry></library_geometries></COLLADA>')
        empty = os.path.join(work, "empty")
        os.mkdir(empty)
        for what, name, args in (
                ("an unknown option", "kUsage", ["convert", "--no-such-option", bad, "x.glb"]),
                ("a refused input", "kRefused", ["convert", bad, os.path.join(work, "x.glb")]),
                ("a missing input", "kIo",
                 ["convert", os.path.join(work, "none.dae"), os.path.join(work, "x.glb")]),
                ("validate of an empty folder", "kUsage", ["validate", empty]),
                ("batch of an empty folder", "kUsage", ["batch", empty, os.path.join(work, "o")])):
            got = run(polyxios, *args)
            check(f"the binary exits {codes[name]} for {what}", got == codes[name], f"exit {got}")


def table_rows(text):
    """{code: meaning} of the lines "N  meaning" (help) or "| N | meaning |" (README)."""
    rows = {}
    for line in text.splitlines():
        if m := re.match(r"\| (\d+) \| (.*)", line):
            rows[int(m.group(1))] = m.group(2)
        elif m := re.match(r"  (\d) +(\S.*)", line):
            rows[int(m.group(1))] = m.group(2)
    return rows


def compare(where, rows, codes):
    for name, word in MEANINGS.items():
        code = codes[name]
        check(f"{where}: {code} is '{word}'", word.lower() in rows.get(code, "").lower(),
              f"row {code}: {rows.get(code)!r}")
    check(f"{where}: no code the binary does not use",
          set(rows) <= set(codes.values()) | {0}, f"codes {sorted(rows)}")


def readme(repo, codes):
    with open(os.path.join(repo, "README.md")) as f:
        text = f.read()
    table = text.split("Exit codes, so a batch scheduler", 1)[1].split("\n\n", 2)[1]
    compare("README table", table_rows(table), codes)
    sentence = re.search(r"`podFailurePolicy` retries exit codes ([^(]*)\(", text)
    retried = sorted(int(n) for n in re.findall(r"\d+", sentence.group(1))) if sentence else None
    return retried


def help_text(polyxios, codes):
    text = subprocess.run([polyxios, "--help"], capture_output=True, text=True).stdout
    block = text.split("exit codes (convert, info, validate):", 1)[1]
    block = block.split("exit codes (batch", 1)[0]
    compare("--help", table_rows(block), codes)


def man_page(repo, codes):
    with open(os.path.join(repo, "tools", "cli", "polyxios.1")) as f:
        text = f.read()
    section = text.split(".SH EXIT STATUS", 1)[1].split(".PP", 1)[0]
    rows = {}
    for m in re.finditer(r"\.TP\n\.B (\d+)\n(.*?)(?=\n\.TP|\Z)", section, re.S):
        rows[int(m.group(1))] = m.group(2).replace("\n", " ").replace("\\-", "-")
    compare("man page", rows, codes)


def kubernetes(repo, codes, readme_retried):
    with open(os.path.join(repo, "deploy", "kubernetes", "polyxios-batch.yaml")) as f:
        text = f.read()
    policy = text.split("podFailurePolicy:", 1)[1].split("\n  template:", 1)[0]
    actions = {}  # the rules on exit codes: action -> codes
    for rule in policy.split("- action: ")[1:]:
        values = re.search(r"onExitCodes:(?:.*\n)*?\s+values: \[([\d, ]+)\]", rule)
        if values:
            actions[rule.split()[0]] = sorted(int(n) for n in values.group(1).split(","))
    check("deploy: a usage error fails the Job", actions.get("FailJob") == [codes["kUsage"]],
          f"{actions}")
    check("deploy: a refusal fails its index", actions.get("FailIndex") == [codes["kRefused"]],
          f"{actions}")
    retried = sorted({codes["kIo"], codes["kOutOfMemory"], codes["kInternal"]})
    check("deploy: I/O, memory and internal failures are retried", actions.get("Count") == retried,
          f"{actions}")
    check("README: the podFailurePolicy retries what deploy/ retries", readme_retried == retried,
          f"README says {readme_retried}, deploy retries {actions.get('Count')}")


def main():
    polyxios, repo = sys.argv[1:3]
    codes = source_codes(repo)
    binary_codes(polyxios, codes)
    readme_retried = readme(repo, codes)
    help_text(polyxios, codes)
    man_page(repo, codes)
    kubernetes(repo, codes, readme_retried)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
