"""``SkirmishGame.plot_many`` (a batch of plots, all or none) equals the same plots one by one,
and the scripted players' deferred plots give the games of plotting each at once."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexplay.engine import IllegalOrder
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.ai.base import Player, play
from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.legal import candidate_tasks
from hexplay.games.skirmish.state import SIDES


def _task_dict(t) -> dict:
    d = {"code": t.code}
    for k, default in (("target", None), ("hexes", 0), ("weapon", None), ("seat", None)):
        v = getattr(t, k)
        if v != default:
            d[k] = v
    if t.path:
        d["path"] = list(t.path)
    return d


def _state(g: SkirmishGame, side: str):
    """What a plot changes: the side's plotted tasks (with their AP), the command log and the
    validated plan's AP and charges."""
    plan = g.side_plan(side)
    return (
        {u: [t.to_dict() for t in ts] for u, ts in g.plots.orders[side].items()},
        g.commands.to_list(),
        {u: p.ap for u, p in plan.men.items()},
        {u: p.ap for u, p in plan.vehicles.items()},
        dict(plan.riders),
        dict(plan.charges),
    )


def _plots_one_by_one(g: SkirmishGame, side: str, rng: np.random.Generator, n: int):
    """``n`` plots tried one by one on ``g``: mostly a candidate task ``g`` accepts, sometimes
    any candidate. Returns the (unit, task) pairs tried and whether every one was accepted."""
    tried, all_ok = [], True
    for _ in range(n):
        units = g.own_units(side)
        if not units:
            break
        uid = units[int(rng.integers(len(units)))]
        cands = list(candidate_tasks(g, side, uid, g.side_plan(side).men.get(uid)))
        if not cands:
            continue
        rng.shuffle(cands)
        careful = rng.random() < 0.85
        for t in cands:
            d = _task_dict(t)
            try:
                g.plot(side, uid, **d)
                ok = True
            except IllegalOrder:
                ok = False
            if ok or not careful:
                tried.append((uid, d))
                all_ok = all_ok and ok
                break
    return tried, all_ok


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    turns=st.integers(0, 5),
    side=st.sampled_from(SIDES),
    n=st.integers(1, 10),
)
def test_plot_many_equals_the_plots_one_by_one(seed, turns, side, n):
    g = SkirmishGame.new(seed=seed)
    play(g, [ScriptedAdversary(seed), ScriptedDefender(seed)], max_turns=turns or None)
    if g.over:  # (play to the end when turns == 0: nothing to plot)
        return
    before = _state(g, side)
    one = g.copy()
    rows, all_ok = _plots_one_by_one(one, side, np.random.default_rng(seed), n)
    batch = g.copy()
    if all_ok:
        batch.plot_many(side, rows)
        assert _state(batch, side) == _state(one, side)
        # and the plot stays open: the next task goes on from the batch's plan
        if rows:
            u = rows[0][0]
            assert batch.legal_tasks(side, u) == one.legal_tasks(side, u)
    else:
        with pytest.raises(IllegalOrder):
            batch.plot_many(side, rows)
        assert _state(batch, side) == before


def test_plot_many_checks_its_input_and_the_phase():
    g = SkirmishGame.new(seed=1)
    with pytest.raises(IllegalOrder, match="plotting"):
        g.plot_many("adversary", [("A1", {"code": "MP", "path": ["0101"]})])
    play(g, [ScriptedAdversary(1), ScriptedDefender(1)], max_turns=1)
    before = _state(g, "adversary")
    for bad in (
        "A1",
        [("A1",)],
        [("A1", {"code": "BW", "path": ["0101"]})],  # BW takes no path
        [("A1", {"code": "DF", "speed": 3})],
        [("G1", {"code": "RA"})],  # not an adversary unit
        [("A1", {"code": "MP", "path": [12]})],
    ):
        with pytest.raises(IllegalOrder):
            g.plot_many("adversary", bad)
        assert _state(g, "adversary") == before
    g.plot_many("adversary", [])
    assert _state(g, "adversary") == before


class _AtOnce:
    """A scripted player whose deferred plots are tried at once, each refused one's fallbacks
    in turn (the plain version)."""

    def defer_plot(self, unit, code, *, fallbacks=(), **kw):
        if not Player.try_plot(self, self._game, unit, code, **kw):
            for fb in fallbacks:
                if Player.try_plot(self, self._game, unit, **fb):
                    break

    def plan(self, game, view):
        self._game = game
        super().plan(game, view)


class _AdversaryAtOnce(_AtOnce, ScriptedAdversary):
    pass


class _DefenderAtOnce(_AtOnce, ScriptedDefender):
    pass


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 11, 12])
def test_deferred_plots_give_the_games_of_plotting_at_once(seed):
    fast = play(SkirmishGame.new(seed=seed), [ScriptedAdversary(seed), ScriptedDefender(seed)])
    plain = play(SkirmishGame.new(seed=seed), [_AdversaryAtOnce(seed), _DefenderAtOnce(seed)])
    assert fast.commands.to_list() == plain.commands.to_list()
    assert fast.outcome() == plain.outcome()
    assert sum(c.op == "plot" for c in fast.commands.commands) > 10
