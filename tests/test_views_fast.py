"""SKIRMISH's (and AMBUSH's) fast view paths equal their plain versions, checked before every
plot and after every turn of seeded games (scripted, random and AMBUSH players; every side
and the referee): ``build_view`` = ``build_view_plain`` (the units and their keys in the same
order too), ``compute_seen`` = ``compute_seen_plain``, and the last-known positions
``update_sightings`` keeps = the plain ``public_unit`` of each seen unit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.ai.player import play as play_any
from hexplay.games.ambush.ai.players import scripted
from hexplay.games.ambush.game import AmbushGame, scenario_file
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish import views as V
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.players import RandomPlayer, ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.game import named_scenarios

SIDES = ("adversary", "defender", "referee")


def check_views(g, n: dict) -> None:
    """Every fast view path of ``g`` now against its plain version."""
    assert V.compute_seen(g) == V.compute_seen_plain(g)
    for side in SIDES:
        for events in (False, True):
            fast, plain = V.build_view(g, side, events), V.build_view_plain(g, side, events)
            assert fast == plain, (side, g.turn, g.phase)
            assert list(fast["units"]) == list(plain["units"])
            for uid, u in fast["units"].items():  # (each unit's keys in the plain order too)
                assert list(u) == list(plain["units"][uid]), (side, uid)
            assert list(fast) == list(plain)
    n["checks"] += 1


def checked(g, n: dict):
    """``g`` with :func:`check_views` before every plot and after every turn resolved."""
    plot, plot_many, resolve = g.plot, g.plot_many, g.resolve_turn

    def checked_plot(*a, **k):
        check_views(g, n)
        return plot(*a, **k)

    def checked_many(*a, **k):
        check_views(g, n)
        return plot_many(*a, **k)

    def checked_resolve(*a, **k):
        out = resolve(*a, **k)
        check_views(g, n)
        for side, ids in g.seen.items():  # what update_sightings kept: public_unit's facts
            known = g.last_known.known[side]
            for uid in ids:
                assert known[uid] == {**V.public_unit(g, uid), "turn": g.turn}
        return out

    g.plot, g.plot_many, g.resolve_turn = checked_plot, checked_many, checked_resolve
    return g


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_skirmish_views_equal_plain_scripted(seed):
    n = {"checks": 0}
    g = checked(SkirmishGame.new(seed=seed), n)
    play(g, [ScriptedAdversary(seed), ScriptedDefender(seed)])
    assert n["checks"] > 5


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), open_map=st.booleans())
def test_skirmish_views_equal_plain_random(seed, open_map):
    n = {"checks": 0}
    sc = named_scenarios()["open map" if open_map else "basic"]
    g = checked(SkirmishGame.new(sc, seed=seed), n)
    play(g, [RandomPlayer("adversary", seed), RandomPlayer("defender", seed + 1)], max_turns=8)
    check_views(g, n)
    assert n["checks"] > 3


@pytest.mark.parametrize("name", ["close_escort", "sample_game"])
def test_ambush_views_equal_plain(name):
    n = {"checks": 0}
    g = checked(AmbushGame.new(scenario_file(name), seed=3), n)
    play_any(g, [scripted("adversary", 3), scripted("defender", 4)], max_turns=10)
    check_views(g, n)
    assert n["checks"] > 5


@pytest.mark.parametrize("pos", [-15, 3, None])
@pytest.mark.parametrize("open_map", [False, True])
def test_views_equal_plain_with_vehicles_held_by_adversaries(pos, open_map):
    """Adversaries hold E1 (off the map, on it, or where it stands): its entry is full for
    them wherever it is in the units (seen, open map: in its place; else after the rest)."""
    sc = named_scenarios()["open map" if open_map else "basic"]
    g = SkirmishGame.new(sc, seed=3)
    g.auto_setup("adversary", 3)
    g.submit("adversary")
    g.submit("defender")
    crew = [m.id for m in g.men.values() if m.vehicle == "E1"]
    advs = [m.id for m in g.men.values() if m.side == "adversary"][:2]
    t_hex = g.map.label(g.vehicle_hex("T"))
    g.arrange(
        men={**dict.fromkeys(crew, t_hex), advs[0]: ["E1", "D"], advs[1]: ["E1", "C"]},
        vehicles={} if pos is None else {"E1": {"pos": g.vehicles["T"].pos + pos}},
    )
    assert g.owner(g.vehicles["E1"]) == "adversary"
    n = {"checks": 0}
    check_views(g, n)
    units = list(V.build_view(g, "adversary")["units"])
    assert "E1" in units and V.build_view(g, "adversary")["units"]["E1"]["seats"]
