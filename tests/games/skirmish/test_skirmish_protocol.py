"""SKIRMISH on the game API: conformance of SkirmishGame to hexplay.engine.protocol."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hexplay
from hexplay.ai.player import play as play_game
from hexplay.ai.random import RandomPlayer
from hexplay.engine import VIEW_KEYS, Game, IllegalOrder, Order, SaveError
from hexplay.engine.record import load, save
from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.game import COMMANDS, OUTCOME_FIELDS, SkirmishGame
from hexplay.games.skirmish.orders import TASK_ARGS


def _planning(seed: int = 1) -> SkirmishGame:
    g = SkirmishGame.new(seed=seed)
    for side in ("adversary", "defender"):
        g.auto_setup(side, seed)
        g.submit(side)
    return g


def _random_game(seed: int) -> SkirmishGame:
    g = SkirmishGame.new(seed=seed)
    return play_game(g, [RandomPlayer("adversary", seed), RandomPlayer("defender", seed + 100)])


@pytest.fixture(scope="module")
def random_game() -> SkirmishGame:
    return _random_game(3)


def test_info_and_registry():
    assert isinstance(SkirmishGame.new(), Game)
    info = SkirmishGame.info
    assert (info.name, info.title, info.sides, info.turns) == (
        "skirmish",
        "SKIRMISH",
        ("adversary", "defender"),
        "simultaneous",
    )
    assert SkirmishGame.FORMAT == "hexplay.skirmish.game/1"
    assert "skirmish" in hexplay.games()
    entry = hexplay.game_entry("skirmish")
    assert {"random", "scripted", "tactic"} <= set(entry.player_names())
    assert "basic" in entry.scenario_names()
    g = hexplay.new_game("skirmish", "open map", seed=2)
    assert isinstance(g, SkirmishGame) and g.scenario.open_map
    for name in ("scripted", "tactic", "random"):
        for side in g.sides:
            assert entry.player(name, side, seed=1).side == side


def test_commands_table_is_closed_and_covers_every_logged_op(random_game):
    ops = {c.op for c in random_game.commands.commands}
    assert ops <= set(COMMANDS)
    assert set(COMMANDS) == {
        "order",
        "undo",
        "submit",
        "advance",
        "choose_route",
        "place_ambush",
        "place",
        "unplace",
        "arrange",
        "plot",
        "unplot",
        "resolve_turn",
        "set_record_info",
    }


def test_to_act_through_a_whole_game():
    g = SkirmishGame.new(seed=4)
    # the convoy places relative to the ambush hex: its set-up opens once that is known
    assert g.to_act() == ("adversary",)
    g.auto_setup("adversary", 4)
    assert g.to_act() == ("adversary", "defender")
    g.submit("adversary")
    assert g.to_act() == ("defender",)
    g.submit("defender")
    players = {"adversary": ScriptedAdversary(4), "defender": ScriptedDefender(4)}
    while not g.over:
        assert g.phase == "planning"
        assert g.to_act() == ("adversary", "defender")
        players["adversary"].act(g)
        assert g.to_act() == ("defender",)
        with pytest.raises(IllegalOrder):
            g.advance()
        players["defender"].act(g)
        assert g.to_act() == ()
        g.advance()
    assert g.to_act() == () and g.legal_orders("adversary") == []


def test_view_keys_and_outcome(random_game):
    g = random_game
    for side in ("adversary", "defender", "referee"):
        v = g.view(side)
        assert set(VIEW_KEYS) <= set(v)
        assert v["game"] == "skirmish" and v["to_act"] == []
        for u in v["units"].values():
            assert "side" in u and "hex" in u
    row = g.outcome()
    assert tuple(row) == OUTCOME_FIELDS
    assert row["winner"] == g.winner and row["turns"] == g.turns_played
    assert row["barrier_points"] == g.barrier
    killed = sum(1 for m in g.men.values() if m.side == "adversary" and not m.alive)
    assert row["adversary_killed"] == killed


def test_outcome_matches_the_analysis_runner(random_game):
    from hexplay.games.skirmish.analysis.runner import OUTCOME_FIELDS as RUNNER_FIELDS
    from hexplay.games.skirmish.analysis.runner import outcome

    assert OUTCOME_FIELDS == RUNNER_FIELDS
    assert random_game.outcome() == outcome(random_game)


def test_setup_legal_orders_are_accepted_and_close():
    g = SkirmishGame.new(seed=5)
    rng = np.random.default_rng(5)
    kinds = set()
    for side in ("adversary", "defender"):
        while True:
            choices = g.legal_orders(side)
            if not choices:
                break
            c = choices[int(rng.integers(len(choices)))]
            kinds.add(c.kind)
            vals = {n.name: n.options[int(rng.integers(len(n.options)))] for n in c.needs}
            g.order(c.complete(**vals))
        g.submit(side)
    assert kinds == {"choose_route", "place_ambush", "place"}
    assert g.phase == "planning"


def test_planning_legal_orders_every_option_accepted():
    """Each need option of each legal order (with the others at a first option) is accepted,
    and leaves the game as unplot finds it."""
    g = _planning(2)
    for side in g.sides:
        for lo in g.legal_orders(side):
            req = [n for n in lo.needs if not n.optional]
            for need in req:
                for opt in need.options[:40]:
                    vals = {n.name: n.options[0] for n in req}
                    vals[need.name] = list(opt) if isinstance(opt, tuple) else opt
                    before = g.snapshot()
                    g.order(lo.complete(**vals))
                    g.undo(side, lo.unit)
                    assert g.snapshot() == before


def test_legal_orders_codes_match_legal_tasks():
    g = _planning(6)
    for side in g.sides:
        for uid in g.own_units(side):
            codes = [lo.kind for lo in g.legal_orders(side, uid)]
            assert set(codes) <= set(g.legal_tasks(side, uid))


def test_needs_of_each_code():
    g = _planning(1)
    by = {(lo.unit, lo.kind): lo for lo in g.legal_orders("defender")}
    mv = next(lo for (u, k), lo in by.items() if k == "MV")
    (need,) = mv.needs
    assert need.kind == "int" and need.options[0] == 1
    top = need.options[-1]
    g.order(Order("defender", "MV", mv.unit, {"hexes": top}))
    g.undo("defender")
    with pytest.raises(IllegalOrder):
        g.plot("defender", mv.unit, "MV", hexes=top + 1)
    # WE needs a target (own vehicle or friend): never a complete-now order
    we = [lo for (u, k), lo in by.items() if k == "WE"]
    assert we and all(lo.need("target").kind == "unit" for lo in we)
    assert all(not lo.complete_now for lo in we)
    g.order(Order("defender", "SV", mv.unit))  # SV needs nothing


def test_mp_need_paths_and_costs():
    g = _planning(1)
    adv = [lo for lo in g.legal_orders("adversary") if lo.kind == "MP"]
    assert adv
    lo = adv[0]
    need = lo.need("path")
    assert need.kind == "path" and len(need.costs) == len(need.options)
    ends = [p[-1] for p in need.options]
    assert len(set(ends)) == len(ends)  # one path per end hex
    here = g.men[lo.unit].hex
    for p, c in list(zip(need.options, need.costs))[:25]:
        assert g.map.distance(here, p[0]) == 1
        t = g.order(Order("adversary", "MP", lo.unit, {"path": list(p)}))
        assert t["ap"] == str(c) and t["path"][-1] == p[-1]
        g.undo("adversary", lo.unit)
    assert max(need.costs) <= 10


def test_df_need_is_seen_targets():
    g = SkirmishGame.new(scenario={"open_map": True}, seed=8)
    for side in g.sides:
        g.auto_setup(side, 8)
        g.submit(side)
    df = [lo for lo in g.legal_orders("adversary") if lo.kind == "DF"]
    assert df
    for lo in df:
        for t in lo.need("target").options:
            assert t in g.seen["adversary"] and g.men[t].side == "defender"
        w = lo.need("weapon")
        assert w is None or w.optional


@pytest.mark.parametrize(
    ("code", "kw"),
    [("MV", {"path": ["0101"]}), ("DF", {"path": ["0101"]}), ("MP", {"weapon": "rifle"})],
)
def test_strict_orders_refused_state_unchanged(code, kw):
    g = _planning(1)
    unit = "E1" if code == "MV" else "A1"
    before = (g.snapshot(), len(g.commands.commands))
    with pytest.raises(IllegalOrder, match="takes"):
        g.order(Order("adversary" if unit == "A1" else "defender", code, unit, kw))
    with pytest.raises(IllegalOrder, match="takes"):
        g.plot("adversary" if unit == "A1" else "defender", unit, code, **kw)
    with pytest.raises(IllegalOrder, match="takes"):
        g.plot_tasks("adversary" if unit == "A1" else "defender", unit, [{"code": code, **kw}])
    assert (g.snapshot(), len(g.commands.commands)) == before


def test_unknown_kind_and_setup_args_refused():
    g = SkirmishGame.new(seed=1)
    with pytest.raises(IllegalOrder):
        g.order(Order("adversary", "teleport", "A1"))
    with pytest.raises(IllegalOrder, match="takes"):
        g.order(Order("adversary", "choose_route", None, {"name": "Route 4", "hex": "1"}))
    with pytest.raises(IllegalOrder):
        g.order(Order("defender", "choose_route", None, {"name": "Route 4"}))
    assert g.commands.commands == []


def test_every_task_code_has_an_argument_entry():
    from hexplay.games.skirmish.tasks import MAN_CODES, VEHICLE_CODES

    assert set(TASK_ARGS) == set(MAN_CODES) | set(VEHICLE_CODES)


@pytest.mark.parametrize("seed", [0, 1, 2, 7])
def test_random_player_plays_seeded_games_to_the_end(seed):
    g = _random_game(seed)
    assert g.over and g.winner in ("adversary", "defender")
    again = _random_game(seed)
    assert again.to_json() == g.to_json()


def test_save_load_through_record(random_game):
    d = json.loads(json.dumps(save(random_game)))
    g = load(SkirmishGame, d)
    assert g.snapshot() == random_game.snapshot()
    assert g.dice.state() == random_game.dice.state()
    assert SkirmishGame.from_json(d).to_json() == random_game.to_json()
    mid = random_game.copy().rewind(3)
    assert load(SkirmishGame, save(mid)).snapshot() == mid.snapshot()


def test_copy_shares_map_tables(random_game):
    c = random_game.copy()
    assert c.map is random_game.map and c.terrain is random_game.terrain
    assert c.men is not random_game.men and c.snapshot() == random_game.snapshot()


def _tampered(d, how):
    d = json.loads(json.dumps(d))
    if how == "dice_state":
        d["dice_state"]["bit_generator"]["state"]["state"] += 1
    elif how == "op":
        d["commands"].insert(0, {"op": "__init__", "args": {}, "turn": 0})
    elif how == "private":
        d["commands"].insert(0, {"op": "_plot", "args": {}, "turn": 0})
    elif how == "state":
        d["state"]["barrier_points"] += 1
    elif how == "scenario":
        d["scenario"]["turn_limit"] = "many"
    elif how == "args":
        i = next(i for i, c in enumerate(d["commands"]) if c["op"] == "plot")
        d["commands"][i]["args"]["bogus"] = 1
    return d


@pytest.mark.parametrize("how", ["dice_state", "op", "private", "state", "scenario", "args"])
def test_tampered_save_refused(random_game, how):
    d = _tampered(save(random_game), how)
    with pytest.raises(SaveError):
        SkirmishGame.from_json(d)


def test_dice_state_tamper_is_refused_not_adopted(random_game):
    d = json.loads(json.dumps(save(random_game)))
    d["dice_state"]["rolls"] = d["dice_state"]["rolls"][:-1]  # one roll forgotten
    with pytest.raises(SaveError, match="dice"):
        SkirmishGame.from_json(d)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10**6), max_size=30))
def test_every_order_built_from_legal_orders_is_accepted(seed, picks):
    g = _planning(seed % 50)
    rng = np.random.default_rng(seed)
    for k in picks:
        side = g.sides[k % 2]
        choices = g.legal_orders(side)
        if not choices:
            continue
        c = choices[k % len(choices)]
        vals = {}
        for n in c.needs:
            if n.optional:
                continue
            v = n.options[int(rng.integers(len(n.options)))]
            vals[n.name] = list(v) if isinstance(v, tuple) else v
        g.order(c.complete(**vals))  # never IllegalOrder
    for side in g.sides:
        # a plot made of listed orders can always be completed: SV or MV for each moving
        # vehicle is still listed, and then the plot is accepted
        for vid in g.own_units(side):
            if vid in g.vehicles and g.vehicles[vid].moving:
                kinds = {lo.kind for lo in g.legal_orders(side, vid)}
                if "SV" in kinds:
                    g.order(Order(side, "SV", vid))
                elif "MV" in kinds:
                    g.order(Order(side, "MV", vid, {"hexes": 1}))
        g.submit(side)
