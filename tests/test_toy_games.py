"""The game API and the record module on the two toy games (tests/toy_games.py): play to the
end under both turn structures, strict orders that change nothing when refused, views,
save/load/replay/rewind/copy, and tampered saves refused."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toy_games import CheatingRacer, GreedyPlayer, MinesGame, RaceGame, all_games, toys_registered

import hexplay
from hexplay.ai.player import GamePlayer, play
from hexplay.ai.random import RandomPlayer
from hexplay.engine import VIEW_KEYS, IllegalOrder, Order, SaveError, roundtrip


@pytest.fixture(autouse=True)
def toys():
    """The toy games are registered for each test of this module only."""
    with toys_registered():
        yield


GAMES = (RaceGame, MinesGame)


def played(cls, seed: int, upto: int | None = None):
    g = cls.new(seed=seed)
    play(g, [RandomPlayer("red", seed), GreedyPlayer("blue", seed + 1)], max_turns=upto)
    return g


def state(g) -> str:
    return json.dumps([g.snapshot(), g.dice.state(), g.commands.to_list()], sort_keys=True)


@pytest.mark.parametrize("cls", GAMES)
def test_registered_and_started_by_name(cls):
    assert cls.info.name in hexplay.games()
    g = hexplay.new_game(cls.info.name, seed=3)
    assert isinstance(g, cls) and g.phase == "setup" and set(g.to_act()) == {"red", "blue"}
    assert hexplay.game_entry(cls.info.name).player_names() == ["random", "greedy"]


@pytest.mark.parametrize("cls", GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_games_end_and_outcome_is_a_flat_row(cls, seed):
    g = played(cls, seed)
    assert g.over and g.to_act() == ()
    row = g.outcome()
    assert {"winner", "reason", "turns"} <= set(row)
    assert row["winner"] in (None, "red", "blue")
    assert all(isinstance(v, int | str | float | bool | type(None)) for v in row.values())


@pytest.mark.parametrize("cls", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 3))
def test_every_listed_order_is_legal(cls, seed, turns):
    """Every complete order a LegalOrder stands for is accepted by the rules."""
    g = played(cls, seed, upto=turns)
    for side in g.to_act():
        for choice in g.legal_orders(side):
            for o in list(choice.orders())[:12]:
                c = g.copy()
                c.order(o)
                assert len(c.commands.commands) == len(g.commands.commands) + 1


@pytest.mark.parametrize("cls", GAMES)
def test_refused_orders_change_nothing(cls):
    g = played(cls, 5, upto=1)
    side = g.to_act()[0]
    choice = g.legal_orders(side)[0]
    before = state(g)
    bad = [
        Order(side, choice.kind, choice.unit, {**next(choice.orders()).args, "speed": 3}),
        Order(side, choice.kind, choice.unit, {}),
        Order(side, "teleport", choice.unit, {}),
        Order(g.sides[1 - g.sides.index(side)], choice.kind, choice.unit, {}),
        {"side": side, "kind": choice.kind, "extra": 1},
        {"side": 3, "kind": "move"},
    ]
    for o in bad:
        with pytest.raises(IllegalOrder):
            g.order(o)
        assert state(g) == before
    with pytest.raises(IllegalOrder, match="takes no"):
        choice.complete(speed=3)


def test_strict_args_name_what_the_order_takes():
    g = played(RaceGame, 1, upto=1)
    choice = g.legal_orders("red")[0]
    path = list(choice.need("path").options[0])
    with pytest.raises(IllegalOrder, match="move takes path"):
        g.order("red", kind="move", unit=choice.unit, path=path, hex=path[-1])


def test_undo_under_both_structures():
    g = played(RaceGame, 2, upto=1)
    before = state(g)
    choice = g.legal_orders("red")[0]
    g.order(next(choice.orders()))
    assert g.view("red")["plots"]["red"]
    g.undo("red")
    assert g.view("red")["plots"] == {"red": {}}
    assert g.snapshot() == json.loads(before)[0]
    m = played(MinesGame, 2, upto=1)
    with pytest.raises(IllegalOrder, match="at once"):
        m.undo(m.to_act()[0])


@pytest.mark.parametrize("cls", GAMES)
def test_views_have_the_protocol_keys_and_are_plain_json(cls):
    g = played(cls, 4, upto=2)
    for side in (*g.sides, "referee"):
        v = g.view(side)
        assert set(VIEW_KEYS) <= set(v)
        assert roundtrip(v) == v
    with pytest.raises(IllegalOrder):
        g.view("green")


@pytest.mark.parametrize("cls", GAMES)
def test_a_side_sees_no_enemy_at_set_up(cls):
    g = cls.new(seed=0)
    RandomPlayer("red", 0).act(g)
    RandomPlayer("blue", 0).act(g)
    for side in g.sides:
        assert all(u["side"] == side for u in g.view(side)["units"].values())
    assert len(g.view("referee")["units"]) == 4


@pytest.mark.parametrize("cls", GAMES)
@pytest.mark.parametrize("seed", [0, 7])
def test_save_load_replay_copy(cls, seed):
    g = played(cls, seed)
    d = roundtrip(g.to_json())
    h = cls.from_json(d)
    assert state(h) == state(g)
    assert state(g.replay()) == state(g)
    c = g.copy()
    assert state(c) == state(g) and c.map is g.map
    c.pos["R1"] = "0303"
    assert g.pos["R1"] != "0303" or state(c) != state(g)


@pytest.mark.parametrize("cls", GAMES)
def test_rewind_to_each_turn_gives_that_turns_start(cls):
    g = cls.new(seed=11)
    starts = {}
    players = {"red": RandomPlayer("red", 1), "blue": GreedyPlayer("blue", 2)}
    while not g.over:
        if g.turn not in starts and g.phase != "setup":
            starts[g.turn] = state(g)
        sides = g.to_act()
        if not sides:
            g.advance()
            continue
        players[sides[0]].act(g)
    assert len(starts) >= 2
    for t, s in starts.items():
        r = g.copy().rewind(t)
        assert state(r) == s, t
    with pytest.raises(IllegalOrder, match="rewind"):
        g.rewind(99)


def _tampered(d, path, value):
    d = copy.deepcopy(d)
    *head, last = path
    x = d
    for k in head:
        x = x[k]
    if value is KeyError:
        del x[last]
    else:
        x[last] = value
    return d


@pytest.mark.parametrize("cls", GAMES)
def test_tampered_saves_are_refused(cls):
    g = played(cls, 3)
    d = roundtrip(g.to_json())
    first_order = next(i for i, c in enumerate(d["commands"]) if c["op"] == "order")
    cases = {
        "format": (["format"], "hexplay.other.game/1"),
        "save": (["extra"], 1),
        "commands[0].op": (["commands", 0, "op"], "eval"),
        f"commands[{first_order}]": (["commands", first_order, "args", "kind"], "teleport"),
        "commands": (["commands"], {"op": "order"}),
        "state": (["state", "turn"], 99),
        "dice_state": (["dice_state", "seed"], 12345),
        "dice.seed": (["dice", "seed"], -1),
        "dice.kind": (["dice", "kind"], "loaded"),
        "map": (["map"], 7),
        "scenario": (["scenario", "tokens"], "two"),
        "scenario ": (["scenario", "cols"], 7),
        "dice": (["dice"], KeyError),
    }
    for where, (path, value) in cases.items():
        bad = _tampered(d, path, value)
        with pytest.raises(SaveError) as err:
            cls.from_json(bad)
        assert err.value.where.startswith(where.strip()), (where, str(err.value))
    with pytest.raises(SaveError):
        cls.from_json([1, 2])


def test_play_raises_for_a_player_that_does_nothing():
    class Idle(GamePlayer):
        def act(self, game):
            pass

    g = RaceGame.new(seed=0)
    with pytest.raises(RuntimeError, match="did not act"):
        play(g, [Idle("red"), Idle("blue")])
    with pytest.raises(KeyError, match="no player"):
        play(RaceGame.new(seed=0), [RandomPlayer("red")])


def test_cheating_player_plays_legal_games():
    g = RaceGame.new(seed=1)
    play(g, [CheatingRacer("red", 1), GreedyPlayer("blue", 1)])
    assert g.over


def test_toys_are_registered_only_inside_the_block():
    from hexplay import registry

    before = dict(registry._GAMES)
    with toys_registered():
        assert set(hexplay.games()) >= {"toy-race", "toy-mines"}
    assert before == registry._GAMES
    assert all_games()[-2:] == ["toy-race", "toy-mines"]
