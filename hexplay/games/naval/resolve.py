"""Phases C-E of the SMS turn: board movement, combat resolution, combat results application.

* C: every ship follows its (completed) plot at once; ships never react within the turn.
* D: every attack is resolved at the range fixed before movement (the article: "Sight
  Determination Phase ... firing ranges are determined for gunnery and torpedo combat", Phase
  A, and "spotting and firing range is established" in Phase B, both before movement); who may
  still fire and be hit is read after movement (a ship that left the map does neither).
  Results are *placed* (pending) but not in effect: a ship hit in this phase still fires as
  plotted (10.42) and its strengths are those it had at the start of the phase.
* E: all results take effect together; three hits of any type (or a Hit Chart ``S``) sink.

Battles: all gunnery attacks on one target are one battle (strengths summed, each halved at
extended range, against the target's defense); all torpedo attacks on one target are one
battle (strengths summed, each halved beyond primary range, against TEV). Beyond extended
range an attack has no effect (torpedoes fired all the same). Battles are rolled in target id
order, gunnery before torpedoes, so a seed and the plots fix every roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...hexgrid import distance
from . import crt, torpedo
from .classes import USN_PRIMARY_TORPEDO_RANGE_AFTER_8_1_43
from .damage import SINKING_HITS, result_hits
from .ships import EXITED, SUNK, USN, Ship


def gun_strength(ship: Ship, d: int) -> Fraction:
    """Gunnery strength at range ``d``: full at primary, halved at extended, 0 beyond."""
    primary, extended = ship.klass.gun_range
    if d <= primary:
        return Fraction(ship.gunnery)
    if d <= extended:
        return Fraction(ship.gunnery, 2)
    return Fraction(0)


def torpedo_range(ship: Ship, after_8_1_43: bool) -> tuple[int, int]:
    """(primary, extended) torpedo range, with the USN's primary 4 after 8/1/43."""
    primary, extended = ship.klass.torpedo_range
    if after_8_1_43 and ship.side == USN and ship.klass.torpedo_attack:
        primary = USN_PRIMARY_TORPEDO_RANGE_AFTER_8_1_43
        extended = max(extended, primary)
    return primary, extended


def torpedo_strength(ship: Ship, d: int, after_8_1_43: bool) -> Fraction:
    """Torpedo strength at range ``d``: full within primary, halved to extended, 0 beyond."""
    primary, extended = torpedo_range(ship, after_8_1_43)
    if d <= primary:
        return Fraction(ship.klass.torpedo_attack)
    if d <= extended:
        return Fraction(ship.klass.torpedo_attack, 2)
    return Fraction(0)


def radar_target(
    ship: Ship,
    ships: Mapping[str, Ship],
    radar_range: int,
    at: Mapping[str, Any] | None = None,
) -> str | None:
    """The FCR rule: the nearest enemy ship within radar range, the larger (higher defense)
    if two are equally close, then the lower id. Ranges between the hexes of ``at`` (ship id
    -> hex, where a ship has one: see :func:`resolve_combat`), else the ships' hexes now."""
    best = None
    for s in ships.values():
        if s.side == ship.side or not s.afloat or s.hex is None:
            continue
        d = distance(_where(ship, at), _where(s, at))
        if d > radar_range:
            continue
        key = (d, -s.defense, s.id)
        if best is None or key < best[0]:
            best = (key, s.id)
    return None if best is None else best[1]


def _where(ship: Ship, at: Mapping[str, Any] | None) -> Any:
    """Where ``ship`` is ranged from: its hex in ``at``, else (not on the map then, e.g. a
    reinforcement entering this turn) its hex now."""
    h = at.get(ship.id) if at else None
    return ship.hex if h is None else h


@dataclass(slots=True)
class Pending:
    """A result placed in phase D, applied in phase E."""

    target: str
    p: int = 0
    w: int = 0
    sink: bool = False


def resolve_combat(
    ships: Mapping[str, Ship],
    plots: Mapping[str, Any],
    spotted: Mapping[str, str],
    dice,
    turn: int,
    after_8_1_43: bool,
    radar_range: int,
    ranged_from: Mapping[str, Any] | None = None,
) -> tuple[dict[str, Pending], list[dict[str, Any]]]:
    """Phase D: every battle rolled, results pending. Returns (pending by target, events).

    Ranges (gunnery, torpedo, the radar's nearest target) are measured between the hexes of
    ``ranged_from`` (ship id -> hex: where the ships stood in Phases A and B, before movement,
    as the article fixes them); who may still fire or be hit is read from ``ships`` (afloat
    and on the map after movement). Without ``ranged_from``, the ships' hexes now."""
    at = ranged_from or {}
    gun: dict[str, list[tuple[str, Fraction, int]]] = {}
    torp: dict[str, list[tuple[str, Fraction, int]]] = {}
    events: list[dict[str, Any]] = []
    for sid, plot in plots.items():
        s = ships[sid]
        if not s.afloat or s.hex is None:
            continue
        target = plot.gunnery
        if plot.radar:
            target = radar_target(s, ships, radar_range, at)
            if target is None:
                events.append({"kind": "radar", "ship": sid, "target": None})
        if target is not None:
            t = ships[target]
            if t.afloat and t.hex is not None and (plot.radar or target in spotted):
                d = distance(_where(s, at), _where(t, at))
                gun.setdefault(target, []).append((sid, gun_strength(s, d), d))
        if plot.torpedo is not None:
            s.salvos -= 1
            s.torpedo_ready = turn + 1 + torpedo.RELOAD_TURNS
            t = ships[plot.torpedo]
            if t.afloat and t.hex is not None and plot.torpedo in spotted:
                d = distance(_where(s, at), _where(t, at))
                torp.setdefault(plot.torpedo, []).append(
                    (sid, torpedo_strength(s, d, after_8_1_43), d)
                )
    pending: dict[str, Pending] = {}
    for target in sorted(gun):
        t = ships[target]
        total = sum((x[1] for x in gun[target]), Fraction(0))
        col = crt.column(total, t.defense)
        die = dice.roll("gunnery", target=target) if col else None
        res = crt.result(col, die) if col else "-"
        p, w = result_hits(res)
        if p or w:
            pe = pending.setdefault(target, Pending(target))
            pe.p += p
            pe.w += w
        events.append(
            {
                "kind": "gunnery",
                "target": target,
                "attackers": [{"ship": a, "strength": st, "range": d} for a, st, d in gun[target]],
                "strength": total,
                "defense": t.defense,
                "column": col,
                "die": die,
                "result": res,
            }
        )
    for target in sorted(torp):
        t = ships[target]
        total = sum((x[1] for x in torp[target]), Fraction(0))
        tev = torpedo.tev(t.speed)
        col = crt.column(total, tev)
        die = dice.roll("torpedo", target=target) if col else None
        res = crt.result(col, die) if col else "-"
        hits = torpedo.torpedo_hits(res)
        chart_die, chart = None, None
        if hits:
            chart_die = dice.roll("torpedo hit chart", target=target, hits=hits)
            chart = torpedo.hit_result(hits, t.defense, chart_die)
            pe = pending.setdefault(target, Pending(target))
            if chart == "S":
                pe.sink = True
            else:
                p, w = result_hits(chart)
                pe.p += p
                pe.w += w
        events.append(
            {
                "kind": "torpedo",
                "target": target,
                "attackers": [{"ship": a, "strength": st, "range": d} for a, st, d in torp[target]],
                "strength": total,
                "tev": tev,
                "column": col,
                "die": die,
                "result": res,
                "hits": hits,
                "chart_die": chart_die,
                "chart": chart,
            }
        )
    return pending, events


def apply_results(
    ships: Mapping[str, Ship], pending: Mapping[str, Pending], turn: int
) -> list[dict[str, Any]]:
    """Phase E: every pending result at once; ships with three hits (or S) sink; speed cut
    to the new top speed."""
    events = []
    for target in sorted(pending):
        pe = pending[target]
        s = ships[target]
        s.p_hits += pe.p
        s.w_hits += pe.w
        sunk = pe.sink or s.hits >= SINKING_HITS
        if sunk:
            s.status = SUNK
            s.sunk_turn = turn
            s.hex = None
            s.speed = 0
        else:
            s.speed = min(s.speed, s.top_speed)
        events.append(
            {
                "kind": "damage",
                "ship": target,
                "p": pe.p,
                "w": pe.w,
                "sunk": sunk,
                "p_hits": s.p_hits,
                "w_hits": s.w_hits,
            }
        )
    return events


def exit_ship(s: Ship, turn: int) -> None:
    s.status = EXITED
    s.exit_turn = turn
    s.hex = None
