#!/usr/bin/env bash
# The README's Python install (issue 37, point 4) from a fresh clone, in a plain virtual
# environment, offline:
#
#   tools/venv_install_check.sh
#
#  1. clones this repository's HEAD (committed work only) into a new folder;
#  2. makes the wheelhouse that stands in for PyPI: setuptools and wheel as Debian ships them
#     (python3-setuptools-whl, python3-wheel-whl: /usr/share/python-wheels), and numpy: Debian's
#     installed python3-numpy (1.24.2) packed into a wheel by tools/wheel_from_debian.py, standing
#     in for PyPI's numpy;
#  3. runs in the clone the README's two commands, `python3 -m venv .venv && . .venv/bin/activate`
#     and `pip install -v .`, which must be lines of its README (else it fails, naming the line),
#     with python3 Debian's (/usr/bin first on PATH, as on a fresh machine). The one difference
#     from a fresh Debian 12 machine is where pip finds packages: PIP_NO_INDEX=1 and
#     PIP_FIND_LINKS=<the wheelhouse> instead of PyPI, which this machine cannot reach (and
#     PIP_CONFIG_FILE=/dev/null, PIP_NO_CACHE_DIR=1 and no other PIP_* variable of the caller's, so
#     that this machine's pip configuration and cache play no part);
#  4. outside the clone, the venv's python imports polyxios (which must come from the venv),
#     reads the bundled sample corpus/samples/robot_arm.dae, writes it as GLB and COLLADA, reads
#     both back and prints what it read;
#  5. prints how long the two commands took, with the cores and the load they started with.
#
# Needs git, python3-venv, python3-numpy, python3-wheel-whl and the packages of the README's
# apt-get line (tools/bootstrap.sh installs them all). A CMAKE_CXX_COMPILER_LAUNCHER in the
# environment (ccache) is passed on, as pip passes it: the time is then not a fresh machine's.
# Not part of CI's tests: the install builds the library again, from nothing, for minutes.
# Exit 0 when all of it worked (its folder removed); on failure the folder is kept and named.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv_line='python3 -m venv .venv && . .venv/bin/activate'
install_line='pip install -v .'

say() { printf 'venv_install_check: %s\n' "$*" >&2; }
die() {
  say "error: $*"
  exit 1
}

for wheel in setuptools wheel; do
  compgen -G "/usr/share/python-wheels/$wheel-*.whl" >/dev/null ||
    die "no /usr/share/python-wheels/$wheel-*.whl: apt-get install python3-$wheel-whl"
done
numpy_egg=$(compgen -G '/usr/lib/python3/dist-packages/numpy-*.egg-info' | head -n 1) ||
  die "Debian's numpy is not installed: apt-get install python3-numpy"

work=$(mktemp -d "${TMPDIR:-/tmp}/polyxios-venv-check.XXXXXX")
finish() {
  if [ "$1" -eq 0 ]; then rm -rf "$work"; else say "failed; its files are in $work"; fi
}
trap 'finish $?' EXIT
clone=$work/polyxios
wheelhouse=$work/wheelhouse

say "cloning $repo ($(git -C "$repo" rev-parse --short HEAD)) into $clone"
git clone --quiet "$repo" "$clone"
# (grep reads all of it: with -q it would stop early and sed die of SIGPIPE, which pipefail counts)
for line in "$venv_line" "$install_line"; do
  sed 's/[[:space:]]*#.*$//' "$clone/README.md" | grep -Fx -- "$line" >/dev/null ||
    die "the README has no line \`$line\`: this script runs the README's commands, update it"
done

say "wheelhouse (standing in for PyPI): $wheelhouse"
mkdir -p "$wheelhouse"
cp /usr/share/python-wheels/setuptools-*.whl /usr/share/python-wheels/wheel-*.whl "$wheelhouse"
/usr/bin/python3 "$repo/tools/wheel_from_debian.py" /usr/lib/python3/dist-packages/numpy \
  "$numpy_egg" "$wheelhouse" >/dev/null
ls "$wheelhouse" | sed 's/^/  /' >&2

while read -r name; do unset "$name"; done < <(compgen -e | grep '^PIP_' || true)
export PIP_NO_INDEX=1 PIP_FIND_LINKS=$wheelhouse PIP_CONFIG_FILE=/dev/null PIP_NO_CACHE_DIR=1
export PATH=/usr/bin:$PATH

say "in $clone: $venv_line; $install_line ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
start=$(date +%s)
(cd "$clone" && eval "$venv_line" && eval "$install_line") 2>&1 | tee "$work/install.log"
seconds=$(($(date +%s) - start))

say "the installed module, outside the clone"
mkdir -p "$work/out"
(cd "$work" && "$clone/.venv/bin/python" - "$clone/corpus/samples/robot_arm.dae" out) <<'EOF'
import sys
from pathlib import Path

import numpy
import polyxios as px

venv = Path(sys.prefix)
for module in (px, numpy):
    assert Path(module.__file__).is_relative_to(venv), f"{module.__name__} from {module.__file__}"
print(f"polyxios {px.__version__} from {Path(px.__file__).parent}, numpy {numpy.__version__}")
sample, out = Path(sys.argv[1]), Path(sys.argv[2])
scene = px.read_scene(sample)
for suffix in (".glb", ".dae"):
    path = out / (sample.stem + suffix)
    px.write_scene(scene, path)
    back = px.read_scene(path)
    print(f"{sample.name} -> {path.name} ({path.stat().st_size} bytes): {len(back.meshes)} meshes, "
          f"{len(back.nodes)} nodes, {[m.name for m in back.materials]}")
    assert len(back.meshes) == len(scene.meshes) and len(back.nodes) == len(scene.nodes)
EOF

say "python3 -m venv and pip install -v . took $((seconds / 60)) min $((seconds % 60)) s" \
  "on $(nproc) cores"
