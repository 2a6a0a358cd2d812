"""Turn drivers: simultaneous plotted turns and alternating turns.

Drivers only keep the clock (turn number, phase, whose move) and enforce its order; rulesets
supply what each phase does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import IllegalOrder


class SimultaneousTurns:
    """Every side plots secretly, then the phases resolve in a fixed order.

    ``phases`` are the resolution phases after planning (e.g. combat, movement, maintenance,
    or movement, combat, results). The driver's phase is ``"setup"`` before
    :meth:`start`, ``"planning"`` while plots are open, and ``"over"`` at the end.
    """

    def __init__(self, sides: Iterable[str], phases: Iterable[str], turn_limit: int) -> None:
        self.sides = tuple(sides)
        self.phases = tuple(phases)
        self.turn_limit = int(turn_limit)
        self.turn = 0
        self.phase = "setup"

    def start(self) -> None:
        if self.phase != "setup":
            raise IllegalOrder("sequence of play", "the game has already started")
        self.turn, self.phase = 1, "planning"

    def require(self, phase: str, action: str) -> None:
        if self.phase != phase:
            raise IllegalOrder(
                "sequence of play",
                f"{action} is only possible in the {phase} phase; "
                f"the game is in the {self.phase} phase",
            )

    def run_phases(self) -> Iterable[str]:
        """Yield each resolution phase in order (setting ``phase``)."""
        self.require("planning", "resolution")
        for p in self.phases:
            self.phase = p
            yield p

    def next_turn(self, over: bool) -> None:
        """After resolution: next turn's planning, or ``"over"``."""
        if over or self.turn >= self.turn_limit:
            self.phase = "over"
        else:
            self.turn += 1
            self.phase = "planning"

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "phase": self.phase}


class AlternatingTurns:
    """Sides act in turn: ``current`` acts, :meth:`end_turn` passes to the next.

    A round is complete when every side has acted once; ``round`` counts from 1.
    """

    def __init__(self, sides: Iterable[str], first: str | None = None, round_limit: int = 0):
        self.sides = tuple(sides)
        self.order = self.sides
        if first is not None:
            i = self.sides.index(first)
            self.order = self.sides[i:] + self.sides[:i]
        self.round = 1
        self._i = 0
        self.round_limit = round_limit
        self.over = False

    @property
    def current(self) -> str:
        return self.order[self._i]

    def require_turn(self, side: str) -> None:
        if self.over:
            raise IllegalOrder("sequence of play", "the game is over")
        if side != self.current:
            raise IllegalOrder("sequence of play", f"it is {self.current}'s turn, not {side}'s")

    def end_turn(self) -> str:
        """Pass to the next side; returns it. Ends the game after ``round_limit`` rounds."""
        self._i += 1
        if self._i == len(self.order):
            self._i = 0
            self.round += 1
            if self.round_limit and self.round > self.round_limit:
                self.over = True
        return self.current

    def to_dict(self) -> dict[str, Any]:
        return {"order": list(self.order), "round": self.round, "index": self._i, "over": self.over}
