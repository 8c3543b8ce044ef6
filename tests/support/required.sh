# shellcheck shell=sh
# What a test needs from outside the repository (the shared corpus, the COLLADA schema, node,
# xmllint): where it is absent the test, or the part of it that needs it, is skipped, unless
# PX_REQUIRE_ALL=1 (set by .ci/run) is in the environment, which makes every such skip a failure
# naming what is missing. Sourced (. tests/support/required.sh); the C++, Python and node helpers
# are required.h, required.py and required.mjs beside it.

px_all_required() { [ "${PX_REQUIRE_ALL:-0}" = 1 ]; }

# px_missing_message WHAT: the line that says WHAT is missing, as a skip or as a failure.
px_missing_message() {
  if px_all_required; then
    echo "FAIL: $1 (missing, and PX_REQUIRE_ALL=1 requires it)"
  else
    echo "skipped: $1"
  fi
}

# px_skip WHAT: the whole test needs WHAT: exit 77 (ctest's SKIP_RETURN_CODE), or 1 under the
# switch.
px_skip() {
  px_missing_message "$1"
  if px_all_required; then exit 1; fi
  exit 77
}

# px_skip_part WHAT: a part of the test needs WHAT: says so and goes on, or exits 1 under the
# switch.
px_skip_part() {
  px_missing_message "$1"
  if px_all_required; then exit 1; fi
}
