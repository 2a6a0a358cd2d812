"""Set-up (digest "Setup"): each side picks its units freely from the six types and places them
in its own territory, one to a hex; the computer picks and places its army from its view only.

Orders: ``place`` (needs ``type``, one of the six, and ``hex``, a free hex of the side's
territory) while the army is short; ``remove`` (needs nothing; the unit is named) takes a placed
unit back. ``remove`` is listed only when
:meth:`~hexplay.games.aggressor.game.AggressorGame.legal_orders` is asked for that unit, so that a
player drawing orders from the side's list completes its set-up. ``submit`` locks the set-up
once the army is complete. Unit ids are ``W01``.. and ``E01``.. in order of placement. Before
the submit, :meth:`~hexplay.games.aggressor.game.AggressorGame.undo` takes back the side's
last set-up order (:func:`undo`; logged as an ``undo`` command).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...engine import (
    Command,
    IllegalOrder,
    LegalOrder,
    Need,
    Order,
    ScenarioError,
    check_args,
)
from ...engine.record import replay_only, take_state
from .board import OTHER, SIDES, WEST, board_of
from .units import TYPE_NAMES, UNIT_TYPES

COMPUTER_ARMY: dict[str, int] = {
    "Armor": 7,
    "Infantry": 4,
    "Artillery": 3,
    "Airbase": 2,
    "Missile": 1,
    "Support": 1,
}
"""The computer's army of 18 [project choice]: armour to take and hold sectors (strength 3,
range 3), infantry that replaces its losses, artillery and air for fire without contact, one
missile for a high-value target, one support unit to resupply the front."""


def check_place(g, side: str, type_name: Any, label: Any) -> tuple[str, int]:
    """Validate a placement; returns (type, hex index)."""
    if g.placed(side) >= g.scenario.army_size:
        raise IllegalOrder("set-up", f"{side} has placed all {g.scenario.army_size} units")
    if type_name not in TYPE_NAMES:
        raise IllegalOrder("set-up", f"type must be one of {list(TYPE_NAMES)}, not {type_name!r}")
    i = g.board.index(label, "hex", "set-up")
    if g.board.territory[i] != side:
        raise IllegalOrder(
            "set-up", f"{g.board.labels[i]} is not in {side}'s territory (units set up at home)"
        )
    if i in g.at:
        raise IllegalOrder("no stacking", f"{g.board.labels[i]} already holds a unit")
    return type_name, i


def setup_orders(g, side: str, unit: str | None) -> list[LegalOrder]:
    """``place`` while the army is short; ``remove`` when asked for a placed unit."""
    if unit is not None:
        u = g.units.get(unit)
        if u is None or u.side != side:
            return []
        return [LegalOrder(side, "remove", unit, {}, (), f"take {unit} back", "set-up")]
    if g.placed(side) >= g.scenario.army_size:
        return []
    free = tuple(g.board.labels[i] for i in g.board.home[side] if i not in g.at)
    needs = (
        Need("type", "choice", TYPE_NAMES, "unit type"),
        Need("hex", "hex", free, "hex in your territory"),
    )
    return [LegalOrder(side, "place", None, {}, needs, "place a unit", "set-up")]


def setup_order(g, o: Order) -> list[dict]:
    """Check and carry out one set-up order (logged); IllegalOrder changes nothing."""
    if g.setup_done.get(o.side):
        raise IllegalOrder("set-up", f"the {o.side} set-up is submitted")
    if o.kind == "place":
        check_args(o, ("type", "hex"), "set-up")
        if o.unit is not None:
            raise IllegalOrder("set-up", "place names no unit (ids are given on placement)")
        t, i = check_place(g, o.side, o.args.get("type"), o.args.get("hex"))
        g.commands.add("order", o.to_dict(), g.turn)
        u = g.new_unit(o.side, t, i)
        return [g.event("placed", {"unit": u.id, "type": t, "hex": g.board.labels[i]}, o.side)]
    if o.kind == "remove":
        check_args(o, (), "set-up")
        u = g.units.get(o.unit) if isinstance(o.unit, str) else None
        if u is None or u.side != o.side:
            raise IllegalOrder("set-up", f"{o.side} has placed no unit {o.unit!r}")
        g.commands.add("order", o.to_dict(), g.turn)
        del g.units[u.id]
        g.by_side[u.side].remove(u)
        del g.at[u.hex]
        return [g.event("removed", {"unit": u.id}, o.side)]
    raise IllegalOrder("set-up", f"set-up orders are 'place' and 'remove', not {o.kind!r}")


def standing(commands: Sequence[Command]) -> list[Command]:
    """``commands`` without the ``undo`` commands of the set-up and the orders they took
    back (each the last set-up order of its side still standing)."""
    out: list[Command] = []
    for c in commands:
        if c.op == "undo" and c.turn == 0:
            side = c.args.get("side")
            k = max(i for i, x in enumerate(out) if x.op == "order" and x.args["side"] == side)
            del out[k]
        else:
            out.append(c)
    return out


def undo(g, side: str, unit: Any = None) -> dict[str, Any]:
    """Take back ``side``'s last set-up order still standing (a ``place``: its unit goes; a
    ``remove``: the unit is back, same id and hex), before the side submits: the game is then
    the replay of the orders still standing, exactly the game before that order. ``unit``: the
    unit of that order; a unit placed earlier is taken back by the ``remove`` order (logged as
    one). Returns the order taken back (as a dict)."""
    if g.setup_done[side]:
        raise IllegalOrder("set-up", f"the {side} set-up is submitted")
    if unit is not None and type(unit) is not str:
        raise IllegalOrder("set-up", f"unit must be a unit id (string), not {unit!r}")
    cmds = standing(g.commands.commands)
    t = next(
        (
            i
            for i in range(len(cmds) - 1, -1, -1)
            if cmds[i].op == "order" and cmds[i].args["side"] == side
        ),
        None,
    )
    if t is None:
        raise IllegalOrder("set-up", f"{side} has no set-up order to take back")
    o = cmds[t].args
    which = o["unit"] if o["kind"] == "remove" else g.by_side[side][-1].id
    if unit is not None and unit != which:
        u = g.units.get(unit)
        if u is None or u.side != side:
            raise IllegalOrder("set-up", f"{side} has placed no unit {unit!r}")
        setup_order(g, Order(side, "remove", unit))
        return {"side": side, "kind": "place", "unit": unit, "args": {}}
    take_state(g, replay_only(g, cmds[:t] + cmds[t + 1 :]))
    g._log("undo", side=side, unit=which)
    return {**o, "unit": which}


def set_position(g, sc) -> None:
    """Place a scenario's fixed position (``Scenario.position``, no set-up) and start play;
    ScenarioError names the field of a bad unit."""
    b = g.board
    for k, p in enumerate(sc.position):
        try:
            i = b.index(p.hex, "hex", "scenario")
        except IllegalOrder as e:
            raise ScenarioError(f"position.{k}.hex", e.message) from None
        if i in g.at:
            raise ScenarioError(f"position.{k}.hex", f"{p.hex} holds another unit")
        if p.launched and p.type != "Missile":
            raise ScenarioError(f"position.{k}.launched", "only Missile units launch")
        ut = UNIT_TYPES[p.type]
        rng = ut.range if p.range is None else p.range
        st = ut.strength if p.strength is None else p.strength
        if rng > ut.range or st > ut.strength:
            raise ScenarioError(
                f"position.{k}", f"{p.type} has at most {ut.range}-{ut.strength} (range-strength)"
            )
        # an emplaced unit counts as having started its last turn where it stands
        g.new_unit(
            p.side,
            p.type,
            i,
            rng=rng,
            str=st,
            launched=p.launched,
            emplaced=p.emplaced,
            start_hex=i if p.emplaced else -1,
        )
    for k, h in enumerate(sc.cbr):
        try:
            g.cbr.add(b.index(h, "hex", "scenario"))
        except IllegalOrder as e:
            raise ScenarioError(f"cbr.{k}", e.message) from None
    g.aggressor = sc.aggressor
    for s in SIDES:
        if not g.alive(s):
            raise ScenarioError("position", f"{s} has no unit")
        g.setup_done[s] = True
    g.start_play()


def army_plan(size: int, army: dict[str, int] | None = None) -> list[str]:
    """The unit types of an army of ``size`` from the mix ``army`` (type -> count, in its
    order; default :data:`COMPUTER_ARMY`, armour first), repeated or cut to ``size``."""
    base = [t for t, n in (COMPUTER_ARMY if army is None else army).items() for _ in range(n)]
    return [base[k % len(base)] for k in range(size)]


COMPUTER_DEPTH: dict[str, int] = {
    "Armor": 0,
    "Infantry": 0,
    "Artillery": 2,
    "Support": 1,
    "Missile": 4,
    "Airbase": 6,
}
"""Columns behind the front column (the one nearest the border) each type is first tried in by
:func:`computer_setup`."""


def computer_setup(
    view: dict,
    m,
    rng: np.random.Generator,
    army: dict[str, int] | None = None,
    depth: dict[str, int] | None = None,
) -> list[tuple[str, str]]:
    """(type, hex label) placements for the side of ``view``, from the view and the map only.

    Armour and infantry form a front in the three columns nearest the border, spread over the
    rows; artillery and support stand one to two columns behind; airbases and missiles further
    back (:data:`COMPUTER_DEPTH`). Rows are shuffled by ``rng`` so the deployment varies.
    ``army`` (type -> count, default :data:`COMPUTER_ARMY`) and ``depth`` (type -> columns
    behind the front) give another army or deployment the same way.
    """
    b = board_of(m)
    side = view["side"]
    size = view["army_size"] - len([u for u in view["units"].values() if u["side"] == side])
    taken = {b.index(u["hex"]) for u in view["units"].values() if u["side"] == side}
    cols = list(b.columns[side])
    if side == WEST:
        cols = cols[::-1]  # nearest the border first
    rows = int(b.max_row)
    plan = army_plan(view["army_size"], army)[-size:] if size else []
    depth = COMPUTER_DEPTH if depth is None else depth
    out: list[tuple[str, str]] = []
    order = (rng.permutation(rows) + 1).tolist()  # (the same ints, as Python ints)
    k = 0
    for t in plan:
        placed = False
        d0 = depth[t]
        for tries in range(len(cols) * rows):
            col = cols[min(len(cols) - 1, d0 + tries // rows)]
            row = int(order[(k + tries) % rows])
            i = b.at_offset(col, row)
            if i not in taken and b.territory[i] == side:
                taken.add(i)
                out.append((t, b.labels[i]))
                placed = True
                k += 2
                break
        if not placed:  # pragma: no cover - the territory has 150 hexes
            free = [i for i in b.home[side] if i not in taken]
            i = free[0]
            taken.add(i)
            out.append((t, b.labels[i]))
    return out


__all__ = [
    "COMPUTER_ARMY",
    "COMPUTER_DEPTH",
    "OTHER",
    "army_plan",
    "check_place",
    "computer_setup",
    "set_position",
    "setup_order",
    "setup_orders",
    "standing",
    "undo",
]
