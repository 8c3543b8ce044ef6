"""What a test needs from outside the repository (the shared corpus, the COLLADA schema, node and
the validator's node_modules, xmllint): where it is absent the test, or the part of it that needs
it, is skipped, unless PX_REQUIRE_ALL=1 (set by .ci/run) is in the environment, which makes every
such skip a failure naming what is missing. The C++, node and shell helpers are required.h,
required.mjs and required.sh beside this file; the CLI tests reach this one through cli_checks."""
import os
import sys


def all_required():
    return os.environ.get("PX_REQUIRE_ALL") == "1"


def message(what):
    """The line that says `what` is missing, as a skip or as the failure the switch makes of it."""
    if all_required():
        return f"FAIL: {what} (missing, and PX_REQUIRE_ALL=1 requires it)"
    return f"skipped: {what}"


def skip(what):
    """The whole test needs what is missing: exit 77 (ctest's SKIP_RETURN_CODE), or 1 under the
    switch."""
    print(message(what), flush=True)
    sys.exit(1 if all_required() else 77)


def skip_part(what):
    """A part of the test needs what is missing: says so and goes on, or exits 1 under the
    switch."""
    print(message(what), flush=True)
    if all_required():
        sys.exit(1)


def skip_test(case, what):
    """unittest's case.skipTest, or case.fail under the switch."""
    if all_required():
        case.fail(message(what))
    case.skipTest(what)


def pytest_skip(what):
    """pytest.skip, or pytest.fail under the switch."""
    import pytest

    if all_required():
        pytest.fail(message(what))
    pytest.skip(what)
