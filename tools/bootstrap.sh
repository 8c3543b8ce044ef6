#!/usr/bin/env bash
# Idempotent set-up of a Debian 12 machine for building and testing polyxios.
#
#  * apt-get installs whichever of the build and test packages are missing
#    (apt-get update runs only then); as root, or through sudo when not root.
#  * `npm ci` in tests/validator/ when its node_modules is missing or was made
#    from another package-lock.json.
#
# Quiet when there is nothing to do; one line per action otherwise; on failure
# the tail of the failing command's output and a non-zero exit.
# Node: any node >= 18 on PATH will do (Debian 12's nodejs 18 with its npm
# package, or a preinstalled NodeSource nodejs, which bundles npm and conflicts
# with Debian's npm package: so node and npm are checked as commands).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
validator_dir=$repo/tests/validator

log=$(mktemp "${TMPDIR:-/tmp}/polyxios-bootstrap.XXXXXX")
trap 'rm -f "$log"' EXIT

say() { printf 'bootstrap: %s\n' "$*" >&2; }
die() {
  say "error: $*"
  exit 1
}
# Runs a command with its output in $log; on failure shows the end of it.
run_logged() {
  if ! "$@" >"$log" 2>&1; then
    say "error: command failed: $*"
    tail -n 40 "$log" | sed 's/^/  | /' >&2
    exit 1
  fi
}

PACKAGES=(
  ca-certificates cmake g++ make pkg-config ccache
  libexpat1-dev rapidjson-dev libabsl-dev libeigen3-dev zlib1g-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libxml2-utils groff-base
  python3 python3-yaml python3-dev python3-numpy python3-pytest pybind11-dev
  python3-venv python3-wheel-whl
  libdraco-dev libmeshoptimizer-dev libminizip-dev libstb-dev libtiff-dev
  clang libclang-rt-14-dev
  chromium
)

have_pkg() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" = "install ok installed" ]
}

# ---------------------------------------------------------------- apt packages
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${PACKAGES[@]}"; do
    have_pkg "$p" || missing+=("$p")
  done
  if ! command -v node >/dev/null 2>&1; then
    missing+=(nodejs)
    command -v npm >/dev/null 2>&1 || missing+=(npm)
  elif ! command -v npm >/dev/null 2>&1; then
    # Debian's node without its npm; a NodeSource node always has npm.
    missing+=(npm)
  fi
else
  for c in cmake g++ make pkg-config node npm; do
    command -v "$c" >/dev/null 2>&1 || die "not a Debian system and '$c' is missing: install it by hand"
  done
fi

if [ "${#missing[@]}" -gt 0 ]; then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "missing packages (${missing[*]}) and not root, no sudo: run as root"
    sudo=(sudo)
  fi
  apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -y -o DPkg::Lock::Timeout=300)
  say "installing with apt-get: ${missing[*]}"
  run_logged "${apt[@]}" update
  run_logged "${apt[@]}" install --no-install-recommends "${missing[@]}"
  for p in "${missing[@]}"; do
    case "$p" in
      nodejs) command -v node >/dev/null 2>&1 || die "nodejs installed but no 'node' on PATH" ;;
      npm) command -v npm >/dev/null 2>&1 || die "npm installed but no 'npm' on PATH" ;;
      *) have_pkg "$p" || die "package $p is still not installed" ;;
    esac
  done
fi

# ---------------------------------------------------------------- node >= 18
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$node_major" -ge 18 ] 2>/dev/null || die "node >= 18 is needed, found $(node --version 2>/dev/null || echo none)"

# ---------------------------------------------------------------- npm ci
[ -f "$validator_dir/package-lock.json" ] || die "missing $validator_dir/package-lock.json"
want=$(cat "$validator_dir/package.json" "$validator_dir/package-lock.json" | sha256sum | cut -d' ' -f1)
stamp=$validator_dir/node_modules/.polyxios-bootstrap.sha256
have=$(cat "$stamp" 2>/dev/null || true)
if [ "$have" != "$want" ] || [ ! -f "$validator_dir/node_modules/gltf-validator/package.json" ]; then
  say "npm ci in tests/validator"
  (cd "$validator_dir" && run_logged npm ci --no-audit --no-fund)
  printf '%s\n' "$want" >"$stamp"
fi
