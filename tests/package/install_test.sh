#!/usr/bin/env bash
# The installed package (cmake/package.cmake) as a user meets it: `cmake --install` of this build
# into a temporary prefix; each file where it belongs; the headers exactly those
# polyxios/polyxios.h includes; then the consumer/ project built against the prefix with
# find_package(polyxios), and the same main.cc with `pkg-config --static --cflags --libs
# polyxios`, each run on a COLLADA sample (it writes a GLB and checks it reads back the same).
#
#   install_test.sh CMAKE BUILD_DIR CXX VERSION SAMPLE.dae BINDIR LIBDIR INCLUDEDIR MANDIR DATADIR
#
# The *DIR arguments are the build's CMAKE_INSTALL_*DIR, relative to the prefix.
set -euo pipefail
cmake=$1 build=$2 cxx=$3 version=$4 sample=$5
bindir=$6 libdir=$7 includedir=$8 mandir=$9 datadir=${10}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/polyxios-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
# Runs a command quietly; on failure shows its output and stops the test.
run() {
  local log=$work/log
  if ! "$@" >"$log" 2>&1; then
    cat "$log"
    echo "FAIL: $*"
    exit 1
  fi
}

echo "== cmake --install $build --prefix $prefix"
run "$cmake" --install "$build" --prefix "$prefix"

inc=$prefix/$includedir/polyxios
for file in "$bindir/polyxios" "$includedir/polyxios/polyxios.h" \
  "$libdir/cmake/polyxios/polyxiosConfig.cmake" \
  "$libdir/cmake/polyxios/polyxiosConfigVersion.cmake" \
  "$libdir/cmake/polyxios/polyxiosTargets.cmake" "$libdir/pkgconfig/polyxios.pc" \
  "$mandir/man1/polyxios.1" "$datadir/bash-completion/completions/polyxios"; do
  [ -f "$prefix/$file" ] || fail "$file not installed"
done
for part in formats collada gltf engine model; do
  [ -f "$prefix/$libdir/libpolyxios_$part.a" ] || fail "$libdir/libpolyxios_$part.a not installed"
done
cmp -s "$source_dir/tools/cli/polyxios.1" "$prefix/$mandir/man1/polyxios.1" ||
  fail "the installed man page is not tools/cli/polyxios.1"
cmp -s "$source_dir/tools/cli/polyxios.bash" "$prefix/$datadir/bash-completion/completions/polyxios" ||
  fail "the installed completion is not tools/cli/polyxios.bash"
installed_version=$("$prefix/$bindir/polyxios" --version)
[ "$installed_version" = "polyxios $version" ] ||
  fail "installed polyxios --version says '$installed_version'"

export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
[ "$(pkg-config --modversion polyxios)" = "$version" ] || fail "pkg-config --modversion polyxios"
[ "$(cd "$(pkg-config --variable=prefix polyxios)" && pwd -P)" = "$(cd "$prefix" && pwd -P)" ] ||
  fail "polyxios.pc's prefix is $(pkg-config --variable=prefix polyxios), not $prefix"

echo "== the installed headers: polyxios/polyxios.h and exactly what it includes"
# -MM lists the headers the compiler opened, found through -I (not the system's).
real_inc=$(realpath "$inc")
# shellcheck disable=SC2046  # pkg-config's flags are words
opened=$("$cxx" -std=c++20 -MM $(pkg-config --cflags polyxios) "$inc/polyxios.h" |
  sed 's/\\$//' | tr ' ' '\n' | grep . | xargs realpath -m | grep "^$real_inc/" |
  sed "s|^$real_inc/||" | sort -u)
present=$(cd "$inc" && find . -type f | sed 's|^\./||' | sort)
if [ "$opened" != "$present" ]; then
  fail "installed headers differ from those polyxios/polyxios.h includes"
  diff <(echo "$opened") <(echo "$present") | sed 's/^/  /' || true
fi
sed 's/^/   /' <<<"$present"
# Nothing else beside polyxios/ in the include directory a consumer gets, and no header reaching
# for a repository folder (model/, engine/, formats/) that is not installed.
others=$(cd "$prefix/$includedir" && find . -mindepth 1 -maxdepth 1 ! -name polyxios)
[ -z "$others" ] || fail "the include directory holds more than polyxios/: $others"
if grep -rEn '#[[:space:]]*include[[:space:]]*["<](model|engine|formats|tools)/' "$inc"; then
  fail "an installed header includes a repository path"
fi
if ! grep -q '^#include <polyxios/polyxios.h>$' "$here/consumer/main.cc"; then
  fail "the consumer does not include <polyxios/polyxios.h>"
fi

echo "== find_package(polyxios): consumer/ configured, built and run"
run "$cmake" -S "$here/consumer" -B "$work/consumer-build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix"
found=$(sed -n 's/^polyxios_DIR:PATH=//p' "$work/consumer-build/CMakeCache.txt")
[ "$found" = "$prefix/$libdir/cmake/polyxios" ] || fail "find_package found polyxios in '$found'"
run "$cmake" --build "$work/consumer-build"
"$work/consumer-build/consumer" "$sample" "$work/find_package.glb" || fail "the find_package consumer"

echo "== pkg-config --static --cflags --libs polyxios: the same main.cc"
flags=$(pkg-config --static --cflags --libs polyxios)
echo "   $flags"
# shellcheck disable=SC2086  # pkg-config's flags are words
run "$cxx" -std=c++20 -O1 "$here/consumer/main.cc" $flags -o "$work/consumer-pkg-config"
"$work/consumer-pkg-config" "$sample" "$work/pkg_config.glb" || fail "the pkg-config consumer"

if [ "$failures" -ne 0 ]; then
  echo "install_test: $failures failure(s)"
  exit 1
fi
echo "install_test: ok"
