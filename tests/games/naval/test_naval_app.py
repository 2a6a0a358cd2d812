"""The naval app: GameApp(game="naval") with NavalUI — counters, plotting by clicks, the odds
shown against the engine's exact distribution, every phase of a seeded game rendered, and the
wire check (nothing the side at the screen may not know, in hot seat and against the computer).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_widgets_shell import Wire, _all_states, _secrets_in

import hexplay
from hexplay.engine.protocol import Order
from hexplay.games.naval.ui.adapter import NavalUI, counters_from_view, pct, steps_text
from hexplay.registry import game_entry
from hexplay.widgets.counters import HIDDEN_FIELDS, validate_counters
from hexplay.widgets.game_app import GameApp


def _click(app: Any, hex: Any = None, unit: Any = None) -> None:
    """A browser click message as the page sends it (through the board's comm handler)."""
    app.board._handle_custom_msg({"type": "click", "hex": hex, "unit": unit}, [])
    app.board.flush_after_answer()


def _app(seed: int = 1, **kw: Any) -> GameApp:
    kw.setdefault("vs_computer", "ijn")
    return GameApp(hexplay.new_game("naval", seed=seed), seed=seed, **kw)


def _position_with_targets(seed: int = 0) -> Any:
    """A Kula Gulf game played by the scripted players until the USN has a torpedo target."""
    g = hexplay.new_game("naval", seed=seed)
    entry = game_entry("naval")
    players = {s: entry.player("scripted", s, seed=i) for i, s in enumerate(g.info.sides)}
    for _ in range(20):
        if g.view("usn")["targets"]["torpedo"]:
            return g
        for s in g.to_act():
            players[s].act(g)
            if s in g.to_act():
                g.submit(s)
        g.advance()
    raise AssertionError("no torpedo target in 20 turns")


@pytest.fixture(scope="module")
def targets_game() -> Any:
    return _position_with_targets(0)


# --- counters ----------------------------------------------------------------------------------
def test_the_registry_names_the_naval_adapter_and_counters_are_valid_ships():
    app = _app()
    assert isinstance(app.ui, NavalUI)
    g = app.game
    view = g.view("usn")
    ids = {u["id"] for u in app.board.units}
    assert ids == {k for k, u in view["units"].items() if u["hex"]}
    # no IJN ship spotted at turn 1: each is face down, its hex and colour only
    ijn = [u for u in app.board.units if u["side"] == "ijn"]
    assert ijn and all(u["hidden"] and set(u) <= set(HIDDEN_FIELDS) for u in ijn)
    assert sorted(u["hex"] for u in ijn) == sorted(
        g.label(s.hex) for s in g.ships.values() if s.side == "ijn" and s.hex is not None
    )
    cl = next(u for u in app.board.units if u["id"] == "CL3a")
    assert cl["glyph"] == {"kind": "ship"} and cl["facing"] == 5 and cl["speed"] == 5  # nw
    assert cl["corners"]["tl"] == "CL" and cl["corners"]["bl"] == "17-0"
    dd = next(u for u in app.board.units if u["id"] == "DD6a")
    assert dd["corners"]["tl"] == "DD T1"  # one torpedo salvo left
    # the land of configuration C is the map's terrain: drawn by the board
    assert "land" in app.board._map["terrain_names"]
    validate_counters(app.board.units, badges=app.ui.style(app.game).badge_codes())
    legend = [text for _c, text in app.board.counter_style["legend"]]
    assert "gun range" in legend and "radar range" not in legend  # no radar in July 1943


def test_hit_spotted_and_dead_in_the_water_badges():
    view = {
        "turn": 3,
        "units": {
            "X": {
                "side": "ijn",
                "hex": "1010",
                "facing": "s",
                "speed": 0,
                "type": "DD",
                "torpedo": 6,
                "salvos": 2,
                "torpedo_ready": 5,
                "gunnery": 2,
                "p_hits": 1,
                "w_hits": 1,
                "spotted": "b",
                "spotted_why": "within 8 hexes",
                "troops": True,
            },
            "Y": {"side": "ijn", "hex": None, "facing": "n", "speed": 4},
        },
    }
    (c,) = counters_from_view(view)  # Y is off the map: no counter
    assert c["facing"] == 3 and c["speed"] == 0
    assert c["badges"] == ["PW", "spotted", "reload", "troops", "DIW"]
    assert c["corners"] == {"tl": "DD T2", "bl": "2-6"}


# --- plotting by clicks ------------------------------------------------------------------------
def test_a_path_built_by_clicks_is_the_engines_path_cost_and_final_speed_facing():
    app = _app(seed=2)
    g = app.game
    sid = "DD6a"
    _click(app, app.units_by_id[sid]["hex"], sid)
    assert app.selected_unit == sid
    reach = app.board.overlays["reachable"]
    assert reach == app.ui.reachable(app.context(), sid) and reach
    # a hex that needs a turn, then on from there
    first = min((h for h, c in reach.items() if c >= 3), key=lambda h: (reach[h], h))
    _click(app, first)
    p1 = g.plotted(sid)
    assert p1["end"] == first and p1["cost"] == reach[first]
    # the range rings follow the plot's end: each its centre and radius (the board draws the
    # hexes exactly that far: tests/ui/test_naval_app.py)
    rings = {m["name"]: m["ring"] for m in app.board.markings["markings"]}
    assert rings == {
        "gun range 6": {"centre": first, "radius": 6},
        "gun extended range 12": {"centre": first, "radius": 12},
        "torpedo range 6": {"centre": first, "radius": 6},
        "spotting range 8": {"centre": first, "radius": 8},
    }
    reach2 = app.board.overlays["reachable"]  # from the plot's new end
    assert reach2 == app.ui.reachable(app.context(), sid) and first not in reach2
    second = min(h for h in reach2 if reach2[h] == p1["left"])  # every point spent
    _click(app, second)
    p2 = g.plotted(sid)
    assert p2["end"] == second and p2["cost"] == p1["cost"] + reach2[second]
    # the engine's own figures are what the Ship panel shows
    panel = app.ui.ship_panel.value
    assert f"data-cost='{p2['cost']}'" in panel and f"data-left='{p2['left']}'" in panel
    assert f"data-final='{p2['final']}'" in panel
    assert steps_text(p2["steps"], p2["hexes"]) in panel
    # the same steps plotted whole on a copy give the same cost and end
    c = g.copy()
    c.undo("usn", sid)
    c.undo("usn", sid)
    c.order(Order("usn", "plot", sid, {"steps": list(p2["steps"])}))
    assert {k: c.plotted(sid)[k] for k in ("cost", "end", "final")} == {
        k: p2[k] for k in ("cost", "end", "final")
    }
    # the final speed from the builder's menu, then the turn: the ship ends where shown
    app.builder.click_task("speed")
    assert app.builder.pending["needs"] == "choice"
    app.builder.choice.value = str(min(g.plotted(sid)["speed_options"]))
    app.builder.finish()
    final = g.plotted(sid)["final"]
    assert final.startswith(app.builder.choice.value + "/")
    app.end_plot()
    assert g.turn == 2
    ship = g.view("usn")["units"][sid]
    assert ship["hex"] == second and f"{ship['speed']}/{ship['facing']}" == final


def test_an_unreachable_hex_plots_nothing_and_says_why():
    app = _app(seed=2)
    g = app.game
    _click(app, app.units_by_id["CL3a"]["hex"], "CL3a")
    far = next(h for h in g.map.hex_labels if g.map.distance(h, "3919") > 10)
    before = g.snapshot()
    _click(app, far)
    assert g.snapshot() == before
    # said by the board, naming the move order's rule and the points left
    assert f"cannot reach {far} with the 5 MP left" in app.click_status.value
    move = next(lo for lo in g.legal_orders("usn", "CL3a") if lo.kind == "move")
    assert move.rule and app.click_text.startswith(move.rule)


def test_turn_and_ahead_buttons_reach_the_engine_and_the_panel_follows():
    app = _app(seed=3)
    g = app.game
    sid = "DD6b"
    _click(app, app.units_by_id[sid]["hex"], sid)
    app.builder.click_task("turn")
    app.builder.choice.value = "right"
    app.builder.finish()
    app.builder.click_task("ahead")
    p = g.plotted(sid)
    assert p["steps"] == "RA" and p["cost"] == 2
    assert "data-cost='2'" in app.ui.ship_panel.value
    assert app.board.overlays["paths"] == [
        {"unit": sid, "side": "usn", "hexes": [app.units_by_id[sid]["hex"], *p["hexes"]]}
    ]
    app.builder.undo_last()
    assert g.plotted(sid)["steps"] == "R"


# --- the odds shown are the engine's -----------------------------------------------------------
def test_the_torpedo_and_gunnery_odds_shown_are_the_engines_exact_distribution(targets_game):
    g = targets_game
    app = GameApp(g, vs_computer="ijn", seed=0)
    side = "usn"
    target = g.view(side)["targets"]["torpedo"][0]
    firer = next(
        sid
        for sid, u in g.view(side)["units"].items()
        if u["side"] == side and any(lo.kind == "torpedo" for lo in g.legal_orders(side, sid))
    )
    _click(app, app.units_by_id[firer]["hex"], firer)
    _click(app, app.units_by_id[target]["hex"], target)
    shown = app.ui.odds_shown
    assert shown["firer"] == firer and shown["target"] == target
    assert shown["torpedo"] == g.attack_odds(side, "torpedo", [firer], target)
    assert shown["gunnery"] == g.attack_odds(side, "gunnery", [firer], target)
    panel = app.ui.attack_panel.value
    tor = shown["torpedo"]
    assert sum(tor["outcome"].values()) == 1 and "S" in tor["outcome"]
    for p in (*tor["outcome"].values(), *tor["crt"].values(), *shown["gunnery"]["crt"].values()):
        assert pct(p) in panel
    assert app.tabs.selected_index == app.tab_index["Attack"]
    # the panel's button plots the torpedo attack: the engine has it, the odds stay shown
    assert app.ui.attack_buttons["torpedo"].layout.display == ""
    before = g.snapshot()
    app.ui.attack_buttons["gunnery"].layout.display = "none"
    app.ui.attack_buttons["gunnery"].click()  # hidden: a guarded button does nothing
    assert g.snapshot() == before
    app.ui.attack_buttons["torpedo"].click()
    assert g.plots[side][firer].torpedo == target
    # a second ship's gunnery at the same target: the planned attack sums both
    other = next(
        sid
        for sid, u in g.view(side)["units"].items()
        if u["side"] == side and sid != firer and u["hex"] and u["gunnery"] > 0
    )
    g.order(Order(side, "gunnery", other, {"target": target}))
    app.refresh()
    app.ui.show_attack(app.context(), firer, target)
    assert app.ui.odds_shown["gunnery"] == g.attack_odds(side, "gunnery", [other, firer], target)


def test_a_torpedo_target_named_by_clicking_the_enemy_counter(targets_game):
    g = targets_game.copy()
    app = GameApp(g, vs_computer="ijn", seed=0)
    target = g.view("usn")["targets"]["torpedo"][0]
    firer = next(
        sid
        for sid in g.view("usn")["units"]
        if any(lo.kind == "torpedo" for lo in g.legal_orders("usn", sid))
    )
    _click(app, app.units_by_id[firer]["hex"], firer)
    app.builder.click_task("torpedo")
    assert app.builder.pending["needs"] == "target"
    _click(app, app.units_by_id[target]["hex"], target)
    assert g.plots["usn"][firer].torpedo == target
    assert any(f["target"] == target and f["label"] == "T" for f in app.board.overlays["fires"])


# --- every phase of a seeded game --------------------------------------------------------------
def test_every_phase_of_a_seeded_game_renders_to_the_end_then_charts_and_replay():
    app = _app(seed=5)
    g = app.game
    labels = dict(zip(g.map.hex_labels, range(len(g.map.hex_labels))))
    rng = np.random.default_rng(5)
    seen_enemy = False
    for _ in range(40):
        if g.over:
            break
        validate_counters(app.board.units, labels, app.ui.style(app.game).badge_codes())
        assert "VP IJN" in app.controls.status.value or app.ui.status(app.view, app.context())
        assert "spotting range" in app.ui.spotting_panel.value
        assert "level of victory" in app.ui.victory_panel.value
        level = f"<span class='hexplay-naval-level'>{g.victory()['level']}</span>"
        assert level in app.ui.victory_panel.value
        assert "IJN major from 5.00" in app.ui.victory_panel.value
        seen_enemy |= any(u["side"] == "ijn" for u in app.board.units)
        own = [u for u in app.board.units if u["side"] == "usn"]
        u = own[int(rng.integers(len(own)))]
        _click(app, u["hex"], u["id"])
        assert app.ui.ship_panel.value.startswith(f"<b>{u['id']}</b>")
        reach = app.ui.reachable(app.context(), u["id"])
        if reach:
            _click(app, sorted(reach)[int(rng.integers(len(reach)))])
        app.end_plot()
        if g.turn > 1 and not g.over:
            assert app.ui.charts_panel.value.count("plot chart") == 1  # its own only
    assert g.over and seen_enemy
    # after the game: both plot charts, the log, the replay turn by turn
    assert app.ui.charts_panel.value.count("plot chart") == 2
    assert "IJN plot chart" in app.ui.charts_panel.value
    rows = sum(len(r) for c in g.chart for r in c["plots"].values())
    assert app.ui.charts_panel.value.count("<tr>") == rows + 2  # a header row per side
    assert len(app.record.rows) == rows
    assert app.replay.layout.display == "" and app.replay.slider.max == g.turn
    assert app.results.events and app.record.rows
    app.show_turn(1)
    first = {u["id"]: u["hex"] for u in app.board.units}
    app.show_turn(g.turn)
    last = {u["id"]: u["hex"] for u in app.board.units}
    assert first != last and set(first) >= {"DD4a", "CL3a"}


# --- the wire: nothing the side at the screen may not know ------------------------------------
def _allowed(g: Any, side: str, everyone: set[str]) -> set[str]:
    """Ship ids the engine lets ``side`` know now (its view, its events, its plot chart)."""
    text = json.dumps([g.view(side), g.events_seen(side), g.plot_chart(side)], default=str)
    return {u for u in everyone if _secrets_in(text, {u})}


def _enemy_plot_marks(g: Any, side: str) -> list[str]:
    """Text that only the enemy's plot holds: its ships' plotted paths as the app writes them."""
    enemy = "ijn" if side == "usn" else "usn"
    out = []
    for sid, p in g.plots[enemy].items():
        hexes = g.plotted(sid)["hexes"]
        if len(hexes) >= 2:
            out.append(json.dumps(hexes)[1:-1])
            out.append(steps_text(p.steps, hexes))
    return out


def _without_deletions(messages: list[str]) -> str:
    """The messages with the board's counter deletions (``units.del``) left out: the ids of
    counters the page already shows, which it is told to remove (see the strict test below)."""
    out = []
    for m in messages:
        d = json.loads(m)
        units = (d or {}).get("state", {}).get("units") if isinstance(d, dict) else None
        if isinstance(units, dict):
            units.pop("del", None)
        out.append(json.dumps(d))
    return "\n".join(out)


def _wire_check(
    app: Any, wire: Wire, everyone: set[str], what: str, deletions: bool = False
) -> None:
    g = app.game
    if g.over:
        return  # the end: both sides see everything, by the rules
    if app.handover:
        allowed = _allowed(g, "ijn", everyone) & _allowed(g, "usn", everyone)
        marks = _enemy_plot_marks(g, "ijn") + _enemy_plot_marks(g, "usn")
    else:
        allowed = _allowed(g, app.viewer, everyone)
        marks = _enemy_plot_marks(g, app.viewer)
    secrets = everyone - allowed
    sent = "\n".join(wire.messages) if deletions else _without_deletions(wire.messages)
    wire.messages.clear()
    states = _all_states(app)
    assert _secrets_in(sent, secrets) == [], f"sent to the browser ({what})"
    assert _secrets_in(states, secrets) == [], f"in a widget's state ({what})"
    for m in marks:
        assert m not in sent and m not in states, f"the enemy plot ({what}): {m}"


def _play_like_a_human(app: Any, rng: np.random.Generator, everyone: set[str]) -> None:
    own = [u for u in app.board.units if u["side"] == app.plotting_side]
    foes = [u for u in app.board.units if u["side"] != app.plotting_side]
    hidden = sorted(everyone - set(app.units_by_id))
    for k in rng.permutation(len(own))[:3]:
        u = own[int(k)]
        _click(app, u["hex"], u["id"])
        reach = app.ui.reachable(app.context(), u["id"])
        if reach:
            _click(app, sorted(reach)[int(rng.integers(len(reach)))])
        if foes:
            f = foes[int(rng.integers(len(foes)))]
            _click(app, f["hex"], f["id"])
        if hidden:  # a page naming a ship the side does not know: ignored
            _click(app, None, hidden[int(rng.integers(len(hidden)))])
        codes = app.builder.task_codes()
        if codes:
            app.builder.click_task(codes[int(rng.integers(len(codes)))])
            if app.builder.pending and app.builder.pending["needs"] == "target" and foes:
                f = foes[int(rng.integers(len(foes)))]
                _click(app, f["hex"], f["id"])
            app.builder.cancel_pending()


@pytest.mark.parametrize("vs", [None, "ijn", "usn"])
def test_wire_holds_no_unspotted_enemy_and_no_enemy_plot(monkeypatch, targets_game, vs):
    wire = Wire(monkeypatch)
    g = targets_game.copy()
    app = GameApp(g, vs_computer=vs, hot_seat=True, seed=3)
    everyone = set(g.view("referee")["units"])
    rng = np.random.default_rng(11)
    hidden_once = False
    _wire_check(app, wire, everyone, "start")
    for step in range(6):
        if g.over:
            break
        if app.handover:
            app.take_over()
            _wire_check(app, wire, everyone, f"take over {step}")
        hidden_once |= bool(everyone - _allowed(g, app.viewer, everyone))
        _play_like_a_human(app, rng, everyone)
        _wire_check(app, wire, everyone, f"clicks {step}")
        app.end_plot()
        _wire_check(app, wire, everyone, f"end plot {step}")
    assert hidden_once


def test_hand_over_message_names_no_ship_of_the_side_leaving(monkeypatch, targets_game):
    wire = Wire(monkeypatch)
    app = GameApp(targets_game.copy(), vs_computer=None, hot_seat=True, seed=3)
    everyone = set(app.game.view("referee")["units"])
    wire.take()
    app.end_plot()
    assert app.handover
    _wire_check(app, wire, everyone, "hand-over", deletions=True)


def test_hot_seat_blanks_every_naval_panel_between_sides():
    app = _app(seed=4, vs_computer=None, hot_seat=True)
    assert app.plotting_side == "ijn"
    _click(app, app.units_by_id["DD4a"]["hex"], "DD4a")
    assert app.ui.ship_panel.value
    side = app.plotting_side
    app.end_plot()
    assert app.handover and app.plotting_side != side and app.board.units == []
    for w in (app.ui.ship_panel, app.ui.spotting_panel, app.ui.victory_panel, app.ui.charts_panel):
        assert w.value == ""
    assert app.ui.odds_shown == {}
    app.take_over()
    shown = {u["side"] for u in app.board.units if not u.get("hidden")}
    assert shown == {app.plotting_side}  # the enemy's ships face down (none spotted)


def test_referee_sees_every_ship_and_both_plots():
    app = _app(seed=1, vs_computer=None, referee=True, hot_seat=False)
    assert {u["side"] for u in app.board.units} == {"ijn", "usn"}
    _click(app, app.units_by_id["DD4a"]["hex"], "DD4a")
    assert app.plotting_side == "ijn"
    reach = app.ui.reachable(app.context(), "DD4a")
    _click(app, sorted(reach)[0])
    assert app.game.plots["ijn"]["DD4a"].steps


def test_pct_is_exact():
    assert pct(Fraction(1, 3)) == "1/3 (33.3%)"


# --- the reach table (a wrapped query) against the engine ------------------------------------
def _brute_force_reach(g: Any, sid: str) -> dict[str, int]:
    """Fewest points to enter each hex, over every step list the engine accepts (plain)."""
    from itertools import product

    mp = g.view("usn")["units"][sid]["speed"]
    best: dict[str, int] = {}
    for n in range(1, mp + 1):
        for steps in product("ALR", repeat=n):
            if steps[-1] != "A":
                continue
            try:
                r = g.path_cost(sid, steps)
            except Exception:
                continue
            if r["end"] is not None and not r["left_map"]:
                best[r["end"]] = min(best.get(r["end"], 99), r["cost"])
    return best


@pytest.mark.parametrize("sid", ["DD6a", "CL3b"])
def test_reach_table_is_the_fewest_points_and_each_path_plots_at_that_cost(sid):
    app = _app(seed=6)
    g = app.game
    _click(app, app.units_by_id[sid]["hex"], sid)
    table = app.ui.reach_table(app.context(), sid)
    start = app.units_by_id[sid]["hex"]
    assert {h: c for h, (c, _p) in table.items() if h != start} == {
        h: c for h, c in _brute_force_reach(g, sid).items() if h != start
    }
    for hx, (cost, path) in table.items():
        g.order(Order("usn", "move", sid, {"path": list(path)}))
        p = g.plotted(sid)
        assert (p["end"], p["cost"]) == (hx, cost)
        g.undo("usn", sid)


def test_naval_app_plays_against_the_computer_by_default():
    from hexplay.games.naval.app import naval_app

    app = naval_app(seed=1)
    assert app.humans == ["usn"] and app.computers["ijn"] is not None
    app.end_plot()
    assert app.game.turn == 2 and not app.handover
    horaniu = naval_app("horaniu", seed=1, vs_computer="usn")
    assert horaniu.plotting_side == "ijn" and horaniu.game.scenario.turns == 15


# --- random clicks: the app always shows the engine's state -------------------------------------

_CLICKS = st.lists(
    st.tuples(
        st.sampled_from(["hex", "own", "foe", "hidden", "task", "undo"]), st.integers(0, 10**6)
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=25, deadline=None)
@given(clicks=_CLICKS)
def test_random_clicks_keep_the_board_and_panels_equal_to_the_engine(targets_game, clicks):
    g = targets_game.copy()
    app = GameApp(g, vs_computer="ijn", seed=0)
    everyone = sorted(g.view("referee")["units"])
    labels = g.map.hex_labels
    for what, k in clicks:
        own = [u for u in app.board.units if u["side"] == "usn"]
        foes = [u for u in app.board.units if u["side"] != "usn"]
        if what == "hex":
            _click(app, labels[k % len(labels)])
        elif what == "own" and own:
            u = own[k % len(own)]
            _click(app, u["hex"], u["id"])
        elif what == "foe" and foes:
            u = foes[k % len(foes)]
            _click(app, u["hex"], u["id"])
        elif what == "hidden":
            _click(app, None, everyone[k % len(everyone)])
        elif what == "task" and app.builder.task_codes():
            codes = app.builder.task_codes()
            app.builder.click_task(codes[k % len(codes)])
        elif what == "undo":
            app.builder.undo_last()
        view = g.view("usn")
        assert app.board.units == validate_counters(counters_from_view(view))
        sel = app.selected_unit
        if sel is not None and sel in g.plots["usn"]:
            p = g.plotted(sel)
            assert f"data-cost='{p['cost']}'" in app.ui.ship_panel.value
            assert f"data-final='{p['final']}'" in app.ui.ship_panel.value
        for path in app.board.overlays.get("paths", []):
            assert path["side"] == "usn" and path["hexes"][1:] == g.plotted(path["unit"])["hexes"]
