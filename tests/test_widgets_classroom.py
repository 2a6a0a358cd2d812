"""Class play (issue 15) in Python: turn summary, hand-over screen, one-click orders (cheapest
route, fire at a seen enemy, drive along the route), roster, same as last turn, messages,
New game confirmation, game over, the timer, the odds panel following the plot."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("hexplay.games.skirmish.game")

from hexplay.engine.protocol import Order  # noqa: E402
from hexplay.widgets import summary as S  # noqa: E402


def _app(**kw: Any) -> Any:
    from hexplay.widgets import SkirmishApp

    kw.setdefault("seed", 1)
    kw.setdefault("vs_computer", None)
    kw.setdefault("hot_seat", True)
    return SkirmishApp(**kw)


def _click(app: Any, hex: Any = None, unit: Any = None, occupant: Any = None, **extra: Any):
    msg = {"type": "click", "hex": hex, "unit": unit, "occupant": occupant, **extra}
    app.board._handle_custom_msg(msg, [])


def _turn1(app: Any) -> None:
    """Adversary: A1 fires at the transporter (a click on it shows the odds, a second one
    fires) and walks to 0722; defender: E1 drives 3 hexes (one click on its route), E2 stops."""
    _click(app, unit="A1")
    _click(app, app.units_by_id["T"]["hex"], "T")
    _click(app, app.units_by_id["T"]["hex"], "T")
    _click(app, "0722")
    app.end_plot()
    app.take_over()
    app.click_unit("E1")
    _click(app, "1131")
    app.click_unit("E2")
    app.builder.click_task("SV")
    app.end_plot()


# --- the summary's pure parts -----------------------------------------------------------------
def _shot(firer: str, target: str, at: str, die: int, result: str) -> dict[str, Any]:
    return {
        "turn": 1,
        "kind": "fire",
        "firer": firer,
        "target": target,
        "at": at,
        "die": die,
        "result": result,
    }


EVENTS = [
    _shot("A5", "G2", "1018", 1, "K"),
    _shot("A3", "G3", "1128", 2, "W"),
    _shot("A1", "G1", "1018", 5, "miss"),
    {"turn": 1, "kind": "casualty", "man": "G2", "condition": "K"},
    {"turn": 1, "kind": "casualty", "man": "G3", "condition": "W"},
    {"turn": 1, "kind": "move", "man": "?", "path": ["2920", "3019"]},
    {"turn": 1, "kind": "barrier work", "workers": 2, "points": 20, "total": 20},
    {"turn": 2, "kind": "move", "man": "A2", "path": ["1022"]},
]


def test_summary_picks_the_last_resolved_turn_and_words_it():
    assert S.last_turn(EVENTS, 3) == 2 and S.last_turn(EVENTS, 2) == 1
    assert S.last_turn(EVENTS, 1) is None
    evs = S.turn_events(EVENTS, 1)
    assert [e["kind"] for e in evs][:5] == ["fire", "fire", "fire", "casualty", "casualty"]
    assert S.headline(1, evs) == ("Turn 1: 3 shots, killed G2, wounded G3, barrier points 20")
    marks = S.summary_markings(evs)
    assert [(m["name"], m["hexes"]) for m in marks] == [
        ("last-turn-K", ["1018"]),
        ("last-turn-W", ["1128"]),
    ]
    box = S.TurnSummary()
    box.show(EVENTS, 2)
    assert box.turn == 1 and "an enemy out of sight moves 2920-3019" in box.lines()
    assert "die 1, KILLED" in box.html.value and box.layout.display == ""
    box.show(EVENTS[:0], 2)
    assert box.layout.display == "none" and box.turn is None


# --- hand-over, summary and markings in the app -------------------------------------------------
def test_after_a_turn_each_side_gets_its_own_summary_behind_a_clear_handover():
    app = _app()
    _turn1(app)
    g = app.game
    assert g.turn == 2 and app.handover
    # the hand-over screen: a big button naming the side, nothing of anybody's turn shown
    assert app.handover_box.layout.display == ""
    assert "pass the screen to the adversary" in app.handover_text.value
    assert "defender looks away" in app.handover_text.value
    assert app.summary.layout.display == "none" and app.board.markings == {}
    app.take_over()
    want = [e for e in g.view("adversary")["events"] if e["turn"] == 1]
    assert app.summary.turn == 1
    assert sorted(map(str, app.summary.events)) == sorted(map(str, want))
    assert app.summary.html.value.count("hexplay-summary-row") == len(want)
    shot = next(e for e in want if e["kind"] == "fire")
    assert f"die {shot['die']}" in app.summary.html.value
    hit = [e["at"] for e in want if e["kind"] == "fire" and e["result"] in ("K", "W")]
    marked = {h for m in app.board.markings.get("markings", []) for h in m["hexes"]}
    assert marked == set(hit)


def test_handover_summary_holds_only_the_viewers_events():
    app = _app()
    _turn1(app)
    app.take_over()  # the adversary
    adv = {(e["kind"], e.get("index")) for e in app.summary.events}
    ref = {(e["kind"], e["index"]) for e in app.game.view("referee")["events"] if e["turn"] == 1}
    mine = {(e["kind"], e["index"]) for e in app.game.view("adversary")["events"] if e["turn"] == 1}
    # (a side's events are numbered in its own sequence: compared with the referee's by kind)
    assert adv == mine and len(adv) <= len(ref) and {k for k, _ in adv} <= {k for k, _ in ref}
    # a defender vehicle the adversary does not see moving is not in his summary
    assert not [e for e in app.summary.events if e.get("vehicle") == "E1" and e.get("moving")]


# --- one-click orders -------------------------------------------------------------------------
def test_click_on_a_far_hex_plots_the_cheapest_route_and_its_cost():
    app = _app()
    g = app.game
    _click(app, unit="A1")
    from hexplay.games.skirmish.terrain import terrain_for

    reach = terrain_for(g.map).reach("0618", 10)
    goal = "0722"
    # the engine's own MP options hold a path there of the same (cheapest) cost
    mp_lo = next(x for x in g.legal_orders("adversary", "A1") if x.kind == "MP")
    need = mp_lo.need("path")
    costs = {o[-1]: c for o, c in zip(need.options, need.costs) if o[-1] == goal}
    _click(app, goal)
    (mp,) = g.plotted("adversary", "A1")
    assert mp["code"] == "MP" and mp["path"] == terrain_for(g.map).path_in(reach, goal)
    assert float(g.ap_left("adversary", "A1")) == 10 - reach[goal][0] == 10 - costs[goal]
    paths = app.board.overlays["paths"]
    assert paths[0]["hexes"] == ["0618", *mp["path"]]


def test_mp_button_then_a_far_hex_fills_the_route_and_shows_its_cost():
    app = _app()
    _click(app, unit="A1")
    app.builder.click_task("MP")
    _click(app, "0720")
    p = app.builder.pending
    assert p["path"] == ["0719", "0720"]
    assert app.builder.path_cost() == 2.0 and "2 AP" in app.builder.prompt.value
    route = app.board.overlays["route"]
    assert route["hexes"] == ["0618", "0719", "0720"] and route["label"] == "2 AP"
    _click(app, "0720")  # again: confirm
    assert app.game.plotted("adversary", "A1")[0]["path"] == ["0719", "0720"]
    assert "route" not in app.board.overlays


def test_a_hex_out_of_reach_is_refused_at_the_click_and_changes_nothing():
    app = _app()
    _click(app, unit="A1")
    app.builder.click_task("MP")
    far = "2920"
    _click(app, far)
    assert app.builder.pending["path"] == []
    assert "cannot reach 2920" in app.builder.error.value
    assert app.game.plotted("adversary", "A1") == []


def test_click_on_a_seen_enemy_fires_and_the_odds_follow_the_plot():
    app = _app()
    g = app.game
    _click(app, unit="A1")
    _click(app, app.units_by_id["T"]["hex"], "T")  # the vehicle: its first living man
    assert g.plotted("adversary", "A1") == []  # the odds first
    assert "click it again" in app.click_status.value and not app.builder.attack.disabled
    _click(app, app.units_by_id["T"]["hex"], "T")  # a second click fires
    (df,) = g.plotted("adversary", "A1")
    first = app.units_by_id["T"]["occupants"][0]
    assert (df["code"], df["target"]) == ("DF", first)
    o = g.odds("A1", first)
    assert app.odds.current["K"] == pytest.approx(float(o["K"]))
    # the odds stay on screen (shown at the first click); the plotted line carries them too
    assert app.tabs.selected_index == app.tab_index["Odds"]
    assert f"K {float(o['K']):.0%}" in app.builder.plotted.value
    # a shift-click only looks: no order
    _click(app, app.units_by_id["T"]["hex"], "T", occupant=first, shift=True)
    assert len(g.plotted("adversary", "A1")) == 1


def test_click_ahead_on_the_route_drives_a_vehicle_that_many_hexes():
    app = _app()
    app.end_plot()
    app.take_over()
    app.click_unit("E1")
    route = app.view["route_hexes"]
    pos = app.view["units"]["E1"]["pos"]
    _click(app, route[pos + 4])
    assert app.game.plotted("defender", "E1")[0]["hexes"] == 4
    _click(app, route[pos])  # behind it now: no MV (only inspected)
    assert len(app.game.plotted("defender", "E1")) == 1
    e1 = next(u for u in app.board.units if u["id"] == "E1")
    m = app.game.map
    assert e1["facing"] == m.hex(route[pos]).direction_to(tuple(m.hex(route[pos + 1])))


# --- roster, killed men, same as last turn -----------------------------------------------------
def test_roster_lists_men_aboard_under_their_vehicle_and_selects_in_one_click():
    app = _app()
    app.end_plot()
    app.take_over()
    ids = app.roster.ids()
    t = app.units_by_id["T"]
    assert ids[ids.index("T") + 1 : ids.index("T") + 1 + len(t["occupants"])] == t["occupants"]
    man = t["occupants"][0]
    app.roster.button(man).click()
    assert app.selected_unit == man and app.builder.unit == man
    assert "10 AP" in app.roster.button(man).description


def test_a_killed_man_cannot_be_selected():
    app = _app()
    app.game.arrange(wounds={"A2": 2})
    app.refresh()
    assert app.units_by_id["A2"]["status"] == "K"
    _click(app, app.units_by_id["A2"]["hex"], "A2")
    assert app.selected_unit is None and app.builder.unit is None
    assert app.roster.button("A2").disabled


def test_same_as_last_turn_gives_the_orders_again_and_a_walker_keeps_going():
    app = _app()
    _turn1(app)
    app.take_over()  # adversary, turn 2
    assert app.builder.same.layout.display == ""
    given, refused = app.same_as_last_turn()
    # A1's DF at the same man is given again; he walked SE-S-S-S to 0722 and keeps going:
    # the cheapest path to the hex the same four steps lead to (engine: keep_going)
    assert (given, refused) == (2, 0)
    plotted = app.game.plotted("adversary", "A1")
    assert [t["code"] for t in plotted] == ["DF", "MP"]
    g = app.game
    end = g.terrain.hex_of["0722"]
    for d in (2, 3, 3, 3):
        end = end.neighbor(d)
    assert g.terrain.hex_of[plotted[1]["path"][-1]] == end
    assert "2 order(s) given again" in app.controls.message.value


def test_same_as_last_turn_names_the_blocked_way():
    app = _app()
    _turn1(app)
    app.game.arrange(men={"A1": "3036"})  # the map's SE corner: his SE step leaves the map
    app.take_over()
    given, refused = app.same_as_last_turn()
    assert (given, refused) == (0, 2)  # from the corner he does not see his target either
    assert app.game.plotted("adversary", "A1") == []
    msg = app.controls.message.value
    assert "A1 cannot keep going SE-S-S-S from 3036" in msg and "leaves the map" in msg


def test_keep_going_is_one_button_for_the_selected_walker():
    app = _app()
    _turn1(app)
    app.take_over()
    app.click_unit("A1")
    b = next(b for b in app.builder.tasks.children if b.description == "Keep going")
    b.click()
    [t] = app.game.plotted("adversary", "A1")
    assert t["code"] == "MP" and t["path"][-1] == "0825"
    app.click_unit("A2")  # A2 did not walk last turn: no such button
    assert "Keep going" not in [b.description for b in app.builder.tasks.children]


# --- messages, New game, game over, the timer -------------------------------------------------
def test_a_success_clears_the_last_refusal():
    app = _app()
    app.end_plot()
    app.take_over()
    app.end_plot()  # refused: moving escorts
    assert "is moving" in app.controls.message.value
    app.click_unit("E1")
    app.builder.click_task("SV")
    assert app.controls.message.value == ""


def test_new_game_asks_first():
    app = _app()
    _click(app, unit="A1")
    _click(app, "0719")
    app.controls.new_game.click()
    assert app.controls.confirm_row.layout.display == ""
    assert app.game.plotted("adversary", "A1")  # nothing lost yet
    app.controls.new_game_no.click()
    assert app.controls.confirm_row.layout.display == "none" and app.game.plotted("adversary", "A1")
    app.controls.new_game.click()
    app.controls.new_game_yes.click()
    assert app.game.plotted("adversary", "A1") == []
    assert app.controls.confirm_row.layout.display == "none"


def test_a_side_with_nobody_left_to_act_is_submitted_for_it():
    app = _app()
    g = app.game
    guards = [u for u, d in g.view("referee")["units"].items() if d["side"] == "defender"]
    men = [u for u in guards if g.view("referee")["units"][u]["kind"] == "man"]
    g.arrange(wounds={m: 2 for m in men})
    app.refresh()
    assert not g.legal_orders("defender")
    app.end_plot()  # the adversary's plot; the defender has no one left to order
    assert g.turn == 2 and not app.handover and app.plotting_side == "adversary"
    assert "no unit able to act" in app.controls.message.value


def test_game_over_banner():
    app = _app()
    app.game.arrange(wounds={u: 2 for u in ("A1", "A2", "A3", "A4", "A5", "A6")})
    app.refresh()
    app.end_plot()
    app.take_over() if app.handover else None
    for _ in range(3):
        if app.game.over:
            break
        for v in ("E1", "E2"):
            app.click_unit(v)
            if "SV" in app.builder.task_codes():
                app.builder.click_task("SV")
        app.end_plot()
    assert app.game.over
    assert "Game over" in app.board.notice["title"] and app.board.notice["kind"] == "over"
    app.new_game()
    assert app.board.notice == {}


def test_timer_restarts_for_each_player_and_gives_defaults_when_time_is_up():
    app = _app(timer=True)
    t = app.controls.timer
    t.minutes.value = 0.2
    assert t.minutes.value == 0.2
    t.begin()
    assert t.remaining == 12
    app.end_plot()  # adversary done: the timer stops (no red left over), hand-over
    assert t.display.value == "" and app.handover
    app.take_over()
    assert t.remaining == 12  # restarted for the defender
    for _ in range(12):  # time runs out with the moving escorts unplotted: SV is given
        t.tick()
    assert app.game.turn == 2
    plots = app.game.plot_history[-1]["plots"]["defender"]
    assert {u: [x["code"] for x in ts] for u, ts in plots.items()} == {"E1": ["SV"], "E2": ["SV"]}


def test_odds_blank_until_an_attack_and_cleared_by_a_new_turn():
    app = _app()
    assert app.odds.bar_values() == [0.0, 0.0, 0.0] and "no attack" in app.odds.text.value
    _click(app, unit="A1")
    _click(app, app.units_by_id["T"]["hex"], "T")
    assert app.odds.current["K"] > 0
    app.end_plot()
    app.take_over()
    app.click_unit("E1")
    app.builder.click_task("SV")
    app.click_unit("E2")
    app.builder.click_task("SV")
    app.end_plot()
    app.take_over()
    assert app.odds.bar_values() == [0.0, 0.0, 0.0]


def test_odds_charts_join_the_panel_only_when_its_tab_is_shown():
    app = _app()
    assert app.odds.bar_fig not in app.odds.children
    app.tabs.selected_index = app.tab_index["Odds"]
    assert app.odds.bar_fig in app.odds.children and app.odds.heat_fig in app.odds.children


def test_generic_order_for_every_game_same_as_last_turn_is_the_shells():
    """The shell remembers orders per side and turn for any game (not SKIRMISH's own)."""
    app = _app()
    _click(app, unit="A1")
    _click(app, "0719")
    key = ("adversary", 1)
    assert [type(o) for o in app.orders_given[key]] == [Order]
    assert app.orders_given[key][0].kind == "MP"


# --- after-action review, export, rules card, MV drawn -------------------------------------------
def _finished(turns: int = 3) -> Any:
    """A hot-seat app whose game the scripted players played for ``turns`` turns, then ended."""
    from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender

    app = _app()
    g = app.game
    players = {"adversary": ScriptedAdversary(seed=1), "defender": ScriptedDefender(seed=2)}
    for _ in range(turns):
        for side, p in players.items():
            p.act(g)
            if side in g.to_act():
                g.submit(side)
        g.advance()
    g.arrange(wounds={u: 2 for u in ("A1", "A2", "A3", "A4", "A5", "A6")})
    for side, p in players.items():
        p.act(g)
        if side in g.to_act():
            g.submit(side)
    g.advance()
    assert g.over
    app.handover = False
    app.refresh()
    return app


def test_review_steps_through_every_turn_with_plots_odds_dice_and_sight():
    app = _finished()
    g = app.game
    app.tabs.selected_index = app.tab_index["Review"]
    rv = app.review
    assert [t["turn"] for t in rv.turns] == list(range(1, len(g.plot_history) + 1))
    t1 = rv.turns[0]
    assert t1["plots"] == g.plot_history[0]["plots"]
    fire = [e for e in g.view("referee")["events"] if e["turn"] == 1 and e["kind"] == "fire"]
    assert [s["die"] for s in t1["shots"]] == [e["die"] for e in fire]
    from hexplay.games.skirmish.combat import combat_odds

    for s in t1["shots"]:
        want = combat_odds(s["attack"], s["defence"])
        assert s["odds"] == {k: float(v) for k, v in want.items()}
    # who saw whom: what each side's view at the end of turn 1 holds (rewound copy)
    g1 = g.copy().rewind(2)
    for side in ("adversary", "defender"):
        v = g1.view(side)
        mine = {u for u, d in v["units"].items() if d["side"] == side}
        assert t1["seen"][side] == sorted(set(v["seen"]) - mine)
    rv.slider.value = 1
    assert "Turn 1" in rv.body.value and "die" in rv.body.value
    assert {u["id"]: u["hex"] for u in app.board.units if not u.get("in_vehicle")} == {
        u["id"]: u["hex"]
        for u in app.ui.counters(g1.view("referee"), "referee", app.context())
        if not u.get("in_vehicle")
    }


def test_review_export_is_one_self_contained_page():
    import base64
    import re

    app = _finished(2)
    page = app.review.make_export()
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    assert not re.search(r"(src|href)=['\"](https?:|//)", page)  # nothing fetched
    assert page.count("class='hexplay-review-turn'") == len(app.game.plot_history)
    assert page.count("<use href='#hx-map'/>") == len(app.game.plot_history)
    link = app.review.link.value
    b64 = re.search(r"base64,([A-Za-z0-9+/=]+)", link).group(1)
    assert base64.b64decode(b64).decode() == page


def test_review_waits_for_the_end_of_the_game():
    app = _app()
    app.tabs.selected_index = app.tab_index["Review"]
    assert "when the game is over" in app.review.body.value and app.review.turns == []
    assert app.review.make_export() == ""


def test_rules_card_comes_from_the_tables():
    from hexplay.games.skirmish.tables import ACTIVITIES, AP_PER_TURN

    app = _app()
    card = app.rules.value
    assert f"{AP_PER_TURN} AP a turn" in card
    for code in ACTIVITIES:
        assert f"<b>{code}</b>" in card


def test_a_plotted_vehicle_move_is_drawn_along_its_route():
    app = _app()
    app.end_plot()
    app.take_over()
    app.click_unit("E1")
    route = app.view["route_hexes"]
    pos = app.view["units"]["E1"]["pos"]
    _click(app, route[pos + 3])
    (p,) = [x for x in app.board.overlays["paths"] if x["unit"] == "E1"]
    assert p["hexes"] == route[pos : pos + 4]


def test_no_live_widget_keeps_the_other_sides_roster_after_a_handover():
    """Roster buttons of the side that handed over are closed: a live widget's state reaches
    the browser (the naval hot-seat browser test found the leak)."""
    # the registry of live widgets (what the deprecated ``Widget.widgets`` returns)
    from ipywidgets.widgets.widget import _instances as live

    app = _app()
    adversary = app.roster.ids()
    buttons = [app.roster.button(u) for u in adversary]
    assert adversary and all(u.startswith("A") for u in adversary)
    ids = [b.model_id for b in buttons]
    assert all(i in live for i in ids)
    app.end_plot()  # hand-over: blank
    assert all(b.comm is None for b in buttons)  # closed: no state sent anywhere
    assert not [i for i in ids if i in live]
    app.take_over()
    assert app.roster.ids() and not set(app.roster.ids()) & set(adversary)


def test_offmap_buttons_of_the_last_side_are_closed_at_the_handover():
    app = _app()
    app.game.arrange(vehicles={"E1": {"pos": -3, "moving": False}})
    app.end_plot()
    app.take_over()  # the defender: E1 and its crew off the map
    buttons = [app.ui.offmap._buttons[u] for u in app.ui.offmap.ids()]
    assert buttons
    app.click_unit("E2")
    app.builder.click_task("SV")
    app.end_plot()  # hand-over to the adversary
    assert all(b.comm is None for b in buttons)
