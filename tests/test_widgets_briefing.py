"""The briefing and the rules card of every game: plugin-record parts, written from the game's
own scenario and tables, in the game's own words, holding only what the side may know."""

from __future__ import annotations

import re

import pytest
from toy_games import toys_registered

from hexplay.registry import game_entry
from hexplay.widgets import GameApp
from hexplay.widgets.briefing import SECTIONS

GAMES = ["skirmish", "ambush", "aggressor", "naval"]
OTHER = {"skirmish": "defender", "ambush": "defender", "aggressor": "east", "naval": "usn"}


def _text(html_: str) -> str:
    return re.sub(r"<[^>]+>", " ", html_)


@pytest.mark.parametrize("name", GAMES)
def test_the_app_opens_on_the_games_briefing_with_every_section(name):
    app = GameApp(name, seed=1, vs_computer=OTHER[name], hot_seat=False)
    assert app.tabs.selected_index == app.tab_index["Briefing"]
    b = app.briefing.value
    for key, _head in SECTIONS:
        assert f"data-section='{key}'" in b, key
    assert f"you are the <b>{app.plotting_side}</b>" in b
    entry = game_entry(name)
    assert entry.briefing and entry.rules  # declared in the plugin record
    assert b == entry.part("briefing")(app.game, app.plotting_side)


def test_the_naval_briefing_says_where_the_enemy_starts_and_the_score():
    app = GameApp("naval", seed=1, vs_computer="usn", hot_seat=False)
    t = _text(app.briefing.value)
    assert "starts about 14 hexes to the  north-east" in t  # from the Kula Gulf listing
    assert "VP IJN 6 – USN 0" in t and "IJN major from 5" in t
    assert "Turn 1 of 20" in t and "within 8 hexes" in t


def test_the_aggressor_briefing_counts_the_sectors_held_now():
    app = GameApp("aggressor", seed=1, vs_computer="east", hot_seat=False)
    t = _text(app.briefing.value)
    assert "Sectors held now: west 3 of 9; east 3 of 9" in t and "Hold 5 of the 9" in t


@pytest.mark.parametrize("name", ["skirmish", "ambush"])
def test_a_convoy_briefing_names_only_the_sides_own_men(name):
    for side, other in (("adversary", "defender"), ("defender", "adversary")):
        app = GameApp(name, seed=1, vs_computer=other, hot_seat=False)
        g = app.game
        t = _text(app.briefing.value)
        mine = [u for u, v in g.view("referee")["units"].items() if v.get("side") == side]
        theirs = [u for u, v in g.view("referee")["units"].items() if v.get("side") == other]
        assert any(re.search(rf"\b{u}\b", t) for u in mine)
        assert not [u for u in theirs if re.search(rf"\b{u}\b", t)], side
        want = "barrier points 0 of" if name == "skirmish" else "Cargo: vault"
        assert want in t


def test_the_briefing_follows_the_score_and_comes_back_with_a_new_game():
    app = GameApp("naval", seed=1, vs_computer="usn", hot_seat=False)
    app.end_plot()
    assert "Turn 2 of 20" in _text(app.briefing.value)
    app.tabs.selected_index = app.tab_index["Plot"]
    app.new_game()
    assert app.tabs.selected_index == app.tab_index["Briefing"]
    assert "Turn 1 of 20" in _text(app.briefing.value)


def test_a_game_without_a_briefing_gets_one_from_its_info():
    with toys_registered():
        app = GameApp("toy-race", seed=1, vs_computer=None, hot_seat=False, referee=True)
        b = app.briefing.value
        assert "data-section='sides'" in b and app.game.info.title in b
        assert app.rules.value.count("<h4>") == 1  # the app's card alone


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_card_is_the_games_own_and_speaks_no_other_games_words(name):
    app = GameApp(name, seed=1, vs_computer=OTHER[name], hot_seat=False)
    card = _text(app.rules.value)
    assert card.count("in one minute") == 1
    if name in ("aggressor", "naval"):
        assert not re.search(r"\bAP\b", card) and "your man" not in card and "walks" not in card
        assert "barrier" not in card and "vault" not in card
    if name == "naval":
        assert "MP" in card and "Kagero" in card and "spotted" in card
    if name == "aggressor":
        assert "Airbase" in card and "sectors" in card
    if name == "ambush":
        assert "cargo" in card and "What AMBUSH adds" in card
    if name == "skirmish":
        assert "What AMBUSH adds" not in card


def test_the_naval_route_label_counts_in_the_games_own_unit():
    app = GameApp("naval", seed=1, vs_computer="usn", hot_seat=False)
    ship = next(u for u, v in app.units_by_id.items() if v.get("side") == "ijn")
    app._show_pending_path(ship, ["2927"], 1.0)
    assert app.board.overlays["route"]["label"] == "1 MP"


def test_each_hot_seat_player_gets_the_briefing_at_his_first_turn():
    app = GameApp("naval", seed=1, vs_computer=None, hot_seat=True)
    first = app.plotting_side
    app.end_plot()
    assert app.handover and app.briefing.value == ""  # nothing of the last player's
    app.take_over()
    assert app.plotting_side != first
    assert app.tabs.selected_index == app.tab_index["Briefing"]
    assert f"you are the <b>{app.plotting_side}</b>" in app.briefing.value
    app.tabs.selected_index = app.tab_index["Plot"]
    app.end_plot()  # the turn resolves; the first player again
    app.take_over()
    assert app.tabs.selected_index == app.tab_index["Plot"]
