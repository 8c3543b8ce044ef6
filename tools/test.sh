#!/usr/bin/env bash
# Build polyxios and run every test.
#
#   tools/test.sh [CTEST ARGS...]        e.g. tools/test.sh -R collada_corpus
#
# Release build in build/; with PX_SANITIZE=1 an AddressSanitizer +
# UndefinedBehaviorSanitizer build (RelWithDebInfo) in build-asan/ instead.
# PX_SKIP_BOOTSTRAP=1 skips tools/bootstrap.sh (no apt-get, no npm ci).
# Exit status: ctest's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ "${PX_SKIP_BOOTSTRAP:-0}" != 1 ]; then
  tools/bootstrap.sh
fi

if [ "${PX_SANITIZE:-0}" = 1 ]; then
  build="build-asan"
  # clang, so that the same build also holds the libFuzzer target tools/fuzz.sh runs
  # -O1 and line tables only: what ASan reports need, and a build that keeps CI under 30 minutes
  config=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DPX_SANITIZE=ON
          "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG"
          -DPX_FUZZ=ON -DPX_BUILD_BENCH=OFF -DPOLYXIOS_PYTHON=OFF)
  # sanitized conversions are several times slower
  export PX_CORPUS_TIMEOUT=${PX_CORPUS_TIMEOUT:-120}
  # Corpus runs labelled corpus_repeat (the COLLADA round trip, validate and info over the whole
  # corpus) read the same files again through another door: the release pass runs them, and
  # here collada_corpus / gltf_corpus / collada_write_corpus put every corpus file through the
  # sanitized readers and writers. Keeps CI under its time limit.
  skip=(-LE "corpus_repeat")
else
  build=build
  # the Python module too (build/python: PYTHONPATH=build/python python3 -c "import polyxios"),
  # which the bootstrap's pybind11-dev and python3-dev make buildable; an instrumented module
  # would not load into the interpreter, so the sanitizer build leaves it out
  config=(-DCMAKE_BUILD_TYPE=Release -DPOLYXIOS_PYTHON=ON)
  skip=()
fi

# ccache, when the machine has it, so that a rerun compiles only what changed. Paths below the
# checkout are hashed relative to it (and the build folder not at all), so that a fresh clone
# anywhere reuses what another clone of the same sources compiled.
if command -v ccache >/dev/null 2>&1; then
  config+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi
cmake -S . -B "$build" "${config[@]}"
cmake --build "$build" -j"$(nproc)"
# tests run in parallel (each corpus test keeps its own scratch folder), keeping CI under 30 minutes
exec ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "${skip[@]}" "$@"
