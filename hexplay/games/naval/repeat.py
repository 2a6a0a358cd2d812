""" "Same as last turn" for ships: last turn's manoeuvre again, from where the ship is now.

A ship's move orders name hexes (a path), so last turn's orders given again as they were
would start from where the ship was then and be refused. The naval game repeats the
*manoeuvre* instead: last turn's steps (ahead / turn left / turn right, as its plot chart
holds them) from the ship's hex and facing now, cut to the longest part the rules accept (its
MP now, land ahead), as one ``plot`` order that keeps the attacks already plotted this turn.
"""

from __future__ import annotations

from typing import Any

from ...engine import IllegalOrder
from ...engine.protocol import Order

#: The order kinds that plot a ship's movement (the manoeuvre repeats them all at once).
MOVE_KINDS = ("move", "ahead", "turn", "facing")


def last_steps(game: Any, side: str, ship: str) -> str:
    """The steps ``ship`` sailed last turn (its plot chart's row), "" if none."""
    turn = int(game.turn) - 1
    for c in reversed(game.plot_chart(side)):
        if c["turn"] == turn:
            row = next((r for r in c["plots"].get(side, []) if r["unit"] == ship), None)
            return str(row["steps"]) if row else ""
    return ""


def repeat_manoeuvre(game: Any, side: str, ship: str) -> Order | None:
    """The ``plot`` order sailing last turn's steps again from where ``ship`` is now (the
    longest accepted part), keeping this turn's plotted attacks and speed; None when no step
    is accepted or it sailed none."""
    steps = last_steps(game, side, ship)
    now = game.plots[side].get(ship)
    while steps:
        try:
            game.path_cost(ship, list(steps))
            break
        except IllegalOrder:
            steps = steps[:-1]
    if not steps:
        return None
    args: dict[str, Any] = {"steps": list(steps)}
    if now is not None:
        for k in ("gunnery", "torpedo", "speed"):
            if getattr(now, k, None) is not None:
                args[k] = getattr(now, k)
        if getattr(now, "radar", False):
            args["radar"] = True
    return Order(side, "plot", ship, args)


def repeat_order(game: Any, order: Order, given: list[Order]) -> Order | None:
    """Last turn's ``order`` again: a movement order becomes the ship's whole manoeuvre
    (once a ship), anything else (an attack) is given as it was (the rules judge it)."""
    if order.kind not in MOVE_KINDS or order.unit is None:
        return order
    if any(o.unit == order.unit and o.kind == "plot" for o in given):
        return None  # this ship's manoeuvre is given again already
    return repeat_manoeuvre(game, order.side, order.unit)
