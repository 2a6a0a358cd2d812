"""Orders as integers: a fixed discrete action space for any game, stable for a scenario.

An action is ``0`` (:data:`END`: submit the set-up or plot, end the turn; a no-op for a side
that has nothing to do now) or ``1 + (kind * slots + slot) * targets + target`` where

* ``kind`` indexes the game's order kinds (:func:`order_kinds`: the ``ORDER_KINDS`` the game
  class declares, or this module's table for a game that does not);
* ``slot`` is ``0`` for a side-wide order (``unit=None``) or ``1 + i`` for the i-th unit of the
  scenario's unit table (every unit id of the referee's view when the codec is made, in side
  order then id order: the *layout* comes from the scenario, no side's observation does);
* ``target`` encodes the order's *key*: a fixed argument naming a unit or a hex if the legal
  order has one (SKIRMISH's set-up ``place`` of a guard lists one entry per vehicle,
  ``where`` fixed), else its *primary need* (its first required one): a hex or the end hex of a
  path by the map's hex index, a unit by its index in the unit table, a choice or an int by the
  position of the option in the need's list; ``0`` for an order that needs nothing.

The other required needs of an order are filled with their first listed option (e.g. the seat
of a guard placed in a vehicle); optional needs are left to the rules. A path target picks the
first listed path ending on the hex. A game wanting every combination in the action space gives
its own codec.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..engine import REFEREE, IllegalOrder, LegalOrder, Need, Order

END = 0
"""The action that submits (end of set-up, plot or turn), or waits when there is nothing to do."""

MAX_CHOICES = 8
"""At least this many targets per (kind, slot), so a choice need has room for its options."""

ORDER_KINDS: dict[str, tuple[str, ...]] = {
    # SKIRMISH: the set-up orders (digest §2) then the Table II task codes, as
    # hexplay.rules.skirmish.orders lists them in SETUP_ARGS and TASK_ARGS (a test checks)
    "skirmish": (
        *("choose_route", "place_ambush", "place"),
        *("DF", "MP", "EP", "EV", "WE", "BW", "RA", "AV", "SV", "TV", "MV"),
    ),
}
"""Order kinds of registered games whose class does not declare ``ORDER_KINDS`` (by name)."""


def order_kinds(game: Any) -> tuple[str, ...]:
    """The order kinds ``game.legal_orders`` may list, in a fixed order (the game class's
    ``ORDER_KINDS``, else :data:`ORDER_KINDS` by game name)."""
    kinds = getattr(type(game), "ORDER_KINDS", None) or ORDER_KINDS.get(game.info.name)
    if not kinds:
        raise ValueError(
            f"{game.info.name}: the environment needs the game's order kinds; declare "
            "ORDER_KINDS (a tuple of every kind legal_orders may list) on the game class"
        )
    return tuple(kinds)


def unit_table(game: Any) -> tuple[str, ...]:
    """Every unit id the scenario starts with, in side order then id order."""
    sides = {s: i for i, s in enumerate(game.info.sides)}
    units = game.view(REFEREE)["units"]
    return tuple(sorted(units, key=lambda u: (sides.get(units[u].get("side"), 99), u)))


def primary_need(choice: LegalOrder) -> Need | None:
    return next((n for n in choice.needs if not n.optional), None)


FIXED = "fixed"
"""Marks a legal order whose key is a fixed argument (see the module docstring)."""


class OrderCodec:
    """The action space of one scenario: encode orders, decode actions, mask legal ones."""

    def __init__(
        self,
        kinds: Sequence[str],
        units: Sequence[str],
        hexes: Sequence[str],
        sides: Sequence[str],
    ) -> None:
        self.kinds = tuple(kinds)
        self.units = tuple(units)
        self.hexes = tuple(hexes)
        self.sides = tuple(sides)
        self._kind = {k: i for i, k in enumerate(self.kinds)}
        self._slot = {u: i + 1 for i, u in enumerate(self.units)}
        self._hex = {h: i for i, h in enumerate(self.hexes)}
        self.slots = len(self.units) + 1
        self.targets = max(len(self.hexes), len(self.units), MAX_CHOICES)
        self.n = 1 + len(self.kinds) * self.slots * self.targets

    @classmethod
    def for_game(cls, game: Any) -> OrderCodec:
        return cls(order_kinds(game), unit_table(game), game.map.hex_labels, game.info.sides)

    def same_layout(self, game: Any) -> bool:
        """True if ``game`` (e.g. after a reset) has this codec's kinds, units and map."""
        return (
            order_kinds(game) == self.kinds
            and set(unit_table(game)) <= set(self.units)
            and tuple(game.map.hex_labels) == self.hexes
        )

    # --- the index arithmetic --------------------------------------------------------------
    def action(self, kind: int, slot: int, target: int) -> int:
        return 1 + (kind * self.slots + slot) * self.targets + target

    def split(self, action: int) -> tuple[int, int, int]:
        """``(kind, slot, target)`` of a non-END action."""
        rest, target = divmod(int(action) - 1, self.targets)
        kind, slot = divmod(rest, self.slots)
        return kind, slot, target

    def _target(self, need: Need | None, value: Any) -> int | None:
        if need is None:
            return 0
        if need.kind in ("hex", "path"):
            end = value[-1] if need.kind == "path" else value
            return self._hex.get(end) if isinstance(end, str) else None
        if need.kind == "unit":
            s = self._slot.get(value)
            return None if s is None else s - 1
        pos = next((i for i, o in enumerate(need.options) if o == value), None)
        return pos if pos is not None and pos < self.targets else None

    def _fixed_target(self, choice: LegalOrder) -> tuple[str, int] | None:
        """``(arg name, target)`` of the first fixed argument naming a unit or a hex."""
        for k, v in choice.args.items():
            if isinstance(v, str):
                if v in self._slot:
                    return k, self._slot[v] - 1
                if v in self._hex:
                    return k, self._hex[v]
        return None

    def _head(self, choice: LegalOrder) -> int | None:
        k = self._kind.get(choice.kind)
        s = 0 if choice.unit is None else self._slot.get(choice.unit)
        if k is None or s is None:
            return None
        return self.action(k, s, 0)

    # --- orders <-> actions ---------------------------------------------------------------
    def encode(self, order: Order, legal: Sequence[LegalOrder]) -> int:
        """The action of a complete ``order`` given the legal orders it was chosen from."""
        for choice in legal:
            if (choice.kind, choice.unit) != (order.kind, order.unit):
                continue
            head = self._head(choice)
            fixed = self._fixed_target(choice)
            if fixed is not None:
                if order.args.get(fixed[0]) == choice.args[fixed[0]] and head is not None:
                    return head + fixed[1]
                continue
            need = primary_need(choice)
            t = self._target(need, None if need is None else order.args.get(need.name))
            if head is not None and t is not None:
                return head + t
        raise IllegalOrder("env", f"{order.label()} is not among the legal orders")

    def legal_actions(self, legal: Sequence[LegalOrder]) -> np.ndarray:
        """Sorted unique actions of every order in ``legal`` (END not included)."""
        out: list[int] = []
        for choice in legal:
            head = self._head(choice)
            if head is None:
                continue
            fixed = self._fixed_target(choice)
            if fixed is not None:
                out.append(head + fixed[1])
                continue
            need = primary_need(choice)
            if need is None:
                out.append(head)
                continue
            if need.kind in ("hex", "path"):
                ends = [o[-1] if need.kind == "path" else o for o in need.options]
                out.extend(head + self._hex[h] for h in ends if h in self._hex)
            elif need.kind == "unit":
                out.extend(head + self._slot[u] - 1 for u in need.options if u in self._slot)
            else:
                out.extend(head + i for i in range(min(len(need.options), self.targets)))
        return np.unique(np.asarray(out, dtype=np.int64))

    def mask(self, legal: Sequence[LegalOrder], end: bool) -> np.ndarray:
        """The int8 action mask: 1 for every legal action, and for END if ``end``."""
        m = np.zeros(self.n, dtype=np.int8)
        m[self.legal_actions(legal)] = 1
        m[END] = 1 if end else 0
        return m

    def decode(self, action: int, side: str, legal: Sequence[LegalOrder]) -> Order | None:
        """The order of ``action`` (None for END); IllegalOrder("env") if no legal order of
        ``side`` has that kind, unit and target."""
        a = int(action)
        if a == END:
            return None
        if not 0 < a < self.n:
            raise IllegalOrder("env", f"action {a} is outside 0..{self.n - 1}")
        k, s, t = self.split(a)
        kind = self.kinds[k]
        unit = None if s == 0 else self.units[s - 1]
        for choice in legal:
            if (choice.kind, choice.unit, choice.side) != (kind, unit, side):
                continue
            fixed = self._fixed_target(choice)
            if fixed is not None:
                if fixed[1] == t:
                    return choice.complete(**_first_options(choice, None))
                continue
            need = primary_need(choice)
            values = _first_options(choice, need)
            if need is None:
                if t == 0:
                    return choice.complete(**values)
                continue
            value = self._value(need, t)
            if value is not None:
                return choice.complete(**values, **{need.name: value})
        raise IllegalOrder("env", f"action {a} ({kind} {unit or side} #{t}) is not legal now")

    def _value(self, need: Need, t: int) -> Any:
        if need.kind in ("hex", "path"):
            if t >= len(self.hexes):
                return None
            h = self.hexes[t]
            for o in need.options:
                if (o[-1] if need.kind == "path" else o) == h:
                    return list(o) if need.kind == "path" else o
            return None
        if need.kind == "unit":
            u = self.units[t] if t < len(self.units) else None
            return u if u in need.options else None
        if t < len(need.options):
            v = need.options[t]
            return list(v) if isinstance(v, tuple) else v
        return None

    def describe(self, action: int) -> Mapping[str, Any]:
        """What an action means, for reading logs: kind, unit and target index."""
        if int(action) == END:
            return {"kind": "end"}
        k, s, t = self.split(action)
        return {"kind": self.kinds[k], "unit": None if s == 0 else self.units[s - 1], "target": t}


def _first_options(choice: LegalOrder, primary: Need | None) -> dict[str, Any]:
    """Values for the required needs after the primary one: their first listed option."""
    out: dict[str, Any] = {}
    for n in choice.needs:
        if n.optional or n is primary or not n.options:
            continue
        v = n.options[0]
        out[n.name] = list(v) if isinstance(v, tuple) else v
    return out
