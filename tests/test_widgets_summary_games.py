"""The turn summary counts each game's own events (its plugin record's ``summary`` terms), each
event once, and shows the deciding turn at the game's end; naval "Same as last turn" repeats
each ship's manoeuvre from where it is now."""

from __future__ import annotations

import re

import pytest

from hexplay.games.naval.repeat import last_steps
from hexplay.registry import game_entry
from hexplay.widgets import GameApp
from hexplay.widgets.summary import DEFAULT_TERMS, headline, summary_markings

HEAD = re.compile(r"hexplay-summary-head'>([^<]*)<")


def _head(app) -> str:
    m = HEAD.search(app.summary.html.value)
    return m.group(1) if m else ""


def _play(app, human: str, until, turns: int = 40) -> None:
    """The human side's orders by its scripted player, through the app's turn."""
    p = game_entry(app.game.info.name).player("scripted", human, seed=5)
    for _ in range(turns):
        if app.over or until(app):
            return
        p.act(app.game)
        if human in app.game.to_act():
            app.end_plot()
        else:
            app._proceed()


def test_naval_summary_counts_gunnery_and_torpedoes_and_names_the_sunk():
    app = GameApp("naval", seed=2, vs_computer="usn", hot_seat=False)
    _play(app, "ijn", lambda a: "sunk" in _head(a) or " hit " in _head(a) + " ")
    head = _head(app)
    assert re.search(r"\d+ (gunnery|torpedo) attacks?", head), head
    assert "shot" not in head
    row = r"data-kind='([^']*)'><td>[^<]*</td><td[^>]*>([^<]*)<"
    rows = re.findall(row, app.summary.html.value)
    texts = [t for _k, t in rows]
    assert len(texts) == len(set(texts)), "an event listed twice"
    assert {k for k, _t in rows} <= {"gunnery", "torpedo", "damage", "move", "radar"}
    marks = {m["name"]: m for m in app.board.markings.get("markings", [])}
    assert {"last-turn-K", "last-turn-W"} & set(marks), marks


def test_aggressor_summary_counts_attacks_and_marks_the_hexes_hit():
    app = GameApp("aggressor", seed=2, vs_computer="east", hot_seat=False)
    _play(app, "west", lambda a: " hit" in _head(a) or "eliminated" in _head(a))
    head = _head(app)
    assert re.search(r"\d+ attacks?", head) and "shot" not in head, head
    marks = [m for m in app.board.markings.get("markings", []) if m["name"].startswith("last")]
    assert marks and all(h.startswith("@") for m in marks for h in m["hexes"])


def test_the_default_terms_read_shots_and_casualties():
    evs = [
        {"turn": 2, "kind": "fire", "target": "A5", "result": "K", "at": "1010"},
        {"turn": 2, "kind": "casualty", "man": "A5", "condition": "K"},
        {"turn": 2, "kind": "barrier work", "total": 20},
    ]
    assert headline(2, evs, DEFAULT_TERMS) == "Turn 2: 1 shot, killed A5, barrier points 20"
    (m,) = summary_markings(evs)
    assert m["hexes"] == ["1010"] and m["label"] == "killed last turn"


def test_the_summary_shows_the_deciding_turn_at_the_end():
    app = GameApp("naval", seed=1, vs_computer="usn", hot_seat=False, scenario="horaniu")
    _play(app, "ijn", lambda a: False, turns=30)
    assert app.over
    last = max(
        int(e.get("turn", 0)) for e in app.ui.record(app.view, app.viewer, app.context()).events
    )
    assert app.summary.turn == last and _head(app).startswith(f"Turn {last}:")


def test_naval_same_as_last_turn_repeats_each_ships_manoeuvre():
    app = GameApp("naval", seed=2, vs_computer="usn", hot_seat=False)
    g = app.game
    ships = [u for u, v in app.units_by_id.items() if v.get("side") == "ijn"]
    for s in ships:
        app.click_unit(s)
        r = app.builder.controller.reach(s)
        far = max(r.items(), key=lambda kv: kv[1].get("steps", 0))[0]
        app.gesture(s, far, None)
    app.end_plot()
    before = {s: last_steps(g, "ijn", s) for s in ships}  # as sailed (the rest spent ahead)
    given, refused = app.same_as_last_turn()
    assert (given, refused) == (len(ships), 0)
    for s in ships:
        now = g.plotted(s)
        assert now["hexes"] and before[s] and now["steps"] == before[s][: len(now["steps"])], s


@pytest.mark.parametrize("name, other", [("naval", "usn"), ("aggressor", "east")])
def test_new_game_leaves_nothing_of_the_last(name, other):
    app = GameApp(name, seed=2, vs_computer=other, hot_seat=False)
    app.end_plot()
    app.controls.say("turn resolved; now turn 5")
    app.say_click("refused: something")
    app.controls.ask_new_game(app.over)
    assert "This one is lost" in app.controls.confirm_text.value
    app.controls.ask_new_game(True)
    assert "lost" not in app.controls.confirm_text.value
    seq = app.board.frame.get("seq")
    app.new_game()
    assert app.controls.message_text == "" and app.click_text == ""
    new = app.ui.record(app.view, app.viewer, app.context()).events or []
    assert all(e in new for e in app.summary.events)  # (the new game's first enemy turn)
    assert app.review.turns == []
    assert app.board.frame["seq"] == seq + 1 and app.board.frame["side"] == app.plotting_side
    assert app.tabs.selected_index == app.tab_index["Briefing"]


# --- odds that explain a zero -------------------------------------------------------------------
def test_odds_of_a_vehicle_name_it_and_show_no_bars():
    from hexplay.games.skirmish.ui.odds import OddsPanel

    app = GameApp("skirmish", seed=1, vs_computer="adversary", hot_seat=False)
    o = app.game.odds("T", "A1")
    assert not o["possible"] and "vehicle" in o["reason"] and "no weapon" in o["reason"]
    panel = OddsPanel()
    panel.show(o, "T → A1")
    assert panel.bar_values() == [0.0, 0.0, 0.0]
    assert "no shot" in panel.text.value and "no weapon" in panel.text.value
    assert "miss 100%" not in panel.text.value


def test_a_shotgun_at_men_aboard_says_it_cannot_hurt_them():
    from hexplay.games.skirmish.ui.odds import OddsPanel

    panel = OddsPanel()
    panel.show(
        {
            "possible": False,
            "reason": "Table V: a shotgun cannot hurt a man inside a vehicle",
            "weapon": "shotgun",
        },
        "A2 → G1",
    )
    assert "no shot" in panel.text.value and "cannot hurt" in panel.text.value
    assert panel.bar_values() == [0.0, 0.0, 0.0]


def test_the_weapon_the_engine_fires_is_named_when_the_roster_shows_another():
    from hexplay.games.skirmish.ui.odds_words import weapon_note

    o = {"possible": True, "weapon": "pistol", "K": 0.1, "W": 0.2, "miss": 0.7}
    n = weapon_note(o, {"weapon": "shotgun"})
    assert "fires his pistol, not his shotgun" in n["note"]
    assert "note" not in weapon_note({**o, "weapon": "shotgun"}, {"weapon": "shotgun"})


def test_naval_odds_say_why_an_attack_adds_nothing():
    app = GameApp("naval", seed=1, vs_computer="usn", hot_seat=False, scenario="horaniu")
    app.click_unit("DD4a")
    app.gesture("DD4a", None, "DD6a")
    text = re.sub(r"<[^>]+>", " ", app.ui.attack_panel.value)
    assert "out of its gunnery range (5, extended 10)" in text
    assert "out of its torpedo range" in text


def test_aggressor_marks_the_sides_own_hits_as_it_makes_them():
    """An attack of the side at the screen that hits is outlined at once (its turn goes on)."""
    app = GameApp("aggressor", seed=2, vs_computer="east", hot_seat=False)
    for _ in range(40):
        g = app.game
        for lo in g.legal_orders("west"):
            if lo.kind != "attack" or g.over:
                continue
            target = lo.needs[0].options[0]
            ok, result = app.give_order(lo.complete(**{lo.needs[0].name: target}))
            res = [str(e.get("result", "")) for e in result or [] if "form" in e]
            if ok and res and res[0].startswith(("hit", "elim")):
                assert app.game.turn == g.turn and "west" in app.game.to_act()  # same turn
                marked = {h for m in app.board.markings.get("markings", []) for h in m["hexes"]}
                assert target in marked
                return
            break
        else:
            app.end_plot()
    pytest.fail("no hit in 40 turns")


def test_the_setup_before_turn_one_is_titled_set_up_with_no_zero_count():
    app = GameApp("aggressor", seed=1, vs_computer="east", hot_seat=False)
    head = _head(app)
    assert head.startswith("Set-up") and "0 attacks" not in head and "Turn 0" not in head, head
    evs = [
        {"turn": 0, "kind": "fire", "target": "A5", "result": "K"},
        {"turn": 0, "kind": "casualty", "man": "A5", "condition": "K"},
    ]
    assert headline(0, evs, DEFAULT_TERMS) == "Set-up: 1 shot, killed A5"
    assert headline(0, [], DEFAULT_TERMS) == "Set-up"
