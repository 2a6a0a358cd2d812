"""SKIRMISH's side queries at the table (its plugin record's ``queries=``; AMBUSH shares them):
what a seat's app asks beyond the game API, answered for the seat's side only
(:mod:`hexplay.serve.queries`), its scenario's public terms and its default set-up.

===================  ===========================================================
query                what, and who may ask it
===================  ===========================================================
ap_left unit         AP the seat's own unit has left (another side's unit: 403)
odds firer target    the shot's odds: ``firer`` the seat's man, ``target`` an enemy
  [weapon]           its view shows *now* (a last-known one: 403); the target's
  [hexes_moved]      movement is 0 unless given (its plot is not the seat's)
record               the activity chart: the seat's own rows during play (all once
                     over, and for the referee)
record_header        the record's header: during play a side gets only what its
                     view holds (route, ambush as it knows them; never the seed)
===================  ===========================================================

The default set-up is the game's ``auto_setup`` of the side.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from hexplay.engine import REFEREE, IllegalOrder, jsonable
from hexplay.serve.queries import Query, Refused, SideQueries


def _own_unit(g, side: str, unit: str) -> None:
    """``unit`` is one of ``side``'s men (alive or not) or a vehicle it controls now."""
    man = g.men.get(unit)
    if man is not None:
        if man.side != side:
            raise Refused(f"{unit} is not one of {side}'s men")
        return
    if unit in g.vehicles:
        if not g.is_own(side, unit):
            raise Refused(f"{side} does not control {unit}")
        return
    raise IllegalOrder("order", f"no unit {unit!r}")


def _ap_left(g, side: str, a: dict) -> Any:
    _own_unit(g, side, a["unit"])
    return jsonable(g.ap_left(side, a["unit"]))


def _odds(g, side: str, a: dict) -> Any:
    firer, target = a["firer"], a["target"]
    man = g.men.get(firer)
    if man is None or man.side != side:
        raise Refused(f"{firer} is not one of {side}'s men")
    if target not in (g.view(side, events=False).get("units") or {}):
        raise Refused(f"{target} is not in {side}'s sight now")
    return jsonable(g.odds(firer, target, a.get("weapon"), a.get("hexes_moved", 0)))


def _record(g, side: str, a: dict) -> Any:
    rows = [r for r in g.record() if isinstance(r, Mapping)]
    if side != REFEREE and not g.over:
        rows = [r for r in rows if r.get("side") in (None, side)]
    return jsonable(rows)


SIDE_HEADER = ("scenario", "date", "players", "turns")
"""The record header's fields a side sees during play (from its view, where it holds them)."""


def _header(g, side: str, a: dict) -> Any:
    head = g.record_header()
    if side == REFEREE or g.over:
        return jsonable(head)
    view = g.view(side, events=False)
    out = {k: head.get(k) for k in SIDE_HEADER}
    out.update(
        route=view.get("route"),
        ambush=view.get("ambush"),
        barrier_points=view.get("barrier_points"),
        winner=None,
    )
    return jsonable(out)


def _fraction(v: Any) -> Fraction:
    return Fraction(v) if isinstance(v, (int, str)) else Fraction(v).limit_denominator()


def _setup(g, side: str) -> None:
    g.default_setup(side)


QUERIES = SideQueries(
    queries=(
        Query("ap_left", _ap_left, {"unit": "text"}, result=_fraction),
        Query(
            "odds",
            _odds,
            {"firer": "text", "target": "text"},
            {"weapon": "text", "hexes_moved": "count"},
            side=False,
        ),
        Query("record", _record, referee=True, side=False),
        Query("record_header", _header, referee=True, side=False),
    ),
    public_scenario=(
        "name", "map", "turn_limit", "barrier_points_required", "victory", "open_map",
        "description",
    ),
    setup=_setup,
)  # fmt: skip
"""SKIRMISH's declaration: the fixed ambush and the adversary's weapons stay the referee's."""
