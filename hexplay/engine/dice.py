"""Dice: one seeded numpy Generator per game, every roll recorded; a forced source for tests.

The generator's ``bit_generator.state`` is plain JSON (ints and strings), so a game can be saved
and resumed with its random stream exactly where it was.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from .errors import ScenarioError


@dataclass(frozen=True, slots=True)
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
        # the frozen dataclass __init__ through the slots themselves (its __setattr__ refuses)
        _SET_INDEX(self, index)
        _SET_VALUE(self, value)
        _SET_SIDES(self, sides)
        _SET_PURPOSE(self, purpose)
        _SET_TURN(self, turn)
        _SET_CONTEXT(self, {} if context is None else context)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_SET_INDEX, _SET_VALUE, _SET_SIDES, _SET_PURPOSE, _SET_TURN, _SET_CONTEXT = (
    Roll.__dict__[f].__set__ for f in ("index", "value", "sides", "purpose", "turn", "context")
)
"""Each field's slot setter: a Roll is filled through them, one slot each (a slotted Roll is
made and freed in about half the time of one with a ``__dict__``; games roll hundreds)."""
_new = object.__new__


MAX_SEED = 2**63 - 1
"""The largest seed (seeds are the integers 0..MAX_SEED)."""


def check_seed(seed: Any) -> int:
    """``seed`` as an int, checked at the edge: an integer (not a bool, not a string or a float
    that would be read as one) in 0..:data:`MAX_SEED`; else ScenarioError("seed")."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ScenarioError("seed", f"a seed is an integer 0..2**63-1, not {seed!r}"[:120])
    if not 0 <= int(seed) <= MAX_SEED:
        raise ScenarioError("seed", f"a seed is an integer 0..2**63-1, not {int(seed)}"[:120])
    return int(seed)


class Dice:
    """Seeded dice (numpy ``PCG64``); ``rolls`` keeps every roll in order."""

    kind = "seeded"

    def __init__(self, seed: int = 0) -> None:
        self.seed = check_seed(seed)
        self._rng = np.random.Generator(np.random.PCG64(self.seed))
        self._raw = self._rng.bit_generator
        """The generator's bit generator (the same object for the generator's life: a deep copy
        or pickle of the dice keeps the two together)."""
        self.rolls: list[Roll] = []
        self.turn: int | None = None
        # the generator's 32-bit stream is read here (see _draw) until someone else may use it
        self._own_stream = True
        # the 32-bit buffer as the generator keeps it: the upper half of the last 64-bit
        # output, and whether it is still unused (numpy leaves a used one in its state)
        self._half = 0
        self._has_half = False

    @property
    def rng(self) -> np.random.Generator:
        """The generator (for non-die randomness, e.g. computer players' choices)."""
        self._release()
        return self._rng

    def _release(self) -> None:
        """Hand the 32-bit stream back to the generator (its own buffer holds the unused half):
        from now on every die is drawn by ``Generator.integers`` itself."""
        if self._own_stream:
            self._rng.bit_generator.state = self._bit_state()
            self._own_stream = False

    def _bit_state(self) -> dict[str, Any]:
        """``bit_generator.state`` as ``Generator.integers`` alone would have left it."""
        st = dict(self._rng.bit_generator.state)
        if self._own_stream:
            st.update(has_uint32=int(self._has_half), uinteger=self._half)
        return st

    def _draw(self, sides: int) -> int:
        """One die: equals :meth:`plain_draw` (``int(Generator.integers(1, sides + 1))``),
        value for value and leaving the same stream, without numpy's per-call overhead.

        ``integers`` draws a number below ``sides`` (up to 2**32) by Lemire's method on the
        bit generator's 32-bit stream: the low then the high half of each 64-bit output; a
        1-sided die takes nothing from it. That method is done here on
        ``bit_generator.random_raw()``, the buffered half kept in ``_half``.
        """
        if not self._own_stream or type(sides) is not int or sides > 1 << 32:
            return self.plain_draw(sides)
        if sides <= 1:
            return 1  # (numpy returns the bound without drawing; sides < 1 is refused below)
        if self._has_half:  # = self._next32(), inline: one call less on every die
            self._has_half = False
            m = self._half * sides
        else:
            x = self._raw.random_raw()
            self._half, self._has_half = x >> 32, True
            m = (x & 0xFFFFFFFF) * sides
        low = m & 0xFFFFFFFF
        if low < sides:
            threshold = ((1 << 32) - sides) % sides
            while low < threshold:
                m = self._next32() * sides
                low = m & 0xFFFFFFFF
        return (m >> 32) + 1

    def _next32(self) -> int:
        if self._has_half:
            self._has_half = False
            return self._half
        x = self._raw.random_raw()
        self._half, self._has_half = x >> 32, True
        return x & 0xFFFFFFFF

    def plain_draw(self, sides: int) -> int:
        """One die by ``Generator.integers`` (the plain version of :meth:`_draw`)."""
        self._release()
        return int(self._rng.integers(1, sides + 1))

    def roll(self, purpose: str, sides: int = 6, **context: Any) -> int:
        """Roll one die and record it."""
        if self._own_stream and type(self) is Dice and type(sides) is int and 1 < sides <= 1 << 32:
            # = self._draw(sides), inline for the dice the rules roll (the value is 1..sides
            # by construction; a forced source's values are checked below)
            if self._has_half:
                self._has_half = False
                m = self._half * sides
            else:
                x = self._raw.random_raw()
                self._half, self._has_half = x >> 32, True
                m = (x & 0xFFFFFFFF) * sides
            if (m & 0xFFFFFFFF) < sides:  # (rare: Lemire's rejection, by _draw's loop)
                threshold = ((1 << 32) - sides) % sides
                while (m & 0xFFFFFFFF) < threshold:
                    m = self._next32() * sides
            value = (m >> 32) + 1
        else:
            value = self._draw(sides)
            if not 1 <= value <= sides:
                raise ValueError(f"die value {value} is not 1..{sides}")
        rolls = self.rolls
        r = _new(Roll)  # = Roll(len(rolls), value, ...), without the __init__ call
        _SET_INDEX(r, len(rolls))
        _SET_VALUE(r, value)
        _SET_SIDES(r, sides)
        _SET_PURPOSE(r, purpose)
        _SET_TURN(r, self.turn)
        _SET_CONTEXT(r, context)  # (this call's own dict: ``**`` made it)
        rolls.append(r)
        return value

    # --- persistence ---------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """JSON-able state: seed, bit generator state and the rolls so far."""
        return {
            "kind": self.kind,
            "seed": self.seed,
            "bit_generator": self._bit_state(),
            "rolls": [r.to_dict() for r in self.rolls],
        }

    def set_state(self, d: dict[str, Any]) -> None:
        bg = self._rng.bit_generator
        bg.state = d["bit_generator"]  # (numpy checks the state, as ever)
        if self._own_stream:  # the 32-bit buffer moves here (see _draw)
            st = dict(bg.state)
            self._half, self._has_half = int(st["uinteger"]), bool(st["has_uint32"])
            st["has_uint32"] = 0
            bg.state = st
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
