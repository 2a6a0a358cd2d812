"""Each SKIRMISH fast path equals its plain version, checked at every plot of seeded
scripted-vs-scripted games (both sides' men against every enemy they could fire at)."""

from __future__ import annotations

import pytest

from hexplay.engine import IllegalOrder
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.players import (
    RandomPlayer,
    ScriptedAdversary,
    ScriptedDefender,
    _shot_sixths,
    _shots_sixths,
    plain_shot_sixths,
)
from hexplay.games.skirmish.record import position_facts, positions_from_facts, snapshot_positions


def checked_game(seed: int, check) -> SkirmishGame:
    """A seeded scripted game with ``check(g)`` called before every plot (one task's or a
    batch's, ``plot_many``)."""
    g = SkirmishGame.new(seed=seed)
    plot, plot_many = g.plot, g.plot_many

    def checked_plot(*a, **k):
        check(g)
        return plot(*a, **k)

    def checked_plot_many(*a, **k):
        check(g)
        return plot_many(*a, **k)

    g.plot, g.plot_many = checked_plot, checked_plot_many
    play(g, [ScriptedAdversary(seed), ScriptedDefender(seed)])
    return g


@pytest.mark.parametrize("seed", [3, 4])
def test_shot_sixths_equals_the_plain_version(seed):
    n = {"pairs": 0, "possible": 0}

    def check(g):
        men = list(g.men.values())
        for f in men:
            here = g.man_hex(f)
            if here is None:
                continue
            for t in men:
                th = g.man_hex(t)
                if t.side == f.side or th is None:
                    continue
                fast = _shot_sixths(g, f.id, here, t.id, th)
                assert fast == plain_shot_sixths(g, f.id, t.id), (f.id, t.id)
                n["pairs"] += 1
                n["possible"] += fast is not False
            targets = [
                {"id": t.id, "hex": g.man_hex(t)}
                for t in men
                if t.side != f.side and g.man_hex(t) is not None
            ]
            batch = _shots_sixths(g, f.id, here, targets)
            assert list(batch) == [t["id"] for t in targets]
            assert batch == {t["id"]: plain_shot_sixths(g, f.id, t["id"]) for t in targets}

    checked_game(seed, check)
    assert n["pairs"] > 500 and n["possible"] > 50, n


@pytest.mark.parametrize("seed", [7])
def test_shot_answer_equals_odds(seed):
    """``shot_answer`` and ``shot_answers`` (worked out themselves, not read from the memo)
    are ``odds`` without the firer and target keys, for every pair of men, friends too,
    weapons and movements given."""
    n = {"pairs": 0, "possible": 0}

    def check(g):
        memo = g.terrain.memo
        for f in g.men.values():
            for t in g.men.values():
                for weapon, moved in ((None, 0), ("pistol", 2)):
                    key = g._odds_key(f, t, weapon, moved)
                    memo.pop(key, None)
                    fast = dict(g.shot_answer(f, t, weapon, moved))
                    memo.pop(key, None)
                    plain = g.odds(f.id, t.id, weapon, moved)
                    assert plain.pop("firer") == f.id and plain.pop("target") == t.id
                    assert fast == plain, (f.id, t.id, weapon, moved)
                    n["pairs"] += 1
                    n["possible"] += fast["possible"]
            men = list(g.men.values())
            keys = [g._odds_key(f, t, None, 0) for t in men]
            for key in keys:
                memo.pop(key, None)
            batch = [dict(a) for a in g.shot_answers(f, men)]
            for key in keys:
                memo.pop(key, None)
            plain = [g.odds(f.id, t.id, hexes_moved=0) for t in men]
            for p in plain:
                del p["firer"], p["target"]
            assert batch == plain, f.id

    checked_game(seed, check)
    assert n["pairs"] > 1000 and n["possible"] > 50, n


@pytest.mark.parametrize("seed", [5, 6])
def test_position_facts_give_the_plain_snapshot(seed):
    """At every plot of a scripted and of a random game (men killed, wounded, aboard, off
    the map; vehicles moving, stopped, off the map) and at the end."""
    n = [0]

    def check(g):
        assert positions_from_facts(g, position_facts(g)) == snapshot_positions(g)
        n[0] += 1

    g = checked_game(seed, check)
    check(g)
    r = SkirmishGame.new(seed=seed)
    plot = r.plot

    def checked_plot(*a, **k):
        check(r)
        return plot(*a, **k)

    r.plot = checked_plot
    play(r, [RandomPlayer("adversary", seed), RandomPlayer("defender", seed)])
    check(r)
    assert n[0] > 100, n


def _outcome(validate, *args):
    """('ok', the plan's facts) or ('refused', rule, message) of ``validate(*args)``."""
    try:
        plan = validate(*args)
    except IllegalOrder as e:
        return ("refused", e.rule, e.message)
    return (
        "ok",
        {u: (list(p.tasks), p.ap, p.end_hex) for u, p in plan.men.items()},
        {u: (list(p.tasks), p.ap) for u, p in plan.vehicles.items()},
        plan.charges,
    )


@pytest.mark.parametrize("seed", [8, 9])
def test_cached_refusals_equal_the_plain_validation(seed):
    """Every candidate task of every unit, at every plot of a random game, tried twice through
    the game's per-turn cache (the second time a refusal comes from it) and once by
    ``validate_side`` without any cache: the same plan, or the same rule and message."""
    from hexplay.games.skirmish.legal import candidate_tasks
    from hexplay.games.skirmish.plotting import validate_side

    n = {"ok": 0, "refused": 0}

    def check(g):
        for side in ("adversary", "defender"):
            if g.plots.submitted[side]:
                continue
            current = g.side_plan(side)
            orders = g.orders_of(side)
            for uid in g.own_units(side):
                for t in candidate_tasks(g, side, uid, current.men.get(uid)):
                    trial = dict(orders)
                    trial[uid] = [*orders.get(uid, ()), t]
                    plain = _outcome(validate_side, g, side, trial, uid)
                    for _ in range(2):
                        got = _outcome(g.side_plan, side, trial, uid, current)
                        assert got == plain, (uid, t)
                    n[plain[0]] += 1

    g = SkirmishGame.new(seed=seed)
    plot = g.plot

    def checked_plot(*a, **k):
        check(g)
        return plot(*a, **k)

    g.plot = checked_plot
    play(g, [RandomPlayer("adversary", seed), RandomPlayer("defender", seed)], max_turns=4)
    assert n["ok"] > 100 and n["refused"] > 100, n
