"""The README's Python install (issue 37, point 4) is what tools/venv_install_check.sh runs: the
two commands the script takes from the README are lines of it, so that the script, which CI does
not run (it builds everything again), fails no later than CI when the README changes them."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_readme_has_the_commands_the_install_check_runs():
    script = (REPO / "tools" / "venv_install_check.sh").read_text()
    commands = dict(re.findall(r"^(venv_line|install_line)='([^']*)'$", script, re.M))
    assert set(commands) == {"venv_line", "install_line"}, "the script's commands moved"
    lines = (REPO / "README.md").read_text().splitlines()
    readme = {re.sub(r"\s*#.*$", "", line) for line in lines}  # as the script reads them
    for command in commands.values():
        assert command in readme, f"the README has no line `{command}`"
