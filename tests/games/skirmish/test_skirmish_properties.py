"""Property tests: random legal plots keep the invariants; random orders never corrupt state."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from skirmish_turns import assert_no_ap_overspent, plot_or_unchanged

from hexplay.engine import IllegalOrder
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.ai.players import RandomPlayer, ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.fixtures import practice_game
from hexplay.games.skirmish.tables import AP_PER_TURN

SIDES = ("adversary", "defender")


def _check_turn(g: SkirmishGame, check_json: bool) -> None:
    plans = {s: g.side_plan(s) for s in SIDES}
    for s in SIDES:
        for mid, p in plans[s].men.items():
            total = p.ap + plans[s].charges.get(mid, 0)
            assert total <= AP_PER_TURN, (mid, total)
    dead = {m.id: (m.hex, m.vehicle) for m in g.men.values() if not m.alive}
    for s in SIDES:
        assert not set(plans[s].men) & set(dead)
    barrier = g.barrier
    if check_json:
        g2 = SkirmishGame.from_json(json.loads(json.dumps(g.to_json())))
        assert g2.snapshot() == g.snapshot()
    g.resolve_turn()
    assert g.barrier >= barrier
    for mid, where in dead.items():
        m = g.men[mid]
        assert (m.hex, m.vehicle) == where or m.vehicle is not None


def _play_checked(g, players, check_json=True):
    while not g.over:
        for p in players:
            p.act(g) if g.phase == "setup" else None
        if g.phase != "planning":
            continue
        for p in players:
            p.plan(g, g.view(p.side, events=False))
            g.submit(p.side)
        _check_turn(g, check_json)
        assert g.turn <= g.scenario.turn_limit
    return g


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), limit=st.integers(2, 8))
def test_random_legal_plots_keep_invariants(seed, limit):
    g = practice_game(seed=seed, turn_limit=limit)
    players = [RandomPlayer("adversary", seed), RandomPlayer("defender", seed + 1)]
    _play_checked(g, players)
    assert g.over and g.winner in SIDES and g.turn <= limit
    assert g.replay().to_json() == g.to_json()


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_scripted_full_games_on_bundled_map(seed):
    g = SkirmishGame.new(seed=seed)
    _play_checked(g, [ScriptedAdversary(seed), ScriptedDefender(seed)], check_json=False)
    assert g.over and g.turn <= 20
    assert SkirmishGame.from_json(json.loads(json.dumps(g.to_json()))).to_json() == g.to_json()


CODES = ["DF", "MP", "MV", "EP", "EV", "SV", "TV", "AV", "BW", "RA", "WE", "XX"]
UNITS = ["A1", "A2", "A6", "G1", "G3", "G7", "T", "E1", "E2", "Q"]
HEXES = ["0808", "0807", "0707", "0606", "0605", "1601", "0101", "9999", "0812", "abc"]


@settings(max_examples=60, deadline=None)
@given(
    turn=st.sampled_from([1, 2, 5]),
    orders=st.lists(
        st.tuples(
            st.sampled_from(SIDES + ("referee",)),
            st.sampled_from(UNITS),
            st.sampled_from(CODES),
            st.one_of(st.none(), st.sampled_from(UNITS)),
            st.lists(st.sampled_from(HEXES), max_size=3),
            st.integers(-3, 40),
            st.sampled_from([None, "rifle", "shotgun", "pistol", "bow"]),
            st.sampled_from([None, "D", "C", "S", "X"]),
        ),
        min_size=1,
        max_size=12,
    ),
)
def test_random_orders_rejected_cleanly(turn, orders):
    g = practice_game()
    g.arrange(turn=turn, men={"A1": "0808", "A2": "0807"}, wounds={"A6": 1})
    for side, unit, code, target, path, hexes, weapon, seat in orders:
        plot_or_unchanged(
            g, side, unit, code, target=target, path=path, hexes=hexes, weapon=weapon, seat=seat
        )
    assert_no_ap_overspent(g, SIDES)


def _plan_facts(plan):
    return (
        {u: (list(p.tasks), p.ap, p.hexes_moved, p.end_hex) for u, p in plan.men.items()},
        {u: (list(p.tasks), p.ap) for u, p in plan.vehicles.items()},
        plan.riders,
        plan.charges,
    )


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_incremental_plot_validation_matches_a_full_check(seed):
    """Each plot re-checks only the unit that changed (reusing the side's seats, riders and
    charges when it is a man who does not board or leave). Differential test against a check
    of the whole plot from scratch: an accepted task is the one plotted and the plan is the
    one the full check gives; a refused task is refused by the full check too."""
    import random

    from hexplay.games.skirmish.legal import candidate_tasks
    from hexplay.games.skirmish.plotting import validate_side

    rnd = random.Random(seed)
    g = practice_game(seed=seed, turn_limit=4)
    for p in (RandomPlayer("adversary", seed), RandomPlayer("defender", seed + 1)):
        if g.phase == "setup":
            p.act(g)
    assert g.phase == "planning"
    accepted = refused = 0
    while not g.over:
        for side in SIDES:
            for _ in range(40):
                units = g.own_units(side)
                uid = rnd.choice(units)
                cands = list(candidate_tasks(g, side, uid, g.side_plan(side).men.get(uid)))
                if not cands:
                    continue
                t = rnd.choice(cands)
                before = g.orders_of(side)
                wanted = dict(before)
                wanted[uid] = [*before.get(uid, ()), t]
                try:
                    g.plot(side, uid, t.code, target=t.target, path=t.path, hexes=t.hexes)
                except IllegalOrder:
                    refused += 1
                    assert g.orders_of(side) == before
                    with pytest.raises(IllegalOrder):
                        validate_side(g, side, wanted)
                    continue
                accepted += 1
                got = g.orders_of(side)
                assert len(got[uid]) == len(wanted[uid])
                last = got[uid][-1]  # validation fills in what the rules imply (EV's vehicle)
                assert last.code == t.code and t.target in (None, last.target)
                fresh = validate_side(g, side, got)
                assert _plan_facts(g.side_plan(side)) == _plan_facts(fresh)
            if g.plots.submitted[side] is False:
                try:
                    g.submit(side)
                except IllegalOrder:  # e.g. a moving vehicle left unplotted: stop it
                    for vid in g.own_units(side):
                        if vid in g.vehicles and g.vehicles[vid].moving:
                            with contextlib.suppress(IllegalOrder):
                                g.plot(side, vid, "SV")
                    g.submit(side)
        g.resolve_turn()
    assert accepted >= 10 and refused >= 1
