"""Naval movement: points, turning costs, land, leaving the map, speed changes."""

from __future__ import annotations

import re

import pytest
from naval_cases import game, scenario, ship

from hexplay.engine import IllegalOrder
from hexplay.games.naval.game import waters_of
from hexplay.games.naval.movement import (
    MAX_TURN_PER_HEX,
    complete,
    reachable,
    speed_options,
    steps_for_path,
    walk,
)
from hexplay.games.naval.scenarios import load_scenario, sea_map


@pytest.fixture(scope="module")
def sea():
    sc = load_scenario(
        scenario([ship("A", "Kagero", "1010"), ship("B", "Fletcher", "2020")], land=["1005..1006"])
    )
    m = sea_map(sc)
    return m, waters_of(m)


def test_ahead_costs_one_and_turns_cost_by_type(sea):
    m, w = sea
    h = m.hex("1015")
    dd = walk(h, 0, ["A", "R", "A"], 3, 1, w)
    assert dd.spent == 3 and dd.facing == 1 and m.label(dd.hexes[0]) == "1014"
    with pytest.raises(IllegalOrder, match="step 3 .ahead. needs 1 MP; 0 of 3 left"):
        walk(h, 0, ["A", "R", "A"], 3, 2, w)  # a cruiser turns for 2
    assert walk(h, 0, ["A", "R", "A"], 4, 2, w).spent == 4


def test_movement_never_exceeds_the_points(sea):
    m, w = sea
    with pytest.raises(IllegalOrder, match="6.0 movement"):
        walk(m.hex("1020"), 0, ["A"] * 4, 3, 1, w)


def test_turn_limit_per_hex(sea):
    m, w = sea
    h = m.hex("2020")
    walk(h, 0, ["R"] * MAX_TURN_PER_HEX, 5, 1, w)
    with pytest.raises(IllegalOrder, match="hexsides turned"):
        walk(h, 0, ["R"] * (MAX_TURN_PER_HEX + 1), 5, 1, w)
    assert walk(h, 0, ["R", "R", "A", "R"], 5, 1, w).facing == 3


def test_land_is_impassable(sea):
    m, w = sea
    with pytest.raises(IllegalOrder, match="land"):
        walk(m.hex("1008"), 0, ["A", "A"], 3, 1, w)


def test_leaving_the_map(sea):
    m, w = sea
    out = walk(m.hex("1502"), 0, ["A", "A"], 3, 1, w)
    assert out.exited and out.spent == 2
    with pytest.raises(IllegalOrder, match="left the map"):
        walk(m.hex("1502"), 0, ["A", "A", "A"], 3, 1, w)


def test_unplotted_points_are_spent_ahead_short_of_land(sea):
    m, w = sea
    assert complete(m.hex("1020"), 0, ["R"], 4, 1, w) == ["R", "A", "A", "A"]
    assert complete(m.hex("1008"), 0, [], 4, 1, w) == ["A"]  # stops short of 1006


@pytest.mark.parametrize(
    ("speed", "top", "opts"),
    [(5, 7, [3, 4, 5, 6]), (7, 7, [5, 6, 7]), (1, 7, [0, 1, 2]), (0, 7, [0, 1]), (5, 3, [3])],
)
def test_acceleration_and_deceleration_limits(speed, top, opts):
    assert speed_options(speed, top) == opts


def test_dead_in_the_water_cannot_move():
    assert speed_options(0, 0) == [0]


def test_path_to_steps_fewest_turns(sea):
    m, _ = sea
    h = m.hex("2020")
    a = h.neighbor(0)
    b = a.neighbor(1)
    c = b.neighbor(3)
    assert steps_for_path(h, 0, [a, b, c], 1) == ["A", "R", "A", "R", "R", "A"]
    assert steps_for_path(h, 0, [b.neighbor(2)], 1) is None


def test_reachable_ends_are_legal_and_spend_the_points(sea):
    m, w = sea
    ends = reachable(m.hex("2020"), 0, [], 4, 1, w)
    assert len(ends) > 5
    for (h, f), steps in ends.items():
        out = walk(m.hex("2020"), 0, list(steps), 4, 1, w)
        assert (out.end, out.facing) == (h, f) and out.spent == 4


def test_plotted_path_query_gives_cost_and_final():
    g = game([ship("A", "Kagero", "1010", speed=5), ship("B", "Fletcher", "2525")])
    g.order("ijn", kind="turn", unit="A", side="right")
    g.order("ijn", kind="ahead", unit="A")
    q = g.plotted("A")
    assert q["cost"] == 2 and q["left"] == 3 and q["facing"] == "ne" and q["final_speed"] == 5
    g.order("ijn", kind="speed", unit="A", speed=6)
    assert g.plotted("A")["final"] == "6/ne"
    assert g.path_cost("A", ["A", "A"])["left"] == 3


def test_move_order_with_a_path_and_final_speed_carried_over():
    g = game([ship("A", "Kagero", "1010", speed=3), ship("B", "Fletcher", "2525")])
    lo = next(o for o in g.legal_orders("ijn", "A") if o.kind == "move")
    path = lo.needs[0].options[0]
    g.order(lo.complete(path=list(path)))
    g.order("ijn", kind="speed", unit="A", speed=4)
    end = g.plotted("A")
    g.submit("ijn")
    g.submit("usn")
    g.advance()
    a = g.ships["A"]
    assert g.label(a.hex) == (end["end"] if end["left"] == 0 else g.label(a.hex))
    assert a.speed == 4
    assert g.plotted("A")["mp"] == 4  # next turn's points are the final speed


def test_complete_walk_equals_complete_then_walk(sea):
    from hexplay.games.naval.movement import complete_walk

    m, w = sea
    for start in ("1008", "1020", "1502", "2020", "0101"):
        for f in range(6):
            for steps in ([], ["R"], ["A", "L"], ["L", "L"]):
                for mp in (2, 4, 6):
                    h = m.hex(start)
                    try:
                        plain = complete(h, f, steps, mp, 1, w)
                    except Exception:
                        continue
                    out, wk = complete_walk(h, f, steps, mp, 1, w)
                    assert out == plain and wk == walk(h, f, plain, mp, 1, w)


def test_walk_memo_equals_walk(sea):
    from hexplay.games.naval.movement import walk_memo

    m, w = sea
    for start in ("1008", "1502", "2020"):
        h = m.hex(start)
        for steps in ([], ["A"], ["R", "A", "A"], ["A"] * 5, ["L", "L", "L"]):
            try:
                plain = walk(h, 2, steps, 4, 1, w)
            except IllegalOrder as e:
                with pytest.raises(IllegalOrder, match=re.escape(e.message)):
                    walk_memo(h, 2, steps, 4, 1, w)
                continue
            assert walk_memo(h, 2, steps, 4, 1, w) == plain
            assert walk_memo(h, 2, tuple(steps), 4, 1, w) == plain  # from the memo


def test_commands_log_plain_json():
    g = game([ship("A", "Kagero", "1010", speed=3), ship("B", "Fletcher", "1016")])
    g.order("ijn", kind="plot", unit="A", steps=("A", "R"), speed=3, gunnery="B")
    from hexplay.engine import jsonable

    (c,) = g.commands.to_list()
    assert c["args"] == jsonable(
        {
            "side": "ijn",
            "kind": "plot",
            "unit": "A",
            "args": {"steps": ("A", "R"), "speed": 3, "gunnery": "B"},
        }
    )
    assert c["args"]["args"]["steps"] == ["A", "R"]


def test_complete_walk_memo_equals_complete_walk(sea):
    from hexplay.games.naval.movement import complete_walk, complete_walk_memo

    m, w = sea
    for start in ("1008", "1020", "1502", "0101"):
        for f in range(6):
            for steps in ([], ["R"], ["A", "L"], ["L", "L", "L"]):
                for mp in (2, 4, 6):
                    h = m.hex(start)
                    try:
                        plain = complete_walk(h, f, steps, mp, 1, w)
                    except Exception as e:
                        with pytest.raises(type(e)):
                            complete_walk_memo(h, f, steps, mp, 1, w)
                        continue
                    for _ in range(2):  # the miss, then the hit
                        got = complete_walk_memo(h, f, steps, mp, 1, w)
                        assert got == plain
                        got[0].append("X")  # the list handed out is the caller's own
