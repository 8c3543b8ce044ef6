"""SceneData.global_attrs, SceneNode.extras and SceneMaterial.extras: dicts that write through.

Each is a plain dict of the part's attributes, made at each access, whose item assignment and
deletion (and update, pop, setdefault, clear, ...) also change the part: the part checks the
value (TypeError / ValueError / IndexError naming the key, the part unchanged), and the dict then
shows the part as it now is. Changing a value nested inside one (a skin's dict in
global_attrs['skins']) changes only the dict: assign the key again to change the part."""

from __future__ import annotations

from typing import Any

_MISSING = object()


class AttrsDict(dict):
    """A part's attributes as a dict; assigning or deleting a key changes the part."""

    __slots__ = ("_owner",)

    def __init__(self, owner: Any) -> None:
        super().__init__(owner._attrs())
        self._owner = owner

    def _refresh(self) -> None:
        super().clear()
        super().update(self._owner._attrs())

    def __setitem__(self, key: str, value: Any) -> None:
        self._owner._set_attr(key, value)
        self._refresh()

    def __delitem__(self, key: str) -> None:
        self._owner._del_attr(key)
        self._refresh()

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def __ior__(self, other: Any) -> AttrsDict:
        self.update(other)
        return self

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key: str, default: Any = _MISSING) -> Any:
        if key not in self:
            if default is _MISSING:
                raise KeyError(key)
            return default
        value = self[key]
        del self[key]
        return value

    def popitem(self) -> tuple[str, Any]:
        if not self:
            raise KeyError("popitem(): the attributes are empty")
        key = next(reversed(self))
        return key, self.pop(key)

    def clear(self) -> None:
        for key in list(self):
            del self[key]

    def __reduce__(self) -> Any:  # copies and pickles are plain dicts
        return (dict, (dict(self),))


def same(a: Any, b: Any) -> bool:
    """Whether two values as the module shows them are equal, arrays by shape, dtype and values
    (NaN equal to NaN); what SceneData's list setters keep a part by."""
    import numpy as np

    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)):
            return False
        return a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b
