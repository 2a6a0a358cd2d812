"""Each AGGRESSOR fast path equals its plain version, checked after every order of seeded games
(scripted and random players, Observation on and off)."""

from __future__ import annotations

import pytest

import hexplay
from hexplay.ai.player import play
from hexplay.games.aggressor import AggressorGame
from hexplay.games.aggressor.ai.players import ScriptedPlayer, unit_order_plain
from hexplay.games.aggressor.combat import attack_target_ok, attack_targets
from hexplay.games.aggressor.features import _ranged_ok, ranged_hex_ok
from hexplay.games.aggressor.movement import can_move, move_blocked, move_target_ok, move_targets
from hexplay.games.aggressor.observation import Sighting, observe, observe_plain
from hexplay.games.aggressor.views import (
    _moves_left,
    build_view,
    build_view_plain,
    known_enemies,
    known_enemies_plain,
    moves_left,
    own_unit,
    own_unit_plain,
    recent_events,
    recent_events_plain,
)

ENTRY = hexplay.game_entry("aggressor")
CASES = [
    (21, "scripted", "scripted", True),
    (22, "random", "scripted", True),
    (23, "scripted", "random", False),
]


def checked_game(seed: int, west: str, east: str, obs: bool, check) -> AggressorGame:
    """A seeded game (10-round limit) with ``check(g)`` called after every order."""
    g = AggressorGame.new(seed=seed, obs=obs, turn_limit=10)
    order = g.order

    def checked_order(*a, **k):
        try:
            return order(*a, **k)
        finally:
            if g.phase == "play":
                check(g)

    g.order = checked_order
    play(
        g, {"west": ENTRY.player(west, "west", seed), "east": ENTRY.player(east, "east", seed + 1)}
    )
    return g


@pytest.mark.parametrize("seed,west,east,obs", CASES)
def test_engine_fast_paths_equal_the_plain_versions(seed, west, east, obs):
    n = {"units": 0, "hexes": 0}

    def check(g):
        for u in g.units.values():
            if not u.alive:
                continue
            n["units"] += 1
            assert can_move(g, u) == (move_blocked(g, u) is None), u
            assert own_unit(g, u)["moves_left"] == moves_left(g, u) == _moves_left(g, u), u
            assert own_unit(g, u) == own_unit_plain(g, u), u
            assert own_unit(g, u) is not own_unit(g, u)  # a fresh copy each time
            assert own_unit(g, u, shared=True) == own_unit_plain(g, u), u
            assert own_unit(g, u, shared=True) is own_unit(g, u, shared=True)  # the kept one
            assert g.view_unit(u.side, u.id, shared=True) == g.view_unit(u.side, u.id)
            moves, attacks = move_targets(g, u), attack_targets(g, u)
            own, kn = g.own_hexes(u.side), g.known_at(u.side)
            for t in range(g.board.size):
                assert move_target_ok(g, u, t) == (t in moves)
                assert attack_target_ok(g, u, t) == (t in attacks)
                for prospect in (False, True):
                    assert ranged_hex_ok(g, u, t, prospect) == _ranged_ok(
                        g, u, t, own, kn, prospect
                    )
                n["hexes"] += 1
        for side in ("west", "east"):
            assert observe(g, side) == observe_plain(g, side)
            assert g.alive(side) == g.alive_plain(side)
            assert known_enemies(g, side) == known_enemies_plain(g, side)
            assert g.by_side[side] == [u for u in g.units.values() if u.side == side]
        for side in ("west", "east", "referee"):
            assert recent_events(g, side) == recent_events_plain(g, side)
            # what the scripted player reads: the view but its event list
            assert g.view(side, events=False) == {**g.view(side), "events": []}
            for events in (False, True):
                assert build_view(g, side, events) == build_view_plain(g, side, events)
                assert build_view(g, side, events, shared=True) == build_view_plain(g, side, events)

    g = checked_game(seed, west, east, obs, check)
    assert g.over and n["units"] > 200 and n["hexes"] > 50_000, n


def test_order_paths_equal_the_kind_dispatch():
    """Each kind's OrderPath (what the order check uses) judges as blocked and target_legal
    of that kind do, for every unit of the acting side after every order (a seventh of the
    hexes each time, in turn)."""
    from hexplay.games.aggressor.legal import (
        ORDER_PATHS,
        PLAY_KINDS,
        RULE_NAMES,
        blocked,
        need_name,
        target_legal,
    )

    assert list(ORDER_PATHS) == list(PLAY_KINDS)
    for kind, path in ORDER_PATHS.items():
        assert (path.need, path.rule) == (need_name(kind), RULE_NAMES[kind])
    n = {"orders": 0, "blocked": 0, "targets": 0}

    def check(g):
        n["orders"] += 1
        for u in g.alive(g.current):
            for kind, path in ORDER_PATHS.items():
                why = path.blocked(g, u)
                assert why == blocked(g, u, kind), (u, kind)
                n["blocked"] += why is not None
                if path.need is None:
                    continue
                for t in range(n["orders"] % 7, g.board.size, 7):
                    ok = path.target_ok(g, u, t)
                    assert ok == target_legal(g, u, kind, t), (u, kind, t)
                    n["targets"] += ok

    checked_game(21, "scripted", "random", True, check)
    assert n["orders"] > 100 and n["blocked"] > 1000 and n["targets"] > 1000, n


def test_views_equal_the_plain_version_in_set_up_and_once_over():
    g = AggressorGame.new(seed=8, turn_limit=2)
    ps = {s: ENTRY.player("scripted", s, 8) for s in ("west", "east")}
    seen = set()
    while True:
        for side in ("west", "east", "referee"):
            assert build_view(g, side) == build_view_plain(g, side)
        seen.add(g.phase)
        if g.over:
            break
        ps[g.to_act()[0]].act(g)
    assert seen == {"setup", "play", "over"}
    v = build_view(g, "west")
    v["sectors"]["west"].append(99)
    v["options"].clear()
    assert build_view(g, "west") == build_view_plain(g, "west")  # fresh lists and dicts


def test_recent_events_are_fresh_copies():
    g = AggressorGame.new(seed=5, turn_limit=3)
    play(g, {s: ENTRY.player("scripted", s, 5) for s in ("west", "east")})
    a = recent_events(g, "west")
    assert a and a == recent_events(g, "west")
    a[0]["kind"] = "tampered"
    a.pop()
    assert recent_events(g, "west") == recent_events_plain(g, "west")


@pytest.mark.parametrize("seed,west,east,obs", CASES)
def test_player_fast_paths_equal_the_plain_versions(seed, west, east, obs):
    n = [0]

    def check(g):
        b = g.board
        for side in ("west", "east"):
            p = ScriptedPlayer(side, 0)
            view = g.view(side)
            assert p._enemies(b, view) == p._enemies_plain(b, view)
            assert p._enemies(b, view) is p._enemies(b, view)  # remembered for the view
            assert p._order_memo[0] is view  # the same pass made the units' order
            assert p._order_memo[1] == unit_order_plain(view, side)
            own = p._own_by_hex(view)
            for j in range(b.size):
                assert own.get(b.labels[j]) is p._own_at(view, b, j)
            n[0] += 1

    checked_game(seed, west, east, obs, check)
    assert n[0] > 50


def test_player_objective_memo_equals_the_plain_version():
    g = AggressorGame.new(seed=31, turn_limit=12)
    ps = {s: ENTRY.player("scripted", s, 31) for s in ("west", "east")}
    b = g.board
    n = 0
    while not g.over:
        side = g.to_act()[0]
        if g.phase == "play":
            p = ps[side]
            view = g.view(side)
            for u in view["units"].values():
                if u["side"] == side:
                    assert p._objective(b, view, u) == p._objective_plain(b, view, u)
                    n += 1
        ps[side].act(g)
    assert n > 100


def test_board_line_memo_equals_the_plain_line():
    b = AggressorGame.new(seed=1).board
    for a in range(0, b.size, 7):
        for c in range(0, b.size, 5):
            assert b.line(a, c) == b.line_plain(a, c) == b.line(a, c)


def test_board_line_by_offsets_equals_the_plain_line_everywhere():
    b = AggressorGame.new(seed=1).board
    for a in range(0, b.size, 11):
        for c in range(b.size):
            assert b.line_by_offsets(a, c) == b.line_plain(a, c)
    for a in range(b.size):
        for c in (0, a, b.size - 1):
            assert b.line_by_offsets(a, c) == b.line_plain(a, c)


class CheckedScripted(ScriptedPlayer):
    """The scripted player with each remembered or inline fast path checked against its plain
    version at every call, in the views the player really keeps (and updates) during a game."""

    calls = 0

    def _occupied(self, b, view):
        got = super()._occupied(b, view)
        assert got == self._occupied_plain(b, view)
        CheckedScripted.calls += 1
        return got

    def _own_by_hex(self, view):
        got = super()._own_by_hex(view)
        plain = self._own_by_hex_plain(view)
        assert got == plain and all(got[k] is plain[k] for k in plain)
        return got

    def _hit_bases(self, b, view):
        got = super()._hit_bases(b, view)
        assert got == self._hit_bases_plain(b, view)
        df = view["options"]["die_factor"]
        for j, e in self._enemies(b, view).items():
            for s in range(5):
                assert got[j] + df * s == self._attack_value(b, view, e, j, s)
        return got

    def _best_attack(self, b, view, me, here, enemies):
        got = super()._best_attack(b, view, me, here, enemies)
        assert got == self._best_attack_plain(b, view, me, here, enemies)
        return got

    def _goal(self, b, view, me, enemies):
        got = super()._goal(b, view, me, enemies)
        assert got == self._goal_plain(b, view, me, enemies)
        return got

    def _strike_target(self, b, view, here, strength, enemies):
        got = super()._strike_target(b, view, here, strength, enemies)
        assert got == self._strike_target_plain(b, view, here, strength, enemies)
        for s in (1, 2, 3):  # other strengths and hexes too
            for h in (here, (here * 7) % b.size):
                fast = super()._strike_target(b, view, h, s, enemies)
                assert fast == self._strike_target_plain(b, view, h, s, enemies)
        return got


@pytest.mark.parametrize("seed,obs,die_factor", [(41, True, 1), (42, False, 1), (43, True, 2)])
def test_player_memos_hold_through_whole_games(seed, obs, die_factor):
    CheckedScripted.calls = 0
    g = AggressorGame.new(seed=seed, obs=obs, turn_limit=25, die_factor=die_factor)
    plain = AggressorGame.new(seed=seed, obs=obs, turn_limit=25, die_factor=die_factor)
    play(g, {s: CheckedScripted(s, seed + i) for i, s in enumerate(("west", "east"))})
    play(plain, {s: ScriptedPlayer(s, seed + i) for i, s in enumerate(("west", "east"))})
    assert g.over and CheckedScripted.calls > 100
    assert g.commands.to_list() == plain.commands.to_list()  # the checks changed nothing


def test_found_only_by_equals_the_set_comparison():
    for finders in (set(), {"W01"}, {"W02"}, {"W01", "W02"}, {"*"}, {"*", "W01"}):
        for uid in ("W01", "W02", "*"):
            assert Sighting(False, set(finders)).found_only_by(uid) == (set(finders) == {uid})


def test_nearest_step_equals_min_by_key():
    from hexplay.games.aggressor.ai.players import _nearest_step

    b = AggressorGame.new(seed=1).board
    for here in range(0, b.size, 3):
        for goal in range(0, b.size, 11):
            opts = list(b.adj[here])
            for k in range(1, len(opts) + 1):
                sub = opts[:k] if k % 2 else opts[-k:]
                want = min(sub, key=lambda j: (b.dist[j][goal], b.rough[j], j))
                assert _nearest_step(b, sub, goal) == want


@pytest.mark.parametrize("seed,obs", [(51, True), (52, False), (53, True)])
def test_player_skipping_kept_entries_equals_rereading_every_order(seed, obs, monkeypatch):
    """KEPT_ENTRY: the games are those of a player that re-reads its unit after every order."""
    import hexplay.games.aggressor.ai.players as scripted_module

    def game_commands():
        g = AggressorGame.new(seed=seed, obs=obs, turn_limit=30)
        play(g, {s: ScriptedPlayer(s, seed + i) for i, s in enumerate(("west", "east"))})
        return g.commands.to_list()

    fast = game_commands()
    monkeypatch.setattr(scripted_module, "KEPT_ENTRY", frozenset())
    assert game_commands() == fast and len(fast) > 200


def test_last_unit_number_equals_the_plain_maximum():
    import numpy as np

    from hexplay.engine import Order

    rng = np.random.default_rng(7)
    g = AggressorGame.new(seed=7)
    n = 0
    for _ in range(120):
        side = ("west", "east")[int(rng.integers(2))]
        mine = [k for k, u in g.units.items() if u.side == side]
        if mine and rng.random() < 0.35:
            g.order(Order(side, "remove", mine[int(rng.integers(len(mine)))]))
        elif len(mine) < g.scenario.army_size:
            free = [i for i in g.board.home[side] if i not in g.at]
            hex_ = g.board.labels[free[int(rng.integers(len(free)))]]
            g.order(Order(side, "place", None, {"type": "Armor", "hex": hex_}))
        for s in ("west", "east"):
            assert g._last_number(s) == g._last_number_plain(s)
            assert g.by_side[s] == [u for u in g.units.values() if u.side == s]
            assert g.alive(s) == g.alive_plain(s) and g.placed(s) == len(g.by_side[s])
            n += 1
    assert n == 240 and len(g.units) > 10


def test_order_of_equals_the_dataclass():
    from hexplay.engine import Order
    from hexplay.games.aggressor.ai.players import order_of

    for args in ({}, {"to": "@FG"}, {"target": "@AB"}):
        fast, plain = order_of("west", "move", "W01", args), Order("west", "move", "W01", args)
        assert type(fast) is Order and fast == plain
        assert fast.to_dict() == plain.to_dict() and repr(fast) == repr(plain)
    with pytest.raises(AttributeError):  # still frozen
        order_of("west", "move", "W01", {}).side = "east"


def test_unit_order_equals_the_sort_by_key():
    from hexplay.games.aggressor.ai.players import unit_order, unit_order_plain

    g = AggressorGame.new(seed=3, turn_limit=6)
    ps = {s: ENTRY.player("scripted", s, 3) for s in ("west", "east")}
    n = 0
    while not g.over:
        side = g.to_act()[0]
        for s in ("west", "east"):
            v = g.view(s)
            assert unit_order(v, s) == unit_order_plain(v, s)
            n += 1
        ps[side].act(g)
    fronts = {"units": {k: {"side": "west", "type": "Armor"} for k in ("W02", "W10", "W01")}}
    assert unit_order(fronts, "west") == unit_order_plain(fronts, "west") == ["W01", "W02", "W10"]
    assert n > 20


def test_board_offset_table_equals_the_layout():
    b = AggressorGame.new(seed=1).board
    for i, (col, row) in enumerate(b.offsets):
        assert b.at_offset(col, row) == b.at_offset_plain(col, row) == i
    with pytest.raises(KeyError):
        b.at_offset(999, 999)


def test_events_logged_in_one_step_equal_the_log_add_records():
    """AggressorGame.event and .report fill their Event in place of EventLog.add: the same
    records as EventLog.add makes of the same fields, and what event() returns is the
    event as a side it is visible to sees it."""
    from hexplay.engine.log import EventLog

    g = AggressorGame.new(seed=12, turn_limit=8)
    returned = []
    event = g.event

    def kept(*a, **k):
        returned.append(event(*a, **k))
        return returned[-1]

    g.event = kept
    play(g, {s: ENTRY.player("scripted", s, 12 + i) for i, s in enumerate(("west", "east"))})
    plain = EventLog()
    for e in g.log.events:
        plain.add(e.turn, e.phase, e.kind, e.data, e.visible_to, e.redacted or None)
        assert e.phase == ("setup" if e.turn == 0 else "play") or e.kind == "over"
    assert plain.events == g.log.events and len(g.log.events) > 100
    assert any(e.kind == "attack" and e.redacted for e in g.log.events)
    # (a returned event is numbered in its side's own sequence: matched by that side's copy)
    seen = [e.for_side(e.visible_to[0]) for e in g.log.events if e.visible_to]
    for d in returned:
        assert d in seen
    assert len(returned) > 50


def test_overflown_equals_the_plain_version():
    from hexplay.games.aggressor.features import _overflown, _overflown_plain

    n = 0

    def check(g):
        nonlocal n
        for u in g.units.values():
            if u.alive and u.type == "Airbase":
                for t in range(0, g.board.size, 3):
                    assert _overflown(g, u, t) == _overflown_plain(g, u, t)
                    n += 1

    checked_game(61, "scripted", "scripted", True, check)
    assert n > 1000
