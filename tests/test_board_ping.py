"""The board's echo (``ping``): answered at once with ``_answer`` alone, in one message."""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as W
import pytest

pytest.importorskip("hexplay.games.skirmish.game")


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """Every comm message a widget sends: (widget class, message)."""
    out: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(
        W.Widget, "_send", lambda self, msg, buffers=None: out.append((type(self).__name__, msg))
    )
    return out


def test_ping_is_answered_with_its_seq_alone_and_changes_nothing(sent: list) -> None:
    from hexplay.widgets import SkirmishApp

    app = SkirmishApp(seed=1, vs_computer=None, hot_seat=False, referee=True)
    g, board = app.game, app.board
    before = (len(g.commands.commands), json.dumps(g.snapshot(), sort_keys=True, default=str))
    selected, overlays = board.selected, dict(board.overlays)
    sent.clear()
    board._handle_custom_msg({"type": "ping", "seq": 7}, [])
    # in a click answer's form: one custom "answer" message holding the state it sets
    assert [(w, m["method"], m["content"]["type"]) for w, m in sent] == [
        ("HexBoard", "custom", "answer")
    ]
    state = sent[0][1]["content"]["state"]
    assert sorted(state) == ["_answer"]
    n = state["_answer"]["n"]
    assert state["_answer"]["seq"] == 7
    sent.clear()
    board._handle_custom_msg({"type": "ping", "seq": 7}, [])  # the same seq again: a new answer
    assert sent[0][1]["content"]["state"]["_answer"] == {"seq": 7, "n": n + 1}
    assert (board.selected, board.overlays) == (selected, overlays)
    after = (len(g.commands.commands), json.dumps(g.snapshot(), sort_keys=True, default=str))
    assert after == before
    assert board.last_message is None  # no callback saw it


@pytest.mark.parametrize(
    "msg",
    [
        {"type": "ping"},
        {"type": "ping", "seq": "7"},
        {"type": "ping", "seq": True},
        {"type": "ping", "seq": 1, "unit": "A1"},
    ],
)
def test_a_malformed_ping_is_ignored(sent: list, msg: dict) -> None:
    from hexplay.maps import load_map
    from hexplay.widgets import HexBoard

    board = HexBoard(load_map("skirmish"))
    sent.clear()
    board._handle_custom_msg(msg, [])
    assert sent == [] and board.ignored_messages == 1
