"""Command log: every state-changing intent in order, for save, replay and rewind.

A game that is a pure function of (scenario, map, dice, commands) can be saved as those,
loaded by replaying them, and rewound by replaying a prefix.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Command:
    """One intent: ``op`` (a method name) with keyword ``args``; ``turn`` when it was issued."""

    op: str
    args: dict[str, Any] = field(default_factory=dict)
    turn: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"op": self.op, "args": self.args, "turn": self.turn}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Command:
        return cls(d["op"], dict(d.get("args", {})), int(d.get("turn", 0)))


class CommandLog:
    """Append-only list of :class:`Command`; ``marks`` indexes where each turn began."""

    def __init__(self) -> None:
        self.commands: list[Command] = []
        self.marks: dict[int, int] = {}

    def add(self, op: str, args: dict[str, Any], turn: int) -> None:
        """Append a command; the first command of a turn not yet marked marks it."""
        if turn not in self.marks:
            self.marks[turn] = len(self.commands)
        self.commands.append(Command(op, args, turn))

    def mark_turn(self, turn: int) -> None:
        """Remember that turn ``turn``'s planning starts after the commands so far (optional:
        :meth:`add` marks a turn at its first command)."""
        self.marks[turn] = len(self.commands)

    def upto(self, turn: int) -> list[Command]:
        """Commands issued before turn ``turn``'s planning began."""
        if turn not in self.marks:
            raise KeyError(f"turn {turn} was never reached; reached {sorted(self.marks)}")
        return self.commands[: self.marks[turn]]

    def to_list(self) -> list[dict[str, Any]]:
        return [c.to_dict() for c in self.commands]
