"""The AGGRESSOR app on the shell: counters and panels from the side's view only, the
original's keys and board clicks giving the engine's orders, hot seat and the computer, and
nothing the side at the screen may not know on the wire."""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import numpy as np
import pytest
from aggressor_positions import position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_widgets_shell import Wire, _all_states, _secrets_in

import hexplay
from hexplay.ai import play
from hexplay.ai.random import RandomPlayer
from hexplay.engine import IllegalOrder, Order
from hexplay.games.aggressor.app import AggressorApp
from hexplay.games.aggressor.ui.adapter import AggressorUI, counters_from_view
from hexplay.widgets.counters import HIDDEN_FIELDS, validate_counters
from hexplay.widgets.game_app import GameApp

#: West armour next to an emplaced east infantry; an emplaced east armour 3 hexes off
#: (observed, not identified by a moving armour: range 3, identification 2); an east
#: artillery far away (unobserved); a west airbase and a west missile behind.
UNITS = [
    ("west", "Armor", "@JJ"),
    ("west", "Infantry", "@BB", {"emplaced": True}),
    ("west", "Airbase", "@EJ"),
    ("west", "Missile", "@FH"),
    ("east", "Infantry", "@KJ", {"emplaced": True}),
    ("east", "Armor", "@MJ", {"emplaced": True}),
    ("east", "Artillery", "@SN"),
]


def _app(units=UNITS, **kw: Any) -> AggressorApp:
    g = position(units, strict=False, cbr=kw.pop("cbr", ["@KK"]))
    return AggressorApp(game=g, **kw)


def _counter(app: GameApp, uid: str) -> dict[str, Any]:
    return next(u for u in app.board.units if u["id"] == uid)


# --- the board ---------------------------------------------------------------------------------


def test_counters_show_symbols_figures_badges_and_unidentified_face_down():
    app = _app()
    c = _counter(app, "W01")
    assert c["glyph"] == {"kind": "sidc", "sidc": "SFGPUCA----"} and c["corners"] == {"bl": "3-3"}
    assert _counter(app, "W02")["badges"] == ["dug"]
    foe = _counter(app, "E01")  # adjacent: identified, hostile frame, emplaced
    assert foe["glyph"]["sidc"] == "SHGPUCI----" and foe["badges"] == ["dug"]
    assert foe["corners"] == {"bl": "2-2"}
    hidden = [u for u in app.board.units if u.get("hidden")]
    assert [u["hex"] for u in hidden] == ["@MJ"]  # unidentified: colour only, alias id
    assert set(hidden[0]) <= set(HIDDEN_FIELDS) and hidden[0]["id"] == "?@MJ"
    assert "Armor" not in json.dumps(hidden) and hidden[0]["glyph"] == {"kind": "none"}
    assert not any(u["hex"] == "@SN" for u in app.board.units)  # unobserved: not there
    assert app.ui.style(app.game).to_json()["sides"]["west"]["colour"] == "#2f5fa8"


def test_counters_of_a_nuked_technical_and_frozen_unit():
    view = {
        "units": {
            "W01": {
                "side": "west",
                "hex": "@AA",
                "type": "Missile",
                "display": "Technical",
                "range": 1,
                "strength": 1,
                "technical": True,
                "frozen": True,
                "in_cbr": True,
                "emplaced": False,
                "moves_left": 1,
            },
            "?@KK": {"side": "east", "hex": "@KK", "display": "Nuked", "identified": False},
            "E02": {
                "side": "east",
                "hex": "@KB",
                "type": "Armor",
                "display": "Armor",
                "range": 2,
                "strength": 3,
                "emplaced": False,
                "last_seen": 3,
            },
        }
    }
    out = {u["id"]: u for u in validate_counters(counters_from_view(view, "west"))}
    assert out["W01"]["badges"] == ["frozen", "technical", "nuked"]
    assert out["?@KK"]["glyph"] == {"kind": "none"} and out["?@KK"]["badges"] == ["nuked"]
    assert "corners" not in out["?@KK"]
    assert out["E02"]["stale"] and out["E02"]["corners"] == {"bl": "2-3"}


def test_overlays_show_cbr_border_sectors_control_and_the_selection():
    app = _app()
    ov = {**app.board.overlays, **app.board.markings}
    assert ov["markings"][0] == {
        "name": "cbr",
        "hexes": ["@KK"],
        "colour": "#7d3c98",
        "style": "hatch",
    }
    names = [r["name"] for r in ov["regions"]]
    assert names == ["sectors", "border", "control west", "control east"]
    control = app.game.view("west")["control"]
    held = {f"sector {k + 1}" for k, s in enumerate(control) if s == "west"}
    assert set(ov["regions"][2]["regions"]) == held
    assert ov["reachable"] is None  # nothing selected
    app.board.simulate_click("@JJ", "W01")
    assert "markings" not in app.board.overlays
    ov = {**app.board.overlays, **app.board.markings}
    reach = app.game.reach("west", "W01")
    assert ov["reachable"] == {k: float(v["steps"]) for k, v in reach.items()}
    assert [m["name"] for m in ov["markings"]] == ["cbr"]  # the selection sends no markings
    obs = set(app.game.observed_hexes("west")["hexes"])
    assert obs <= set(ov["visible"]) and "@JJ" in ov["visible"]
    assert ov["highlight"] == ["@KJ"]  # the one known enemy it may attack
    app.board.simulate_click("@FH", "W04")  # the missile: its known targets at 2..8
    ov = app.board.overlays
    assert ov["highlight"] == ["@KJ", "@MJ"] and "@SN" not in ov["highlight"]
    app.board.simulate_click("@JJ", "W01")  # again: the reach remembered for this state
    plain = {k: float(v["steps"]) for k, v in reach.items()}
    assert app.board.overlays["reachable"] == plain
    app.board.overlays["reachable"]["@AA"] = 9.0  # a copy: the remembered one stays
    assert app.ui._reach_steps(app.context(), "W01") == plain


def _shown(app: GameApp, tab: str) -> str:
    """The tab ``tab`` brought on screen: its panel's content (made now, see tab_panel)."""
    app.tabs.selected_index = app.tab_index[tab]
    return app.tabs.children[app.tab_index[tab]].value


def test_panels_show_allowance_ranges_odds_and_the_sector_table():
    app = _app()
    app.board.simulate_click("@JJ", "W01")
    assert app.tabs.selected_index == 0  # the Unit and Attack tabs are made when shown
    assert app.ui.unit_panel.value == "" and app.ui.odds_panel.value == ""
    unit = _shown(app, "Unit")
    assert "data-moves-left='3'" in unit and "identification range</th><td>2" in unit
    assert "observation range</th><td>3" in unit
    reach = app.game.reach("west", "W01")
    stops = sorted(k for k, v in reach.items() if v["stops"])
    # the border rule ends the move at @LK (3 steps); @LJ is out of reach (the one way there
    # that zone of control leaves crosses the CBR hex @KK, which costs a range step)
    assert "@LK" in stops and "@LJ" not in reach
    assert f"the move ends at {', '.join(stops)}" in unit
    odds = _shown(app, "Attack")  # the attack it could make now, with each modifier
    d = app.game.attack_odds("west", "W01", "@KJ")
    assert f"data-hit-value='{d['hit_value']}'" in odds and "defender emplaced</th><td>−1" in odds
    app.board.simulate_click("@FH", "W04")
    assert app.tabs.selected_index == 0
    launch = next(lo for lo in app.game.legal_orders("west", "W04") if lo.kind == "launch")
    n = len(launch.needs[0].options)
    odds = _shown(app, "Attack")
    assert f"data-kind='launch' data-count='{n}'" in odds and "distance 2-8" in odds
    sectors = app.ui.sectors.value
    assert sectors.count("data-sector=") == 9
    assert "data-sector='1' data-control='west'" in sectors
    app.board.simulate_click("@EJ", "W03")  # the airbase: strike with its anti-aircraft line
    app.board.simulate_click("@KJ", "E01")
    a = app.game.air_line("west", "W03", "@KJ")
    assert f"data-aa-chance='{a['aa_chance']:g}'" in app.ui.odds_panel.value
    assert app.tabs.selected_index == app.tab_index["Attack"]
    assert "10:" not in app.ui.status(app.view, app.context()) and "sectors west" in app.ui.status(
        app.view, app.context()
    )


def test_unidentified_target_odds_say_unknown():
    app = _app()
    app.board.simulate_click("@FH", "W04")
    app.board.simulate_click("@MJ", "?@MJ")
    odds = app.ui.odds_panel.value
    assert "defender strength</th><td>unknown" in odds and "data-hit-value=''" in odds


# --- keys and clicks ---------------------------------------------------------------------------


@pytest.mark.parametrize("key", [1, 2, 3, 4, 5, 6])
def test_keys_give_the_engines_key_order(key):
    app = _app()
    g = app.game
    app.board.simulate_click("@JJ", "W01")
    expected = g.key_order("west", "W01", key)
    twin = g.copy()
    try:
        twin.order(expected)
        legal = True
    except IllegalOrder:
        legal = False
    n = len(g.commands.commands)
    app.board.simulate_key(str(key))
    if legal:
        assert g.commands.commands[-1].args == expected.to_dict()
        assert g.snapshot() == twin.snapshot()
    else:
        assert len(g.commands.commands) == n and "color:#b8322a" in app.click_status.value


def test_key_moves_are_legal_orders_and_refresh_the_board_once():
    app = _app()
    app.board.simulate_click("@JJ", "W01")
    lo = next(lo for lo in app.game.legal_orders("west", "W01") if lo.kind == "move")
    to = app.game.key_order("west", "W01", 1).args["to"]
    assert to in lo.needs[0].options
    pulled = app.views_pulled
    app.board.simulate_key("1")
    assert _counter(app, "W01")["hex"] == to and app.views_pulled == pulled + 1
    assert app.board.overlays["reachable"] == {
        k: float(v["steps"]) for k, v in app.game.reach("west", "W01").items()
    }


def test_key_zero_gives_the_feature_or_waits_for_its_target():
    app = _app()
    app.board.simulate_click("@FH", "W04")
    app.board.simulate_key("0")  # launch needs a target: the builder waits for the click
    assert app.builder.pending and app.builder.pending["code"] == "launch"
    app.board.simulate_click("@KJ", "E01")
    assert app.game.commands.commands[-1].args["kind"] == "launch"
    app.board.simulate_click("@EJ", "W03")
    app.board.simulate_key("0")  # recon or strike: a choice on the Plot tab
    assert "recon or strike" in app.click_text or "strike or recon" in app.click_text
    app.board.simulate_click("@JJ", "W01")
    app.board.simulate_key("0")
    assert "no special feature" in app.click_text


def test_clicks_move_and_a_second_click_attacks():
    app = _app()
    g = app.game
    app.board.simulate_click("@JJ", "W01")
    n = len(g.commands.commands)
    app.board.simulate_click("@KJ", "E01")  # first click: the odds only
    assert len(g.commands.commands) == n and "click it again" in app.click_status.value
    app.board.simulate_click("@KJ", "E01")
    cmd = g.commands.commands[-1].args
    assert cmd["kind"] == "attack" and cmd["args"] == {"target": "@KJ"}
    assert "attack at @KJ" in app.click_status.value
    assert "<td>west</td><td>Armor</td><td>attack</td><td>@KJ</td>" in app.ui.reports.value
    app.board.simulate_click("@BB", "W02")
    app.board.simulate_click("@BC")  # an adjacent free hex: a move
    assert _counter(app, "W02")["hex"] == "@BC"


def test_malformed_key_messages_change_nothing(caplog):
    app = _app()
    app.board.simulate_click("@JJ", "W01")
    n = len(app.game.commands.commands)
    for msg in (
        {"type": "key", "key": "x"},
        {"type": "key", "key": 3},
        {"type": "key", "key": "3", "unit": "E01"},
        {"type": "key", "key": "12"},
        {"type": "key", "key": "3", "seq": "1"},
    ):
        app.board._handle_custom_msg(msg, [])
    assert len(app.game.commands.commands) == n and app.board.ignored_messages == 5


def test_next_unit_selects_own_units_that_may_act_in_turn():
    app = _app()
    seen = []
    for _ in range(5):
        app.keypad.next_unit.click()
        seen.append(app.selected_unit)
    assert seen == ["W01", "W02", "W03", "W04", "W01"]
    app.board.simulate_click("@JJ", "W01")
    app.board.simulate_click("@KJ", "E01")
    app.board.simulate_click("@KJ", "E01")  # W01 attacked: it may do nothing more
    app.next_after_attack = False  # (on, the attack itself moves on: test_widgets_next_attacker)
    app.select("W01")
    for _ in range(4):
        app.keypad.next_unit.click()
    assert app.selected_unit == "W02"  # W02, W03, W04, then past W01 to W02


def test_the_end_turn_button_ends_the_turn():
    app = _app(vs_computer=None)
    end = app.controls.end_plot
    assert end.description == "End turn"  # orders act at once: nothing is plotted
    assert app.game.current == "west" and app.game.turn == 1
    end.click()
    assert app.game.current == "east" and app.game.turn == 2


# --- the computer, hot seat and the wire -------------------------------------------------------


def test_the_computer_plays_east_by_default_and_the_app_plays_every_phase():
    g = hexplay.new_game("aggressor", seed=5, turn_limit=3)
    assert g.phase == "setup"
    app = GameApp(game=g, vs_computer="east")  # the registry's adapter
    assert isinstance(app.ui, AggressorUI) and g.phase == "play" and g.current == "west"
    phases = {g.phase}
    rng = np.random.default_rng(1)
    while not g.over:
        assert g.current == "west"
        _play_keys(app, rng)
        validate_counters(app.board.units)
        app.end_plot()
        phases.add(g.phase)
    assert phases == {"play", "over"} and "game over" in app.controls.status.value
    d = AggressorApp(seed=2)
    assert d.vs_computer == "east" and d.game.current == "west" and d.game.turn >= 1


def _play_keys(app: GameApp, rng: np.random.Generator, n: int = 4) -> None:
    """Select own units with Next unit, press keys, click enemies twice."""
    for _ in range(n):
        app.select_next()
        if app.selected_unit is None:
            return
        app.board.simulate_key(str(int(rng.integers(0, 7))))
        foes = [u for u in app.board.units if u["side"] != app.plotting_side]
        if foes and app.selected_unit in app.units_by_id:
            f = foes[int(rng.integers(len(foes)))]
            app.board.simulate_click(f["hex"], f["id"])
            app.board.simulate_click(f["hex"], f["id"])
        app.builder.cancel_pending()


def _allowed(game: Any, viewer: str, everyone: set[str]) -> set[str]:
    text = json.dumps(game.view(viewer), default=str)
    return {u for u in everyone if _secrets_in(text, {u})}


def _check(app: GameApp, wire: Wire, everyone: set[str], what: str) -> None:
    g = app.game
    if g.over:
        return
    if app.handover:
        allowed = _allowed(g, "west", everyone) & _allowed(g, "east", everyone)
        assert app.board.units == [] and app.board.markings == {} and app.ui.odds_panel.value == ""
    else:
        allowed = _allowed(g, app.viewer, everyone)
        for u in app.board.units:  # an unidentified enemy: nothing but side and hex
            if u["id"].startswith("?") and u.get("hidden"):
                assert set(u) <= set(HIDDEN_FIELDS), u
    secrets = everyone - allowed
    # a counter update's "del" names counters the page was sent before (it learns nothing)
    sent = re.sub(r'"del": \[[^\]]*\]', "", wire.take())
    assert _secrets_in(sent, secrets) == [], f"sent to the browser ({what})"
    assert _secrets_in(_all_states(app), secrets) == [], f"in a widget's state ({what})"


@pytest.mark.parametrize("vs", [None, "east"])
def test_wire_holds_nothing_the_side_at_the_screen_may_not_know(monkeypatch, vs):
    wire = Wire(monkeypatch)
    g = hexplay.new_game("aggressor", seed=11, computer=vs)
    app = AggressorApp(game=g, vs_computer=vs, seed=11)
    everyone = set(g.view("referee")["units"])
    rng = np.random.default_rng(3)
    _check(app, wire, everyone, "start")
    secret_once = False
    for step in range(6):
        if g.over:
            break
        if app.handover:
            assert vs is None
            app.take_over()
            _check(app, wire, everyone, f"take over {step}")
        secret_once |= bool(everyone - _allowed(g, app.viewer, everyone))
        _play_keys(app, rng)
        _check(app, wire, everyone, f"keys and clicks {step}")
        app.end_plot()
        _check(app, wire, everyone, f"end turn {step}")
    assert secret_once  # the test saw a side with enemies it did not know of


def test_hot_seat_blanks_the_board_between_sides():
    g = hexplay.new_game("aggressor", seed=4, computer=None)
    app = AggressorApp(game=g, vs_computer=None)
    first = g.current
    assert app.plotting_side == first or app.handover
    if app.handover:
        app.take_over()
    app.end_plot()
    assert app.handover and app.board.units == [] and app.ui.sectors.value == ""
    app.keypad.next_unit.click()  # nothing to select while blank
    assert app.selected_unit is None
    app.take_over()
    assert app.plotting_side != first and {u["side"] for u in app.board.units} >= {
        app.plotting_side
    }


def test_referee_sees_every_unit_and_orders_for_the_side_to_act():
    g = hexplay.new_game("aggressor", seed=6, computer=None)
    app = AggressorApp(game=g, vs_computer=None, referee=True)
    assert {u["id"] for u in app.board.units} == set(g.view("referee")["units"])
    side = g.current
    uid = next(k for k, u in g.units.items() if u.side == side and u.alive)
    app.board.simulate_click(g.board.labels[g.units[uid].hex], uid)
    assert app.plotting_side == side
    unit = app.selected_unit
    twin = g.copy()
    legal = 0
    for k in range(1, 7):
        try:
            twin.order(twin.key_order(side, unit, k))
            legal += 1
        except IllegalOrder:
            pass
    before = len(g.commands.commands)
    for k in range(1, 7):
        app.board.simulate_key(str(k))
    assert len(g.commands.commands) - before == legal


def test_manual_set_up_by_clicks_the_engine_judging_each_placement():
    g = hexplay.new_game("aggressor", seed=3, army_size=3)
    app = AggressorApp(game=g, setup="manual")
    assert g.phase == "setup" and g.to_act() == ("west",)  # the computer placed unseen
    assert app.ui.setup_box.layout.display == "" and "placed 0 of 3" in app.ui.setup_text.value
    assert not [u for u in app.board.units if u["side"] == "east"]
    app.end_plot()  # the army is not complete: refused, nothing changed
    assert g.phase == "setup" and "placed 0 of its 3" in app.controls.message.value
    app.ui.setup_type.value = "Artillery"
    app.board.simulate_click("@AA")
    assert _counter(app, "W01")["glyph"]["sidc"] == "SFGPUCF----"
    app.board.simulate_click("@KA")  # the border column is nobody's territory
    assert "@KA is not in west&#x27;s territory" in app.click_status.value
    assert g.placed("west") == 1
    app.board.simulate_click("@AA", "W01")  # select it: the engine's remove order
    assert app.builder.task_codes() == ["remove"]
    app.builder.click_task("remove")
    assert g.placed("west") == 0
    app.board.simulate_click("@AB")  # placed, then taken back by Undo last (the engine's undo)
    app.board.simulate_click("@AB", "W01")
    app.builder.undo_last()
    assert g.placed("west") == 0 and app.builder.error.value == ""
    assert not [u for u in app.board.units if u["side"] == "west"]
    for h in ("@AA", "@AB", "@AC"):
        app.board.simulate_click(h)
    assert "placed 3 of 3: Artillery 3" in app.ui.setup_text.value
    app.end_plot()
    assert g.phase == "play" and g.current == "west" and app.ui.setup_box.layout.display == "none"
    app.board.simulate_click("@AA", "W01")  # in play orders act at once: refused by the engine
    app.builder.undo_last()
    assert "orders take effect at once" in app.builder.error.value
    assert g.phase == "play" and g.placed("west") == 3
    with pytest.raises(ValueError, match="setup"):
        AggressorApp(setup="by hand")


def test_when_the_computer_moves_first_it_plays_before_the_screen_is_shown():
    seed = next(s for s in range(40) if _first(s) == "east")
    app = AggressorApp(seed=seed)
    g = app.game
    assert g.first == "east" and g.turn == 2 and g.current == app.plotting_side == "west"
    assert any(e.get("kind") == "turn" and e.get("side") == "east" for e in app.view["events"])
    app.new_game()  # a new game: the screen again goes to West's turn
    assert app.game.current == app.plotting_side == "west" and not app.handover


@pytest.mark.parametrize("first", ["west", "east"])
def test_the_computer_can_play_west(monkeypatch, first):
    """vs_computer="west": the computer sets up and plays West (first or second), the human
    plays East from East's view only (no unobserved West unit on the board or the wire), and
    a turn of keys and clicks plays; the computer then plays West's turn."""
    seed = next(s for s in range(40) if _first(s) == first)
    wire = Wire(monkeypatch)
    g = hexplay.new_game("aggressor", seed=seed, computer="west")
    app = AggressorApp(game=g, vs_computer="west")
    assert app.vs_computer == "west" and g.phase == "play" and g.first == first
    assert g.placed("west") == g.placed("east") == 18  # the computer's deployment, both sides
    assert g.current == app.plotting_side == app.viewer == "east" and not app.handover
    assert g.turn == (2 if first == "west" else 1)
    if first == "west":  # it played before the screen was shown
        assert any(c["op"] == "order" and c["args"]["side"] == "west" for c in g.commands.to_list())
    everyone = set(g.view("referee")["units"])
    _check(app, wire, everyone, "start")
    west = {u.hex: u for u in g.units.values() if u.alive and u.side == "west"}
    east = [u for u in g.units.values() if u.alive and u.side == "east" and u.rng > 0]
    shown = [c for c in app.board.units if c["side"] == "west"]
    hexes = {g.board.index(c["hex"]) for c in shown}
    # at East's first turn, West units within an East unit's current range, and no others
    observed = {h for h in west if any(g.board.dist[u.hex][h] <= u.rng for u in east)}
    assert hexes <= observed and len(west) > len(shown)
    turn, before = g.turn, len(g.commands.commands)
    _play_keys(app, np.random.default_rng(seed))
    _check(app, wire, everyone, "keys and clicks")
    assert len(g.commands.commands) > before, "the keys and clicks gave no order"
    app.end_plot()
    _check(app, wire, everyone, "end turn")
    assert not g.over and g.turn == turn + 2 and g.current == app.plotting_side == "east"
    played = [c for c in g.commands.to_list() if c["turn"] == turn + 1]
    assert any(c["op"] == "order" and c["args"]["side"] == "west" for c in played)
    manual = hexplay.new_game("aggressor", seed=seed, army_size=3, computer="west")
    app = AggressorApp(game=manual, vs_computer="west", setup="manual")
    assert manual.to_act() == ("east",) and manual.placed("west") == 3  # placed unseen
    assert manual.placed("east") == 0 and not app.board.units
    for h in ("@UA", "@UB", "@UC"):
        app.board.simulate_click(h)
    app.end_plot()
    assert manual.phase == "play" and app.plotting_side == manual.current == "east"


def _first(seed: int) -> str:
    g = hexplay.new_game("aggressor", seed=seed, army_size=1)
    g.order("west", kind="place", type="Armor", hex="@AA")
    g.order("east", kind="place", type="Armor", hex="@UA")
    g.submit("west")
    g.submit("east")
    return g.first


@pytest.fixture(scope="module")
def key_app() -> AggressorApp:
    return AggressorApp(seed=0)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    presses=st.lists(st.tuples(st.integers(0, 17), st.integers(0, 6)), min_size=1, max_size=8),
)
def test_every_key_press_is_the_engines_order_or_changes_nothing(key_app, seed, presses):
    """Keys 1-6 give exactly ``key_order`` (or nothing, when the rules refuse it) and key 0
    a feature that needs no target (else it waits for a click), on seeded games."""
    app = key_app
    g = hexplay.new_game("aggressor", seed=seed)
    app.game = g
    app._start_game(g)
    app.plotting_side = g.current
    app.selected_unit = None
    app.refresh()
    side = g.current
    for i, key in presses:
        own = sorted(k for k, u in g.units.items() if u.side == side and u.alive)
        unit = own[i % len(own)]
        app.board.simulate_click(g.board.labels[g.units[unit].hex], unit)
        twin = g.copy()
        if key:
            with contextlib.suppress(IllegalOrder):
                twin.order(twin.key_order(side, unit, key))
        else:
            feats = twin.feature_orders(side, unit)
            if len(feats) == 1 and not feats[0].needs:
                twin.order(Order(side, feats[0].kind, unit, {}))
        app.board.simulate_key(str(key))
        app.builder.cancel_pending()
        assert g.snapshot() == twin.snapshot()
        if g.over:
            break


def test_the_first_side_event_is_said_in_words():
    """The turn summary and the log word the roll for the first side, not as ``kind: key``."""
    from hexplay.games.aggressor.ui.events import describe_event

    g = hexplay.new_game("aggressor", seed=3)
    play(g, [RandomPlayer("west", 1), RandomPlayer("east", 2)], max_turns=0)
    first = [e for e in g.view("west")["events"] if e.get("kind") == "first"]
    assert first and describe_event(first[0]) == f"{g.first} moves first"
