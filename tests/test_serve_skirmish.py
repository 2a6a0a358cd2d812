"""SKIRMISH at the table: a whole game of computer players through the table's intents; every
message a page gets is checked against that side's view (the wire check); then the game is
rebuilt from the table's file."""

from __future__ import annotations

import json

import pytest
from test_serve_table import play_out

import hexplay
from hexplay.serve.store import Store
from hexplay.serve.table import Table

pytestmark = pytest.mark.skipif("skirmish" not in hexplay.games(), reason="needs SKIRMISH")


def test_a_skirmish_game_at_the_table_sends_each_side_its_view_only(tmp_path):
    t = Table(Store(tmp_path / "t.sqlite"))
    slot = t.create("skirmish", seed=3)
    sent: dict[str, list] = {s: [] for s in slot.seats}

    def record(seat):
        def send(msg):
            ref = slot.game.view("referee")
            sent[seat].append((json.dumps(msg), msg, slot.game.view(seat), ref))

        return send

    for seat in slot.seats:
        t.watch(slot.id, slot.tokens[seat], record(seat))
    play_out(t, slot, seed=1, max_steps=400)
    assert slot.game.over
    hidden_seen = 0
    for side in slot.sides:
        assert len(sent[side]) > 10
        for text, msg, truth, ref in sent[side]:
            assert msg["view"] == json.loads(json.dumps(truth))
            assert set(msg) == {"type", "seat", "view", "status", "version"}
            known = set(truth["units"]) | set(truth.get("last_known", {}))
            hidden = set(ref["units"]) - known  # never seen by this side
            hidden_seen += bool(hidden)
            for u in hidden:  # a unit the side may not know of is nowhere in its message
                assert f'"{u}"' not in text, (side, u)
    assert hidden_seen  # the fog was tested: some messages had enemies out of sight
    t.store.close()
    again = Table(Store(tmp_path / "t.sqlite")).slots[slot.id].game
    assert again.snapshot() == slot.game.snapshot() and again.outcome() == slot.game.outcome()
