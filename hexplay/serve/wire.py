"""What travels between the table and a page: legal orders and game info as plain JSON.

The server and :class:`~hexplay.serve.client.RemoteGame` share these, so a remote seat sees the
same :class:`~hexplay.engine.LegalOrder` and :class:`~hexplay.engine.Need` objects as a local
game (paths come back as tuples of labels, as the rules give them).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..engine import GameInfo, LegalOrder, Need, Order, jsonable


def need_to_dict(n: Need) -> dict[str, Any]:
    """A need as JSON-ready values: its options and costs as the rules give them (tuples,
    Fractions); :func:`dumps` writes them (tuples as lists, a Fraction as "n/d")."""
    return {
        "name": n.name,
        "kind": n.kind,
        "options": n.options,
        "prompt": n.prompt,
        "optional": n.optional,
        "costs": n.costs,
    }


def dumps(msg: Any) -> str:
    """A message as JSON text; what plain JSON lacks (Fraction, numpy) as
    :func:`~hexplay.engine.jsonable` writes it (equal to ``json.dumps(jsonable(msg))``, without
    walking the large option lists of a path twice)."""
    return json.dumps(msg, default=jsonable)


def _cost(v: Any) -> Any:
    if isinstance(v, str) and "/" in v:
        try:
            return Fraction(v)
        except ValueError:
            return v
    return _tuple(v)


def _tuple(v: Any) -> Any:
    return tuple(_tuple(x) for x in v) if isinstance(v, list) else v


def need_from_dict(d: Mapping[str, Any]) -> Need:
    return Need(
        d["name"],
        d["kind"],
        tuple(_tuple(o) for o in d["options"]),
        d.get("prompt", ""),
        bool(d.get("optional", False)),
        tuple(_cost(c) for c in d.get("costs", ())),
    )


def legal_to_dict(lo: LegalOrder) -> dict[str, Any]:
    return {
        "side": lo.side,
        "kind": lo.kind,
        "unit": lo.unit,
        "args": dict(lo.args),
        "needs": [need_to_dict(n) for n in lo.needs],
        "label": lo.label,
        "rule": lo.rule,
    }


def legal_from_dict(d: Mapping[str, Any]) -> LegalOrder:
    return LegalOrder(
        d["side"],
        d["kind"],
        d.get("unit"),
        dict(d.get("args", {})),
        tuple(need_from_dict(n) for n in d.get("needs", ())),
        d.get("label", ""),
        d.get("rule", ""),
    )


def info_to_dict(info: GameInfo) -> dict[str, Any]:
    return {
        "name": info.name,
        "title": info.title,
        "sides": list(info.sides),
        "turns": info.turns,
        "description": info.description,
        "move_kinds": list(info.move_kinds),
        "attack_kinds": list(info.attack_kinds),
    }


def info_from_dict(d: Mapping[str, Any]) -> GameInfo:
    return GameInfo(
        d["name"],
        d["title"],
        tuple(d["sides"]),
        d["turns"],
        d.get("description", ""),
        move_kinds=tuple(d.get("move_kinds", ())),
        attack_kinds=tuple(d.get("attack_kinds", ())),
    )


def extra_args(op: str, args: Mapping[str, Any], takes: tuple[str, ...]) -> str | None:
    """What is wrong when a write intent ``op`` carries arguments beyond ``takes`` (None:
    nothing)."""
    extra = sorted(set(args) - set(takes))
    return f"{op!r} takes {list(takes) or 'no arguments'}, not {extra}" if extra else None


def order_arg(args: Mapping[str, Any], side: str) -> Order:
    """The ``order`` argument of an ``order`` intent from ``side``'s seat (its side filled in
    when left out); IllegalOrder when it is not an order."""
    o = args.get("order")
    if isinstance(o, Mapping) and "side" not in o:
        o = {**o, "side": side}
    return Order.from_dict(o)


_PLAIN = (str, int, float, bool, type(None))


class JsonParts:
    """:func:`~hexplay.engine.jsonable` of views that share parts (a commander's pictures
    made from one side view, and the next state's from the last: see
    :meth:`~hexplay.engine.commanders.CommandedGame.side_view`): a view's values, and the
    entries of its dict values, are converted once while the same objects come back. An
    object is kept (so its id names it) for the generation it was used in and the next; call
    :meth:`next_generation` when the game's state moves on."""

    def __init__(self) -> None:
        self.now: dict[int, tuple[Any, Any]] = {}
        self.before: dict[int, tuple[Any, Any]] = {}

    def next_generation(self) -> None:
        self.before, self.now = self.now, {}

    def __call__(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return {str(k): self._part(v, 1) for k, v in view.items()}

    def _part(self, v: Any, depth: int) -> Any:
        if type(v) in _PLAIN:
            return v
        got = self.now.get(id(v))
        if got is None or got[0] is not v:
            got = self.before.get(id(v))
            if got is None or got[0] is not v:
                if depth and type(v) is dict:
                    got = (v, {str(k): self._part(x, depth - 1) for k, x in v.items()})
                else:
                    got = (v, jsonable(v))
            self.now[id(v)] = got
        return got[1]
