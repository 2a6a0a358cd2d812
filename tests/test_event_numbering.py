"""A side's events are numbered in the side's own sequence (0, 1, 2, ...), in the log, in its
views and in what an order returns: a gap would count the enemy's unseen events (a side
channel). The referee's numbers are the places in the whole log."""

from __future__ import annotations

import pytest
from toy_games import shipped_games

import hexplay
from hexplay.ai.player import play
from hexplay.engine.log import REFEREE


def _game(name: str, seed: int):
    g = hexplay.new_game(name, seed=seed)
    entry = hexplay.game_entry(name)
    players = {s: entry.player("random", s, seed=seed + i) for i, s in enumerate(g.sides)}
    return play(g, players, max_turns=4)


@pytest.mark.parametrize("name", shipped_games())
@pytest.mark.parametrize("seed", [1, 2])
def test_each_side_numbers_its_own_events(name, seed):
    g = _game(name, seed)
    log = getattr(g, "log", None)  # (the naval game's events carry no number)
    if log is not None:
        assert [e["index"] for e in log.for_side(REFEREE)] == list(range(len(log)))
    hidden = 0
    for side in g.sides:
        mine = log.for_side(side) if log is not None else []
        assert [e["index"] for e in mine] == list(range(len(mine))), side
        hidden += len(log) - len(mine) if log is not None else 1
        events = g.view(side).get("events") or []
        numbers = [e["index"] for e in events if isinstance(e, dict) and "index" in e]
        assert numbers == sorted(set(numbers)), side
        assert all(0 <= n < len(mine) for n in numbers), side
    assert hidden > 0  # the games hide something, or the check proves nothing


def test_an_unseen_enemy_event_changes_nothing_a_side_sees():
    """Two logs that differ by one event the side cannot see give the side the same list."""
    from hexplay.engine.log import EventLog

    a, b = EventLog(), EventLog()
    for log in (a, b):
        log.add(1, "p", "move", {"u": 1}, ("west", "east"))
    b.add(1, "p", "move", {"u": 2}, ("east",))
    for log in (a, b):
        log.add(1, "p", "attack", {"u": 3}, ("west",), {"east": {"u": None}})
    assert a.for_side("west") == b.for_side("west")
    assert [e["index"] for e in b.for_side("east")] == [0, 1, 2]
