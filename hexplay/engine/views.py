"""Per-side view helpers (fog of war): what a side knows, and last-known enemy positions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class LastKnown:
    """Per side: enemy unit id -> the last information seen about it, and when."""

    def __init__(self, sides: Iterable[str]) -> None:
        self.known: dict[str, dict[str, dict[str, Any]]] = {s: {} for s in sides}

    def update(self, side: str, unit_id: str, info: dict[str, Any], turn: int) -> None:
        self.known[side][unit_id] = {**info, "turn": turn}

    def adopt(self, side: str, unit_id: str, info: dict[str, Any], turn: int) -> None:
        """:meth:`update` that keeps ``info`` itself (a fresh dict the caller gives away)."""
        info["turn"] = turn
        self.known[side][unit_id] = info

    def for_side(self, side: str, exclude: Iterable[str] = ()) -> dict[str, dict[str, Any]]:
        ex = set(exclude)
        return {u: dict(v) for u, v in self.known.get(side, {}).items() if u not in ex}

    def to_dict(self) -> dict[str, Any]:
        return {s: {u: dict(v) for u, v in k.items()} for s, k in self.known.items()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LastKnown:
        lk = cls(d)
        lk.known = {s: {u: dict(v) for u, v in k.items()} for s, k in d.items()}
        return lk
