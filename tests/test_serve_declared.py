"""Side queries declared once, in each game's package: the table's dispatch and a remote seat's
methods both come from the declaration (hexplay.serve.queries.SideQueries)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from toy_games import toys_registered

from hexplay.serve.client import RemoteGame, remote_class
from hexplay.serve.queries import (
    GENERIC,
    PUBLIC_SCENARIO,
    SETUPS,
    BadArgs,
    Query,
    SideQueries,
    declared,
    find,
)


def _seat(game: str) -> tuple[RemoteGame, list]:
    """A remote seat of ``game`` without a table: its queries recorded, answered by echo."""
    asked: list = []
    seat = object.__new__(remote_class(game))
    seat.query = lambda name, **args: asked.append((name, args)) or args.get("answer", args)
    return seat, asked


def test_remote_seats_get_the_declared_methods():
    naval, skirmish, ambush = map(remote_class, ("naval", "skirmish", "ambush"))
    assert naval.__name__ == "RemoteNaval" and issubclass(naval, RemoteGame)
    assert remote_class("naval") is naval  # made once
    assert {"attack_odds", "plot_chart", "events_seen"} <= set(vars(naval))
    assert "ap_left" not in vars(naval) and "scenario" not in vars(naval)
    assert {"ap_left", "odds", "record", "record_header"} <= set(vars(skirmish))
    assert "ap_left" in vars(ambush)  # AMBUSH shares SKIRMISH's declaration
    with toys_registered():
        assert remote_class("toy-race") is RemoteGame  # no declaration: the generic seat


def test_a_derived_method_sends_the_local_calls_arguments():
    seat, asked = _seat("naval")
    seat.attack_odds("ijn", "gunnery", ("DD1",), "CA2")
    seat.events_seen("ijn")
    assert asked == [
        ("attack_odds", {"side": "ijn", "kind": "gunnery", "attackers": ["DD1"], "target": "CA2"}),
        ("events_seen", {"side": "ijn"}),
    ]
    seat, asked = _seat("skirmish")
    seat.odds("A1", "G2", hexes_moved=2)
    assert asked == [("odds", {"firer": "A1", "target": "G2", "hexes_moved": 2})]
    seat.query = lambda name, **args: "3/2"
    assert seat.ap_left("adversary", "A1") == Fraction(3, 2)  # decoded as the local call's
    with pytest.raises(TypeError, match="needs"):
        seat.ap_left("adversary")
    with pytest.raises(TypeError, match="unexpected"):
        seat.ap_left("adversary", "A1", bogus=1)
    with pytest.raises(TypeError, match="takes 2 arguments"):
        seat.ap_left("adversary", "A1", "A2")


def test_the_table_dispatches_from_the_declaration():
    assert find("aggressor", "attack_odds").required == {"unit": "text", "target": "text"}
    assert set(find("naval", "attack_odds").required) == {"kind", "attackers", "target"}
    with pytest.raises(BadArgs, match=r"naval has no query 'ap_left'"):
        find("naval", "ap_left")
    assert find("naval", "reach") is find("skirmish", "reach")  # every game's
    assert declared("naval").setup is None
    assert "naval" not in SETUPS and {"skirmish", "aggressor"} <= set(SETUPS)
    assert PUBLIC_SCENARIO["skirmish"] == declared("skirmish").public_scenario
    with toys_registered():
        assert find("toy-race", "scenario") is GENERIC[0]
        with pytest.raises(
            BadArgs,
            match=r"its queries are \['order_kind_reasons', 'reach', 'replay', 'scenario'\]",
        ):
            find("toy-race", "ap_left")
        assert "toy-race" not in SETUPS


def test_declarations_are_checked():
    with pytest.raises(ValueError, match="unknown argument kinds"):
        Query("q", lambda g, s, a: None, {"x": "float"})
    q = Query("q", lambda g, s, a: None)
    with pytest.raises(ValueError, match="declared twice"):
        SideQueries(queries=(q, q))
    with pytest.raises(ValueError, match="generic"):
        SideQueries(queries=(Query("scenario", lambda g, s, a: None),))
