"""Per-hex overlay values that also hold their hex indices (the board's fast path).

A click's answer sends the selected unit's visible and reachable hexes to the page as hex
indices (:func:`.board.overlays_to_json`).  The adapters compute them as index arrays and
Python code reads them as labels (``board.overlays["visible"]`` a list, ``["reachable"]`` a
``{label: cost}`` dict).  :class:`HexLabels` and :class:`HexCosts` are exactly that list and
that dict, carrying the arrays they were made from, so the wire form is those arrays as they
are instead of every label looked up again (``overlays_to_json`` on a plain list or dict
gives the same bytes: tests/test_widgets.py compares the two).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


class HexLabels(list):
    """A list of hex labels that also holds ``indices``: their indices in ``map_labels`` (a
    map's ``hex_labels``), sorted and unique, in the list's own order."""

    __slots__ = ("indices", "map_labels", "wire_memo")

    def __init__(self, indices: Any = (), map_labels: Sequence[str] = ()) -> None:
        idx = np.asarray(indices, dtype=np.int64).reshape(-1)
        if len(idx) > 1 and not bool(np.all(idx[1:] > idx[:-1])):
            idx = np.unique(idx)
        super().__init__(map(map_labels.__getitem__, idx.tolist()))
        self.indices = idx
        self.map_labels = map_labels
        #: wire forms made from the arrays (by .board), shared by copies: made once per value
        self.wire_memo: dict[Any, Any] = {}

    def copy(self) -> HexLabels:  # type: ignore[override]
        """A new list of the same labels holding the same indices (none looked up again)."""
        out = HexLabels.__new__(HexLabels)
        list.extend(out, self)
        out.indices, out.map_labels, out.wire_memo = self.indices, self.map_labels, self.wire_memo
        return out

    def wire_indices(self, map_labels: Sequence[str]) -> np.ndarray | None:
        """The indices, if they are indices of ``map_labels`` and the list was not changed
        since (else None: encode the labels)."""
        if self.indices is None or not _same_labels(self.map_labels, map_labels):
            return None
        return self.indices


class HexCosts(dict):
    """A ``{label: cost}`` dict of hexes of ``map_labels`` that also holds the index array
    ``indices`` and the float array ``costs`` it was made from (in the dict's order)."""

    __slots__ = ("indices", "costs", "map_labels", "wire_memo")

    def __init__(self, indices: Any = (), costs: Any = (), map_labels: Sequence[str] = ()) -> None:
        idx = np.asarray(indices, dtype=np.int64).reshape(-1)
        val = np.asarray(costs, dtype=np.float64).reshape(-1)
        super().__init__(zip(map(map_labels.__getitem__, idx.tolist()), val.tolist()))
        if len(self) != len(idx):
            raise ValueError("a hex index is given twice")
        self.indices, self.costs, self.map_labels = idx, val, map_labels
        self.wire_memo: dict[Any, Any] = {}  # as HexLabels'

    def copy(self) -> HexCosts:  # type: ignore[override]
        """A new dict of the same costs holding the same arrays (no label looked up again)."""
        out = HexCosts.__new__(HexCosts)
        dict.update(out, self)
        out.indices, out.costs, out.map_labels = self.indices, self.costs, self.map_labels
        out.wire_memo = self.wire_memo
        return out

    def wire_arrays(self, map_labels: Sequence[str]) -> tuple[np.ndarray, np.ndarray] | None:
        """``(indices, costs)`` if they index ``map_labels`` and the dict was not changed
        since it was made (else None: encode the labels)."""
        if self.indices is None or not _same_labels(self.map_labels, map_labels):
            return None
        return self.indices, self.costs


def _forget_on(cls: type, names: tuple[str, ...]) -> None:
    """Make each mutating method ``names`` of ``cls`` drop the arrays first (a changed value
    is encoded from its labels again)."""
    for name in names:
        base = getattr(cls.__mro__[1], name)

        def method(self: Any, *args: Any, _base: Any = base, **kwargs: Any) -> Any:
            self.indices = None
            return _base(self, *args, **kwargs)

        method.__name__ = name
        method.__qualname__ = f"{cls.__name__}.{name}"
        method.__doc__ = f"``{cls.__mro__[1].__name__}.{name}``, the wire arrays dropped first."
        setattr(cls, name, method)


_forget_on(
    HexLabels,
    (
        "__setitem__",
        "__delitem__",
        "__iadd__",
        "__imul__",
        "append",
        "extend",
        "insert",
        "remove",
        "pop",
        "clear",
        "sort",
        "reverse",
    ),
)
_forget_on(
    HexCosts,
    ("__setitem__", "__delitem__", "__ior__", "update", "pop", "popitem", "clear", "setdefault"),
)


def _same_labels(a: Sequence[str], b: Sequence[str]) -> bool:
    return a is b or (len(a) == len(b) and tuple(a) == tuple(b))
