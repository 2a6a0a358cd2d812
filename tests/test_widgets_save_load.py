"""Save and resume from the app: the Save tab's file is the game's plain-JSON save; loading
it (the file upload) replays it through the rules and the class goes on from where it was;
anything else is refused with the reason and changes nothing."""

from __future__ import annotations

import base64
import datetime
import json
import re

import pytest

from hexplay.widgets import GameApp
from hexplay.widgets.save_load import MAX_SAVE_BYTES

OTHER = {"skirmish": "defender", "ambush": "defender", "aggressor": "east", "naval": "usn"}


def _saved(app) -> str:
    app.save_panel.save.click()
    m = re.search(r"base64,([A-Za-z0-9+/=]+)", app.save_panel.link.value)
    assert m, app.save_panel.link.value
    return base64.b64decode(m.group(1)).decode()


def _upload(app, text: str | bytes) -> None:
    data = text.encode() if isinstance(text, str) else text
    app.save_panel.upload.value = (
        {
            "name": "save.json",
            "type": "application/json",
            "size": len(data),
            "content": data,
            "last_modified": datetime.datetime.now(datetime.timezone.utc),
        },
    )


@pytest.mark.parametrize("name", ["skirmish", "aggressor", "naval"])
def test_a_saved_game_loads_in_a_new_app_where_it_was(name):
    app = GameApp(name, seed=3, vs_computer=OTHER[name], hot_seat=False)
    app.end_plot()
    app.end_plot()
    text = _saved(app)
    assert json.loads(text)["format"].startswith("hexplay.")
    turn, view = app.game.turn, app.view
    other = GameApp(name, seed=9, vs_computer=OTHER[name], hot_seat=False)
    _upload(other, text)
    assert other.game.turn == turn
    assert json.dumps(other.view, sort_keys=True, default=str) == json.dumps(
        view, sort_keys=True, default=str
    )
    assert "loaded" in other.save_panel.message.value
    other.end_plot()  # the game goes on, its computer playing
    assert other.game.turn > turn or other.over


def test_a_file_that_is_no_save_of_this_game_is_refused_and_changes_nothing():
    app = GameApp("naval", seed=3, vs_computer="usn", hot_seat=False)
    before = app.game
    skirmish = GameApp("skirmish", seed=1, vs_computer="defender", hot_seat=False)
    for bad in ("not json", "{}", _saved(skirmish), b"\xff\xfe", b"x" * (MAX_SAVE_BYTES + 1)):
        _upload(app, bad)
        assert app.game is before
        assert "not loaded" in app.save_panel.message.value


def test_a_tampered_command_is_refused_by_the_rules():
    app = GameApp("skirmish", seed=3, vs_computer="defender", hot_seat=False)
    app.end_plot()
    d = json.loads(_saved(app))
    d["state"] = {"tampered": True}
    before = app.game
    _upload(app, json.dumps(d))
    assert app.game is before and "not loaded" in app.save_panel.message.value


def test_the_save_link_leaves_at_a_hand_over():
    app = GameApp("skirmish", seed=3, vs_computer=None, hot_seat=True)
    _saved(app)
    app.end_plot()  # the other player's turn: the screen is blanked
    assert app.handover and app.save_panel.link.value == ""
    assert app.save_panel.make_save() == ""
