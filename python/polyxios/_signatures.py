"""Real signatures and option docs for the compiled read_scene, read, write_scene and write.

Their keyword options, types, defaults and help come from the table the command line's flags come
from (_polyxios._conversion_options()), so inspect.signature(), help() and editors show every
option with the default the command line has.
"""

from __future__ import annotations

import functools
import inspect
import textwrap
from typing import Any, Callable, Optional

from . import _polyxios

_KEYWORD = inspect.Parameter.KEYWORD_ONLY
_TYPES = {"bool": bool, "bool or None": Optional[bool], "int": int, "str or None": Optional[str]}

# (keyword, default, annotation, help) of the options beside the table's.
_PROGRESS = (
    "progress",
    None,
    Optional[Callable[[float], Any]],
    "called with the fraction done, from 0 to 1; returning False cancels (Cancelled)",
)
_FORMAT = [
    ("binary", None, Optional[bool], "True: GLB, False: .gltf + .bin, None: from the extension "
     "(format='glb' and format='gltf' say the same)"),
    ("collada", False, bool, "COLLADA whatever the extension (format='dae')"),
]

# The stages each function takes options of (see _conversion_options's stage).
_READ = {"read", "read and write"}
_WRITE = {"write", "read and write"}


def options_of(stages: set[str]) -> list[tuple[str, Any, Any, str]]:
    """(keyword, default, annotation, help) of the table's options of these stages, in order."""
    return [
        (keyword, default, _TYPES[kind], help_text)
        for keyword, _flag, kind, default, stage, help_text in _polyxios._conversion_options()
        if stage in stages
    ]


def _doc(function: Callable, options: list[tuple[str, Any, Any, str]]) -> str:
    """The compiled function's docstring without pybind11's signature line, and the options."""
    lines = (function.__doc__ or "").splitlines()
    if lines and lines[0].startswith(function.__name__ + "("):
        lines = lines[1:]
    text = "\n".join(lines).strip()
    entries = [
        textwrap.fill(
            f"{keyword}={default!r}: {help_text}",
            width=96,
            initial_indent="    ",
            subsequent_indent="        ",
            break_on_hyphens=False,
        )
        for keyword, default, _annotation, help_text in options
    ]
    return text + "\n\nOptions (the command line's, with its defaults):\n" + "\n".join(entries)


def _signed(function: Callable, positional: list[str], options: list[tuple[str, Any, Any, str]]):
    options = options + [_PROGRESS]
    parameters = [
        inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD) for name in positional
    ] + [
        inspect.Parameter(keyword, _KEYWORD, default=default, annotation=annotation)
        for keyword, default, annotation, _help in options
    ]

    @functools.wraps(function)
    def call(*args, **kwargs):
        return function(*args, **kwargs)

    call.__signature__ = inspect.Signature(parameters)
    call.__doc__ = _doc(function, options)
    return call


read_scene = _signed(_polyxios.read_scene, ["path_or_bytes"], options_of(_READ | {"axis"}))
read = _signed(_polyxios.read, ["path"], options_of(_READ))
write_scene = _signed(_polyxios.write_scene, ["scene", "path"], _FORMAT + options_of(_WRITE))
write = _signed(_polyxios.write, ["mesh", "path"], _FORMAT + options_of(_WRITE))
