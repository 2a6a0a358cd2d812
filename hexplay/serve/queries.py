"""The named, read-only queries a seat may ask beyond the game API, and the default set-up.

The app's adapters (:mod:`hexplay.widgets`) ask a game more than the protocol holds: AP left,
the odds of a shot, the reach of a unit, a plot chart. At the table each of these is one entry
of :data:`QUERIES`, a closed table (no generic call, no ``getattr`` by name, no pickle): its
name, the games it applies to, its arguments with their JSON types checked, who may ask it, and
the function that answers from the game *for the asking seat's side only*. What each answers is
what the same call gives the local app for the side at the screen, with every argument that
names another side's data refused (403, logged):

===================  =========  ===========================================================
query                games      what, and who may ask it
===================  =========  ===========================================================
scenario             all        the scenario's public terms (:data:`PUBLIC_SCENARIO`; all of
                                it for the referee)
replay [turn]        all        the referee's view at the end of ``turn`` (once the game is
                                over; the referee at any time)
ap_left unit         skirmish   AP the seat's own unit has left (another side's unit: 403)
odds firer target    skirmish   the shot's odds: ``firer`` the seat's man, ``target`` an enemy
  [weapon]                      its view shows *now* (a last-known one: 403); the target's
  [hexes_moved]                 movement is 0 unless given (its plot is not the seat's)
record               skirmish   the activity chart: the seat's own rows during play (all once
                                over, and for the referee)
record_header        skirmish   the record's header: during play a side gets only what its
                                view holds (route, ambush as it knows them; never the seed)
reach unit           aggressor  ``AggressorGame.reach`` for the seat's unit
observed_hexes       aggressor  ``AggressorGame.observed_hexes`` of the seat's side
attack_odds ...      aggressor  ``attack_odds(side, unit, target, kind)``
                     naval      ``attack_odds(side, kind, attackers, target)``
air_line ...         aggressor  ``air_line(side, unit, target, strike)``
feature_orders unit  aggressor  key 0's legal orders (as the table's ``legal``)
key_order unit key   aggressor  the order key 1-6 gives (an order dict; not given)
gunnery_targets      naval      the seat's spotted targets
torpedo_targets      naval      ... spotted under rule (b)
plot_chart           naval      the seat's own plot chart (both once over; the referee both)
events_seen [turn]   naval      the events of resolved turns as the seat saw them
===================  =========  ===========================================================

The side a query is about is the seat's own; the referee may name one with ``side`` (and asks
as ``"referee"`` where the game has a referee's answer: record, plot_chart, events_seen).
A refusal by the rules (an unknown unit, a target out of reach) is the
:class:`~hexplay.engine.IllegalOrder` the local call raises, with its rule.

:data:`SETUPS` is the one write beside the protocol: ``setup`` places the seat's side by the
game's default set-up (SKIRMISH's ``auto_setup``; AGGRESSOR's computer set-up, from the side's
view only), as the local app does before its first turn. It is logged commands like any order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..engine import REFEREE, IllegalOrder, Order, jsonable
from .wire import legal_to_dict

ID_MAX = 64
"""The longest unit id, hex label or kind a query takes (ids are a few characters)."""


class Refused(Exception):
    """A query names data of another side (the table answers 403 and logs it)."""


class BadArgs(Exception):
    """A query's arguments are not what it takes (the table answers 400)."""


# --- argument checks (JSON types only; values the rules judge) --------------------------------
def _text(v: Any, name: str) -> str:
    if type(v) is not str or not 0 < len(v) <= ID_MAX:
        raise BadArgs(f"{name!r} must be a string of 1 to {ID_MAX} characters, not {v!r}")
    return v


def _count(v: Any, name: str, hi: int = 10_000) -> int:
    if type(v) is not int or not 0 <= v <= hi:
        raise BadArgs(f"{name!r} must be a whole number from 0 to {hi}, not {v!r}")
    return v


def _flag(v: Any, name: str) -> bool:
    if type(v) is not bool:
        raise BadArgs(f"{name!r} must be true or false, not {v!r}")
    return v


def _texts(v: Any, name: str) -> list[str]:
    if type(v) is not list or len(v) > 64:
        raise BadArgs(f"{name!r} must be a list of at most 64 ids, not {v!r}")
    return [_text(x, name) for x in v]


CHECKS: dict[str, Callable[[Any, str], Any]] = {
    "text": _text,
    "count": _count,
    "flag": _flag,
    "texts": _texts,
}


@dataclass(frozen=True)
class Query:
    """One named query: ``run(game, side, args)`` answers for ``side`` (a seat's own side, or
    ``"referee"`` when ``referee`` is True and the referee asks without naming a side)."""

    name: str
    games: tuple[str, ...]
    run: Callable[[Any, str, dict[str, Any]], Any]
    required: dict[str, str] = field(default_factory=dict)
    optional: dict[str, str] = field(default_factory=dict)
    referee: bool = False
    """True: the referee may ask it as ``"referee"`` (else the referee names a side)."""

    def parse(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The query's arguments, checked (no unknown one, each of its JSON type)."""
        unknown = set(args) - set(self.required) - set(self.optional) - {"q", "side"}
        if unknown:
            raise BadArgs(f"query {self.name!r} takes no {sorted(unknown)}")
        out = {}
        for k, kind in self.required.items():
            if k not in args:
                raise BadArgs(f"query {self.name!r} needs {k!r}")
            out[k] = CHECKS[kind](args[k], k)
        for k, kind in self.optional.items():
            if args.get(k) is not None:
                out[k] = CHECKS[kind](args[k], k)
        return out


# --- every game ---------------------------------------------------------------------------------
#: The scenario fields a side is shown (its rules' public terms: turns, victory, options);
#: the rest may place or arm the enemy (naval ships' start hexes, SKIRMISH's fixed ambush,
#: the adversary's weapons) and is the referee's. A game not listed: its name only.
PUBLIC_SCENARIO: dict[str, tuple[str, ...]] = {
    "skirmish": (
        "name", "map", "turn_limit", "barrier_points_required", "victory", "open_map",
        "description",
    ),
    "aggressor": (
        "name", "map", "obs", "partisans", "partisans_spent", "turn_limit", "die_factor",
        "first", "computer", "army_size",
    ),
    "naval": (
        "name", "title", "date", "turns", "spotting_range", "troop_point", "points", "levels",
        "ijn_diw_counts_sunk", "leave_loses_before", "usn_torpedo_range_4", "usn_radar",
        "radar_range", "notes",
    ),
}  # fmt: skip


def _scenario(g, side: str, a: dict) -> Any:
    d = jsonable(g.scenario_dict())
    if side == REFEREE:
        return d
    keep = PUBLIC_SCENARIO.get(g.info.name, ("name",))
    return {k: d[k] for k in keep if k in d}


def _replay(g, side: str, a: dict) -> Any:
    if side != REFEREE and not g.over:
        raise Refused("the replay is shown once the game is over")
    turn = a.get("turn", g.turn)
    if turn >= g.turn:
        return jsonable(g.view(REFEREE))
    return jsonable(g.copy().rewind(max(1, turn + 1)).view(REFEREE))


# --- SKIRMISH -----------------------------------------------------------------------------------
def _own_skirmish_unit(g, side: str, unit: str) -> None:
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
    _own_skirmish_unit(g, side, a["unit"])
    return jsonable(g.ap_left(side, a["unit"]))


def _odds(g, side: str, a: dict) -> Any:
    firer, target = a["firer"], a["target"]
    man = g.men.get(firer)
    if man is None or man.side != side:
        raise Refused(f"{firer} is not one of {side}'s men")
    if target not in (g.view(side, events=False).get("units") or {}):
        raise Refused(f"{target} is not in {side}'s sight now")
    return jsonable(g.odds(firer, target, a.get("weapon"), a.get("hexes_moved", 0)))


def _skirmish_record(g, side: str, a: dict) -> Any:
    rows = [r for r in g.record() if isinstance(r, Mapping)]
    if side != REFEREE and not g.over:
        rows = [r for r in rows if r.get("side") in (None, side)]
    return jsonable(rows)


#: The record header's fields a side sees during play (from its view, where the view holds them).
SIDE_HEADER = ("scenario", "date", "players", "turns")


def _skirmish_header(g, side: str, a: dict) -> Any:
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


# --- AGGRESSOR ----------------------------------------------------------------------------------
def _rules(fn: Callable[[], Any]) -> Any:
    """The answer of a side-knowledge query; its "no such unit" (a KeyError) as the rules'."""
    try:
        return jsonable(fn())
    except KeyError as e:
        raise IllegalOrder("order", str(e.args[0]) if e.args else "no such unit") from None


def _reach(g, side: str, a: dict) -> Any:
    return _rules(lambda: g.reach(side, a["unit"]))


def _observed(g, side: str, a: dict) -> Any:
    return _rules(lambda: g.observed_hexes(side))


def _aggressor_odds(g, side: str, a: dict) -> Any:
    return _rules(lambda: g.attack_odds(side, a["unit"], a["target"], a.get("kind", "attack")))


def _air_line(g, side: str, a: dict) -> Any:
    return _rules(lambda: g.air_line(side, a["unit"], a["target"], a.get("strike", True)))


def _feature_orders(g, side: str, a: dict) -> Any:
    return _rules(lambda: [legal_to_dict(lo) for lo in g.feature_orders(side, a["unit"])])


def _key_order(g, side: str, a: dict) -> Any:
    return _rules(lambda: g.key_order(side, a["unit"], a["key"]).to_dict())


# --- naval --------------------------------------------------------------------------------------
def _naval_odds(g, side: str, a: dict) -> Any:
    return jsonable(g.attack_odds(side, a["kind"], a["attackers"], a["target"]))


def _gunnery_targets(g, side: str, a: dict) -> Any:
    return list(g.gunnery_targets(side))


def _torpedo_targets(g, side: str, a: dict) -> Any:
    return list(g.torpedo_targets(side))


def _plot_chart(g, side: str, a: dict) -> Any:
    return jsonable(g.plot_chart(side))


def _events_seen(g, side: str, a: dict) -> Any:
    return jsonable(g.events_seen(side, a.get("turn")))


ALL = ()
#: The closed table of named queries (name -> :class:`Query`).
QUERIES: dict[str, Query] = {
    q.name: q
    for q in (
        Query("scenario", ALL, _scenario, referee=True),
        Query("replay", ALL, _replay, optional={"turn": "count"}, referee=True),
        Query("ap_left", ("skirmish",), _ap_left, {"unit": "text"}),
        Query(
            "odds",
            ("skirmish",),
            _odds,
            {"firer": "text", "target": "text"},
            {"weapon": "text", "hexes_moved": "count"},
        ),
        Query("record", ("skirmish",), _skirmish_record, referee=True),
        Query("record_header", ("skirmish",), _skirmish_header, referee=True),
        Query("reach", ("aggressor",), _reach, {"unit": "text"}),
        Query("observed_hexes", ("aggressor",), _observed),
        Query(
            "attack_odds",
            ("aggressor",),
            _aggressor_odds,
            {"unit": "text", "target": "text"},
            {"kind": "text"},
        ),
        Query(
            "air_line",
            ("aggressor",),
            _air_line,
            {"unit": "text", "target": "text"},
            {"strike": "flag"},
        ),
        Query("feature_orders", ("aggressor",), _feature_orders, {"unit": "text"}),
        Query("key_order", ("aggressor",), _key_order, {"unit": "text", "key": "count"}),
        Query("gunnery_targets", ("naval",), _gunnery_targets),
        Query("torpedo_targets", ("naval",), _torpedo_targets),
        Query("plot_chart", ("naval",), _plot_chart, referee=True),
        Query("events_seen", ("naval",), _events_seen, optional={"turn": "count"}, referee=True),
    )
}
#: Queries whose name is shared by games with different arguments (looked up per game).
GAME_QUERIES: dict[tuple[str, str], Query] = {
    ("naval", "attack_odds"): Query(
        "attack_odds",
        ("naval",),
        _naval_odds,
        {"kind": "text", "attackers": "texts", "target": "text"},
    ),
}


def find(game: str, name: Any) -> Query:
    """The query ``name`` of ``game`` (BadArgs if it has none of that name)."""
    q = GAME_QUERIES.get((game, name)) if isinstance(name, str) else None
    q = q or (QUERIES.get(name) if isinstance(name, str) else None)
    if q is None or (q.games and game not in q.games):
        names = sorted(
            {n for n, x in QUERIES.items() if not x.games or game in x.games}
            | {n for (gm, n) in GAME_QUERIES if gm == game}
        )
        raise BadArgs(f"{game} has no query {name!r}; its queries are {names}")
    return q


# --- the default set-up -------------------------------------------------------------------------
def _skirmish_setup(g, side: str) -> None:
    g.auto_setup(side)


def _aggressor_setup(g, side: str) -> None:
    from ..games.aggressor.setup import computer_setup

    # the game's seed and the side: a replayable choice (the placements are logged orders)
    rng = np.random.default_rng([int(g.dice.seed), g.info.sides.index(side)])
    for t, h in computer_setup(g.view(side), g.map, rng):
        g.order(Order(side, "place", None, {"type": t, "hex": h}))


SETUPS: dict[str, Callable[[Any, str], None]] = {
    "skirmish": _skirmish_setup,
    "aggressor": _aggressor_setup,
}
"""Game name -> the default set-up of one side (called only while that side sets up)."""
