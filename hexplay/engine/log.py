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
    without the hidden firer). ``index`` is its place in the whole log (the referee's
    numbering); ``seen`` counts, per side, the events that side has seen up to this one
    included (set by :meth:`EventLog.append`), so that a side's copy is numbered in the side's
    own sequence: gaps in a side's numbers would count the enemy's unseen events.
    """

    index: int
    turn: int
    phase: str
    kind: str
    data: dict[str, Any]
    visible_to: tuple[str, ...] = ()
    redacted: dict[str, dict[str, Any]] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict, compare=False)

    def for_side(self, side: str) -> dict[str, Any] | None:
        """Plain dict of this event as ``side`` may see it, or None. Its ``index`` is the
        event's number in ``side``'s own sequence (0, 1, 2, ... over the events it may see;
        the referee's is the place in the whole log)."""
        if side == REFEREE:
            data, index = self.data, self.index
        elif side in self.visible_to:
            data, index = self.data, self.seen[side] - 1
        elif side in self.redacted:
            data, index = self.redacted[side], self.seen[side] - 1
        else:
            return None
        return {
            "index": index,
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
    def from_dict(cls, d: dict[str, Any], before: Event | None = None) -> Event:
        """The event of :meth:`to_dict`, numbered after ``before`` (the log's last event)."""
        e = cls(
            d["index"],
            d["turn"],
            d["phase"],
            d["kind"],
            d["data"],
            tuple(d["visible_to"]),
            d.get("redacted", {}),
        )
        e.seen = seen_after(before, e)
        return e


def seen_after(before: Event | None, e: Event) -> dict[str, int]:
    """``e.seen``: ``before.seen`` (the log's previous event's) plus one for each side that
    may see ``e`` (in full or redacted)."""
    seen = before.seen.copy() if before is not None else {}
    vis = e.visible_to
    for s in vis:
        seen[s] = seen.get(s, 0) + 1
    if e.redacted:
        for s in e.redacted:
            if s not in vis:
                seen[s] = seen.get(s, 0) + 1
    return seen


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
        return self.append(e)

    def append(self, e: Event) -> Event:
        """Append ``e`` (made with ``index = len(self)``), numbering it in each side's own
        sequence (:attr:`Event.seen`)."""
        events = self.events
        e.seen = seen_after(events[-1] if events else None, e)
        events.append(e)
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
