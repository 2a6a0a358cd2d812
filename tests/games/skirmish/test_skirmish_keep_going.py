""" "Same as last turn" for a man on foot: keep_going continues last turn's hexside steps."""

from __future__ import annotations

import pytest

import hexplay
from hexplay.ai.random import RandomPlayer
from hexplay.engine import IllegalOrder
from hexplay.games.skirmish.fixtures import practice_game
from hexplay.games.skirmish.legal import KEEP_GOING_RULE, keep_going, last_turn_steps


def _walked(path: list[str], man: str = "A6", wounds: dict | None = None, start: str = ""):
    """The practice game at turn 2, ``man`` having walked ``path`` in turn 1 (from ``start``
    if given; the map's rows are 01..16)."""
    g = practice_game()
    if start:
        g.arrange(men={man: start})
    g.plot("adversary", man, "MP", path=path)
    g.submit("adversary")
    g.complete_plot("defender")
    g.submit("defender")
    g.advance()
    if wounds:
        g.men[man].wounds = wounds[man]
    return g


def _refused(g, uid: str) -> str:
    before = (g.snapshot(), g.orders_of("adversary"))
    with pytest.raises(IllegalOrder) as e:
        keep_going(g, "adversary", uid)
    assert e.value.rule == KEEP_GOING_RULE
    assert (g.snapshot(), g.orders_of("adversary")) == before
    return str(e.value)


def test_straight_on_repeats_the_steps():
    g = _walked(["0612", "0613"])  # two steps S (direction 3) over open ground
    assert last_turn_steps(g, "adversary", "A6") == [3, 3]
    o = keep_going(g, "adversary", "A6")
    assert (o.kind, o.unit, o.args) == ("MP", "A6", {"path": ["0614", "0615"]})
    g.order(o)  # the rules accept it
    assert g.ap_left("adversary", "A6") == 8


def test_a_turn_in_the_walk_is_kept():
    """S then a step east: he ends where the same two steps lead, by the cheapest path (open
    ground: as many hexes as the distance)."""
    g = _walked(["0612", "0712"])
    steps = last_turn_steps(g, "adversary", "A6")
    assert len(steps) == 2 and steps[0] == 3 and steps[1] != 3
    path = keep_going(g, "adversary", "A6").args["path"]
    start = g.terrain.hex_of["0712"]
    end = start.neighbor(steps[0]).neighbor(steps[1])
    assert g.terrain.hex_of[path[-1]] == end and len(path) == start.distance(end)


def test_the_map_edge_cuts_the_walk_short():
    g = _walked(["0605", "0604", "0603"], man="A1")  # N from 0606; rows end at 01
    assert keep_going(g, "adversary", "A1").args["path"] == ["0602", "0601"]


def test_refused_at_the_edge_with_a_clear_message():
    g = _walked(["0605", "0604", "0603", "0602", "0601"], man="A1")
    msg = _refused(g, "A1")
    assert "A1 cannot keep going N-N-N-N-N from 0601" in msg and "leaves the map" in msg


def test_as_far_as_the_ap_left_allow():
    """Wounded (every step at double cost, Table VII): 8 of his 10 AP walked this turn
    leave one of last turn's two steps."""
    g = _walked(["0603", "0604"], wounds={"A6": 1}, start="0602")
    g.plot("adversary", "A6", "MP", path=["0605", "0606"])  # 4 AP: 6 left, both steps fit
    assert keep_going(g, "adversary", "A6").args["path"] == ["0607", "0608"]
    g.plot("adversary", "A6", "MP", path=["0607", "0608"])  # 8 AP: 2 left, one step
    assert keep_going(g, "adversary", "A6").args["path"] == ["0609"]


def test_refused_when_no_ap_is_left():
    g = _walked(["0603", "0604"], wounds={"A6": 1}, start="0602")
    g.plot("adversary", "A6", "MP", path=["0605", "0606", "0607", "0608", "0609"])  # 10 AP
    msg = _refused(g, "A6")
    assert "A6 cannot keep going S-S from 0609" in msg
    assert "0610 costs more than the 0 AP he has left" in msg


def test_continues_from_where_his_plot_ends():
    g = _walked(["0612", "0613"])
    g.plot("adversary", "A6", "MP", path=["0614"])
    assert keep_going(g, "adversary", "A6").args["path"] == ["0615", "0616"]


def test_the_cheapest_way_round_a_wood():
    """Trees fill 0403-0406 (2 AP to enter): a man who walked N up column 4 past 0407 and
    keeps going takes the cheapest legal path to the hex the same steps lead to."""
    g = practice_game()
    g.arrange(men={"A1": "0409"}, turn=1)
    g = _walked_from(g, "A1", ["0408", "0407"])
    path = keep_going(g, "adversary", "A1").args["path"]
    reach = g.terrain.reach("0407", 10)
    assert path[-1] == "0405" and reach[path[-1]][0] == sum(
        g.terrain.step_cost(a, b) for a, b in zip(["0407", *path], path)
    )


def _walked_from(g, man, path):
    g.plot("adversary", man, "MP", path=path)
    g.submit("adversary")
    g.complete_plot("defender")
    g.submit("defender")
    g.advance()
    return g


def test_refused_for_a_man_who_did_not_walk():
    g = _walked(["0612"])
    assert "A1 did not walk on the map last turn" in _refused(g, "A1")
    assert "G1 did not walk" in str(
        pytest.raises(IllegalOrder, keep_going, g, "defender", "G1").value
    )


def test_refused_for_another_sides_man_and_a_closed_plot():
    g = _walked(["0612"])
    assert "is not a man of the defender" in str(
        pytest.raises(IllegalOrder, keep_going, g, "defender", "A6").value
    )
    g.submit("adversary")
    assert "plot is not open" in str(
        pytest.raises(IllegalOrder, keep_going, g, "adversary", "A6").value
    )


@pytest.mark.parametrize("name", ["skirmish", "ambush"])
def test_every_order_it_makes_is_legal_and_on_the_line(name):
    """Random play: each man on foot who walked is either given an MP the rules accept,
    ending on a hex the same steps lead through, or refused with nothing changed."""
    g = hexplay.new_game(name, seed=1)
    players = {s: RandomPlayer(s, seed=3) for s in g.info.sides}
    made = 0
    while not g.over and g.turn < 4:
        sides = g.to_act()
        if not sides:
            g.advance()
            continue
        for s in sides:
            if g.phase == "planning":
                for u in g.own_units(s):
                    if u not in g.men or not last_turn_steps(g, s, u):
                        continue
                    before = g.orders_of(s)
                    try:
                        o = keep_going(g, s, u)
                    except IllegalOrder:
                        assert g.orders_of(s) == before
                        continue
                    m = g.men[u]
                    here, line = g.terrain.hex_of[m.hex], []
                    for d in last_turn_steps(g, s, u):
                        here = here.neighbor(d)
                        line.append(g.map.label(here) if g.map.contains(here) else None)
                    assert o.args["path"][-1] in line
                    c = g.copy()
                    c.order(o)
                    made += 1
            players[s].act(g)
    assert made > 0
