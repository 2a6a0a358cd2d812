"""The SKIRMISH base player's deferred plots
(:meth:`~hexplay.games.skirmish.ai.base.Player.defer_plot`,
with fallbacks) give the same games, command for command and die for die, as each plot tried
at once; and :meth:`~hexplay.games.skirmish.ai.base.Player.ap_left` asked without plotting the
deferred plots
(:meth:`~hexplay.games.skirmish.ai.base.Player._ap_unchanged`) equals ``game.ap_left`` once they are
plotted. Checked on seeded scripted SKIRMISH games and AMBUSH games of every standard
scenario."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.ai.player import play
from hexplay.games.ambush.ai import players as ai_ambush
from hexplay.games.ambush.game import STANDARD_SCENARIOS, AmbushGame, scenario_file
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.ai.base import Player
from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender


class AtOnce:
    """A mixin: every deferred plot tried at once (its fallbacks if refused), the plain
    version of the deferred batch."""

    def plan(self, game, view):
        self._game = game
        return super().plan(game, view)

    def defer_plot(self, unit, code, *, fallbacks=(), **kw):
        if not self.try_plot(self._game, unit, code, **kw):
            for fb in fallbacks:
                if self.try_plot(self._game, unit, **fb):
                    break


class CheckedAp:
    """A mixin: each ``ap_left`` answered without plotting checked against the answer after
    plotting (then the game goes on from the plotted state: the same game)."""

    checked = 0

    def ap_left(self, game, unit):
        if self._deferred and self._ap_unchanged(game, unit):
            early = game.ap_left(self.side, unit)
            self.flush_plots(game)
            assert game.ap_left(self.side, unit) == early, (unit, game.turn)
            CheckedAp.checked += 1
        return super().ap_left(game, unit)


def _skirmish(seed, adv, dfd):
    g = SkirmishGame.new(seed=seed)
    return play(g, [adv(seed), dfd(seed)])


def _ambush(name, seed, adv, dfd):
    g = AmbushGame.new(scenario_file(name), seed=seed)
    return play(g, [adv(seed), dfd(seed + 1)])


def _same(a, b) -> None:
    assert a.commands.to_list() == b.commands.to_list()
    assert [r.value for r in a.dice.rolls] == [r.value for r in b.dice.rolls]
    assert a.winner == b.winner


def _mixed(mixin, cls):
    return type(f"{mixin.__name__}{cls.__name__}", (mixin, cls), {})


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_deferred_plots_equal_plots_at_once_skirmish(seed):
    fast = _skirmish(seed, ScriptedAdversary, ScriptedDefender)
    plain = _skirmish(seed, _mixed(AtOnce, ScriptedAdversary), _mixed(AtOnce, ScriptedDefender))
    _same(fast, plain)


@pytest.mark.parametrize("name", STANDARD_SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2])
def test_deferred_plots_equal_plots_at_once_ambush(name, seed):
    adv, dfd = ai_ambush.AmbushScriptedAdversary, ai_ambush.AmbushScriptedDefender
    fast = _ambush(name, seed, adv, dfd)
    plain = _ambush(name, seed, _mixed(AtOnce, adv), _mixed(AtOnce, dfd))
    _same(fast, plain)


def test_ap_left_unflushed_equals_flushed():
    CheckedAp.checked = 0
    for seed in range(6):
        fast = _skirmish(seed, ScriptedAdversary, ScriptedDefender)
        checked = _skirmish(
            seed, _mixed(CheckedAp, ScriptedAdversary), _mixed(CheckedAp, ScriptedDefender)
        )
        _same(fast, checked)
    adv, dfd = ai_ambush.AmbushScriptedAdversary, ai_ambush.AmbushScriptedDefender
    for name in STANDARD_SCENARIOS:
        _same(
            _ambush(name, 3, adv, dfd),
            _ambush(name, 3, _mixed(CheckedAp, adv), _mixed(CheckedAp, dfd)),
        )
    assert CheckedAp.checked > 20, CheckedAp.checked


def test_ap_unchanged_only_for_men_on_foot_without_tasks():
    g = SkirmishGame.new(seed=5)
    p = Player("defender")
    play(g, [ScriptedAdversary(5), ScriptedDefender(5)], max_turns=2)
    men = [m for m in g.men.values() if m.side == "defender" and m.alive]
    aboard = [m for m in men if m.vehicle]
    assert aboard and not any(p._ap_unchanged(g, m.id) for m in aboard)
    assert not p._ap_unchanged(g, next(iter(g.vehicles)))
    on_foot = [m for m in men if m.vehicle is None]
    for m in on_foot:
        assert p._ap_unchanged(g, m.id) == (not g.plots.orders["defender"].get(m.id))
        p.defer_plot(m.id, "RA")
        assert not p._ap_unchanged(g, m.id)
