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
from .movement import allowance, can_move
from .units import NUKED, TECHNICAL, UNIDENTIFIED, UNIT_TYPES

RECENT_TURNS = 2
"""Views list the events and reports of the current and the previous turn."""


def own_unit(g, u, shared: bool = False) -> dict[str, Any]:
    """A unit as its own side's view shows it: equals :func:`own_unit_plain`. The entry is a
    function of the unit's fields below and whether its hex is a CBR hex, so the last one made
    for each unit is kept on the game (``g.own_memo``) with those facts and copied while they
    hold (views build an entry for every own unit after every step); ``shared=True`` returns
    the kept entry itself (see :func:`build_view`)."""
    in_cbr = u.hex in g.cbr
    facts = (
        u.hex,
        in_cbr,
        u.rng,
        u.str,
        u.emplaced,
        u.launched,
        u.moved,
        u.attacked,
        u.feature,
        u.frozen,
        u.immobile,
        u.stopped,
        u.tried,
    )
    memo = g.own_memo
    got = memo.get(u.id)
    if got is not None and got[0] == facts:
        return got[1] if shared else got[1].copy()
    d = own_unit_plain(g, u)
    memo[u.id] = (facts, d)
    return d if shared else d.copy()


def own_unit_plain(g, u) -> dict[str, Any]:
    """A unit as its own side's view shows it."""
    in_cbr = u.hex in g.cbr
    ut = UNIT_TYPES[u.type]
    return {
        "side": u.side,
        "hex": g.board.labels[u.hex],
        "type": u.type,
        "display": NUKED if in_cbr else TECHNICAL if u.launched else u.type,
        "range": u.rng,
        "strength": u.str,
        "max_range": ut.range,
        "max_strength": ut.strength,
        "emplaced": u.emplaced,
        "in_cbr": in_cbr,
        "technical": u.launched,
        "moved": u.moved,
        "attacked": u.attacked,
        "feature_used": u.feature,
        "frozen": u.frozen,
        "immobile": u.immobile,
        "stopped": u.stopped,
        "moves_left": _moves_left(g, u),
    }


def _moves_left(g, u) -> int:
    """Equals :func:`moves_left` (``can_move`` and ``allowance`` inline: views build this for
    every unit)."""
    if u.frozen or u.attacked or u.feature or u.stopped:
        return 0
    if u.rng == 0:
        return 0 if u.tried or u.moved else 1
    left = ((u.rng + 1) // 2 if g.board.rough[u.hex] else u.rng) - u.moved
    return left if left >= 1 else 0


def moves_left(g, u) -> int:
    """Steps the unit may still try this turn (0 once it may not move; a range-0 unit's try
    counts as 1)."""
    if not can_move(g, u):
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
    ut = UNIT_TYPES[u.type]  # (u.max_rng, u.max_str, u.display_type without the properties)
    return u.id, {
        "side": u.side,
        "hex": lab,
        "type": u.type,
        "display": TECHNICAL if u.launched else u.type,
        "range": u.rng,
        "strength": u.str,
        "max_range": ut.range,
        "max_strength": ut.strength,
        "emplaced": u.emplaced,
        "identified": True,
    }


def known_enemies(g, side: str) -> dict[str, dict[str, Any]]:
    """The enemies ``side`` knows of now, as its views list them: equals
    :func:`known_enemies_plain`, with :func:`enemy_unit` inline (views make one per known
    enemy, after every order that taught the side something)."""
    out = {}
    units, cbr, labels = g.units, g.cbr, g.board.labels
    for uid, s in g.known[side].items():
        e = units[uid]
        if not e.alive:
            continue
        lab = labels[e.hex]
        if e.hex in cbr:
            out["?" + lab] = {"side": e.side, "hex": lab, "display": NUKED, "identified": False}
        elif not s.identified:
            out["?" + lab] = {
                "side": e.side,
                "hex": lab,
                "display": UNIDENTIFIED,
                "identified": False,
            }
        else:
            ut = UNIT_TYPES[e.type]
            out[uid] = {
                "side": e.side,
                "hex": lab,
                "type": e.type,
                "display": TECHNICAL if e.launched else e.type,
                "range": e.rng,
                "strength": e.str,
                "max_range": ut.range,
                "max_strength": ut.strength,
                "emplaced": e.emplaced,
                "identified": True,
            }
    return out


def known_enemies_plain(g, side: str) -> dict[str, dict[str, Any]]:
    out = {}
    for uid, s in g.known[side].items():
        e = g.units[uid]
        if e.alive:
            k, d = enemy_unit(g, e, s.identified)
            out[k] = d
    return out


def build_view(g, side: str, events: bool = True, shared: bool = False) -> dict[str, Any]:
    """Equals :func:`build_view_plain`, the game's fields read directly (not through its
    properties) and each side's sector list made in one pass over the control list: computer
    players read a whole view at every turn start and after every order that taught them
    something. ``shared=True``: the own units' entries are the ones remembered on the game
    (``g.own_memo``), not copies: equal, but the caller must not change them (the game never
    does: a unit whose facts change gets a new entry)."""
    if side == REFEREE:
        return build_view_plain(g, side, events)
    b = g.board
    units: dict[str, dict[str, Any]] = {}
    memo, cbr = g.own_memo, g.cbr
    for u in g.by_side[side]:
        if u.alive:  # = own_unit(g, u), inline (the same facts, memo and copies)
            facts = (
                u.hex,
                u.hex in cbr,
                u.rng,
                u.str,
                u.emplaced,
                u.launched,
                u.moved,
                u.attacked,
                u.feature,
                u.frozen,
                u.immobile,
                u.stopped,
                u.tried,
            )
            got = memo.get(u.id)
            if got is None or got[0] != facts:
                got = memo[u.id] = (facts, own_unit_plain(g, u))
            units[u.id] = got[1] if shared else got[1].copy()
    over, turn = g._over, g._turn
    phase = "over" if over else "setup" if turn == 0 else "play"  # = g.phase
    mine_now = g.current == side
    if phase != "setup":
        if mine_now:
            units.update(known_enemies(g, side))
        else:
            units.update(g.last_seen[side])
    control = g.control
    sectors: dict[str, list[int]] = {s: [] for s in SIDES}
    for k, c in enumerate(control):  # = [k + 1 for k, c in enumerate(control) if c == s]
        got = sectors.get(c)
        if got is not None:
            got.append(k + 1)
    cbr = g.cbr
    return {
        "game": "aggressor",
        "side": side,
        "turn": turn,
        "phase": phase,
        # = list(g.to_act())
        "to_act": []
        if over
        else [g.current]
        if turn
        else [s for s in SIDES if not g.setup_done[s]],
        "over": over,
        "winner": g._winner,
        "units": units,
        "round": (turn + 1) // 2,  # = g.round
        "current": g.current,
        "first": g.first,
        "aggressor": g.aggressor,
        "control": list(control),
        "sectors": sectors,
        "cbr": sorted([b.labels[i] for i in cbr]) if cbr else [],
        "partisans": {side: g.partisans[side]},
        "partisan_spots": [b.labels[i] for i in g.spots] if mine_now else [],
        "army_size": g.scenario.army_size,
        "setup_done": dict(g.setup_done),
        "options": dict(g.options),
        "reason": g.reason,
        "events": recent_events(g, side) if events else [],
    }


def build_view_plain(g, side: str, events: bool = True) -> dict[str, Any]:
    """What ``side`` (or the referee) may know now (see the module docstring)."""
    b = g.board
    referee = side == REFEREE
    units: dict[str, dict[str, Any]] = {}
    for u in g.units.values():
        if u.alive and (referee or u.side == side):
            units[u.id] = own_unit(g, u)
    phase = g.phase
    if not referee and phase != "setup":
        if g.current == side:
            units.update(known_enemies(g, side))
        else:
            units.update(g.last_seen[side])
    mine = SIDES if referee else (side,)
    control = g.control
    v: dict[str, Any] = {
        "game": "aggressor",
        "side": side,
        "turn": g.turn,
        "phase": phase,
        "to_act": list(g.to_act()),
        "over": g.over,
        "winner": g.winner,
        "units": units,
        "round": g.round,
        "current": g.current,
        "first": g.first,
        "aggressor": g.aggressor,
        "control": list(control),
        # = {s: [k + 1 for k in sectors_held(control, s)] for s in SIDES}
        "sectors": {s: [k + 1 for k, c in enumerate(control) if c == s] for s in SIDES},
        "cbr": sorted([b.labels[i] for i in g.cbr]) if g.cbr else [],
        "partisans": {s: g.partisans[s] for s in mine},
        "partisan_spots": [b.labels[i] for i in g.spots] if referee or g.current == side else [],
        "army_size": g.scenario.army_size,
        "setup_done": dict(g.setup_done),
        "options": dict(g.options),
        "reason": g.reason,
        "events": recent_events(g, side) if events else [],
    }
    return v


def recent_events(g, side: str) -> list[dict[str, Any]]:
    """Equals :func:`recent_events_plain`. The log is append-only, so each side's list from one
    start index is kept on the game and extended by the events added since; a view gets
    shallow copies (as fresh as ``Event.for_side``'s dicts, whose values it shares too)."""
    start = g.turn_events.get(max(0, g.turn - RECENT_TURNS + 1), 0)
    events = g.log.events
    memo = g.recent_memo
    m = memo.get(side)
    if m is None or m[0] is not events or m[1] != start or m[2] > len(events):
        m = memo[side] = [events, start, start, []]
    if m[2] < len(events):
        seen = m[3]
        for e in events[m[2] :]:
            d = e.for_side(side)
            if d is not None:
                seen.append(d)
        m[2] = len(events)
    return [dict(d) for d in m[3]]


def recent_events_plain(g, side: str) -> list[dict[str, Any]]:
    """The events of the current and the previous turn that ``side`` may see."""
    start = g.turn_events.get(max(0, g.turn - RECENT_TURNS + 1), 0)
    out = []
    for e in g.log.events[start:]:
        d = e.for_side(side)
        if d is not None:
            out.append(d)
    return out
