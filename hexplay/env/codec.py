"""Orders as integers: a fixed discrete action space for any game, stable for a scenario.

An action is ``0`` (:data:`END`: submit the set-up or plot, end the turn; a no-op for a side
that has nothing to do now) or ``1 + (kind * slots + slot) * targets + target`` where

* ``kind`` indexes the game's order kinds (:func:`order_kinds`: the ``order_kinds`` its
  ``GameInfo`` declares);
* ``slot`` is ``1 + i`` for an order of the i-th unit of the scenario's unit table (every unit
  id of the referee's view when the codec is made, in side order then id order: the *layout*
  comes from the scenario, no side's observation does); for a side-wide order (``unit=None``)
  ``0``, or ``1 + i`` for the i-th option of its first required choice/int need besides the key
  (a set-up ``place`` that takes a unit type and a hex: the unit type);
* ``target`` encodes the order's *key*: a fixed argument naming a unit or a hex if the legal
  order has one (a set-up ``place`` of a guard listing one entry per vehicle, its
  ``where`` fixed), else its *key need* (its first required hex, path or unit need, else its
  first required need): a hex or the end hex of a path by the map's hex index, a unit by its
  index in the unit table, a choice or an int by the position of the option in the need's
  list; ``0`` for an order that needs nothing.

The other required needs of an order are filled with their first listed option (e.g. the seat
of a guard placed in a vehicle); optional needs are left to the rules. A path target picks the
first listed path ending on the hex. A game wanting every combination in the action space gives
its own codec.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import numpy as np

from ..engine import REFEREE, IllegalOrder, LegalOrder, Need, Order

Index = TypeVar("Index", int, np.ndarray)
"""One index or an array of them (:meth:`OrderCodec.action` maps either)."""

END = 0
"""The action that submits (end of set-up, plot or turn), or waits when there is nothing to do."""

MAX_CHOICES = 8
"""At least this many targets per (kind, slot), so a choice need has room for its options."""


def order_kinds(game: Any) -> tuple[str, ...]:
    """The order kinds ``game.legal_orders`` may list, in a fixed order: the game's declared
    ``GameInfo.order_kinds``."""
    kinds = tuple(game.info.order_kinds)
    if not kinds:
        raise ValueError(
            f"{game.info.name}: the environment needs the game's order kinds; declare "
            "GameInfo.order_kinds (a tuple of every kind legal_orders may list) in its info"
        )
    return kinds


def unit_table(game: Any) -> tuple[str, ...]:
    """Every unit id the scenario starts with, in side order then id order."""
    sides = {s: i for i, s in enumerate(game.info.sides)}
    units = game.view(REFEREE)["units"]
    return tuple(sorted(units, key=lambda u: (sides.get(units[u].get("side"), 99), u)))


SPATIAL = ("hex", "path", "unit")
"""Need kinds a target index can name directly (a hex of the map or a unit of the table)."""


def key_need(choice: LegalOrder) -> Need | None:
    """The need the target encodes: the first required hex, path or unit need, else the first
    required need of any kind (None: the order needs nothing)."""
    req = [n for n in choice.needs if not n.optional]
    return next((n for n in req if n.kind in SPATIAL), req[0] if req else None)


def sub_need(choice: LegalOrder, key: Need | None) -> Need | None:
    """For a side-wide order, the need its slot encodes: its first required choice or int
    need besides the key (say a set-up ``place`` taking a unit type and a hex)."""
    if choice.unit is not None:
        return None
    return next(
        (n for n in choice.needs if not n.optional and n is not key and n.kind not in SPATIAL),
        None,
    )


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
        self.slots = max(len(self.units), MAX_CHOICES) + 1
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
    def action(self, kind: Index, slot: Index, target: Index) -> Index:
        return 1 + (kind * self.slots + slot) * self.targets + target

    def split(self, action: int) -> tuple[int, int, int]:
        """``(kind, slot, target)`` of a non-END action."""
        rest, target = divmod(int(action) - 1, self.targets)
        kind, slot = divmod(rest, self.slots)
        return kind, slot, target

    # --- one legal order's part of the space ------------------------------------------------
    def _index(self, need: Need, value: Any, size: int) -> int | None:
        """The index of ``value`` for ``need`` (hex/path end: hex index; unit: unit index;
        otherwise the option's position), None if it has none below ``size``."""
        if need.kind in ("hex", "path"):
            end = value[-1] if need.kind == "path" and isinstance(value, list | tuple) else value
            i = self._hex.get(end) if isinstance(end, str) else None
        elif need.kind == "unit":
            i = self._slot.get(value) if isinstance(value, str) else None
            i = None if i is None else i - 1
        else:
            i = next((k for k, o in enumerate(need.options) if o == value), None)
        return i if i is not None and i < size else None

    def _value(self, need: Need, i: int) -> Any:
        """The listed option of ``need`` with index ``i`` (see :meth:`_index`), or None."""
        if need.kind in ("hex", "path"):
            h = self.hexes[i] if i < len(self.hexes) else None
            o = next((o for o in need.options if (o[-1] if need.kind == "path" else o) == h), None)
        elif need.kind == "unit":
            u = self.units[i] if i < len(self.units) else None
            o = u if u in need.options else None
        else:
            o = need.options[i] if i < len(need.options) else None
        return list(o) if isinstance(o, tuple) else o

    def _fixed(self, choice: LegalOrder) -> tuple[str, int] | None:
        """``(arg name, target)`` of the first fixed argument naming a unit or a hex."""
        for k, v in choice.args.items():
            if isinstance(v, str):
                if v in self._slot:
                    return k, self._slot[v] - 1
                if v in self._hex:
                    return k, self._hex[v]
        return None

    def _parts(self, choice: LegalOrder):
        """``(kind index, unit slot or None, fixed, key need, sub need)`` of a legal order;
        None if the codec cannot express it (unknown kind or unit)."""
        k = self._kind.get(choice.kind)
        unit_slot = 0 if choice.unit is None else self._slot.get(choice.unit)
        if k is None or unit_slot is None:
            return None
        fixed = self._fixed(choice)
        key = None if fixed is not None else key_need(choice)
        return k, unit_slot, fixed, key, sub_need(choice, key)

    def _actions_of(self, choice: LegalOrder) -> list[int]:
        parts = self._parts(choice)
        if parts is None:
            return []
        k, unit_slot, fixed, key, sub = parts
        slots = [unit_slot]
        if sub is not None:
            slots = [1 + i for i in range(min(len(sub.options), self.slots - 1))]
        if fixed is not None:
            targets = [fixed[1]]
        elif key is None:
            targets = [0]
        else:
            targets = [self._index(key, o, self.targets) for o in key.options]
            targets = [t for t in targets if t is not None]
        return [self.action(k, s, t) for s in slots for t in targets]

    # --- orders <-> actions ---------------------------------------------------------------
    def encode(self, order: Order, legal: Sequence[LegalOrder]) -> int:
        """The action of a complete ``order`` given the legal orders it was chosen from."""
        for choice in legal:
            if (choice.kind, choice.unit, choice.side) != (order.kind, order.unit, order.side):
                continue
            parts = self._parts(choice)
            if parts is None:
                continue
            k, slot, fixed, key, sub = parts
            if fixed is not None:
                if order.args.get(fixed[0]) != choice.args[fixed[0]]:
                    continue
                t: int | None = fixed[1]
            else:
                t = 0 if key is None else self._index(key, order.args.get(key.name), self.targets)
            if sub is not None:
                i = self._index(sub, order.args.get(sub.name), self.slots - 1)
                slot = None if i is None else 1 + i
            if t is not None and slot is not None:
                return self.action(k, slot, t)
        raise IllegalOrder("env", f"{order.label()} is not among the legal orders")

    def legal_actions(self, legal: Sequence[LegalOrder]) -> np.ndarray:
        """Sorted unique actions of every order in ``legal`` (END not included)."""
        out = [a for choice in legal for a in self._actions_of(choice)]
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
        for choice in legal:
            parts = self._parts(choice)
            if choice.side != side or parts is None or parts[0] != k:
                continue
            _, unit_slot, fixed, key, sub = parts
            values: dict[str, Any] = {}
            if sub is not None:
                v = self._value(sub, s - 1) if s > 0 else None
                if v is None:
                    continue
                values[sub.name] = v
            elif s != unit_slot:
                continue
            if fixed is not None:
                if fixed[1] != t:
                    continue
            elif key is None:
                if t != 0:
                    continue
            else:
                v = self._value(key, t)
                if v is None:
                    continue
                values[key.name] = v
            return choice.complete(**_first_options(choice, values), **values)
        unit = self.units[s - 1] if 0 < s <= len(self.units) else None
        raise IllegalOrder("env", f"action {a} ({kind} {unit or side} #{t}) is not legal now")

    def describe(self, action: int) -> Mapping[str, Any]:
        """What an action means, for reading logs: kind, slot and target index."""
        if int(action) == END:
            return {"kind": "end"}
        k, s, t = self.split(action)
        return {"kind": self.kinds[k], "slot": s, "target": t}


def _first_options(choice: LegalOrder, given: Mapping[str, Any]) -> dict[str, Any]:
    """Values for the required needs not given: their first listed option."""
    out: dict[str, Any] = {}
    for n in choice.needs:
        if n.optional or n.name in given or not n.options:
            continue
        v = n.options[0]
        out[n.name] = list(v) if isinstance(v, tuple) else v
    return out
