"""Dice: one seeded numpy Generator per game, every roll recorded; a forced source for tests.

The generator's ``bit_generator.state`` is plain JSON (ints and strings), so a game can be saved
and resumed with its random stream exactly where it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Roll:
    """One recorded die roll: ``value`` on a ``sides``-sided die, with why and when."""

    index: int
    value: int
    sides: int
    purpose: str
    turn: int | None = None
    context: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        index: int,
        value: int,
        sides: int,
        purpose: str,
        turn: int | None = None,
        context: dict[str, Any] | None = None,
    ) -> None:
        # the frozen dataclass __init__ in one step: a game rolls dice all the time
        self.__dict__.update(
            index=index,
            value=value,
            sides=sides,
            purpose=purpose,
            turn=turn,
            context={} if context is None else context,
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Dice:
    """Seeded dice (numpy ``PCG64``); ``rolls`` keeps every roll in order."""

    kind = "seeded"

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        if self.seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed}")
        self._rng = np.random.Generator(np.random.PCG64(self.seed))
        self.rolls: list[Roll] = []
        self.turn: int | None = None

    @property
    def rng(self) -> np.random.Generator:
        """The generator (for non-die randomness, e.g. computer players' choices)."""
        return self._rng

    def _draw(self, sides: int) -> int:
        return int(self._rng.integers(1, sides + 1))

    def roll(self, purpose: str, sides: int = 6, **context: Any) -> int:
        """Roll one die and record it."""
        value = self._draw(sides)
        if not 1 <= value <= sides:
            raise ValueError(f"die value {value} is not 1..{sides}")
        self.rolls.append(Roll(len(self.rolls), value, sides, purpose, self.turn, dict(context)))
        return value

    # --- persistence ---------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """JSON-able state: seed, bit generator state and the rolls so far."""
        return {
            "kind": self.kind,
            "seed": self.seed,
            "bit_generator": self._rng.bit_generator.state,
            "rolls": [r.to_dict() for r in self.rolls],
        }

    def set_state(self, d: dict[str, Any]) -> None:
        self._rng.bit_generator.state = d["bit_generator"]
        self.rolls = [Roll(**r) for r in d.get("rolls", [])]

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> Dice:
        if d.get("kind") == "forced":
            return ForcedDice.from_state(d)
        dice = cls(d["seed"])
        dice.set_state(d)
        return dice


class ForcedDice(Dice):
    """Dice that return given values in order (tests, worked examples, replays).

    When the values run out, rolls continue from the seeded generator (``strict=False``) or
    raise (``strict=True``).
    """

    kind = "forced"

    def __init__(self, values: Iterable[int], seed: int = 0, strict: bool = True) -> None:
        super().__init__(seed)
        self.values = [int(v) for v in values]
        self.strict = strict
        self._next = 0

    def _draw(self, sides: int) -> int:
        if self._next < len(self.values):
            v = self.values[self._next]
            self._next += 1
            return v
        if self.strict:
            raise RuntimeError(f"forced dice exhausted after {len(self.values)} rolls")
        return super()._draw(sides)

    def state(self) -> dict[str, Any]:
        d = super().state()
        d.update(values=list(self.values), next=self._next, strict=self.strict)
        return d

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> ForcedDice:
        dice = cls(d["values"], d["seed"], d.get("strict", True))
        dice.set_state(d)
        dice._next = d.get("next", 0)
        return dice

    def rewound(self) -> ForcedDice:
        """A fresh copy that will replay the same values from the start."""
        return ForcedDice(self.values, self.seed, self.strict)


def fresh_like(dice: Dice) -> Dice:
    """A new dice source that will produce the same stream from the beginning."""
    if isinstance(dice, ForcedDice):
        return dice.rewound()
    return Dice(dice.seed)
