"""The polyxios Python package, its extension built by CMake (see pyproject.toml).

setuptools' build_ext runs CMake on the repository into its build folder, building only the
extension's target, and copies the module into the package. CMAKE_BUILD_PARALLEL_LEVEL (by
default the cores this process may run on) sets the build's jobs; a CMAKE_CXX_COMPILER_LAUNCHER
in the environment (ccache) is CMake's own. pybind11 is the system's (Debian's pybind11-dev), the
one the tests build with: see pyproject.toml. CMake's output is the build's progress, which pip
shows with -v.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def available_cores() -> int:
    """The cores this process may run on (a container's or taskset's share), else all of them."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        build = Path(self.build_temp).resolve() / "cmake"
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DPOLYXIOS_PYTHON=ON",
            "-DPX_BUILD_TESTS=OFF",
            "-DPX_BUILD_BENCH=OFF",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(available_cores())
        print(f"polyxios: building the extension with {jobs} jobs", flush=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "_polyxios", "-j", jobs],
                       check=True)
        module = "_polyxios" + sysconfig.get_config_var("EXT_SUFFIX")
        built = build / "python" / "polyxios" / module
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    ext_modules=[Extension("polyxios._polyxios", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
)
