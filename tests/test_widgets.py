"""Python-side widget tests (no browser): traits, messages, secrecy, odds panel data."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from hexplay.hexgrid import OffsetLayout, hexside_of
from hexplay.maps import Map
from hexplay.widgets import HexBoard, map_payload


def small_map() -> Map:
    lay = OffsetLayout(12, 10)
    t = np.zeros((12, 10), dtype=int)
    t[2:4, 2:5] = 1
    slope = frozenset(hexside_of(lay.to_hex(6, 5), d) for d in range(3))
    roads = frozenset(hexside_of(lay.to_hex(3, r), 3) for r in range(1, 10))
    elev = np.arange(120).reshape(12, 10) // 30
    return Map("test", lay, ("open", "trees"), t, {"slope": slope}, roads=roads, elevation=elev)


class Recorder:
    """Captures what a widget would send over its comm."""

    def __init__(self, widget: Any) -> None:
        self.messages: list[dict] = []
        self.buffers: list[list] = []
        widget.comm.send = self.send  # type: ignore[method-assign]

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.messages.append(data)
        self.buffers.append(list(buffers or []))

    def states(self) -> list[dict]:
        """The state each message carried: state updates and a browser click's answer (a
        custom ``{"type": "answer", "state"}`` message: HexBoard.send_state)."""
        out = []
        for m in self.messages:
            if m and m.get("method") == "update":
                out.append(m["state"])
            elif m and m.get("method") == "custom" and m["content"].get("type") == "answer":
                out.append(m["content"]["state"])
        return out

    def state_keys(self) -> set[str]:
        keys: set[str] = set()
        for state in self.states():
            keys.update(state)
        return keys


def test_map_payload_is_compact_binary():
    m = small_map()
    p = map_payload(m)
    terrain = np.frombuffer(bytes(p["terrain"]["data"]), dtype=p["terrain"]["dtype"])
    assert terrain.tolist() == m.terrain_flat().tolist()
    slopes = np.frombuffer(bytes(p["hexside_features"]["slope"]["data"]), dtype="<i2")
    assert sorted(map(tuple, slopes.reshape(-1, 3).tolist())) == sorted(
        tuple(s) for s in m.hexside_features["slope"]
    )
    roads = np.frombuffer(bytes(p["roads"]["data"]), dtype="<i2").reshape(-1, 3)
    assert len(roads) == len(m.roads)
    elev = np.frombuffer(bytes(p["elevation"]["data"]), dtype="<i2")
    assert elev.tolist() == m.elevation.reshape(-1).tolist()
    assert p["palette"]["trees"] != p["palette"]["open"]
    assert "labels" not in p  # computed in the browser from cols/rows/label style


def test_static_map_is_sent_once_and_not_on_updates():
    b = HexBoard(small_map())
    rec = Recorder(b)
    b.units = [{"id": "A1", "side": "adversary", "kind": "man", "hex": "0303", "status": "fit"}]
    b.set_overlay("visible", ["0303", "0304"])
    b.selected = "A1"
    b.show_labels = False
    keys = rec.state_keys()
    assert {"units", "overlays", "selected", "show_labels"} <= keys
    assert "_map" not in keys
    for msg, bufs in zip(rec.messages, rec.buffers):  # no map payload re-sent: the only
        if bufs:  # binary data is the visible overlay's two hex indices
            assert set(msg["state"]) == {"overlays"} and sum(len(bytes(b)) for b in bufs) == 4
    b.set_map(small_map())  # the same map again: equal payload, nothing sent
    assert "_map" not in rec.state_keys()
    m2 = small_map().with_changes(terrain={"0101": "trees"})
    b.set_map(m2)
    assert "_map" in rec.state_keys()
    assert any(rec.buffers)


def test_click_message_dispatches_to_callbacks():
    b = HexBoard(small_map())
    seen: list[dict] = []
    b.on_click(seen.append)
    b._handle_custom_msg({"type": "click", "hex": "0303", "unit": "A1"}, [])
    assert seen == [
        {"type": "click", "hex": "0303", "unit": "A1", "occupant": None, "shift": False}
    ]
    # off-map or malformed intents are ignored
    b._handle_custom_msg({"type": "click", "hex": "9999", "unit": None}, [])
    b._handle_custom_msg("garbage", [])
    assert len(seen) == 1
    b.on_click(seen.append, remove=True)
    b.simulate_click("0304")
    assert len(seen) == 1


def test_hover_callback_turns_on_hover_messages():
    b = HexBoard(small_map())
    assert not b.send_hover
    got: list[dict] = []
    b.on_hover(got.append)
    assert b.send_hover
    b._handle_custom_msg({"type": "hover", "hex": "0505"}, [])
    assert got[0]["hex"] == "0505"
    b.on_hover(got.append, remove=True)
    assert not b.send_hover


def test_los_overlay_from_trace():
    m = small_map()
    b = HexBoard(m)
    from hexplay.sight import OPEN_SIGHT  # a map without a sight model needs one passed

    trace = m.los("0101", "0808", OPEN_SIGHT)
    b.show_los(trace)
    los = b.overlays["los"]
    assert los["from"] == "0101" and los["to"] == "0808"
    assert los["clear"] is trace.clear
    assert los["hexes"] == list(trace.hexes)
    b.clear_overlays("los")
    assert "los" not in b.overlays


def test_overlay_helpers():
    b = HexBoard(small_map())
    b.show_reachable({"0303": 1, "0304": 2.5})
    b.show_visible(["0303"])
    assert b.overlays["reachable"] == {"0303": 1.0, "0304": 2.5}
    b.set_overlay_visible("visible", False)
    assert b.overlay_visibility["visible"] is False
    b.clear_overlays()
    assert b.overlays == {}


def test_static_assets_exist():
    from hexplay.widgets.board import STATIC

    js = (STATIC / "board.js").read_text()
    assert "hexplay-board" in js and "data-hex" in js and "hexplay-los" in js
    assert (STATIC / "board.css").exists()


@pytest.mark.parametrize("style", ["ccrr", "letters"])
def test_label_styles_need_no_label_list(style):
    m = small_map()
    m2 = Map("t", m.layout, m.terrain_names, m.terrain, label_style=style)
    assert "labels" not in map_payload(m2)


# --- panels ------------------------------------------------------------------------------------


def test_odds_panel_shows_engine_odds_and_heatmap():
    from hexplay.games.skirmish import kill_probability_grid, odds
    from hexplay.games.skirmish.ui.odds import HEATMAP_POSTURES, HEATMAP_RANGES, OddsPanel

    p = OddsPanel()
    o = odds(22, 5)  # worked example: X fires at B, 4:1
    p.show(o, "X → B")
    assert p.bar_values() == pytest.approx([float(o.kill), float(o.wound), float(o.miss)])
    assert "4:1" in p.text.value and "&lt;5:1" in p.text.value  # escaped column label
    postures = [pp for _, pp in HEATMAP_POSTURES]
    expect = kill_probability_grid("rifle", postures, HEATMAP_RANGES)
    np.testing.assert_allclose(np.asarray(p.heat.color, dtype=float), expect)
    p.set_weapon("shotgun")
    expect = kill_probability_grid("shotgun", postures, HEATMAP_RANGES)
    np.testing.assert_allclose(np.asarray(p.heat.color, dtype=float), expect)
    assert p.weapon.value == "shotgun"
    p.show(None)
    assert p.bar_values() == [0.0, 0.0, 0.0]  # no attack: no bars


def test_results_log_describes_shots_moves_and_barrier_work():
    from hexplay.widgets.log import ResultsLog

    log = ResultsLog()
    log.set_events(
        [
            {"turn": 1, "phase": "combat", "kind": "fire", "firer": "A1", "target": "G1",
             "attack": 22, "defence": 5, "ratio": "4:1", "die": 1, "result": "K"},
            {"turn": 1, "phase": "movement", "kind": "move", "man": "A2",
             "path": ["1325", "1326"]},
            {"turn": 2, "phase": "maintenance", "kind": "barrier work", "workers": 2,
             "points": 25, "total": 25},
        ]
    )  # fmt: skip
    lines = log.lines()
    assert "die 1" in lines[0] and "KILLED" in lines[0] and "22:5" in lines[0]
    assert "1325-1326" in lines[1]
    assert "+25" in lines[2]
    assert "hexplay-K" in log.html.value


class FakeController:
    """A stand-in game side for the plot builder: DF needs a visible target, AP 10."""

    def __init__(self) -> None:
        self.tasks: dict[str, list[str]] = {}

    def legal_orders(self, unit):
        from hexplay.engine.protocol import LegalOrder, Need

        needs = {
            "DF": (Need("target", "unit", ()),),
            "MP": (Need("path", "path", ()),),
            "BW": (),
        }
        return [LegalOrder("adversary", k, unit, {}, n) for k, n in needs.items()]

    def pick(self, need, hex, unit, occupant):
        return occupant or unit or hex

    def order(self, order):
        self.plot(order.unit, order.kind, **order.args)

    def plot(self, unit, code, target=None, path=None, hexes=None):
        from hexplay.engine import IllegalOrder

        if code == "DF" and target != "G1":
            raise IllegalOrder("Table III", f"{unit} cannot see {target}")
        if self.ap_left(unit) < 5:
            raise IllegalOrder("Table II", "not enough AP")
        self.tasks.setdefault(unit, []).append(f"{code} {target or '-'.join(path or [])}".strip())

    def undo(self, unit):
        self.tasks[unit].pop()

    def ap_left(self, unit):
        return 10 - 5 * len(self.tasks.get(unit, []))

    def reach(self, unit):
        from hexplay.engine.protocol import Reach

        return Reach(unit=unit, cost_unit="AP", left=self.ap_left(unit), total=10)

    def plotted(self, unit):
        return list(self.tasks.get(unit, []))

    def unit_hex(self, unit):
        return "0620"


def test_plot_builder_picks_targets_and_shows_engine_errors():
    from hexplay.widgets.controls import PlotBuilder

    c = FakeController()
    b = PlotBuilder(c)
    b.set_unit("A1")
    assert b.task_codes() == ["DF", "MP", "BW"]
    b.click_task("DF")
    assert b.pending and b.pending["needs"] == "target"
    assert b.handle_click("1324", "A9")  # not visible: refused with the rule's name
    assert "Table III" in b.error.value and c.plotted("A1") == []
    b.click_task("DF")
    b.handle_click("1219", "G1")
    assert c.plotted("A1") == ["DF G1"] and b.ap.value == 5
    b.click_task("MP")
    b.handle_click("0621", None)
    b.handle_click("0622", None)
    b.finish()
    assert c.plotted("A1") == ["DF G1", "MP 0621-0622"] and b.ap.value == 0
    b.click_task("BW")
    assert "not enough AP" in b.error.value
    b.undo_last()
    assert c.plotted("A1") == ["DF G1"]
    assert not b.handle_click("0101", None)  # not picking: click not consumed


def test_turn_timer_counts_down_and_fires():
    from hexplay.widgets.controls import TurnTimer

    t = TurnTimer(minutes=0.5)
    fired = []
    t.on_expire = lambda: fired.append(True)
    t.remaining = 2
    t.tick()
    t.tick()
    t.tick()
    assert fired == [True] and t.remaining == 0


# --- the SKIRMISH app (real engine) ------------------------------------------------------------

skirmish_game = pytest.importorskip("hexplay.games.skirmish.game")


@pytest.fixture(scope="module")
def hot_seat_app():
    from hexplay.widgets import SkirmishApp

    return SkirmishApp(seed=3, vs_computer=None, hot_seat=True)


def _board_ids(app) -> set[str]:
    return {u["id"] for u in app.board.units}


def _allowed_ids(app, side: str) -> set[str]:
    v = app.game.view(side)
    return set(v["units"]) | set(v.get("last_known", {}))


def test_app_board_shows_only_the_plotting_sides_view(hot_seat_app):
    app = hot_seat_app
    assert app.plotting_side == "adversary" and not app.referee
    assert _board_ids(app) <= _allowed_ids(app, "adversary")
    own = {u for u, d in app.game.units.items() if d.get("side") == "adversary"}
    assert own <= _board_ids(app)


def test_app_click_selects_and_plots_through_the_engine(hot_seat_app):
    app = hot_seat_app
    g = app.game
    man = next(u for u in app.board.units if u["side"] == "adversary" and u["kind"] == "man")
    app.board._handle_custom_msg({"type": "click", "hex": man["hex"], "unit": man["id"]}, [])
    assert app.board.selected == man["id"] and app.builder.unit == man["id"]
    assert app.builder.task_codes() == g.legal_tasks("adversary", man["id"])
    assert "MP" in app.builder.task_codes()
    # an illegal move: a hex far away is not adjacent; the engine's message is shown verbatim
    app.builder.click_task("MP")
    far = next(lab for lab in g.map.hex_labels if g.map.distance(lab, man["hex"]) > 3)
    app.board._handle_custom_msg({"type": "click", "hex": far, "unit": None}, [])
    app.builder.finish()
    assert g.plotted("adversary", man["id"]) == []
    assert "&#9888;" in app.builder.error.value and len(app.builder.error.value) > 20
    # a legal one-hex move, picked on the board
    step = next(n for n in g.map.neighbor_labels(man["hex"]) if n in app.reachable(man["id"]))
    app.builder.click_task("MP")
    app.board._handle_custom_msg({"type": "click", "hex": step, "unit": None}, [])
    app.builder.finish()
    plotted = g.plotted("adversary", man["id"])
    assert [t["code"] for t in plotted] == ["MP"] and plotted[0]["path"] == [step]
    assert any(p["unit"] == man["id"] for p in app.board.overlays.get("paths", []))
    app.builder.undo_last()
    assert g.plotted("adversary", man["id"]) == []
    app.builder.click_task("MP")
    app.board._handle_custom_msg({"type": "click", "hex": step, "unit": None}, [])
    app.builder.finish()
    assert len(g.plotted("adversary", man["id"])) == 1
    # no unit selected: Undo last takes back the side's last order (the engine's undo(side))
    app.builder.set_unit(None)
    app.builder.undo_last()
    assert g.plotted("adversary", man["id"]) == [] and app.builder.error.value == ""
    app.builder.undo_last()  # nothing left: the engine's refusal, shown
    assert "no task to undo" in app.builder.error.value
    app.builder.set_unit(man["id"])  # the move plotted again (the next test hands it over)
    app.builder.click_task("MP")
    app.board._handle_custom_msg({"type": "click", "hex": step, "unit": None}, [])
    app.builder.finish()
    assert len(g.plotted("adversary", man["id"])) == 1


def test_hot_seat_secrecy_between_plots(hot_seat_app):
    app = hot_seat_app
    g = app.game
    secret = {u for u, ts in g.plots.orders["adversary"].items() if ts}
    assert secret  # the previous test plotted an adversary move
    app.end_plot()
    assert g.plots.submitted["adversary"] and app.plotting_side == "defender"
    assert app.handover and app.board.units == [] and app.board.overlays == {}
    app.take_over()
    assert not app.handover
    assert _board_ids(app) <= _allowed_ids(app, "defender")
    hidden = set(g.view("referee")["units"]) - _allowed_ids(app, "defender")
    assert not (hidden & _board_ids(app))
    # nothing of the adversary's plot reaches the widget state
    for p in app.board.overlays.get("paths", []) + app.board.overlays.get("fires", []):
        assert p["unit"] not in secret
    assert "adversary" not in (app.view.get("plots") or {})


def test_referee_sees_everything():
    from hexplay.widgets import SkirmishApp

    app = SkirmishApp(seed=3, vs_computer=None, referee=True)
    assert _board_ids(app) == set(app.game.view("referee")["units"])


def test_odds_panel_equals_engine_odds():
    from hexplay.widgets import SkirmishApp

    app = SkirmishApp(seed=1, vs_computer="defender")
    g = app.game
    pair = next(
        (a, t)
        for a in ("A1", "A2", "A3", "A4", "A5", "A6")
        for t, d in g.view("adversary")["units"].items()
        if d.get("side") == "defender" and g.odds(a, t).get("possible")
    )
    a, t = pair
    app.board.simulate_click(app.units_by_id[a]["hex"], a)
    app.board.simulate_click(app.units_by_id[t]["hex"], t)
    o = g.odds(a, t)
    assert app.odds.bar_values() == pytest.approx([float(o["K"]), float(o["W"]), float(o["miss"])])
    assert f"<b>{o['attack']}</b>" in app.odds.text.value
    assert app.board.overlays["los"]["clear"] is True
    assert app.board.overlays["los"]["from"] == app.units_by_id[a]["hex"]


def test_click_message_carries_the_occupant_clicked():
    b = HexBoard(small_map())
    seen: list[dict] = []
    b.on_click(seen.append)
    b._handle_custom_msg(
        {"type": "click", "hex": "0303", "unit": "T", "occupant": "G1", "shift": True}, []
    )
    assert seen == [{"type": "click", "hex": "0303", "unit": "T", "occupant": "G1", "shift": True}]
    b.simulate_click("0303", "T", occupant="G2")
    assert seen[-1]["occupant"] == "G2" and b.last_message == seen[-1]


def test_odds_bars_have_one_colour_each_and_readable_colour_ticks():
    from hexplay.games.skirmish.ui.odds import HEATMAP_TICKS, OUTCOME_COLOURS, OddsPanel

    p = OddsPanel()
    # bqplot colours a 1-D bar chart per bar only in "group" mode ("element" = one colour)
    assert p.bars.color_mode == "group"
    assert list(p.bars.colors) == list(OUTCOME_COLOURS) and len(set(OUTCOME_COLOURS)) == 3
    cax = next(a for a in p.heat_fig.axes if a.scale is p.col_scale)
    assert list(cax.tick_values) == list(HEATMAP_TICKS) and len(HEATMAP_TICKS) <= 5
    assert cax.tick_format == ".0%"
    assert "hexplay-odds-text" in p.text._dom_classes


def test_odds_panel_heatmap_sends_nothing_when_unchanged():
    from hexplay.games.skirmish.ui.odds import OddsPanel

    p = OddsPanel()
    rec = Recorder(p.heat)
    p.set_weapon("rifle")
    assert rec.messages == []
    p.set_weapon("shotgun", impaired=True)  # both at once (the weapon observer re-enters)
    assert p.weapon.value == "shotgun" and p.impaired.value is True
    assert "firer wounded" in p.heat_fig.title
    assert len(rec.messages) == 1


# --- the SKIRMISH app: occupants, CSS hooks, one message per click, win probability ------------


def test_app_turn1_ambush_shot_at_an_occupant_by_click():
    from hexplay.widgets import SkirmishApp

    app = SkirmishApp(seed=1, vs_computer=None, hot_seat=True)
    g = app.game
    assert g.turn == 1 and app.plotting_side == "adversary"
    t = app.units_by_id["T"]
    crew = t["occupants"]
    assert crew, "the transporter carries men"

    def can_shoot(u: str) -> bool:
        try:
            g.copy().plot("adversary", u, "DF", target=crew[0])
        except Exception:
            return False
        return True

    shooter = next(u for u in ("A1", "A2", "A3", "A4", "A5", "A6") if can_shoot(u))
    app.board.simulate_click(app.units_by_id[shooter]["hex"], shooter)
    app.builder.click_task("DF")
    # a click on the vehicle's counter alone names the vehicle: the engine refuses it
    app.board.simulate_click(t["hex"], "T")
    assert g.plotted("adversary", shooter) == [] and "&#9888;" in app.builder.error.value
    app.builder.click_task("DF")
    app.board.simulate_click(t["hex"], "T", occupant=crew[0])
    plotted = g.plotted("adversary", shooter)
    assert [(p["code"], p["target"]) for p in plotted] == [("DF", crew[0])]
    assert app.builder.error.value == ""
    fires = app.board.overlays.get("fires", [])
    assert [(f["unit"], f["target"]) for f in fires] == [(shooter, crew[0])]
    # an unknown occupant id is ignored (the board only names men in this side's view)
    app.builder.click_task("MP")
    app.board.simulate_click(t["hex"], "T", occupant="nobody")
    assert app.builder.pending["path"][-1] == t["hex"]  # the cheapest route there


def test_app_controls_have_stable_css_classes():
    from hexplay.widgets import SkirmishApp

    app = SkirmishApp(seed=1, vs_computer=None, hot_seat=True)
    assert "hexplay-end-plot" in app.controls.end_plot._dom_classes
    assert "hexplay-resolve" in app.controls.resolve._dom_classes
    assert "hexplay-ready" in app.ready._dom_classes
    assert "hexplay-plot-error" in app.builder.error._dom_classes
    assert "hexplay-odds-text" in app.odds.text._dom_classes
    app.select("A1")
    for b in app.builder.tasks.children:
        off = "hexplay-task-off" in b._dom_classes
        assert b.disabled == off
        assert (f"hexplay-off-{b.task_code}" if off else f"hexplay-task-{b.task_code}") in (
            b._dom_classes
        )
    before = list(app.builder.tasks.children)
    app.select("A2")
    app.select("A1")  # the same tasks: the same button widgets, no new comms
    assert list(app.builder.tasks.children) == before


def test_app_click_sends_one_board_message_and_reuses_cached_sight():
    from hexplay.widgets import SkirmishApp

    app = SkirmishApp(seed=1, vs_computer=None, hot_seat=False, referee=True)
    a, b = "A1", "A2"
    app.board.simulate_click(app.units_by_id[a]["hex"], a)  # warm the caches
    rec = Recorder(app.board)
    for unit in (b, a, b):
        rec.messages.clear()
        app.board.simulate_click(app.units_by_id[unit]["hex"], unit)
        updates = [m for m in rec.messages if m.get("method") == "update"]
        assert len(updates) == 1, updates
        # (and the follow: its reach and targets into view) never the units list
        assert set(updates[0]["state"]) == {"selected", "overlays", "follow"}
        assert app.board.selected == unit
    from hexplay.games.skirmish.sight import SKIRMISH_SIGHT

    want = app.game.map.visible_from(
        app.units_by_id[b]["hex"], SKIRMISH_SIGHT, blockers=app.ui.blockers(app.context())
    )
    assert app.board.overlays["visible"] == want
    assert len(app._sight_cache) == 2
    rec.messages.clear()
    app.board.simulate_click(app.units_by_id[b]["hex"], b)  # the same unit again: nothing new
    assert [m for m in rec.messages if m.get("method") == "update"] == []


def test_overlays_go_to_the_browser_as_hex_indices_and_come_back_as_labels():
    from hexplay.widgets.board import overlays_from_json, overlays_to_json

    b = HexBoard(small_map())
    ov = {
        "visible": ["0304", "0101", "0304", "9999"],  # a duplicate and a hex off the map
        "reachable": {"0303": 1.0, "0304": 2.5, "9999": 1.0},
        "highlight": ["0202"],
    }
    wire = overlays_to_json(ov, b)
    vis = np.frombuffer(bytes(wire["visible"]["data"]), dtype=wire["visible"]["dtype"])
    assert vis.tolist() == sorted({b.map.index("0304"), b.map.index("0101")})
    hexes = np.frombuffer(bytes(wire["reachable"]["hex"]["data"]), dtype="<u2")
    cost = wire["reachable"]["cost"]  # whole sixths of an AP, one byte each
    assert (cost["dtype"], cost["scale"]) == ("uint8", 6)
    costs = np.frombuffer(bytes(cost["data"]), dtype="u1") / 6
    assert dict(zip(hexes.tolist(), costs.tolist())) == {
        b.map.index("0303"): 1.0,
        b.map.index("0304"): 2.5,
    }
    assert wire["highlight"] == ["0202"]  # small overlays stay JSON
    back = overlays_from_json(wire, b)
    assert sorted(back["visible"]) == ["0101", "0304"]
    assert back["reachable"] == {"0303": 1.0, "0304": 2.5}
    assert overlays_to_json(ov, HexBoard())["visible"] == ov["visible"]  # no map: as is


def test_browser_click_is_answered_in_one_board_message_and_panels_follow():
    import asyncio

    # in the kernel the handler runs inside the event loop (which runs the delayed work)
    asyncio.run(_browser_click_protocol())


async def _browser_click_protocol() -> None:
    import asyncio

    from hexplay.widgets import SkirmishApp
    from hexplay.widgets.board import AFTER_ANSWER_DELAY

    app = SkirmishApp(seed=1, vs_computer=None, hot_seat=False, referee=True)
    board = app.board
    a, b = "A1", "A2"
    rec = Recorder(board)

    def click(unit: str | None, seq: int, hex_: str | None = None) -> None:
        hx = hex_ or app.units_by_id[unit]["hex"]
        board._handle_custom_msg({"type": "click", "hex": hx, "unit": unit, "seq": seq}, [])

    # a click from the browser carries a seq: the board answers it in one message, the
    # panels follow a moment later
    click(a, 1)
    # one message: the answer (a custom message holding the state an update would), no update
    assert [m["method"] for m in rec.messages] == ["custom"]
    answer = rec.messages[0]["content"]
    assert answer["type"] == "answer"
    assert set(answer["state"]) == {
        "selected",
        "overlays",
        "follow",
        "_answer",
    }  # (its reach in view)
    assert answer["state"]["_answer"]["seq"] == 1
    # its buffers are the overlays' (hex indices, costs), at the paths it names
    assert len(answer["buffer_paths"]) == len(rec.buffers[0]) > 0
    assert all(p[0] == "overlays" for p in answer["buffer_paths"])
    assert answer["state"]["selected"] == a
    assert board.selected == a and app.selected_unit == a and app.builder.unit is None
    await asyncio.sleep(AFTER_ANSWER_DELAY * 3)
    assert app.builder.unit == a
    # the next click runs anything still pending first
    click(b, 2)
    assert app.builder.unit == a
    click(a, 3)
    assert app.builder.unit == b  # seq 2's panels ran before seq 3 was handled
    await asyncio.sleep(AFTER_ANSWER_DELAY * 3)
    assert app.builder.unit == a
    # every answer is a message, even when nothing else changes; Python calls never wait
    rec.messages.clear()
    click(None, 3, "0101")  # the same seq again (another view): still answered
    answers = [st["_answer"] for st in rec.states() if "_answer" in st]
    assert [x["seq"] for x in answers] == [3]
    app.select(b)
    assert app.builder.unit == b


def test_after_answer_runs_at_once_outside_a_browser_click_or_event_loop():
    b = HexBoard(small_map())
    ran: list[str] = []
    b.on_click(lambda ev: b.after_answer(lambda: ran.append(ev["hex"])))
    b._handle_custom_msg({"type": "click", "hex": "0303", "unit": None, "seq": 1}, [])
    assert ran == ["0303"]  # no event loop: nothing to wait for
    b.simulate_click("0304")  # no seq: a Python call
    assert ran == ["0303", "0304"]


def test_win_probability_gauge_only_where_it_reveals_nothing():
    from hexplay.widgets import SkirmishApp

    hot = SkirmishApp(seed=1, vs_computer=None, hot_seat=True)
    assert hot.winprob is None
    with pytest.raises(ValueError, match="referee"):
        SkirmishApp(seed=1, vs_computer=None, hot_seat=True, win_probability=True)
    assert SkirmishApp(seed=1, vs_computer="defender").winprob is None  # opt-in vs computer
    app = SkirmishApp(seed=1, vs_computer="defender", win_probability=True, win_probability_n=8)
    gauge = app.winprob
    assert gauge is not None and gauge in app.children[0].children[1].children
    assert len(gauge.estimates) == 1 and gauge.estimates[0]["turn"] == 1
    assert gauge.estimates[0]["n"] == 8 and 0.0 <= gauge.bar.value <= 1.0
    app.end_plot()  # the human's (empty) plot; the computer plots; the turn is resolved
    assert app.game.turn == 2
    assert [e["turn"] for e in gauge.estimates] == [1, 2]
    ref = SkirmishApp(seed=1, vs_computer=None, referee=True, win_probability_n=4)
    assert ref.winprob is not None


def _offmap_app(**vehicles):
    """E1 stopped at T-10 and E2 at T+11 (practice map, turn 2), the defender at the screen."""
    from hexplay.games.skirmish.fixtures import practice_game
    from hexplay.widgets import SkirmishApp

    g = practice_game(escort_offsets={"E1": -10, "E2": 11})
    spec = {"E1": {"moving": False}, "E2": {"moving": False}}
    spec.update(vehicles)
    g.arrange(vehicles=spec, turn=2)
    app = SkirmishApp(g, vs_computer=None, hot_seat=True)
    assert app.plotting_side == "adversary"
    assert app.offmap.ids() == [] and app.offmap.layout.display == "none"
    app.end_plot()
    assert app.handover and app.offmap.ids() == []  # blanked between the players
    app.take_over()
    return app


def test_offmap_panel_lists_own_units_beyond_the_edge():
    app = _offmap_app()
    assert app.plotting_side == "defender"
    assert app.offmap.ids() == ["E1", "G3", "G4", "E2", "G5", "G6"]
    assert "hexplay-offmap" in app.offmap._dom_classes
    assert app.offmap.layout.display == ""
    by_id = {b.unit_id: b for b in app.offmap.list.children}
    assert "hexplay-offmap-E1" in by_id["E1"]._dom_classes
    assert "T-10" in by_id["E1"].description and "G4 (C)" in by_id["E1"].description
    assert "escort" in by_id["E1"].description and "stopped" in by_id["E1"].description
    assert "T+11" in by_id["G6"].description and "fit" in by_id["G6"].description
    # off-map units are not drawn on the board
    assert not {"E1", "E2", "G3", "G4"} & {u["id"] for u in app.board.units}
    # the panel shows only the plotting side's own view
    v = app.game.view("defender")["units"]
    assert all(v[u]["side"] == "defender" for u in app.offmap.ids())


def test_offmap_man_exits_and_walks_toward_the_board_through_the_app():
    app = _offmap_app()
    g = app.game
    app.offmap.click("G4")  # as a click on a counter
    assert app.selected_unit == "G4" and app.builder.unit == "G4"
    assert app.offmap._buttons["G4"].button_style == "info"
    assert app.builder.task_codes() == g.legal_tasks("defender", "G4")
    assert "T-10 (off map)" in app.builder.header.value
    assert app.builder.ap_text.value == "10 / 10"
    app.builder.click_task("EV")  # an exit needs no click
    assert [t["code"] for t in g.plotted("defender", "G4")] == ["EV"]
    assert app.builder.ap_text.value == "9 / 10"
    # too many route steps: the engine's message, verbatim, nothing plotted
    app.builder.click_task("MP")
    assert app.builder.pending["needs"] == "steps"
    app.builder.steps.value = 5
    app.builder.finish()
    assert len(g.plotted("defender", "G4")) == 1 and "&#9888;" in app.builder.error.value
    # three steps reach 0801; a clicked hex goes on from there
    app.builder.click_task("MP")
    app.builder.steps.value = 3
    app.board.simulate_click("0802", None)
    app.builder.finish()
    mp = g.plotted("defender", "G4")[-1]
    assert (mp["code"], mp["hexes"], mp["path"]) == ("MP", 3, ["0801", "0802"])
    assert app.builder.error.value == ""
    assert {"unit": "G4", "side": "defender", "hexes": ["0801", "0802"]} in (
        app.board.overlays["paths"]
    )
    # G3 gets out and stays by the escort; G6 walks 2 route steps, staying off the map
    app.offmap.click("G3")
    app.builder.click_task("EV")
    app.offmap.click("G6")
    app.builder.click_task("EV")
    app.builder.click_task("MP")
    app.builder.steps.value = 2
    app.builder.finish()
    assert g.plotted("defender", "G6")[-1]["hexes"] == 2
    app.end_plot()
    assert app.plotting_side == "adversary"  # hot seat: the adversary plots the next turn
    app.take_over()
    assert app.offmap.ids() == []  # never an enemy unit, even off the map
    app.end_plot()
    app.take_over()
    assert g.men["G4"].hex == "0802" and g.men["G6"].route_pos == 16
    assert {"G3", "G6"} <= set(app.offmap.ids()) and "G4" not in app.offmap.ids()
    assert "on foot" in app.offmap._buttons["G6"].description
    assert "T+9" in app.offmap._buttons["G6"].description
    assert "empty" in app.offmap._buttons["E1"].description  # still listed: men may get in
    # back into E1: the escort is named by a click on its panel button
    app.offmap.click("G3")
    assert {"MP", "EV"} <= set(app.builder.task_codes())
    app.builder.click_task("EV")
    assert app.builder.pending["needs"] == "target"
    app.offmap.click("E1")
    assert app.builder.error.value == ""
    assert [(t["code"], t["target"]) for t in g.plotted("defender", "G3")] == [("EV", "E1")]
    assert app.selected_unit == "G3"  # the click named the target, it did not select E1


def test_offmap_escort_tasks_need_no_board_click():
    app = _offmap_app(E1={"moving": True})
    g = app.game
    app.offmap.click("G4")
    app.builder.click_task("EV")  # out of a moving escort: refused by the engine
    assert g.plotted("defender", "G4") == [] and "&#9888;" in app.builder.error.value
    app.offmap.click("E1")
    assert app.builder.unit == "E1" and "MV" in app.builder.task_codes()
    app.builder.click_task("MV")
    app.builder.hexes.value = 4
    app.builder.finish()
    assert [(t["code"], t["hexes"]) for t in g.plotted("defender", "E1")] == [("MV", 4)]
    assert app.builder.error.value == ""
    app.builder.undo_last()
    app.builder.click_task("SV")
    assert [t["code"] for t in g.plotted("defender", "E1")] == ["SV"]


def test_offmap_units_from_view_keeps_secrets():
    from hexplay.games.skirmish.ui.offmap import offmap_units_from_view

    app = _offmap_app()
    g = app.game
    assert offmap_units_from_view(g.view("adversary"), "adversary") == []
    assert offmap_units_from_view(g.view("defender"), "adversary") == []
    ref = {u["id"] for u in offmap_units_from_view(g.view("referee"), None)}
    assert ref == {"E1", "E2", "G3", "G4", "G5", "G6"}


@pytest.mark.parametrize(
    ("costs", "dtype"),
    [
        ([1.0, 2.5, 0.5], "uint8"),
        ([1 / 6, 7 / 6, 13 / 3, 2 * (5 / 6)], "uint8"),  # sixths (a wounded man's doubled too)
        ([0.0, 300.0], "uint16"),
        ([0.1, 2.5], "float64"),  # not a whole number of sixths, not a float32
        ([2.0**-20, 1.0], "float32"),  # exact as a float32, not in sixths
        ([1e9], "float32"),
        ([-1.0, 2.0], "float32"),  # negative: no unsigned count
        ([float("nan"), 1.0], "float64"),
        ([], "float32"),
    ],
)
def test_reach_costs_go_in_the_fewest_bytes_that_hold_them_exactly(costs, dtype):
    from hexplay.widgets.board import _array, costs_from_wire, costs_to_wire

    c = np.array(costs, dtype=np.float64)
    wire = costs_to_wire(c)
    assert wire["dtype"] == dtype
    back = costs_from_wire(wire)
    plain = np.frombuffer(bytes(_array(c, "float64")["data"]), dtype="<f8")
    assert back.dtype == np.float64
    assert np.array_equal(back, plain, equal_nan=True)  # the same floats, bit for bit
    assert back.tobytes() == plain.tobytes()


def test_hex_overlay_values_send_the_bytes_of_the_plain_list_and_dict():
    """HexLabels / HexCosts (indices carried along) equal the plain label list and {label:
    cost} dict, and overlays_to_json gives the same wire form for both; a changed value is
    encoded from its labels again."""
    from hexplay.widgets.board import overlays_to_json
    from hexplay.widgets.hex_overlays import HexCosts, HexLabels

    b = HexBoard(small_map())
    labels = b.map.hex_labels
    idx = [7, 2, 11, 2]
    vis = HexLabels(idx, labels)
    plain_vis = [labels[i] for i in sorted(set(idx))]
    reach = HexCosts([3, 9, 1], [1.0, 2.5, 0.5], labels)
    plain_reach = {labels[3]: 1.0, labels[9]: 2.5, labels[1]: 0.5}
    assert vis == plain_vis and reach == plain_reach

    def wire(ov: dict) -> list:
        out = overlays_to_json(ov, b)
        v, r = out["visible"], out["reachable"]
        return [v["dtype"], bytes(v["data"]), bytes(r["hex"]["data"]), bytes(r["cost"]["data"])]

    assert wire({"visible": vis, "reachable": reach}) == wire(
        {"visible": plain_vis, "reachable": plain_reach}
    )
    assert vis.copy() == vis and vis.copy().wire_indices(labels) is vis.indices
    copy = reach.copy()
    assert type(copy) is HexCosts and copy == reach and copy.wire_arrays(labels) is not None
    # a value's bytes are made once and shared with its copies; a changed copy forgets them
    assert wire({"visible": vis.copy(), "reachable": copy}) == wire(
        {"visible": plain_vis, "reachable": plain_reach}
    )
    assert vis.wire_memo and vis.copy().wire_memo is vis.wire_memo
    assert reach.wire_memo and copy.wire_memo is reach.wire_memo
    copy[labels[5]] = 3.0
    assert copy.wire_arrays(labels) is None and reach.wire_arrays(labels) is not None
    assert wire({"visible": vis, "reachable": copy}) == wire(
        {"visible": plain_vis, "reachable": dict(copy)}
    )
    vis.append(labels[0])  # changed: its indices are forgotten, the labels are sent
    reach[labels[0]] = 4.0
    assert vis.wire_indices(labels) is None and reach.wire_arrays(labels) is None
    assert wire({"visible": vis, "reachable": reach}) == wire(
        {"visible": list(vis), "reachable": dict(reach)}
    )
    other = tuple(f"x{i}" for i in range(len(labels)))  # another map's labels: not used
    assert HexLabels([1], other).wire_indices(labels) is None


def test_skirmish_selection_overlays_equal_the_plain_computation():
    from hexplay.games.skirmish.sight import SKIRMISH_SIGHT
    from hexplay.widgets import SkirmishApp

    app = SkirmishApp(seed=1, vs_computer=None, hot_seat=False, referee=True)
    for unit in ("A1", "A2", "A1"):
        app.select(unit)
        u = app.units_by_id[unit]
        want = app.game.map.visible_from(
            u["hex"], SKIRMISH_SIGHT, blockers=app.ui.blockers(app.context())
        )
        assert app.board.overlays["visible"] == want
        budget = Fraction(app.game.ap_left(app.plotting_side, unit))
        plain = app.ui.terrain(app.context()).reachable(u["hex"], budget).float_costs()
        plain.pop(u["hex"])
        assert app.board.overlays["reachable"] == plain
        assert list(app.board.overlays["reachable"]) == list(plain)  # same order too
    # the widget keeps no reach of its own (the game's reach query): changing what the board
    # got leaves the next answer as it was
    assert not hasattr(app.ui, "_reach_cache")
    app.board.overlays["reachable"]["9999"] = 1.0
    assert (
        "9999" not in app.ui.reachable(app.context(), "A1")
        and app.ui.reachable(app.context(), "A1") == plain
    )


def test_panels_wait_about_as_long_as_the_pages_last_answer_took():
    """The page sends with a click how long its last answer took (answer_ms); the work queued
    after the answer waits that long, within [AFTER_ANSWER_DELAY, AFTER_ANSWER_MAX_DELAY]; a
    malformed answer_ms makes the message ignored."""
    from hexplay.widgets.board import (
        AFTER_ANSWER_DELAY,
        AFTER_ANSWER_MAX_DELAY,
        after_answer_delay,
    )

    assert after_answer_delay(None) == AFTER_ANSWER_DELAY
    assert after_answer_delay(1.0) == AFTER_ANSWER_DELAY
    assert after_answer_delay(45.0) == pytest.approx(0.045)
    assert after_answer_delay(5000.0) == AFTER_ANSWER_MAX_DELAY
    b = HexBoard(small_map())
    seen: list[str] = []
    b.on_click(lambda ev: seen.append(ev["hex"]))
    b._handle_custom_msg({"type": "click", "hex": "0303", "seq": 1, "answer_ms": 37.5}, [])
    assert seen == ["0303"] and b.answer_ms == 37.5
    for bad in (-1, "40", True, 1e9):
        b._handle_custom_msg({"type": "click", "hex": "0304", "seq": 2, "answer_ms": bad}, [])
    b._handle_custom_msg({"type": "hover", "hex": "0304", "answer_ms": 5}, [])  # clicks only
    assert seen == ["0303"] and b.answer_ms == 37.5 and b.ignored_messages == 5


def test_a_click_answer_changing_a_widget_base_trait_goes_as_a_state_update():
    """The answer message carries the board's own traits only; one that changes a trait of
    the widget base (layout: a widget reference the page's manager resolves) is sent as an
    ordinary state update, _answer with it."""
    import ipywidgets as W

    b = HexBoard(small_map())
    rec = Recorder(b)

    def relayout(ev: dict) -> None:
        b.selected = ev["hex"]
        b.layout = W.Layout(width="50%")

    b.on_click(relayout)
    b._handle_custom_msg({"type": "click", "hex": "0303", "seq": 4}, [])
    assert [m["method"] for m in rec.messages] == ["update"]
    assert {"layout", "selected", "_answer"} <= set(rec.messages[0]["state"])
    rec.messages.clear()
    b.on_click(relayout, remove=True)
    b.on_click(lambda ev: setattr(b, "selected", ev["hex"]))
    b._handle_custom_msg({"type": "click", "hex": "0304", "seq": 5}, [])
    assert [m["method"] for m in rec.messages] == ["custom"]
    assert rec.states() == [{"selected": "0304", "_answer": {"seq": 5, "n": 2}}]


# --- set-up in the SKIRMISH/AMBUSH app: placements and Undo last (the same adapter path) -----
def test_setup_placement_and_undo_through_the_app():
    from hexplay.games.ambush.game import AmbushGame
    from hexplay.widgets.game_app import GameApp

    g = AmbushGame.new("sample game", seed=3)
    app = GameApp(g, setup="manual", vs_computer=None, hot_seat=False)
    assert g.phase == "setup" and app.plotting_side == "adversary"
    start, theirs = g.snapshot(), g.view("defender")
    # a man still to place is selected from the roster (he has no counter yet)
    assert "A1" in app.roster.ids()
    app.click_unit("A1")
    assert app.builder.unit == "A1" and app.builder.task_codes() == ["place"]
    app.builder.click_task("place")
    app.board._handle_custom_msg({"type": "click", "hex": "1718", "unit": None}, [])
    assert g.men["A1"].hex == "1718" and app.builder.error.value == ""
    assert "A1" in _board_ids(app) and app.builder.task_codes() == []  # placed: not offered
    assert g.view("defender") == theirs
    app.builder.undo_last()
    assert g.men["A1"].hex is None and app.builder.error.value == ""
    assert app.builder.task_codes() == ["place"] and "A1" not in _board_ids(app)
    assert g.snapshot() == start and g.view("defender") == theirs
    assert g.commands.to_list()[-1]["op"] == "unplace"
    # nothing of his left to take back: the engine's refusal, verbatim
    app.builder.undo_last()
    assert "no placement of A1 to take back" in app.builder.error.value
    assert AmbushGame.from_json(g.to_json()).snapshot() == g.snapshot()


def test_setup_guard_seat_and_undo_through_the_app():
    from hexplay.widgets.game_app import GameApp

    app = GameApp("skirmish", setup="manual", seed=2, vs_computer="adversary")
    g = app.game
    # the computer set up the adversary; the convoy places its own
    assert g.setup_done == {"adversary": True, "defender": False}
    assert app.plotting_side == "defender" and g.phase == "setup"
    start, theirs = g.snapshot(), g.view("adversary")
    app.click_unit("G7")
    # one button per vehicle he may take a seat in (the titles tell them apart)
    by_title = {b.tooltip: b for b in app.builder.tasks.children}
    assert {"place in T", "place in E1", "place in E2"} <= set(by_title)
    by_title["place in E1"].click()
    assert app.builder.pending["needs"] == "choice"
    app.builder.choice.value = app.builder.choice.options[0]
    app.builder.finish()
    assert g.men["G7"].vehicle == "E1" and app.builder.error.value == ""
    app.builder.undo_last()
    assert g.men["G7"].vehicle == "T" and g.snapshot() == start
    assert g.view("adversary") == theirs
    assert any(e.kind == "place" and e.args.get("where") == "E1" for e in app.builder.entries)
    app.end_plot()  # the set-up is submitted as it stands (the scenario's crews)
    assert g.phase == "planning"
