"""Taking back a set-up order (digest §2) before the side submits: ``unplace``.

A SKIRMISH set-up is a function of the set-up orders standing: the scenario's fixed choices,
then the ``choose_route`` / ``place_ambush`` / ``place`` commands not taken back. ``unplace``
takes one back (the side's last set-up order, or a unit's last placement) and the game becomes
the replay of the commands still standing (:func:`hexplay.engine.record.replay_only`): exactly
the game before that order when it was the last one, the unit unplaced again (an adversary off
the map, a guard in his scenario seat, an escort at its scenario offset) and offered again by
``legal_orders``. The ``unplace`` command is logged; on replay it is resolved from the commands
before it, the same way.

Decisions:

* Taking back the ambush hex (or the route) takes back the convoy's placements too: they are
  relative to the transporter (its escorts' offsets and crews are set anew when the ambush hex
  is placed). It is refused once the convoy's set-up is submitted (which every view shows in
  ``to_act``), so neither the taking back nor its refusal tells the adversary anything.
* A unit's placement taken back when a later order of its side rests on it (a guard's old seat
  taken by another guard since) is refused, naming the rule that later order would break.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Command, IllegalOrder
from .state import ADVERSARY, DEFENDER

RULE = "§2 set-up"
SETUP_OPS = ("choose_route", "place_ambush", "place")
"""The logged set-up orders (``choose_route`` and ``place_ambush`` are the adversary's)."""


def side_of(c: Command) -> str:
    """The side that gave a set-up command."""
    return c.args.get("side") or ADVERSARY


def standing(commands: Sequence[Command]) -> list[Command]:
    """``commands`` without the ``unplace`` commands and what each of them took back."""
    out: list[Command] = []
    for c in commands:
        if c.op == "unplace":
            drop = set(taken_back(out, c.args["side"], c.args.get("unit_id")))
            out = [x for i, x in enumerate(out) if i not in drop]
        else:
            out.append(c)
    return out


def taken_back(cmds: Sequence[Command], side: str, unit_id: str | None) -> list[int]:
    """Indices in ``cmds`` (standing commands) that taking back ``side``'s last set-up order
    (``unit_id``'s last placement, if given) removes: that order, and with the route or ambush
    hex every convoy placement after it. IllegalOrder if there is none."""
    t = next(
        (
            i
            for i in range(len(cmds) - 1, -1, -1)
            if cmds[i].op in SETUP_OPS
            and side_of(cmds[i]) == side
            and (unit_id is None or cmds[i].args.get("unit_id") == unit_id)
        ),
        None,
    )
    if t is None:
        what = f"no placement of {unit_id}" if unit_id is not None else "no set-up order"
        raise IllegalOrder(RULE, f"the {side} has {what} to take back")
    out = [t]
    if cmds[t].op != "place":
        out += [
            i
            for i in range(t + 1, len(cmds))
            if cmds[i].op == "place" and side_of(cmds[i]) == DEFENDER
        ]
    return out


def describe(c: Command) -> str:
    """An order as a player reads it: ``place A1 at 1718``, ``place_ambush 1718``."""
    a = c.args
    if c.op == "place":
        seat = f" seat {a['seat']}" if a.get("seat") else ""
        return f"place {a.get('unit_id')} at {a.get('where')}{seat}"
    return f"{c.op} {a.get('name', a.get('hex'))}"
