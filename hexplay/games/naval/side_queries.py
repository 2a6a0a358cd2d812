"""The naval game's side queries at the table (its plugin record's ``queries=``): what a seat's
app asks beyond the game API, answered for the seat's side only (:mod:`hexplay.serve.queries`),
and its scenario's public terms (the ships' start hexes are the referee's). It has no default
set-up.

===========================  =====================================================
query                        what, and who may ask it
===========================  =====================================================
attack_odds kind attackers   ``attack_odds(side, kind, attackers, target)``
  target
gunnery_targets              the seat's spotted targets
torpedo_targets              ... spotted under rule (b)
plot_chart                   the seat's own plot chart (both once over; the referee
                             both)
events_seen [turn]           the events of resolved turns as the seat saw them
===========================  =====================================================
"""

from __future__ import annotations

from typing import Any

from hexplay.engine import jsonable
from hexplay.serve.queries import Query, SideQueries


def _odds(g, side: str, a: dict) -> Any:
    return jsonable(g.attack_odds(side, a["kind"], a["attackers"], a["target"]))


def _gunnery_targets(g, side: str, a: dict) -> Any:
    return list(g.gunnery_targets(side))


def _torpedo_targets(g, side: str, a: dict) -> Any:
    return list(g.torpedo_targets(side))


def _plot_chart(g, side: str, a: dict) -> Any:
    return jsonable(g.plot_chart(side))


def _events_seen(g, side: str, a: dict) -> Any:
    return jsonable(g.events_seen(side, a.get("turn")))


QUERIES = SideQueries(
    queries=(
        Query("attack_odds", _odds, {"kind": "text", "attackers": "texts", "target": "text"}),
        Query("gunnery_targets", _gunnery_targets),
        Query("torpedo_targets", _torpedo_targets),
        Query("plot_chart", _plot_chart, referee=True),
        Query("events_seen", _events_seen, optional={"turn": "count"}, referee=True),
    ),
    public_scenario=(
        "name", "title", "date", "turns", "spotting_range", "troop_point", "points", "levels",
        "ijn_diw_counts_sunk", "leave_loses_before", "usn_torpedo_range_4", "usn_radar",
        "radar_range", "notes",
    ),
)  # fmt: skip
"""The naval game's declaration."""
