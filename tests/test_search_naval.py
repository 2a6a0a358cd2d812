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
from hexplay.engine import Order
from hexplay.engine.record import dice_to_dict

REOPENABLE = [
    n
    for n in hexplay.games()
    if callable(getattr(hexplay.game_entry(n).game_class, "reopen_plot", None))
]
"""Registered games with the cheap ``reopen_plot`` hook (each is tested against the replay)."""


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
    the rest of the game exactly as a plain (dict-by-dict) deep copy of it."""
    from hexplay.ai.naval import NavalScripted

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
            play(w, {s: make(p) for s, p in ps.items()})
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
