"""The search player in the naval night action: the cheap reopening of the enemy's plot equals
the replay, the scripted player's copy equals a plain deep copy, the naval plans, and the
search player's games (legal to the end at a budget of 1, the same for a seed and budget,
fog-fair)."""

from __future__ import annotations

import copy

import pytest

import hexplay
from hexplay.ai.player import play
from hexplay.ai.search import SearchPlayer, reopen_turn, reopen_turn_replay, reseed, rollout_copy
from hexplay.engine import Game, Order
from hexplay.engine.record import dice_to_dict

REOPENABLE = [
    n
    for n in hexplay.games()
    if hexplay.game_entry(n).game_class.reopen_plot is not Game.reopen_plot
]
"""Registered games with the cheap ``reopen_plot`` hook, i.e. their own over the protocol's
default (each is tested against the replay)."""


def _state(g, sides):
    return (
        g.snapshot(),
        g.commands.to_list(),
        {s: g.view(s) for s in sides},
        {s: g.legal_orders(s) for s in sides},
        g.to_act(),
        dice_to_dict(g.dice),
    )


def _mid_plot(name: str, seed: int, turns: int, first: int):
    """A game of ``name`` after ``turns`` turns of its scripted (or first named) players,
    then side ``first`` (index) has plotted and submitted this turn."""
    e = hexplay.game_entry(name)
    g = e.new(None, seed=seed)
    pname = "scripted" if "scripted" in e.player_names() else e.player_names()[0]
    ps = {s: e.player(pname, s, seed=seed + i) for i, s in enumerate(g.sides)}
    play(g, ps, max_turns=turns)
    while not g.over and not g.to_act():
        g.advance()
    if not g.over:
        ps[g.sides[first]].act(g)
    return g, ps


def test_reopenable_games_include_the_naval_game():
    assert "naval" in REOPENABLE


@pytest.mark.parametrize("name", REOPENABLE)
@pytest.mark.parametrize(("seed", "turns", "first"), [(1, 0, 0), (2, 3, 1), (3, 6, 0), (4, 9, 1)])
def test_the_cheap_reopen_equals_the_replay(name, seed, turns, first):
    """reopen_turn through the game's ``reopen_plot`` gives the same game as the replay
    without the enemy's commands of this turn: the same state, log, views, legal orders and
    dice, and the same game from there on (both sides played on by the same players)."""
    g, ps = _mid_plot(name, seed, turns, first)
    if g.over:
        pytest.skip("the game ended")
    side = g.sides[1 - first]
    before = g.snapshot(), g.commands.to_list()
    cheap, slow = reopen_turn(g, side), reopen_turn_replay(g, side)
    assert (g.snapshot(), g.commands.to_list()) == before  # the game is untouched
    assert g.sides[first] in cheap.to_act()  # the enemy's plot was open again
    assert _state(cheap, g.sides) == _state(slow, g.sides)
    ends = []
    for w in (cheap, slow):
        reseed(w, 7)
        play(w, copy.deepcopy(ps))
        ends.append((w.snapshot(), w.outcome(), w.commands.to_list()))
    assert ends[0] == ends[1]


def test_reopen_plot_takes_back_orders_undos_and_the_submission():
    g = hexplay.new_game("naval", seed=5)
    ijn = g.sides[0]
    ship = next(s for s in g.ships.values() if s.side == ijn)
    g.order(Order(ijn, "ahead", ship.id, {}))
    g.order(Order(ijn, "speed", ship.id, {"speed": ship.speed}))
    g.undo(ijn)
    g.order(Order(ijn, "turn", ship.id, {"side": "left"}))
    g.submit(ijn)
    w = rollout_copy(g)
    assert w.submitted[ijn] and w.plots[ijn] and w._undo[ijn]
    w.reopen_plot(ijn)
    assert not w.submitted[ijn] and not w.plots[ijn] and ijn in w.to_act()
    start = w.commands.marks[w.turn]
    assert all(c.args.get("side") != ijn for c in w.commands.commands[start:])
    assert w.commands.commands[:start] == g.commands.commands[:start]
    # and the saved game replays to the same state
    assert type(w).from_json(w.to_json()).snapshot() == w.snapshot()


def test_reopen_plot_checks_its_side():
    g, _ = _mid_plot("naval", 5, 1, 0)
    with pytest.raises(Exception, match="side"):
        rollout_copy(g).reopen_plot("nobody")


def test_the_scripted_players_copy_decides_as_a_plain_deep_copy():
    """NavalScripted.__deepcopy__ shares only what act() replaces: a copy made mid-game plays
    the next turns exactly as a plain (dict-by-dict) deep copy of it."""
    from hexplay.games.naval.ai.players import NavalScripted

    e = hexplay.game_entry("naval")
    for scen in ("kula_gulf", "horaniu"):
        g = e.new(scen, seed=8)
        ps = {s: e.player("scripted", s, seed=1) for s in g.sides}
        play(g, ps, max_turns=4)

        def plain(p):
            q = object.__new__(NavalScripted)
            q.__dict__ = copy.deepcopy(p.__dict__)
            return q

        runs = []
        for make in (copy.deepcopy, plain):
            w = rollout_copy(g)
            play(w, {s: make(p) for s, p in ps.items()}, max_turns=4)
            runs.append((w.snapshot(), w.commands.to_list()))
        assert runs[0] == runs[1]
        q = copy.deepcopy(ps["usn"])
        assert q.last_seen == ps["usn"].last_seen and q.last_seen is not ps["usn"].last_seen
        assert q.knobs == ps["usn"].knobs and q.knobs is not ps["usn"].knobs


def test_a_budget_of_one_iteration_plays_legal_naval_games_to_the_end():
    e = hexplay.game_entry("naval")
    for scen, side in (("kula_gulf", "ijn"), ("horaniu", "usn")):
        g = e.new(scen, seed=3)
        other = "usn" if side == "ijn" else "ijn"
        sp = SearchPlayer(side, seed=3, iterations=1)
        play(g, {side: sp, other: e.player("scripted", other, seed=4)})
        assert g.over and sp.decisions > 0 and sp.last["rollouts"] == 1
        assert type(g).from_json(g.to_json()).snapshot() == g.snapshot()


# --- the plans -------------------------------------------------------------------------------
def _plan_game(scen: str, side: str, seed: int, **knobs):
    e = hexplay.game_entry("naval")
    g = e.new(scen, seed=seed)
    ps = {x: e.player("scripted", x, seed=seed + 1) for x in g.sides}
    ps[side] = e.player("scripted", side, seed=seed)
    ps[side].set_knobs(**knobs)
    play(g, ps)
    return g


def _orders(g, side, kind=None):
    return [
        c.args
        for c in g.commands.commands
        if c.op == "order" and c.args["side"] == side and (kind is None or c.args["kind"] == kind)
    ]


def test_plan_knobs_are_checked_and_a_bad_one_changes_nothing():
    from hexplay.games.naval.ai.players import DEFAULT_PLAN, KNOBS

    p = hexplay.game_entry("naval").player("scripted", "ijn", seed=1)
    assert p.knobs == {**KNOBS, **DEFAULT_PLAN}
    for bad in ({"mission": "surrender"}, {"gun_band": 4.5}, {"speed": 9}, {"bogus": 1}):
        with pytest.raises(ValueError):
            p.set_knobs(fire="focus", **bad)
        assert p.knobs == {**KNOBS, **DEFAULT_PLAN}


def test_the_plan_tables_hold_whole_legal_plans_the_default_first():
    from hexplay.games.naval.ai.plans import DEFAULTS, PLANS, label, plans

    e = hexplay.game_entry("naval")
    for side in ("ijn", "usn"):
        ps = plans(side)
        assert ps[0] == {} and len({label({**DEFAULTS, **p}) for p in ps}) == len(ps)
        for p in ps:
            e.player("scripted", side).set_knobs(**p)  # (raises on a bad knob)
        assert ps == PLANS[side] and ps is not PLANS[side]
    assert label(DEFAULTS) == "default"


def test_running_takes_every_ship_off_the_map():
    """Kula Gulf: under ``run`` the IJN squadron leaves the map (nothing sunk: it wins)."""
    g = _plan_game("kula_gulf", "ijn", 50001, mission="run")
    out = g.outcome()
    assert out["reason"] == "no IJN ship left on the map"
    ijn = [s for s in g.ships.values() if s.side == "ijn"]
    assert all(s.status in ("exited", "sunk") for s in ijn) and any(
        s.status == "exited" for s in ijn
    )


def test_holding_fire_gives_no_gunnery_and_fighting_keeps_the_squadron_on():
    g = _plan_game("horaniu", "ijn", 50002, fire="hold")
    assert not any(a["args"].get("gunnery") for a in _orders(g, "ijn", "plot"))
    assert any(a["args"].get("gunnery") for a in _orders(g, "usn", "plot"))
    default = _plan_game("kula_gulf", "ijn", 50001)
    fight = _plan_game("kula_gulf", "ijn", 50001, mission="fight")
    assert fight.outcome()["turns"] != default.outcome()["turns"] or _orders(
        fight, "ijn"
    ) != _orders(default, "ijn")


def test_focused_fire_names_one_target_per_turn_where_the_guns_reach_it():
    g = _plan_game("horaniu", "usn", 50003, fire="focus", formation="loose")
    by_turn: dict[int, set] = {}
    for c in g.commands.commands:
        if c.op == "order" and c.args["side"] == "usn" and c.args["args"].get("gunnery"):
            by_turn.setdefault(c.turn, set()).add(c.args["args"]["gunnery"])
    assert by_turn and sum(len(t) == 1 for t in by_turn.values()) >= len(by_turn) / 2


def test_flank_speed_plots_faster_than_the_squadron():
    fast = _plan_game("kula_gulf", "usn", 50004, speed="flank")
    slow = _plan_game("kula_gulf", "usn", 50004, speed="slow")

    def mean(g):
        speeds = [a["args"]["speed"] for a in _orders(g, "usn", "plot")]
        return sum(speeds) / len(speeds)

    assert mean(fast) > mean(slow)


def test_the_enemy_memory_is_what_the_enemy_scripted_player_remembers():
    """enemy_memory, from the side's views only, equals the enemy scripted player's
    ``last_seen`` at every turn (both scenarios, both sides)."""
    from hexplay.games.naval.ai.plans import enemy_memory

    e = hexplay.game_entry("naval")
    for scen in ("kula_gulf", "horaniu"):
        g = e.new(scen, seed=50005)
        ps = {x: e.player("scripted", x, seed=1) for x in g.sides}
        memory = {x: {} for x in g.sides}
        checked = 0
        while not g.over:
            for side in g.to_act():
                enemy = "usn" if side == "ijn" else "ijn"
                memory[side] = enemy_memory(g.view(side), memory[side])
                ps[enemy].act(g) if enemy in g.to_act() else None
                ps[side].act(g)
                assert memory[side] == ps[enemy].last_seen
                checked += bool(memory[side])
            if not g.to_act() and not g.over:
                g.advance()
        assert checked > 0


# --- the search player -----------------------------------------------------------------------
def _search_game(scen: str, side: str, seed: int, **budget):
    e = hexplay.game_entry("naval")
    g = e.new(scen, seed=seed)
    other = "usn" if side == "ijn" else "ijn"
    sp = SearchPlayer(side, seed=seed, **budget)
    play(g, {side: sp, other: e.player("scripted", other, seed=seed + 1)})
    return g, sp


def test_same_seed_and_iteration_budget_give_the_same_naval_game():
    runs = [_search_game("horaniu", "ijn", 50006, iterations=4, max_turns=6) for _ in range(2)]
    assert runs[0][0].commands.to_list() == runs[1][0].commands.to_list()
    assert [p.last for _, p in runs][0] == runs[1][1].last


def test_the_search_commits_to_its_plan_across_turns():
    """Each decision's first candidate (the incumbent) is the plan played the turn before;
    Kula Gulf's IJN finds the run for the edge and keeps it."""
    from hexplay.games.naval.ai.plans import plans

    e = hexplay.game_entry("naval")
    g = e.new("kula_gulf", seed=50007)
    sp = SearchPlayer("ijn", seed=1, iterations=16)
    scripted = e.player("scripted", "usn", seed=2)
    chosen = []
    while not g.over:
        if "ijn" in g.to_act():
            sp.act(g)
            first = next(iter(sp.last["values"]))
            if chosen:
                assert first == chosen[-1]
            chosen.append(sp.last["chosen"])
            assert len(sp.last["values"]) == len(plans("ijn"))
        scripted.act(g)
        if not g.to_act() and not g.over:
            g.advance()
    assert any("mission=run" in c for c in chosen)
    assert g.outcome()["winner"] == "ijn"


def test_the_naval_search_player_is_fog_fair():
    from test_fog_fair import fog_violations

    make = lambda side: SearchPlayer(side, seed=7, iterations=2, horizon=2)  # noqa: E731
    assert fog_violations("naval", make, seeds=range(2)) == []
