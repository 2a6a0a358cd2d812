"""AGGRESSOR's side queries at the table (its plugin record's ``queries=``): what a seat's app
asks beyond the game API, answered for the seat's side only (:mod:`hexplay.serve.queries`), its
scenario's public terms and its default set-up.

=======================  =========================================================
query                    what
=======================  =========================================================
observed_hexes           ``AggressorGame.observed_hexes`` of the seat's side
attack_odds unit target  ``attack_odds(side, unit, target, kind)``
  [kind]
air_line unit target     ``air_line(side, unit, target, strike)``
  [strike]
feature_orders unit      key 0's legal orders (as the table's ``legal``)
key_order unit key       the order key 1-6 gives (an order dict; not given)
=======================  =========================================================

The default set-up is the computer's set-up of the side, from its view only (seeded by the
game's seed and the side: a replayable choice; the placements are logged orders).
"""

from __future__ import annotations

from typing import Any

from hexplay.engine import Order
from hexplay.serve.queries import Query, SideQueries, rules_answer
from hexplay.serve.wire import legal_from_dict, legal_to_dict


def _observed(g, side: str, a: dict) -> Any:
    return rules_answer(lambda: g.observed_hexes(side))


def _odds(g, side: str, a: dict) -> Any:
    return rules_answer(
        lambda: g.attack_odds(side, a["unit"], a["target"], a.get("kind", "attack"))
    )


def _air_line(g, side: str, a: dict) -> Any:
    return rules_answer(lambda: g.air_line(side, a["unit"], a["target"], a.get("strike", True)))


def _feature_orders(g, side: str, a: dict) -> Any:
    return rules_answer(lambda: [legal_to_dict(lo) for lo in g.feature_orders(side, a["unit"])])


def _key_order(g, side: str, a: dict) -> Any:
    return rules_answer(lambda: g.key_order(side, a["unit"], a["key"]).to_dict())


def _legal_orders(v: Any) -> list:
    return [legal_from_dict(d) for d in v]


def _setup(g, side: str) -> None:
    g.default_setup(side)


QUERIES = SideQueries(
    queries=(
        Query("observed_hexes", _observed),
        Query("attack_odds", _odds, {"unit": "text", "target": "text"}, {"kind": "text"}),
        Query("air_line", _air_line, {"unit": "text", "target": "text"}, {"strike": "flag"}),
        Query("feature_orders", _feature_orders, {"unit": "text"}, result=_legal_orders),
        Query("key_order", _key_order, {"unit": "text", "key": "count"}, result=Order.from_dict),
    ),
    public_scenario=(
        "name", "map", "obs", "partisans", "partisans_spent", "turn_limit", "die_factor",
        "first", "computer", "army_size",
    ),
    setup=_setup,
)  # fmt: skip
"""AGGRESSOR's declaration."""
