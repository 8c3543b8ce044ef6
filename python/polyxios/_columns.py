"""PolyData.point_data and PolyData.element_attrs: a mesh's columns by name, read and written
through to the mesh."""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from typing import Any


class Columns(MutableMapping):
    """A mesh's point_data (one row per point) or element_attrs (one row per cell), by name.

    Reading gives a read-only numpy view of the mesh's array; assigning copies the array into the
    mesh (checked: ValueError naming the column for a dtype no column holds or a wrong number of
    rows), leaving arrays read before as they were; del removes the column."""

    __slots__ = ("_mesh", "_cells")

    def __init__(self, mesh: Any, cells: bool) -> None:
        self._mesh = mesh
        self._cells = cells

    def __getitem__(self, name: str) -> Any:
        return self._mesh._column(name, self._cells)

    def __setitem__(self, name: str, value: Any) -> None:
        if value is None:
            raise ValueError(f"{self._label(name)} must be an array, not None (del removes it)")
        self._mesh._set_column(name, value, self._cells)

    def __delitem__(self, name: str) -> None:
        self._mesh._set_column(name, None, self._cells)

    def __iter__(self) -> Iterator[str]:
        return iter(self._mesh._column_names(self._cells))

    def __len__(self) -> int:
        return len(self._mesh._column_names(self._cells))

    def __repr__(self) -> str:
        return repr(dict(self))

    def _label(self, name: str) -> str:
        return f"{'element_attrs' if self._cells else 'point_data'}[{name!r}]"
