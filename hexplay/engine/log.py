"""Event log: what happened, when, and who may know it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

REFEREE = "referee"
"""The all-seeing side name every view helper understands."""


@dataclass(slots=True)
class Event:
    """One event. ``visible_to`` lists the sides that may see it (the referee sees all).

    ``redacted`` optionally gives a per-side reduced ``data`` (e.g. a shot seen by its target
    without the hidden firer).
    """

    index: int
    turn: int
    phase: str
    kind: str
    data: dict[str, Any]
    visible_to: tuple[str, ...] = ()
    redacted: dict[str, dict[str, Any]] = field(default_factory=dict)

    def for_side(self, side: str) -> dict[str, Any] | None:
        """Plain dict of this event as ``side`` may see it, or None."""
        if side == REFEREE or side in self.visible_to:
            data = self.data
        elif side in self.redacted:
            data = self.redacted[side]
        else:
            return None
        return {
            "index": self.index,
            "turn": self.turn,
            "phase": self.phase,
            "kind": self.kind,
            **data,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "turn": self.turn,
            "phase": self.phase,
            "kind": self.kind,
            "data": self.data,
            "visible_to": list(self.visible_to),
            "redacted": self.redacted,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(
            d["index"],
            d["turn"],
            d["phase"],
            d["kind"],
            d["data"],
            tuple(d["visible_to"]),
            d.get("redacted", {}),
        )


class EventLog:
    """Append-only list of :class:`Event`."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(
        self,
        turn: int,
        phase: str,
        kind: str,
        data: dict[str, Any],
        visible_to: Iterable[str] = (),
        redacted: dict[str, dict[str, Any]] | None = None,
    ) -> Event:
        e = Event(len(self.events), turn, phase, kind, data, tuple(visible_to), redacted or {})
        self.events.append(e)
        return e

    def for_side(self, side: str, turn: int | None = None) -> list[dict[str, Any]]:
        """Every event ``side`` may see (optionally of one turn), as plain dicts."""
        out = []
        for e in self.events:
            if turn is not None and e.turn != turn:
                continue
            d = e.for_side(side)
            if d is not None:
                out.append(d)
        return out

    def since(self, index: int) -> list[Event]:
        return self.events[index:]

    def __len__(self) -> int:
        return len(self.events)
