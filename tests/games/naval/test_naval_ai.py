"""Naval computer players: the scripted player beats the random one and decides from its
side's view only."""

from __future__ import annotations

import pytest

import hexplay
from hexplay.ai.player import play
from hexplay.ai.random import RandomPlayer
from hexplay.games.naval import NavalGame
from hexplay.games.naval.ai.players import NavalScripted


class ViewOnly:
    """The game as a player may use it: view, legal_orders, to_act, order, submit."""

    def __init__(self, g):
        self._g = g

    def view(self, side):
        return self._g.view(side)

    def legal_orders(self, side, unit=None):
        return self._g.legal_orders(side, unit)

    def to_act(self):
        return self._g.to_act()

    def order(self, o, **kw):
        return self._g.order(o, **kw)

    def submit(self, side):
        return self._g.submit(side)


def test_registry_players():
    e = hexplay.game_entry("naval")
    assert isinstance(e.player("scripted", "ijn", seed=1), NavalScripted)
    assert isinstance(e.player("random", "usn", seed=1), RandomPlayer)


@pytest.mark.parametrize("side", ["ijn", "usn"])
def test_scripted_beats_random_in_kula_gulf(side):
    """Measured 100% of 100 seeded games per side (see the report); 18 of 20 here fails
    clearly below the 90% goal (a 75% player passes this 9% of the time)."""
    other = "usn" if side == "ijn" else "ijn"
    wins = 0
    for seed in range(20):
        g = NavalGame.new("kula_gulf", seed=seed)
        play(g, [NavalScripted(side, seed), RandomPlayer(other, seed + 500)])
        wins += g.outcome()["winner"] == side
    assert wins >= 18


def test_scripted_plays_through_the_view_only():
    g = NavalGame.new("horaniu", seed=3)
    players = {"ijn": NavalScripted("ijn", 1), "usn": NavalScripted("usn", 2)}
    while not g.over:
        for side in g.to_act():
            players[side].act(ViewOnly(g))
        g.advance()
    assert g.outcome()["turns"] >= 1


def test_same_view_same_orders():
    """Two unspotted enemy ships trading places (their counters face down: the IJN sees the
    hexes, not which ship is where) and turning change nothing the IJN sees, so nothing it
    plots."""
    a = NavalGame.new("kula_gulf", seed=4)
    b = a.copy()
    x, y = b.ships["DD6d"], b.ships["CL3a"]
    x.hex, y.hex = y.hex, x.hex
    x.facing, y.facing = (x.facing + 2) % 6, (y.facing + 3) % 6
    assert "DD6d" not in a.view("ijn")["units"] and a.view("ijn") == b.view("ijn")
    NavalScripted("ijn", 7).act(a)
    NavalScripted("ijn", 7).act(b)
    assert a.commands.to_list() == b.commands.to_list()


def test_scripted_never_leaves_horaniu_before_turn_ten():
    for seed in range(6):
        g = NavalGame.new("horaniu", seed=seed)
        play(g, [NavalScripted("ijn", seed), NavalScripted("usn", seed + 1)])
        early = [s for s in g.ships.values() if s.exit_turn is not None and s.exit_turn < 10]
        assert early == []


class _Checked(NavalScripted):
    """A scripted player that checks each fast choice against the plain one as it plays."""

    checked = 0

    def _best(self, o, turn, leader, station=None):
        fast = super()._best(o, turn, leader, station)
        assert fast == self._best_plain(o, turn, leader, station)
        _Checked.checked += 1
        return fast


@pytest.mark.parametrize("scenario", ["kula_gulf", "horaniu"])
def test_fast_best_equals_plain(scenario):
    """``_best`` (per-map options, one distance loop) chooses as ``_best_plain`` in every
    decision of seeded games, against the scripted and the random player."""
    _Checked.checked = 0
    for seed in range(4):
        g = NavalGame.new(scenario, seed=seed)
        other = NavalScripted("usn", seed) if seed % 2 else RandomPlayer("usn", seed)
        play(g, [_Checked("ijn", seed), other])
        g = NavalGame.new(scenario, seed=seed)
        play(g, [RandomPlayer("ijn", seed), _Checked("usn", seed)])
    assert _Checked.checked > 100
