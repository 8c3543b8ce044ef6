"""The exceptions and warnings of polyxios (raised and issued by its compiled half)."""

from __future__ import annotations


class CodecError(ValueError):
    """An input or output refused by a rule of the spec; nothing was read or written.

    code: the rule, e.g. "collada.p.length" (None when the message names none).
    line: the line of the input the refusal names, or None.
    """

    def __init__(self, message: str, code: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.line = line


class Cancelled(Exception):
    """A read or write whose progress callback returned False; nothing was written."""


class PolyxiosWarning(UserWarning):
    """A warning of a read or write: something changed or dropped, with a stable code.

    The message reads "code: message (line N) [xN]", as the command line prints it.
    code: e.g. "collada.texcoord.duplicate-set". line: the input's line, or None.
    count: how many times the same warning was seen.
    """

    def __init__(self, message: str, code: str = "", line: int | None = None,
                 count: int = 1) -> None:
        super().__init__(message)
        self.code = code
        self.line = line
        self.count = count


class PolyxiosNote(UserWarning):
    """A note of a read (e.g. collada.clip.open-end): nothing lost, worth knowing.

    Its own category, apart from PolyxiosWarning, so that a filter turning warnings into errors
    leaves notes alone (as the command line's --werror does). Same attributes.
    """

    def __init__(self, message: str, code: str = "", line: int | None = None,
                 count: int = 1) -> None:
        super().__init__(message)
        self.code = code
        self.line = line
        self.count = count
