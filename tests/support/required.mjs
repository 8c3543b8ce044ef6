// What a test needs from outside the repository (the shared corpus, the COLLADA schema, the
// validator's node_modules, xmllint, Chromium): where it is absent the test, or the part of it
// that needs it, is skipped, unless PX_REQUIRE_ALL=1 (set by .ci/run) is in the environment,
// which makes every such skip a failure naming what is missing. The C++, Python and shell helpers
// are required.h, required.py and required.sh beside this file.

export const allRequired = () => process.env.PX_REQUIRE_ALL === '1';

// The line that says `what` is missing, as a skip or as the failure the switch makes of it.
export const missingMessage = (what) =>
  allRequired() ? `FAIL: ${what} (missing, and PX_REQUIRE_ALL=1 requires it)` : `skipped: ${what}`;

// The whole test needs what is missing: exit 77 (ctest's SKIP_RETURN_CODE), or 1 under the switch.
export function skip(what) {
  console.log(missingMessage(what));
  process.exit(allRequired() ? 1 : 77);
}

// A part of the test needs what is missing: says so and goes on, or exits 1 under the switch.
export function skipPart(what) {
  console.log(missingMessage(what));
  if (allRequired()) process.exit(1);
}
