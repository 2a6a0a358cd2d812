"""The engine's fast paths equal their plain versions: Dice._draw (Lemire's method on the bit
generator's 32-bit stream) against Generator.integers, value for value and state for state; the
records filled in one step (Dice.roll's Roll, EventLog.add's Event, CommandLog.add's Command)
against their dataclass constructors."""

from __future__ import annotations

import copy
import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.engine import Dice
from hexplay.engine.commands import Command, CommandLog
from hexplay.engine.dice import Roll
from hexplay.engine.log import Event, EventLog


def plain_values(seed: int, sides: list[int]) -> tuple[list[int], dict]:
    g = np.random.Generator(np.random.PCG64(seed))
    return [int(g.integers(1, s + 1)) for s in sides], g.bit_generator.state


SIDES = st.lists(
    st.one_of(st.integers(1, 20), st.sampled_from([2**31 + 1, 2**32 - 1, 2**32, 2**33])),
    max_size=300,
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), SIDES)
def test_draw_equals_generator_integers(seed, sides):
    d = Dice(seed)
    want, state = plain_values(seed, sides)
    assert [d.roll("t", s) for s in sides] == want
    assert d.state()["bit_generator"] == state


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**20), st.lists(st.integers(1, 12), min_size=1, max_size=60), st.data())
def test_draw_resumes_from_any_saved_state(seed, sides, data):
    """A save taken after any roll (the 32-bit buffer half used or not) resumes the stream,
    in a fast Dice, a copied one, or the plain generator given that state."""
    k = data.draw(st.integers(0, len(sides)))
    d = Dice(seed)
    for s in sides[:k]:
        d.roll("t", s)
    saved = json.loads(json.dumps(d.state()))
    twin = copy.deepcopy(d)
    resumed = Dice.from_state(saved)
    g = np.random.Generator(np.random.PCG64(0))
    g.bit_generator.state = saved["bit_generator"]
    rest = [int(g.integers(1, s + 1)) for s in sides[k:]]
    assert [d.roll("t", s) for s in sides[k:]] == rest
    assert [twin.roll("t", s) for s in sides[k:]] == rest
    assert [resumed.roll("t", s) for s in sides[k:]] == rest
    assert resumed.state()["bit_generator"] == d.state()["bit_generator"]


def test_generator_handed_out_keeps_one_stream():
    """After ``dice.rng`` is handed out, dice and other draws share the generator's stream
    exactly as with Generator.integers alone."""
    d = Dice(7)
    g = np.random.Generator(np.random.PCG64(7))
    got, want = [], []
    for i in range(50):
        got.append(d.roll("t", 6))
        want.append(int(g.integers(1, 7)))
        if i == 3:
            got.append(float(d.rng.random()))
            want.append(float(g.random()))
    assert got == want
    assert d.state()["bit_generator"] == g.bit_generator.state


def test_records_filled_in_one_step_equal_their_constructors():
    d = Dice(3)
    d.turn = 4
    ctx = {"unit": "W01", "value": 5}
    v = d.roll("attack", 10, **ctx)
    d.turn = None
    w = d.roll("first side", 2)
    assert d.rolls == [Roll(0, v, 10, "attack", 4, ctx), Roll(1, w, 2, "first side")]
    assert [type(r) for r in d.rolls] == [Roll, Roll]
    assert d.rolls[0].context is not ctx  # its own dict, as the constructor's copy was
    assert [r.to_dict() for r in d.rolls] == [
        {"index": 0, "value": v, "sides": 10, "purpose": "attack", "turn": 4, "context": ctx},
        {"index": 1, "value": w, "sides": 2, "purpose": "first side", "turn": None, "context": {}},
    ]

    log = EventLog()
    a = log.add(1, "play", "turn", {"side": "west"}, ["west", "east"])
    red = {"east": {"x": 1}}
    b = log.add(2, "play", "attack", {"x": 2}, (), red)
    assert log.events == [
        Event(0, 1, "play", "turn", {"side": "west"}, ("west", "east"), {}),
        Event(1, 2, "play", "attack", {"x": 2}, (), red),
    ]
    assert (a.for_side("west"), b.for_side("east"), b.for_side("west")) == (
        {"index": 0, "turn": 1, "phase": "play", "kind": "turn", "side": "west"},
        {"index": 1, "turn": 2, "phase": "play", "kind": "attack", "x": 1},
        None,
    )
    assert Event.from_dict(b.to_dict()) == b

    cl = CommandLog()
    cl.add("order", {"side": "west"}, 3)
    assert cl.commands == [Command("order", {"side": "west"}, 3)]
    assert cl.to_list() == [{"op": "order", "args": {"side": "west"}, "turn": 3}]
