"""Views (engine.protocol.VIEW_KEYS): what one side may know, as plain JSON.

The acting side sees its own units and the enemies it knows of this turn (identified: type,
range, strength, emplaced; unidentified: colour only, display "Unidentified"; in a CBR hex:
"Nuked", type hidden). The other side sees the snapshot of its knowledge taken at the end of
its own turn (``last_seen``): never where enemies are now. An unidentified enemy is listed
under an alias (``?`` + its hex) so its id cannot be followed from turn to turn. No view says
what the enemy knows (not even whether one's own units were observed). ``"referee"`` sees all.
"""

from __future__ import annotations

from typing import Any

from ...engine import REFEREE
from .board import SIDES
from .movement import allowance, move_blocked
from .units import NUKED, UNIDENTIFIED
from .victory import sectors_held

RECENT_TURNS = 2
"""Views list the events and reports of the current and the previous turn."""


def own_unit(g, u) -> dict[str, Any]:
    b = g.board
    in_cbr = u.hex in g.cbr
    return {
        "side": u.side,
        "hex": b.labels[u.hex],
        "type": u.type,
        "display": NUKED if in_cbr else u.display_type,
        "range": u.rng,
        "strength": u.str,
        "max_range": u.max_rng,
        "max_strength": u.max_str,
        "emplaced": u.emplaced,
        "in_cbr": in_cbr,
        "technical": u.launched,
        "moved": u.moved,
        "attacked": u.attacked,
        "feature_used": u.feature,
        "frozen": u.frozen,
        "immobile": u.immobile,
        "stopped": u.stopped,
        "moves_left": moves_left(g, u),
    }


def moves_left(g, u) -> int:
    """Steps the unit may still try this turn (0 once it may not move; a range-0 unit's try
    counts as 1)."""
    if move_blocked(g, u) is not None:
        return 0
    return 1 if u.rng == 0 else allowance(g.board, u)


def enemy_unit(g, u, identified: bool) -> tuple[str, dict[str, Any]]:
    """(id or alias, dict) of an enemy as a side that knows of it sees it."""
    b = g.board
    lab = b.labels[u.hex]
    if u.hex in g.cbr:
        return "?" + lab, {"side": u.side, "hex": lab, "display": NUKED, "identified": False}
    if not identified:
        return "?" + lab, {"side": u.side, "hex": lab, "display": UNIDENTIFIED, "identified": False}
    return u.id, {
        "side": u.side,
        "hex": lab,
        "type": u.type,
        "display": u.display_type,
        "range": u.rng,
        "strength": u.str,
        "max_range": u.max_rng,
        "max_strength": u.max_str,
        "emplaced": u.emplaced,
        "identified": True,
    }


def known_enemies(g, side: str) -> dict[str, dict[str, Any]]:
    out = {}
    for uid, s in g.known[side].items():
        e = g.units[uid]
        if e.alive:
            k, d = enemy_unit(g, e, s.identified)
            out[k] = d
    return out


def build_view(g, side: str) -> dict[str, Any]:
    b = g.board
    referee = side == REFEREE
    units: dict[str, dict[str, Any]] = {}
    for u in g.units.values():
        if u.alive and (referee or u.side == side):
            units[u.id] = own_unit(g, u)
    if not referee and g.phase != "setup":
        if g.current == side:
            units.update(known_enemies(g, side))
        else:
            units.update(g.last_seen[side])
    mine = SIDES if referee else (side,)
    v: dict[str, Any] = {
        "game": "aggressor",
        "side": side,
        "turn": g.turn,
        "phase": g.phase,
        "to_act": list(g.to_act()),
        "over": g.over,
        "winner": g.winner,
        "units": units,
        "round": g.round,
        "current": g.current,
        "first": g.first,
        "aggressor": g.aggressor,
        "control": list(g.control),
        "sectors": {s: [k + 1 for k in sectors_held(g.control, s)] for s in SIDES},
        "cbr": sorted(b.labels[i] for i in g.cbr),
        "partisans": {s: g.partisans[s] for s in mine},
        "partisan_spots": [b.labels[i] for i in g.spots] if referee or g.current == side else [],
        "army_size": g.scenario.army_size,
        "setup_done": dict(g.setup_done),
        "options": dict(g.options),
        "reason": g.reason,
        "events": recent_events(g, side),
    }
    return v


def recent_events(g, side: str) -> list[dict[str, Any]]:
    start = g.turn_events.get(max(0, g.turn - RECENT_TURNS + 1), 0)
    out = []
    for e in g.log.events[start:]:
        d = e.for_side(side)
        if d is not None:
            out.append(d)
    return out
