"""What the CLI's Python tests share: a tally of named checks, the Khronos validator (one file at a
time, or many in one node process), the COLLADA 1.4.1 schema, and a run on a pseudo-terminal. A checker whose tool is absent
(node or tests/validator/node_modules, xmllint, the schema outside a clone under the shared folder)
answers None and counts the skip, so that a test says what it did not check rather than failing
for it; with PX_REQUIRE_ALL=1 the first such skip fails the test instead (tests/support/
required.py, which the tests reach as cli_checks.required)."""
import fcntl
import json
import os
import pty
import shutil
import struct
import subprocess
import sys
import termios

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "support"))
import required  # noqa: E402  (tests/support, put on the path above)


class Checks:
    """A tally of named checks; each failure printed with its detail."""

    def __init__(self):
        self.count = 0
        self.failures = []

    def __call__(self, name, ok, detail=""):
        self.count += 1
        if not ok:
            self.failures.append(name)
            print(f"FAIL: {name}" + (f"\n  | {detail}".replace("\n", "\n  | ") if detail else ""))
        return ok

    def summary(self):
        """Prints the tally; the exit status a test returns."""
        print(f"{self.count} checks, {len(self.failures)} failed")
        return 1 if self.failures else 0


class Validator:
    """The Khronos glTF validator through tests/validator/validate.mjs."""

    def __init__(self, node, validate_mjs, timeout=300):
        self.node = node
        self.script = validate_mjs
        self.timeout = timeout
        self.ran = 0
        self.skipped = 0

    def available(self):
        return bool(self.node) and os.path.isdir(
            os.path.join(os.path.dirname(self.script), "node_modules"))

    def errors(self, path, allow_missing_images=False):
        """The validator's errors for path ([] when clean); None when it cannot run."""
        if not self.available():
            if not self.skipped:
                required.skip_part("the Khronos validator: node or tests/validator/node_modules "
                                   "absent (tools/bootstrap.sh)")
            self.skipped += 1
            return None
        args = [self.node, self.script, "--json"]
        if allow_missing_images:
            args.append("--allow-missing-images")
        p = subprocess.run([*args, path], capture_output=True, text=True, timeout=self.timeout)
        self.ran += 1
        try:
            report = json.loads(p.stdout.splitlines()[0])
        except (ValueError, IndexError):
            return [f"validate.mjs exited {p.returncode}: {p.stderr}"]
        return [m for m in report["messages"] if m["severity"] == "error"] if report["errors"] else []

    def note(self):
        if self.skipped:
            print(f"note: the Khronos validator did not run on {self.skipped} output(s) (node or "
                  "tests/validator/node_modules absent)")


class Schema:
    """xmllint with the COLLADA 1.4.1 schema."""

    def __init__(self, xsd, timeout=300):
        self.xsd = xsd
        self.timeout = timeout
        self.skipped = 0

    def available(self):
        return os.path.isfile(self.xsd) and shutil.which("xmllint") is not None

    def errors(self, path):
        """xmllint's complaint about path ("" when valid); None when the schema or xmllint is
        absent."""
        if not self.available():
            if not self.skipped:
                required.skip_part(f"the COLLADA schema check: {self.xsd} or xmllint absent")
            self.skipped += 1
            return None
        p = subprocess.run(["xmllint", "--noout", "--nonet", "--schema", self.xsd, path],
                           capture_output=True, text=True, timeout=self.timeout)
        return "" if p.returncode == 0 else p.stderr

    def note(self):
        if self.skipped:
            print(f"note: {self.skipped} COLLADA output(s) not checked against the schema "
                  f"({self.xsd} or xmllint absent)")


def check_validator_clean(node, validate, files, check, warnings_too=False):
    """Runs validate.mjs (one node process) over files and calls check(name, ok, detail) for the
    run and for each file having no validator error (nor warning, with warnings_too). Without node
    or the validator's node_modules it checks nothing and says so (fails with PX_REQUIRE_ALL=1)."""
    modules = os.path.join(os.path.dirname(validate), 'node_modules')
    if not node or not os.path.isdir(modules):
        required.skip_part("the Khronos validator: node or tests/validator/node_modules absent "
                           "(tools/bootstrap.sh)")
        return
    p = subprocess.run([node, validate, '--json', *files], capture_output=True, text=True,
                       timeout=600)
    check('validate.mjs runs', p.returncode == 0, p.stderr)
    for line in p.stdout.splitlines():
        entry = json.loads(line)
        clean = entry['errors'] == 0 and (not warnings_too or entry['warnings'] == 0)
        check(f"{os.path.basename(entry['file'])} is validator-clean", clean,
              str(entry['messages']))


def glb_json(path):
    """The JSON chunk of a GLB."""
    with open(path, "rb") as f:
        data = f.read()
    length = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20:20 + length])


def run_on_terminal(argv, columns=None, env=None):
    """Everything argv writes when run on a pseudo-terminal (`columns` wide when given, with env
    added to its environment), read until it exits."""
    pid, fd = pty.fork()
    if pid == 0:
        if columns is not None:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 24, columns, 0, 0))
        os.environ.update(env or {})
        os.execv(argv[0], argv)
    seen = b''
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.waitpid(pid, 0)
    return seen
