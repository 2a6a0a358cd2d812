"""Generic engine machinery: dice, event log, plots, turn drivers, commands, JSON helpers."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from hexplay.engine import (
    REFEREE,
    AlternatingTurns,
    CommandLog,
    Dice,
    EventLog,
    ForcedDice,
    IllegalOrder,
    LastKnown,
    PlotBook,
    ScenarioError,
    SimultaneousTurns,
    fresh_like,
    jsonable,
    map_from_dict,
    map_to_dict,
    roundtrip,
)
from hexplay.hexgrid import Hex, Hexside, OffsetLayout
from hexplay.maps import Map


def test_dice_seeded_and_recorded():
    a, b = Dice(7), Dice(7)
    ra = [a.roll("x") for _ in range(50)]
    rb = [b.roll("x") for _ in range(50)]
    assert ra == rb
    assert all(1 <= v <= 6 for v in ra)
    assert len(a.rolls) == 50 and a.rolls[3].value == ra[3] and a.rolls[3].purpose == "x"
    assert [Dice(8).roll("x") for _ in range(50)] != ra


def test_dice_state_json_roundtrip_continues_stream():
    d = Dice(3)
    for _ in range(10):
        d.roll("a", firer="A1")
    st = json.loads(json.dumps(d.state()))
    e = Dice.from_state(st)
    assert [d.roll("b") for _ in range(20)] == [e.roll("b") for _ in range(20)]
    assert e.rolls[0].context == {"firer": "A1"}


def test_forced_dice_replays_values_then_strict():
    d = ForcedDice([3, 1, 6])
    assert [d.roll("t") for _ in range(3)] == [3, 1, 6]
    with pytest.raises(RuntimeError):
        d.roll("t")
    loose = ForcedDice([2], seed=1, strict=False)
    assert loose.roll("t") == 2 and 1 <= loose.roll("t") <= 6
    again = fresh_like(d)
    assert [again.roll("t") for _ in range(3)] == [3, 1, 6]
    s = Dice.from_state(json.loads(json.dumps(d.state())))
    assert isinstance(s, ForcedDice) and s.values == [3, 1, 6]


def test_event_log_visibility_and_redaction():
    log = EventLog()
    log.add(
        1,
        "combat",
        "fire",
        {"firer": "A1", "target": "G1"},
        visible_to=("adversary",),
        redacted={"defender": {"target": "G1"}},
    )
    log.add(1, "movement", "move", {"man": "G2"}, visible_to=("defender",))
    adv = log.for_side("adversary")
    dfn = log.for_side("defender")
    assert [e["kind"] for e in adv] == ["fire"] and adv[0]["firer"] == "A1"
    assert [e["kind"] for e in dfn] == ["fire", "move"] and "firer" not in dfn[0]
    assert len(log.for_side(REFEREE)) == 2


def test_plotbook_secret_until_all_submitted_and_locked():
    pb: PlotBook[str] = PlotBook(["a", "b"])
    pb.add("a", "u1", "DF")
    pb.add("b", "v1", "MP")
    assert pb.visible("a") == {"a": {"u1": ["DF"]}}
    pb.submit("a")
    with pytest.raises(IllegalOrder, match="submitted"):
        pb.add("a", "u1", "MP")
    assert "b" not in pb.visible("a")
    pb.submit("b")
    assert set(pb.visible("a")) == {"a", "b"}
    pb.clear()
    assert pb.visible(REFEREE) == {"a": {}, "b": {}} and not pb.all_submitted


def test_simultaneous_driver_sequence():
    t = SimultaneousTurns(["a", "b"], ["combat", "movement"], turn_limit=2)
    with pytest.raises(IllegalOrder):
        t.require("planning", "plotting")
    t.start()
    assert (t.turn, t.phase) == (1, "planning")
    assert list(t.run_phases()) == ["combat", "movement"]
    t.next_turn(over=False)
    assert (t.turn, t.phase) == (2, "planning")
    list(t.run_phases())
    t.next_turn(over=False)
    assert t.phase == "over"


def test_alternating_driver():
    t = AlternatingTurns(["east", "west"], first="west", round_limit=2)
    assert t.current == "west"
    with pytest.raises(IllegalOrder, match="west's turn"):
        t.require_turn("east")
    assert t.end_turn() == "east"
    t.end_turn()
    assert t.round == 2 and t.current == "west"
    t.end_turn()
    t.end_turn()
    assert t.over


def test_command_log_marks():
    c = CommandLog()
    c.add("place", {"x": 1}, 0)
    c.mark_turn(1)
    c.add("plot", {}, 1)
    assert [x.op for x in c.upto(1)] == ["place"]
    with pytest.raises(KeyError):
        c.upto(5)


def test_command_log_marks_a_turn_at_its_first_command():
    """A game need not mark turns: the first command logged in a turn marks it; an explicit
    mark (given when the turn begins) is kept."""
    c = CommandLog()
    c.add("place", {}, 0)
    c.add("advance", {}, 0)
    c.add("plot", {}, 1)
    c.add("plot", {}, 1)
    c.mark_turn(2)
    c.add("plot", {}, 2)
    assert c.marks == {0: 0, 1: 2, 2: 4}
    assert [x.op for x in c.upto(1)] == ["place", "advance"]


def test_errors_name_rule_and_field():
    e = IllegalOrder("Table II", "DF costs 5 AP")
    assert str(e) == "Table II: DF costs 5 AP" and e.rule == "Table II"
    s = ScenarioError("turn_limit", "must be positive")
    assert s.field == "turn_limit" and "turn_limit" in str(s)


def test_jsonable_and_map_roundtrip():
    assert jsonable({"a": Fraction(1, 6), "b": (1, 2), "c": {3, 1}, "d": np.int64(4)}) == {
        "a": "1/6",
        "b": [1, 2],
        "c": [1, 3],
        "d": 4,
    }
    m = Map(
        "t",
        OffsetLayout(3, 3),
        ("open", "trees"),
        np.array([[0, 1, 0]] * 3),
        hexside_features={"slope": {Hexside(0, 0, 2)}},
        roads={Hexside(1, 0, 0)},
        places={"r": (Hex(0, 0), Hex(0, 1))},
    )
    m2 = map_from_dict(roundtrip(map_to_dict(m)))
    assert map_to_dict(m2) == map_to_dict(m)


def test_last_known():
    lk = LastKnown(["a", "b"])
    lk.update("a", "X", {"hex": "0101"}, 3)
    assert lk.for_side("a") == {"X": {"hex": "0101", "turn": 3}}
    assert lk.for_side("a", exclude=["X"]) == {}
    assert LastKnown.from_dict(roundtrip(lk.to_dict())).to_dict() == lk.to_dict()
