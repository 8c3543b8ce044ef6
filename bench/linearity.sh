#!/usr/bin/env bash
# Issue 12's linearity target: the time per MB of every conversion at LARGE MB (default 1000)
# within 10% of that at SMALL MB (default 100), for both directions and both formats: px_e2e's
# stages d (COLLADA -> GLB), e (GLB -> COLLADA), f (GLB -> GLB), g (GLB -> .gltf), h (.gltf ->
# GLB) and i (COLLADA -> COLLADA), each on the outputs of the same size's run. Also prints each
# run's peak memory beside its output size (target 2 at both sizes).
#
#   bench/linearity.sh [BUILD] [SMALL_MB] [LARGE_MB]       e.g. bench/linearity.sh build 100 1000
#
# The documents go to BUILD/bench-data (about 1 GB for 1000 MB, and as much again for the
# outputs while a run lasts), never into git. Needs python3 for the table.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
small=${2:-100}
large=${3:-1000}
repeats=${REPEATS:-3}
data=$build/bench-data
mkdir -p "$data"
for size in "$small" "$large"; do
  file=$data/linear-$size.dae
  [ -f "$file" ] || "$build/bench/gen_collada" "$file" "$size" >/dev/null
  "$build/bench/px_e2e" "$file" --stages adefghi --repeat "$repeats" --json \
    --out "$data/linear-$size.glb" >"$data/linear-$size.json" || true
  rm -f "$data/linear-$size".glb* "$data/linear-$size".gltf* "$data/linear-$size".bin
done
python3 - "$data/linear-$small.json" "$data/linear-$large.json" <<'PY'
import json, sys
small, large = (json.load(open(p)) for p in sys.argv[1:3])
def stages(run):
    return {s["stage"]: s for s in run["stages"] if s.get("ok")}
a, b = stages(small), stages(large)
print(f"{small['file']} ({small['bytes'] / 1e6:.0f} MB) against {large['file']} "
      f"({large['bytes'] / 1e6:.0f} MB), best of {small['repeat']}")
print(f"   {'stage':28} {'s/MB small':>11} {'s/MB large':>11} {'large/small':>12}  linear")
ok = True
for letter in "adefghi":
    if letter not in a or letter not in b:
        continue
    per = [s["seconds"] / (s["input_bytes"] / 1e6) for s in (a[letter], b[letter])]
    ratio = per[1] / per[0]
    within = letter == "a" or ratio <= 1.10
    ok = ok and within
    print(f"{letter}  {a[letter]['name']:28} {per[0] * 1e3:9.3f}ms {per[1] * 1e3:9.3f}ms "
          f"{ratio:12.3f}  {'yes' if within else 'NO'}")
for run, s in ((small, a), (large, b)):
    if "d" in s:
        d = s["d"]
        print(f"d at {run['bytes'] / 1e6:.0f} MB: peak {d['peak_rss_kib'] / 1024:.1f} MiB, "
              f"output {d['output_bytes'] / 2**20:.1f} MiB + 64 MiB = "
              f"{d['output_bytes'] / 2**20 + 64:.1f} MiB: "
              f"{'met' if d['peak_rss_kib'] * 1024 <= d['output_bytes'] + 64 * 2**20 else 'NOT MET'}")
sys.exit(0 if ok else 1)
PY
