"""The polyxios Python package, its extension built by CMake (see pyproject.toml).

setuptools' build_ext runs CMake on the repository into its build folder, building only the
extension's target, and copies the module into the package. CMAKE_BUILD_PARALLEL_LEVEL (the
cores by default) sets the build's jobs; a CMAKE_CXX_COMPILER_LAUNCHER in the environment
(ccache) is CMake's own.
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
        try:  # pybind11 from PyPI (an isolated build) rather than the system's
            import pybind11
            configure.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
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
