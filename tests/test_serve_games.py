"""Every registered game at the table: computer players through the table's intents (a whole
SKIRMISH game; the first turns of AGGRESSOR and the naval game); every message a page gets is
checked against that side's view (the wire check); then the game is rebuilt from its file."""

from __future__ import annotations

import json

import pytest
from test_serve_table import act, play_out

import hexplay
from hexplay.engine import roundtrip
from hexplay.serve.store import Store
from hexplay.serve.table import Table

GAMES = {"skirmish": (None, True), "aggressor": (40, True), "naval": (8, False)}
"""Game -> (how many sides' turns to play (None: to the end), whether a unit never in a side's
view must be absent from its messages). The naval view shows, in the last turn's events, the
moves of enemy ships spotted at that turn's sight phase, which the next view's units may no
longer hold (its rules' choice): there the exact-view check is the wire check."""


@pytest.mark.parametrize("name", [g for g in GAMES if g in hexplay.games()])
def test_a_game_at_the_table_sends_each_side_its_view_only(tmp_path, name):
    t = Table(Store(tmp_path / "t.sqlite"))
    slot = t.create(name, seed=3)
    sent: dict[str, list] = {s: [] for s in slot.seats}

    def record(seat):
        def send(msg):
            ref = slot.game.view("referee")
            sent[seat].append((json.dumps(msg), msg, slot.game.view(seat), ref))

        return send

    for seat in slot.seats:
        t.watch(slot.id, slot.tokens[seat], record(seat))
    steps, never_seen_check = GAMES[name]
    if steps is None:
        play_out(t, slot, seed=1, max_steps=400)
        assert slot.game.over
    else:
        play_some(t, slot, seed=1, steps=steps)
    hidden_seen = 0
    for side in slot.sides:
        assert len(sent[side]) > 10
        ever: set[str] = set()  # units this side's views have held so far
        for text, msg, truth, ref in sent[side]:
            assert msg["view"] == roundtrip(truth)  # (the naval view holds Fractions)
            assert set(msg) == {"type", "seat", "view", "status", "version", "epoch"}
            ever |= set(truth["units"]) | set(truth.get("last_known", {}))
            hidden = set(ref["units"]) - ever  # never seen by this side
            hidden_seen += bool(hidden)
            for u in hidden if never_seen_check else ():  # nowhere in the side's message
                assert f'"{u}"' not in text, (side, u)
    assert hidden_seen  # the fog was tested: some messages had enemies out of sight
    t.store.close()  # a restart: the game rebuilt by replay, exactly
    again = Table(Store(tmp_path / "t.sqlite")).slots[slot.id].game
    assert again.snapshot() == slot.game.snapshot() and again.outcome() == slot.game.outcome()


def play_some(table, slot, seed, steps):
    for k in range(steps):
        for side in slot.game.to_act():
            act(table, slot, side, seed + k)
