#!/usr/bin/env python3
"""The skip switch (issue 34): each language's helper, through a real test where one exists, run
once without PX_REQUIRE_ALL (the test is skipped: exit 77, gtest's SKIPPED, pytest's skipped) and
once with PX_REQUIRE_ALL=1 (it fails, naming what is missing), with nothing of what it needs
there; and the checks that have nothing to check fail whatever the switch.

  required_test.py POLYXIOS AXIS_UNIT_CORPUS_TESTS NODE

NODE "" (node not found at configure time) or no tests/validator/node_modules leaves out the node
cases, saying so (a failure with PX_REQUIRE_ALL=1, as every skip here)."""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import required  # noqa: E402  (beside this file)

POLYXIOS, AXIS_TESTS, NODE = sys.argv[1:4]
failures = []


def run(args, switch, **env):
    environment = {k: v for k, v in os.environ.items() if k != "PX_REQUIRE_ALL"}
    environment.update(env)
    if switch:
        environment["PX_REQUIRE_ALL"] = "1"
    p = subprocess.run(args, capture_output=True, text=True, env=environment, timeout=300)
    return p.returncode, p.stdout + p.stderr


def check(name, args, skipped, failed, names, **env):
    """Runs args without the switch and with it: `skipped(exit, output)` must hold for the first,
    exit 1 (any non-zero for a gtest binary) and `names` in the output for the second."""
    before = len(failures)
    code, out = run(args, False, **env)
    if not skipped(code, out):
        failures.append(name)
        print(f"FAIL: {name}: without the switch: exit {code}\n  | " + out.replace("\n", "\n  | "))
    code, out = run(args, True, **env)
    if not (failed(code) and names in out and "PX_REQUIRE_ALL=1" in out):
        failures.append(name)
        print(f"FAIL: {name}: with PX_REQUIRE_ALL=1: exit {code}, expected a failure naming "
              f"{names!r}\n  | " + out.replace("\n", "\n  | "))
    if len(failures) == before:
        print(f"{name}: skipped without the switch, failed with it")


def exit_77(code, out):
    return code == 77


def exit_1(code):
    return code == 1


with tempfile.TemporaryDirectory() as tmp:
    empty = os.path.join(tmp, "no-corpus")
    os.mkdir(empty)
    nowhere = os.path.join(tmp, "nowhere.xsd")

    # shell: the placeholder test CMake adds for want of node, and two tests' own skips
    check("required.sh: px_missing_test's command",
          ["sh", "-c", '. "$0" && px_skip "$1"', os.path.join(HERE, "required.sh"),
           "node not found"], exit_77, exit_1, "node not found")
    check("required.sh: check_schema.sh without the schema",
          [os.path.join(REPO, "tests", "formats", "collada", "write", "check_schema.sh"), nowhere, tmp],
          exit_77, exit_1, nowhere)
    check("required.sh: same_bytes.sh with no input",
          [os.path.join(REPO, "tests", "threads", "same_bytes.sh"), POLYXIOS, "1"],
          exit_77, exit_1, empty, POLYXIOS_CORPUS=empty)
    check("required.sh: px_skip_part, as cli_test.sh's schema part has it",
          ["sh", "-c", '. "$0" && px_skip_part "$1" && echo went on',
           os.path.join(HERE, "required.sh"), f"the schema check: no COLLADA schema at {nowhere}"],
          lambda code, out: code == 0 and "skipped: the schema check" in out and "went on" in out,
          lambda code: code == 1, nowhere)

    # C++: a corpus test's binary (gtest), its corpus empty
    check("required.h: a corpus test without the corpus", [AXIS_TESTS],
          lambda code, out: code == 0 and "[  SKIPPED ] 2 tests" in out, lambda code: code != 0,
          empty, POLYXIOS_CORPUS=empty)

    # Python: a CLI test's whole skip, a checker's part, pytest's fixture
    check("required.py: batch_corpus_test.py without the corpus",
          [sys.executable, os.path.join(REPO, "tests", "tools", "cli", "batch_corpus_test.py"),
           "--polyxios", POLYXIOS, "--corpus", os.path.join(empty, "collada")], exit_77, exit_1,
          f"no corpus at {os.path.join(empty, 'collada')}")
    check("required.py: cli_checks.Validator without node",
          [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); import cli_checks; "
           "v = cli_checks.Validator('', sys.argv[2]); "
           "assert v.errors('a.glb') is None and v.errors('b.glb') is None; v.note()",
           os.path.join(REPO, "tests", "tools", "cli"), os.path.join(tmp, "validate.mjs")],
          lambda code, out: code == 0 and out.count("skipped: the Khronos validator") == 1 and
          "did not run on 2 output(s)" in out, exit_1, "node or tests/validator/node_modules")
    if shutil.which("pytest") or subprocess.run([sys.executable, "-c", "import pytest"],
                                                capture_output=True).returncode == 0:
        suite = os.path.join(tmp, "pytest_case")
        os.mkdir(suite)
        with open(os.path.join(suite, "test_needs_corpus.py"), "w") as f:
            f.write(f"import sys\nsys.path.insert(0, {HERE!r})\nimport required\n\n\n"
                    "def test_needs_the_corpus():\n"
                    "    required.pytest_skip('no corpus at /nowhere')\n")
        check("required.py: pytest_skip",
              [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", suite],
              lambda code, out: code == 0 and "1 skipped" in out, exit_1, "no corpus at /nowhere")
    else:
        required.skip_part("the pytest case: pytest absent")

    # node: a corpus harness's whole skip; check_outputs.mjs with no output fails either way
    modules = os.path.join(REPO, "tests", "validator", "node_modules")
    if NODE and os.path.isdir(modules):
        check("required.mjs: check_reports.mjs without the corpus",
              [NODE, os.path.join(REPO, "tests", "validator", "check_reports.mjs"), empty],
              exit_77, exit_1, f"no corpus at {os.path.join(empty, 'gltf', 'validator')}")
        for switch in (False, True):
            code, out = run([NODE, os.path.join(REPO, "tests", "sweeps", "check_outputs.mjs"),
                             empty, nowhere], switch)
            if code != 1 or "the truncation sweep wrote nothing" not in out:
                failures.append("check_outputs.mjs with no output")
                print(f"FAIL: check_outputs.mjs with no output (switch {switch}): exit {code}\n"
                      "  | " + out.replace("\n", "\n  | "))
        print("check_outputs.mjs: no output fails, with the switch or without")
    else:
        required.skip_part(f"the node cases: node not found at configure time, or no {modules}")

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
