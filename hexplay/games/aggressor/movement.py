"""Movement (digest "Movement"): allowance, the range-0 try, CBR entry, zone of control, the
border rule, partisans' freezing of movers, no stacking.

A unit may step to an adjacent hex while (its current range, halved and rounded up if it is now
in a rough hex) minus the hexes it moved this turn is at least 1; the terrain entered does not
matter. A range-0 unit may try one one-hex move per turn: d10 <= 5 (50%) succeeds, otherwise it
is "Immobile" (no special feature this turn; an adjacent attack is still allowed).

Project decisions: a step toward a hex that holds a hidden enemy "bumps": the unit stays, the
enemy is revealed to it as unidentified (found by the unit's own move) and its movement ends.
Zone of control is exerted by every enemy unit, seen or not (the referee knows where they are).
After an attack or a special feature a unit does nothing more that turn.
"""

from __future__ import annotations

from .observation import discover, reveal
from .units import step_loss

RANGE0_CHANCE = 5
"""A range-0 unit's one-hex try succeeds on a d10 roll <= 5 (50%)."""

STOP_RULES = {
    "zone of control": "zone of control",
    "border": "border rule",
    "blocked": "no stacking",
}


def turn_allowance(rng: int, rough: bool) -> int:
    """Hexes a unit of range ``rng`` may move in a turn from a hex that is (or is not) rough:
    its range, halved and rounded up in rough."""
    return (rng + 1) // 2 if rough else rng


def allowance(board, u) -> int:
    """Hexes the unit may still move now: :func:`turn_allowance` where it stands minus moved."""
    return turn_allowance(u.rng, board.rough[u.hex]) - u.moved


def move_blocked(g, u) -> tuple[str, str] | None:
    """Why ``u`` may not step now, as (rule, message), or None."""
    if u.frozen:
        return ("partisans", f"{u.id} is frozen by partisans this turn")
    if u.attacked:
        return ("unit activity", f"{u.id} has attacked: its activity is over this turn")
    if u.feature:
        return ("unit activity", f"{u.id} used a special feature: its activity is over")
    if u.stopped:
        return (STOP_RULES[u.stopped], f"{u.id}'s movement has ended ({u.stopped})")
    if u.rng == 0:
        if u.tried or u.moved:
            return ("range 0", f"{u.id} (range 0) has had its one-hex try this turn")
        return None
    if allowance(g.board, u) < 1:
        rough = " (halved in rough)" if g.board.rough[u.hex] else ""
        return (
            "movement allowance",
            f"{u.id}: range {u.rng}{rough} minus {u.moved} hexes moved leaves no move",
        )
    return None


def can_move(g, u) -> bool:
    """Equals ``move_blocked(g, u) is None``, without building the refusal message (views ask
    it of every unit)."""
    if u.frozen or u.attacked or u.feature or u.stopped:
        return False
    if u.rng == 0:
        return not (u.tried or u.moved)
    return allowance(g.board, u) >= 1


def move_target_ok(g, u, t: int) -> bool:
    """Equals ``t in move_targets(g, u)``: ``t`` is adjacent and the side knows of no unit
    there (its own, or an enemy it knows of), checked on the one hex."""
    if t not in g.board.adjset[u.hex]:
        return False
    o = g.at.get(t)
    if o is None:
        return True
    return g.units[o].side != u.side and o not in g.known[u.side]


def move_targets(g, u) -> list[int]:
    """Adjacent hexes the side does not know to be occupied."""
    occ = g.known_occupied(u.side)
    return [j for j in g.board.adj[u.hex] if j not in occ]


def apply_move(g, u, to: int) -> list[dict]:
    """Carry out one legal step; returns the events as the moving side sees them."""
    b = g.board
    side = u.side
    frm = u.hex
    if u.rng == 0:
        u.tried = True
        roll = g.roll("range-0 move", unit=u.id)
        if roll > RANGE0_CHANCE:
            u.immobile = True
            return [g.event("immobile", {"unit": u.id, "hex": b.labels[frm], "roll": roll}, side)]
    occ = g.at.get(to)
    if occ is not None:
        e = g.units[occ]
        reveal(g, side, e, finder=u.id)
        u.stopped = "blocked"
        return [g.event("blocked", {"unit": u.id, "hex": b.labels[to]}, side)]
    del g.at[frm]
    g.at[to] = u.id
    u.hex = to
    u.moved += 1
    u.emplaced = False
    out = [g.event("move", {"unit": u.id, "from": b.labels[frm], "to": b.labels[to]}, side)]
    if to in g.cbr:
        u.cbr_entered = to
        took = step_loss(u)
        out.append(g.event("cbr", {"unit": u.id, "hex": b.labels[to], "loss": took}, side))
        if not u.alive:
            g.eliminate(u)
            return out
    else:
        u.cbr_entered = -1
    enemy = g.other(side)
    for j in b.adjset[frm] & b.adjset[to]:
        o = g.at.get(j)
        if o is not None and g.units[o].side == enemy:
            u.stopped = "zone of control"
            break
    if not u.stopped and g.aggressor is None and (b.enemy_territory(side, to) or u.began_in_enemy):
        u.stopped = "border"
    if u.stopped:
        out.append(g.event("stopped", {"unit": u.id, "why": u.stopped}, side))
    if g.spots and any(b.dist[to][s] <= 1 for s in g.spots):
        u.frozen = True
        out.append(g.event("frozen", {"unit": u.id, "hex": b.labels[to]}, side))
    found = discover(g, u)
    if found:
        out.append(g.event("discovered", {"unit": u.id, "count": len(found)}, side))
    return out
