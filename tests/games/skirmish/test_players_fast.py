"""The SKIRMISH players' fast paths equal their plain versions, checked before every plot of
seeded scripted games: a plan's :class:`~hexplay.games.skirmish.ai.players.ShotTable` gives each
man's
shots as ``game.odds`` does (:func:`~hexplay.games.skirmish.ai.players.plain_shot_sixths`), for all
the
view's targets and for a part of them, and :func:`~hexplay.games.skirmish.ai.players._best_shot`
picks the
same shot with the plan's table as with a table of its own."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.players import (
    ScriptedAdversary,
    ScriptedDefender,
    ShotTable,
    _best_shot,
    _enemies,
    plain_shot_sixths,
)


def check_tables(g, n: dict) -> None:
    for side in ("adversary", "defender"):
        view = g.view(side, events=False)
        targets = _enemies(view, side)
        if not targets:
            continue
        table, part = ShotTable(g, targets), ShotTable(g, targets[::2])
        for uid, u in view["units"].items():
            if u.get("side") != side or u.get("kind") != "man" or u["condition"] == "K":
                continue
            row = table.of(uid)
            assert list(row) == [t["id"] for t in targets]
            assert row == {t["id"]: plain_shot_sixths(g, uid, t["id"]) for t in targets}
            assert part.of(uid) == {t["id"]: row[t["id"]] for t in targets[::2]}
            assert table.of(uid) is row  # (each firer's row worked out once)
            for min_hit in (Fraction(1, 6), Fraction(1, 3)):
                asg_a, asg_b = {targets[0]["id"]: 1}, {targets[0]["id"]: 1}
                got = _best_shot(g, uid, targets, min_hit, asg_a, table)
                assert got == _best_shot(g, uid, targets, min_hit, asg_b)
                assert asg_a == asg_b
            n["men"] += 1
            n["possible"] += any(v is not False for v in row.values())


def play_checked(seed: int, check, n: dict, **play_kw) -> None:
    """A scripted game of ``seed`` with ``check(game, n)`` run before every plot (one task's,
    ``plot``, or a batch's, ``plot_many``)."""
    g = SkirmishGame.new(seed=seed)
    plot, plot_many = g.plot, g.plot_many

    def checked_plot(*a, **k):
        check(g, n)
        return plot(*a, **k)

    def checked_plot_many(*a, **k):
        check(g, n)
        return plot_many(*a, **k)

    g.plot, g.plot_many = checked_plot, checked_plot_many
    play(g, [ScriptedAdversary(seed), ScriptedDefender(seed)], **play_kw)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_shot_table_equals_the_plain_odds(seed):
    n = {"men": 0, "possible": 0}
    play_checked(seed, check_tables, n)
    assert n["men"] > 10 and n["possible"] > 0, n


def check_shot_odds(g, n: dict) -> None:
    """``_shot_odds`` (memoized on the map) = ``_shot_odds_plain`` for every pair of living
    enemies on the map, with weapons and target movements given or not, keys in order."""
    for f in g.men.values():
        for t in g.men.values():
            fh, th = g.man_hex(f), g.man_hex(t)
            if f.side == t.side or not (f.alive and t.alive) or fh is None or th is None:
                continue
            if f.vehicle and g.vehicles[f.vehicle].moving:
                continue
            for weapon in (None, "pistol", "rifle", "shotgun"):
                for moved in (0, 3, None):
                    plain = {"possible": False, "reason": None}
                    g._shot_odds_plain(plain, f, t, fh, th, weapon, moved)
                    for _ in range(2):  # (worked out, then read from the memo)
                        fast = {"possible": False, "reason": None}
                        g._shot_odds(fast, f, t, fh, th, weapon, moved)
                        assert fast == plain and list(fast) == list(plain), (f.id, t.id)
                    n["pairs"] += 1
                    n["possible"] += plain["possible"]


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_shot_odds_equals_the_plain_version(seed):
    n = {"pairs": 0, "possible": 0}
    play_checked(seed, check_shot_odds, n, max_turns=4)
    assert n["pairs"] > 100 and n["possible"] > 10, n
