"""The search player (hexplay.ai.search): legal games with the smallest budget for every
registered game, determinism, fog-fairness, budgets checked at the edge, and samplers whose
draws depend on the side's view only."""

from __future__ import annotations

import numpy as np
import pytest
from test_fog_fair import decision_points, fog_violations
from toy_games import toys_registered

import hexplay
from hexplay.ai.player import play
from hexplay.ai.samplers import hidden_sampler
from hexplay.ai.search import SearchBudget, SearchPlayer, _copy_with, reseed, rollout_copy, score

GAMES = ["skirmish", "aggressor", "naval"]
SCENARIO = {"aggressor": "batch"}
"""AGGRESSOR's batch scenario has a round limit (its standard one plays to a decision)."""


@pytest.mark.parametrize("name", GAMES)
def test_a_budget_of_one_iteration_plays_legal_games_to_the_end(name):
    e = hexplay.game_entry(name)
    g = e.new(SCENARIO.get(name), seed=3)
    sp = SearchPlayer(g.sides[0], seed=3, iterations=1, horizon=1)
    play(g, {g.sides[0]: sp, g.sides[1]: e.player("scripted", g.sides[1], seed=4)})
    assert g.over
    assert sp.decisions > 0 and sp.last["rollouts"] == 1
    # every order it gave was accepted by the rules: the game replays from its save
    assert type(g).from_json(g.to_json()).snapshot() == g.snapshot()


def test_the_registry_names_a_search_player_for_every_game():
    for name in GAMES:
        p = hexplay.game_entry(name).player("search", hexplay.game_entry(name).info.sides[0])
        assert isinstance(p, SearchPlayer)


def test_same_seed_and_budget_give_the_same_game():
    def one():
        g = hexplay.new_game("skirmish", seed=5)
        play(
            g,
            {
                "adversary": SearchPlayer("adversary", seed=1, iterations=4),
                "defender": hexplay.game_entry("skirmish").player("tactic", "defender", seed=2),
            },
            max_turns=3,
        )
        return g.commands.to_list()

    assert one() == one()


def test_budgets_are_checked():
    for bad in ({"iterations": 0}, {"iterations": 1.5}, {"seconds": 0}, {"horizon": 0}):
        with pytest.raises(ValueError):
            SearchBudget(**bad)


def test_a_seconds_budget_stops_in_time():
    g = hexplay.new_game("skirmish", seed=2)
    play(g, [hexplay.game_entry("skirmish").player("tactic", s, seed=1) for s in g.sides], 1)
    while not g.to_act():
        g.advance()
    sp = SearchPlayer("adversary", seed=1, iterations=10_000, seconds=0.3)
    sp.act(g)
    assert sp.seconds[-1] < 3.0  # one round over the deadline at most, on a loaded machine
    assert 1 <= sp.last["rollouts"] < 10_000


def test_score_of_a_finished_game():
    g = hexplay.new_game("skirmish", seed=1)
    play(g, [hexplay.game_entry("skirmish").player("tactic", s, seed=1) for s in g.sides])
    w = g.outcome()["winner"]
    assert score(g, "adversary") == (0.5 if w is None else float(w == "adversary"))
    assert score(g, "adversary") + score(g, "defender") == 1.0


@pytest.mark.parametrize("name", ["skirmish"])
def test_search_player_is_fog_fair(name):
    """Two states a side cannot tell apart make the search give the same orders (here with
    two turn rollouts and the set-up search; every game's registry search player is checked
    by tests/test_fog_fair.py)."""
    with toys_registered():
        bad = fog_violations(
            name,
            lambda side: SearchPlayer(side, seed=7, iterations=2, horizon=1, setup_iterations=2),
            seeds=range(2),
            twins=1,
        )
    assert bad == []


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("stop", [0.5, 1, 1.5, 3])
def test_samples_depend_on_the_view_only(name, stop):
    """A sample drawn from the true state and one drawn from a state the side cannot tell from
    it (the sampler's own twin) are the same for the same random stream, and keep the view."""
    sample = None
    for seed in range(3):
        g = decision_points(name, seed, stop)
        if g.over:
            continue
        sample = hidden_sampler(g)
        for side in g.to_act():
            twin = sample(g, side, np.random.default_rng(100 + seed))
            a = sample(g, side, np.random.default_rng(seed))
            b = sample(twin, side, np.random.default_rng(seed))
            assert a.view(side) == g.view(side) == b.view(side)
            assert _hidden_state(a) == _hidden_state(b)
    assert sample is not None


def _hidden_state(game):
    """The state without the command log (a twin's log holds the sampler's own commands)."""
    snap = game.snapshot()
    return {k: v for k, v in snap.items() if k not in ("commands", "log")}


def test_a_large_budget_beats_a_small_one():
    """On the toy race, both players choose each turn between a random and a greedy policy,
    the random one first (a budget of one rollout plays it); 8 rollouts find the greedy one
    and win most games, sides alternating."""
    from toy_games import GreedyPlayer

    from hexplay.ai.random import RandomPlayer
    from hexplay.analysis.stats import wilson_interval

    def player(side: str, seed: int, iterations: int) -> SearchPlayer:
        policies = [("random", RandomPlayer(side, seed)), ("greedy", GreedyPlayer(side, seed))]
        return SearchPlayer(side, seed=seed, iterations=iterations, policies=policies)

    wins, n = 0.0, 10
    with toys_registered():
        for s in range(n):
            g = hexplay.new_game("toy-race", seed=s)
            big, small = g.sides[s % 2], g.sides[1 - s % 2]
            play(g, {big: player(big, s, 8), small: player(small, s + 1, 1)})
            w = g.outcome()["winner"]
            wins += 0.5 if w is None else float(w == big)
    lo, _ = wilson_interval(wins, n)
    assert lo > 0.5, (wins, n)


@pytest.mark.parametrize("name", [*GAMES, "ambush"])
def test_rollout_copy_plays_on_exactly_as_the_plain_copy(name):
    """rollout_copy equals game.copy() in every future order, roll, event and outcome (and
    leaves the original untouched)."""
    e = hexplay.game_entry(name)
    g = e.new(SCENARIO.get(name), seed=5)
    pname = "scripted" if "scripted" in e.player_names() else "tactic"
    ps = {s: e.player(pname, s, seed=6 + i) for i, s in enumerate(g.sides)}
    while not g.over and g.turn < 3:
        for s in g.to_act():
            ps[s].act(g)
        if not g.to_act():
            g.advance()
    before = g.snapshot()
    runs = []
    for make in (lambda x: x.copy(), rollout_copy):
        w = make(g)
        reseed(w, 99)
        players = _copy_with(w, ps)
        log = getattr(w, "log", None)  # (the naval game keeps no event log)
        first = len(log) if log is not None else 0
        play(w, players, max_turns=6)
        events = [ev.for_side(s) for ev in (log.since(first) if log else []) for s in w.sides]
        rolls = [r.to_dict() for r in w.dice.rolls]  # (the new ones only: reseed dropped the past)
        runs.append((w.snapshot(), w.outcome(), [w.view(s) for s in w.sides], events, rolls))
    assert runs[0] == runs[1]
    assert g.snapshot() == before


def test_set_knobs_is_checked_and_a_bad_knob_changes_nothing():
    from hexplay.games.skirmish.ai.tactics import tactic

    p = tactic("adversary", seed=1, workers=2)
    p.set_knobs(min_hit=0.25, fire_priority="nearest")
    assert (p.knobs["workers"], p.knobs["fire_priority"], float(p.min_hit)) == (2, "nearest", 0.25)
    before = dict(p.knobs)
    with pytest.raises(ValueError, match="fire_priority"):
        p.set_knobs(min_hit=1 / 12, fire_priority="bogus")
    assert p.knobs == before and float(p.min_hit) == 0.25
    with pytest.raises(ValueError, match="unknown"):
        p.set_knobs(escort_mode="hold")


def test_the_setup_search_chooses_a_setup_and_commits_to_it():
    """With ``setup_iterations`` the SKIRMISH adversary sets up as one of its set-up
    candidates, chosen by rollouts; with ``turns=False`` that candidate plays every turn (no
    turn search); the game is legal to its end and the same seed gives the same game."""
    from hexplay.games.skirmish.ai.search import SETTINGS, SETUP_SEEDS
    from hexplay.games.skirmish.ai.tactics import make_players

    games = []
    for _ in range(2):
        g = hexplay.new_game("skirmish", seed=11)
        sp = SearchPlayer("adversary", seed=11, setup_iterations=4, horizon=1, turns=False)
        play(g, {"adversary": sp, "defender": make_players(None, 11)[1]})
        games.append(g)
        assert g.over and sp.decisions == 1 and sp.seconds == [] and sp.setup_seconds > 0
        assert sp.last["chosen"].startswith("setup#") and sp.last["rollouts"] == 4
        assert len(sp.last["values"]) == SETUP_SEEDS
    assert games[0].to_json() == games[1].to_json()
    assert SETTINGS.setups("defender", 0) == []  # the convoy's set-up is the scenario's


@pytest.mark.parametrize("name", ["aggressor", "naval"])
def test_scripted_knob_variants_are_checked_and_kept_per_side(name):
    """The AGGRESSOR and naval variants are the scripted player's knobs: an unknown knob is
    refused and changes nothing; each variant is a copy with its knobs over the base's."""
    from hexplay.ai.search import knob_variant

    e = hexplay.game_entry(name)
    settings = e.part("search")
    knob_sets, make = settings.variants, settings.variant
    for side in e.info.sides:
        base = e.player("scripted", side, seed=1)
        before = dict(base.knobs)
        with pytest.raises(ValueError, match="unknown"):
            base.set_knobs(bogus=1)
        assert base.knobs == before
        sets = knob_sets(side)
        assert sets[0] == {} and len(sets) >= 3
        for k in sets[1:]:
            v = make(base, k)
            assert v is not base and v.knobs == {**before, **k} and base.knobs == before
        assert make is knob_variant
