"""The "same as last turn" order for a man on foot (:func:`keep_going`: last turn's steps
again), and the candidate tasks a unit could add to its plot now
(:func:`.candidates.candidate_tasks`, re-exported here)."""

from __future__ import annotations

from .candidates import candidate_tasks

__all__ = [
    "KEEP_GOING_RULE",
    "candidate_tasks",
    "keep_going",
    "keep_going_order",
    "last_turn_steps",
]


# --- "same as last turn" for a man on foot ----------------------------------------------------
KEEP_GOING_RULE = "same as last turn"
"""The rule :func:`keep_going` names when it refuses (a helper of the UI, not a Table II
rule: the MP order it makes is judged by Table II and Table VIII like any other)."""


def last_turn_steps(g, side: str, uid: str) -> list[int]:
    """The hexside directions (indices into :data:`~hexplay.hexgrid.DIRECTIONS`) of the
    steps ``uid`` walked last turn on the map, in order: from his activity-chart start hex
    through every hex of his own ``move`` events (what he really walked, a move cut short
    included). Empty if he did not walk on the map last turn. Reads only ``side``'s own
    knowledge (its own unit's chart row and move events)."""
    last = g.turn - 1
    if last < 1 or not g.is_own(side, uid) or uid not in g.men:
        return []
    row = next((r for r in g.chart if r["turn"] == last and r["unit"] == uid), None)
    start = row["start"] if row else None
    if start not in g.terrain.hex_of:  # in a vehicle or off the map at the start
        start = None
    walked: list[str] = []
    for e in g.log.for_side(side, last):
        if e["kind"] == "move" and e.get("man") == uid:
            walked.extend(e["path"])
    if start is None or not walked:
        return []
    hexes = [g.terrain.hex_of[h] for h in (start, *walked)]
    steps = [a.direction_to(b) for a, b in zip(hexes, hexes[1:])]
    return [d for d in steps if d is not None]


def keep_going(g, side: str, uid: str):
    """The MP order that keeps a man on foot going in last turn's direction.

    The same hexside steps as last turn (:func:`last_turn_steps`), from where his plot now
    ends, as far as his AP left and the terrain allow: the furthest hex along those steps
    he can reach, by the cheapest legal path to it (the MP need of
    :func:`.orders.legal_orders`, so a wood or a wall on the way is walked round when that
    is cheaper). IllegalOrder(:data:`KEEP_GOING_RULE`) with the reason when he did not walk
    last turn, is not on foot on the map, or cannot take even the first such hex.
    """
    from ...engine import IllegalOrder, Order
    from ...hexgrid import FLAT_DIRECTION_NAMES
    from .orders import _mp_need

    rule = KEEP_GOING_RULE
    if g.phase != "planning" or g.plots.submitted.get(side, True) or g.over:
        raise IllegalOrder(rule, f"the {side} plot is not open")
    if not g.is_own(side, uid) or uid not in g.men:
        raise IllegalOrder(rule, f"{uid} is not a man of the {side}")
    m = g.men[uid]
    if not m.alive:
        raise IllegalOrder(rule, f"{uid} is killed")
    steps = last_turn_steps(g, side, uid)
    if not steps:
        raise IllegalOrder(rule, f"{uid} did not walk on the map last turn: nothing to keep up")
    plan = g.side_plan(side, g.orders_of(side)).men.get(uid)
    pos = plan.end_hex if plan is not None else (None if m.vehicle else m.hex)
    in_vehicle = plan.enters is not None if plan is not None else bool(m.vehicle)
    if pos is None or in_vehicle:
        raise IllegalOrder(rule, f"{uid} is not on foot on the map")
    need = _mp_need(g, side, uid, plan)
    paths = {p[-1]: p for p in (need.options if need is not None else ())}
    here = g.terrain.hex_of[pos]
    line: list[str] = []  # the hexes the same steps lead through (on the map)
    for d in steps:
        here = here.neighbor(d)
        if not g.map.contains(here):
            break
        line.append(g.map.label(here))
    for h in reversed(line):
        if h in paths:
            return Order(side, "MP", uid, {"path": list(paths[h])})
    way = "-".join(FLAT_DIRECTION_NAMES[d] for d in steps)
    if not line:
        why = "that way leaves the map"
    else:
        cost = g.terrain.step_cost(pos, line[0])
        left = g.ap_left(side, uid)
        why = (
            f"{line[0]} cannot be entered from {pos}"
            if cost is None
            else f"{line[0]} costs more than the {left} AP he has left"
        )
    raise IllegalOrder(
        rule, f"{uid} cannot keep going {way} from {pos}: the way is blocked ({why})"
    )


def keep_going_order(g, side: str, uid: str):
    """:func:`keep_going` as a ready-made legal order (no needs; the order builder offers it
    as one button), or None when it is refused (the reason is :func:`keep_going`'s)."""
    from ...engine import IllegalOrder, LegalOrder

    try:
        o = keep_going(g, side, uid)
    except IllegalOrder:
        return None
    label = "Keep going"
    return LegalOrder(side, "MP", uid, dict(o.args), (), label, KEEP_GOING_RULE)
