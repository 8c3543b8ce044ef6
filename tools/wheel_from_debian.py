"""Packs a Python distribution Debian installed (its package folder and its .egg-info) into a
wheel, for tools/venv_install_check.sh: offline, Debian's python3-numpy stands in for PyPI's numpy.

    python3 tools/wheel_from_debian.py /usr/lib/python3/dist-packages/numpy \\
        /usr/lib/python3/dist-packages/numpy-1.24.2.egg-info WHEELHOUSE

The wheel holds the package's files as installed (no __pycache__) and the egg-info's PKG-INFO as
its METADATA; it is tagged for the interpreter that runs this script, which must be the one the
package was installed for (its extension modules are built for it). Prints the wheel's path.
"""

from __future__ import annotations

import base64
import hashlib
import sys
import sysconfig
import zipfile
from email.parser import Parser
from pathlib import Path


def interpreter_tag() -> str:
    """cp311-cp311-linux_x86_64 for Debian 12's python3 on x86-64."""
    version = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{version}-{version}-{platform}"


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    package, egg_info, wheelhouse = (Path(a) for a in sys.argv[1:])
    metadata = (egg_info / "PKG-INFO").read_text(encoding="utf-8")
    headers = Parser().parsestr(metadata, headersonly=True)
    name, version = headers["Name"], headers["Version"]
    tag = interpreter_tag()
    dist_info = f"{name}-{version}.dist-info"
    installed = {f"{package.name}/{path.relative_to(package).as_posix()}": path
                 for path in sorted(package.rglob("*"))
                 if path.is_file() and "__pycache__" not in path.parts}
    files = {name: path.read_bytes() for name, path in installed.items()}
    files[f"{dist_info}/METADATA"] = metadata.encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: polyxios tools/wheel_from_debian.py\n"
        f"Root-Is-Purelib: false\nTag: {tag}\n").encode()
    entry_points = egg_info / "entry_points.txt"
    if entry_points.is_file():
        files[f"{dist_info}/entry_points.txt"] = entry_points.read_bytes()
    record = [record_line(n, data) for n, data in files.items()] + [f"{dist_info}/RECORD,,"]
    wheelhouse.mkdir(parents=True, exist_ok=True)
    wheel = wheelhouse / f"{name}-{version}-{tag}.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for n, data in files.items():
            if n in installed:  # with its mode: pip installs files with the mode they have here
                archive.write(installed[n], n)
            else:
                archive.writestr(n, data)
        archive.writestr(f"{dist_info}/RECORD", "\n".join(record) + "\n")
    print(wheel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
