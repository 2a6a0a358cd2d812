"""A DF check reading the shot memo (``check_fire``'s fast path: the odds already asked
for) accepts and refuses exactly as the full check, in seeded SKIRMISH and AMBUSH games at
every kind of turn (the practice-game case is in ``test_skirmish_plotting.py``)."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexplay.ai import play as play_game
from hexplay.engine import IllegalOrder
from hexplay.games.ambush.ai.players import scripted
from hexplay.games.ambush.game import AmbushGame
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.plotting import check_fire
from hexplay.games.skirmish.state import SIDES
from hexplay.games.skirmish.tasks import Task


@contextmanager
def _empty_memo(g):
    """The map's shot memo emptied for the block (put back afterwards)."""
    memo = g.terrain.memo
    kept = dict(memo)
    memo.clear()
    try:
        yield
    finally:
        memo.clear()
        memo.update(kept)


def _outcome(g, side, m, t):
    try:
        return ("ok", check_fire(g, side, m, t))
    except IllegalOrder as e:
        return ("refused", e.rule, str(e))


def _pairs(g, side):
    """Every (own living man, enemy man) pair of ``side``, dead and unseen targets included."""
    for m in g.men.values():
        if m.side != side or not m.alive:
            continue
        for t in g.men.values():
            if t.side != side:
                yield m, t


def _game(kind: str, seed: int, turns: int):
    if kind == "skirmish":
        g = SkirmishGame.new(seed=seed)
        play(g, [ScriptedAdversary(seed), ScriptedDefender(seed + 1)], max_turns=turns)
    else:
        g = AmbushGame.new("close_escort", seed=seed)
        play_game(g, [scripted("adversary", seed), scripted("defender", seed + 1)], turns)
    return g


def _check(g, weapon) -> int:
    """Each side's DF checks from an empty memo, then with the odds of every pair memoized:
    the same outcomes. Returns how many checks could take the fast path."""
    fast_paths = 0
    for side in SIDES:
        pairs = list(_pairs(g, side))
        with _empty_memo(g):  # the full check: nothing memoized
            full = [_outcome(g, side, m, Task("DF", t.id, weapon=weapon)) for m, t in pairs]
        for m, t in pairs:  # the memo filled as the players' questions fill it
            g.odds(m.id, t.id)
        fast_paths += sum(g._odds_key(m, t, None, 0) in g.terrain.memo for m, t in pairs)
        fast = [_outcome(g, side, m, Task("DF", t.id, weapon=weapon)) for m, t in pairs]
        assert fast == full
    return fast_paths


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["skirmish", "ambush"]),
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 6),
    weapon=st.sampled_from([None, "pistol", "rifle"]),
)
def test_check_fire_with_the_memo_equals_the_full_check(kind, seed, turns, weapon):
    g = _game(kind, seed, turns)
    if not g.over and g.phase == "planning":
        _check(g, weapon)


@pytest.mark.parametrize("kind", ["skirmish", "ambush"])
def test_the_fast_path_is_taken(kind):
    g = _game(kind, 1, 2)
    assert not g.over and g.phase == "planning"
    assert _check(g, None) > 0
