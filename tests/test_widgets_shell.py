"""The app shell (GameApp + UI adapters), counters as data, browser-message checks, and the
hidden-information guarantees of every panel (issue 11: defects 2, 3, 6 and the wire test)."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import numpy as np
import pytest

pytest.importorskip("hexplay.games.skirmish.game")


def _app(**kw: Any) -> Any:
    from hexplay.widgets import SkirmishApp

    return SkirmishApp(**kw)


def _click(app: Any, hex: Any = None, unit: Any = None, occupant: Any = None, **extra: Any):
    """A browser click message as the page sends it (through the board's comm handler)."""
    msg = {"type": "click", "hex": hex, "unit": unit, "occupant": occupant, **extra}
    app.board._handle_custom_msg(msg, [])


# --- counters as data -------------------------------------------------------------------------
counters = pytest.importorskip("hexplay.widgets.counters")
BADGES, SIDC, CounterError = counters.BADGES, counters.SIDC, counters.CounterError
CounterStyle, SideStyle, sidc_for = counters.CounterStyle, counters.SideStyle, counters.sidc_for
validate_counter, validate_counters = counters.validate_counter, counters.validate_counters


def test_counter_schema_accepts_every_part_and_names_the_bad_field():
    labels = {"0101": 0, "0102": 1}
    c = validate_counter(
        {
            "id": "INF3",
            "side": "East",
            "hex": "0101",
            "glyph": {"kind": "sidc", "sidc": sidc_for("Infantry", hostile=True)},
            "corners": {"bl": "2-2"},
            "badges": ["dug", "unidentified", "dug"],
            "facing": 5,
            "speed": 3,
        },
        labels,
    )
    assert c["glyph"] == {"kind": "sidc", "sidc": "SHGPUCI----"}
    assert c["badges"] == ["dug", "unidentified"] and c["facing"] == 5 and c["speed"] == 3
    bad = [
        ({"id": "X", "hex": "0103"}, "hex"),
        ({"id": "X", "hex": 101}, "hex"),
        ({"id": ["X"]}, "id"),
        ({"id": "X", "colour": "red"}, "unknown counter fields"),
        ({"id": "X", "badges": ["sunk?"]}, "badge"),
        ({"id": "X", "facing": 6}, "facing"),
        ({"id": "X", "facing": True}, "facing"),
        ({"id": "X", "glyph": {"kind": "sidc", "sidc": "<script>"}}, "SIDC"),
        ({"id": "X", "glyph": {"kind": "tank"}}, "glyph kind"),
        ({"id": "X", "corners": {"middle": "3"}}, "corners"),
    ]
    for d, word in bad:
        with pytest.raises(CounterError, match=word):
            validate_counter(d, labels)
    with pytest.raises(CounterError, match="unique"):
        validate_counters([{"id": "X"}, {"id": "X"}])


def test_face_down_counter_keeps_only_its_side_and_hex():
    c = validate_counter(
        {
            "id": "u7",
            "side": "West",
            "hex": "0101",
            "hidden": True,
            "kind": "vehicle",
            "tip": "Armor 3-3",
            "seen_turn": 4,
            "label": "Armor",
            "corners": {"bl": "3-3"},
            "badges": ["dug"],
            "glyph": {"kind": "sidc", "sidc": SIDC["Armor"]},
        }
    )
    assert c == {
        "id": "u7",
        "side": "West",
        "hex": "0101",
        "hidden": True,
        "glyph": {"kind": "none"},
    }
    assert set(c) <= set(counters.HIDDEN_FIELDS)


def test_board_refuses_counters_off_its_map_and_sends_the_style_once():
    from traitlets import TraitError

    from hexplay.maps import Map

    app = _app(seed=1, vs_computer="defender")
    assert isinstance(app.board.map, Map)
    with pytest.raises(TraitError, match="not a label"):
        app.board.units = [{"id": "Z", "hex": " 2928 "}]
    style = app.board.counter_style
    assert style["sides"]["defender"]["colour"] == "#2f5fa8"
    assert set(BADGES) <= set(style["badges"])
    st = CounterStyle((SideStyle("East", "#c00"),), legend=(("#808", "CBR hex"),))
    assert st.to_json()["legend"] == [["#808", "CBR hex"]]


def test_skirmish_counters_carry_glyphs_and_a_moving_badge():
    app = _app(seed=1, vs_computer=None, referee=True)
    by_id = {u["id"]: u for u in app.board.units}
    assert by_id["A1"]["glyph"] == {"kind": "man"}
    assert by_id["T"]["glyph"] == {"kind": "transporter"}
    moving = [u for u in app.board.units if u.get("moving")]
    assert moving and all(u["badges"] == ["moving"] for u in moving)


# --- the order builder from legal orders --------------------------------------------------------


def test_builder_offers_the_engines_orders_and_we_needs_a_target():
    """The builder's buttons are the engine's legal orders; WE (weapon exchange) names the
    friend or vehicle it is made with, by a click (the old widget table said it needed none)."""
    from hexplay.engine.protocol import Need
    from hexplay.widgets.controls import need_mode

    assert need_mode((Need("target", "unit", ("G1",)),)) == "target"
    assert need_mode(()) is None
    assert need_mode((Need("hexes", "int", (1, 2)),)) == "hexes"
    assert need_mode((Need("hexes", "int", (1,)), Need("path", "path", (), optional=True))) == (
        "steps"
    )
    app = _app(seed=1, vs_computer=None, referee=True)
    g = app.game
    tried = 0
    for uid, u in list(app.units_by_id.items()):
        if u.get("kind") != "man" or u.get("hex") is None:
            continue
        app.select(uid)
        side = app.plotting_side
        assert app.builder.task_codes() == [lo.kind for lo in g.legal_orders(side, uid)]
        tried += 1
    assert tried > 5
    # a guard aboard an escort may exchange his weapon with the vehicle: he names it by a click
    gd, we = next(
        (u, lo)
        for u in g.own_units("defender")
        for lo in g.legal_orders("defender", u)
        if lo.kind == "WE"
    )
    assert we.need("target") is not None and not we.need("target").optional
    app.select(gd)
    app.builder.click_task("WE")
    assert app.builder.pending["needs"] == "target"
    target = we.need("target").options[0]
    _click(app, app.units_by_id[target]["hex"], target)
    assert app.builder.error.value == "", app.builder.error.value
    assert [t["code"] for t in g.plotted("defender", gd)] == ["WE"]


def test_one_plot_click_asks_the_engine_once():
    """board -> app -> engine -> board once: one view and one legal_orders per plot, the
    builder refreshed once and the old ``legal_tasks`` not asked at all."""
    app = _app(seed=1, vs_computer="defender")
    g = app.game
    man = next(u for u in app.board.units if u["side"] == "adversary" and u.get("kind") == "man")
    _click(app, man["hex"], man["id"])
    step = next(h for h in g.map.neighbor_labels(man["hex"]) if h in app.reachable(man["id"]))
    calls = {"legal_orders": 0, "legal_tasks": 0, "view": 0, "order": 0, "refresh": 0}
    for name in calls:
        obj = app.builder if name == "refresh" else g
        real = getattr(obj, name)

        def counted(*a: Any, _real: Any = real, _name: str = name, **k: Any) -> Any:
            calls[_name] += 1
            return _real(*a, **k)

        setattr(obj, name, counted)
    app.builder.click_task("MP")
    calls["refresh"] = 0  # (the builder shows the task's prompt)
    assert calls == dict.fromkeys(calls, 0)  # remembered since the click
    _click(app, step)
    _click(app, step)  # the last hex again: the path is done
    assert calls == {"legal_orders": 1, "legal_tasks": 0, "view": 1, "order": 1, "refresh": 1}
    assert [t["code"] for t in g.plotted("adversary", man["id"])] == ["MP"]


def test_remembered_legal_orders_equal_the_engines_after_every_command():
    app = _app(seed=2, vs_computer=None, referee=True)
    g = app.game
    c = app.builder.controller
    men = [u for u in g.own_units("adversary") if u.startswith("A")][:3]
    for step in range(3):
        for u in men:
            assert c.engine_legal_orders(u) == tuple(g.legal_orders("adversary", u)), (step, u)
        lo = c.engine_legal_orders(men[step])[0]
        args = {n.name: n.options[0] for n in lo.needs if not n.optional}
        args = {k: list(v) if isinstance(v, tuple) else v for k, v in args.items()}
        g.order(lo.complete(**args))


# --- issue 11, defect 2: odds only from the side's own view ------------------------------------


def _stale_enemy_app() -> tuple[Any, str, str, str]:
    """The defender at the screen, an adversary he last saw on turn 1 at a hex where the man
    no longer is (his true hex differs). Returns (app, guard, enemy, true hex)."""
    app = _app(seed=1, vs_computer=None, hot_seat=False)
    g = app.game
    app.end_plot()  # the adversary's (empty) plot; now the defender plots
    assert app.plotting_side == "defender"
    enemy = next(m for m in sorted(g.men) if g.men[m].side == "adversary")
    true_hex = g.man_hex(g.men[enemy])
    fake = next(h for h in g.map.neighbor_labels(true_hex) if h != true_hex)
    g.seen["defender"] = set(g.seen["defender"]) - {enemy}
    g.last_known.adopt("defender", enemy, {"side": "adversary", "hex": fake, "kind": "man"}, 1)
    app.refresh()
    assert app.units_by_id[enemy].get("stale") and app.units_by_id[enemy]["hex"] == fake
    guard = next(
        u["id"] for u in app.board.units if u["side"] == "defender" and u.get("kind") == "man"
    )
    return app, guard, enemy, true_hex


def test_odds_of_a_last_known_enemy_are_not_computed_from_his_true_position():
    app, guard, enemy, true_hex = _stale_enemy_app()
    asked = []
    real = app.game.odds
    app.game.odds = lambda *a, **k: asked.append(a) or real(*a, **k)
    _click(app, app.units_by_id[guard]["hex"], guard)
    _click(app, app.units_by_id[enemy]["hex"], enemy)
    assert asked == []  # the engine is not asked about a man the side does not see
    text = app.odds.text.value
    assert "not in sight" in text and true_hex not in text
    assert app.odds.bar_values() == [0.0, 0.0, 0.0]  # no attack: no bars


# --- defect 3: every panel blank at the hot-seat hand-over --------------------------------------


def test_hot_seat_hand_over_blanks_every_panel():
    from hexplay.games.skirmish.ui.odds import OddsPanel

    app = _app(seed=1, vs_computer=None, hot_seat=True)
    g = app.game
    fresh = OddsPanel()
    shooter = next(
        u["id"] for u in app.board.units if u["side"] == "adversary" and u.get("kind") == "man"
    )
    target = next(u["id"] for u in app.board.units if u["side"] == "defender")
    _click(app, app.units_by_id[shooter]["hex"], shooter)
    _click(app, app.units_by_id[target]["hex"], target)
    app.odds.set_weapon("shotgun", True)
    assert shooter in app.odds.text.value and app.builder.unit == shooter
    app.end_plot()
    assert app.handover and g.plots.submitted["adversary"]
    assert app.odds.text.value == fresh.text.value
    assert app.odds.bar_values() == fresh.bar_values()
    assert app.odds.weapon.value == fresh.weapon.value and not app.odds.impaired.value
    assert app.odds.heat_fig.title == fresh.heat_fig.title
    assert app.builder.unit is None and app.builder.tasks.children == ()
    assert app.builder.header.value == fresh_builder_header()
    assert "no events" in app.results.html.value and "no record" in app.record.html.value
    assert app.board.units == [] and app.board.overlays == {} and app.board.selected is None
    assert app.offmap.ids() == []
    app.take_over()
    assert app.board.units and app.plotting_side == "defender"


def fresh_builder_header() -> str:
    from hexplay.widgets.controls import PlotBuilder

    return PlotBuilder().header.value


# --- defect 6: every browser message checked -----------------------------------------------------


def test_malformed_board_messages_are_ignored_with_a_warning(caplog):
    app = _app(seed=1, vs_computer="defender")
    g = app.game
    man = next(u for u in app.board.units if u["side"] == "adversary")
    before = json.dumps(g.view("referee"), sort_keys=True, default=str)
    state = (app.board.selected, dict(app.board.overlays), app.selected_unit)
    unseen = sorted(set(g.view("referee")["units"]) - _ids(g.view("adversary"))) or ["ZZ9"]
    bad = [
        {"type": "click", "hex": 2928, "unit": None},
        {"type": "click", "hex": " 2928 ", "unit": None},
        {"type": "click", "hex": "０６１７", "unit": None},
        {"type": "click", "hex": man["hex"], "unit": [man["id"]]},
        {"type": "click", "hex": man["hex"], "unit": {"id": man["id"]}},
        {"type": "click", "hex": None, "unit": unseen[0]},  # not in the adversary's view
        {"type": "click", "hex": man["hex"], "unit": man["id"], "shift": "yes"},
        {"type": "click", "hex": man["hex"], "unit": man["id"], "seq": "7"},
        {"type": "click", "hex": man["hex"], "unit": man["id"], "eval": "x"},
        {"type": "overlays", "visible": []},
        ["click"],
        None,
    ]
    with caplog.at_level(logging.WARNING, logger="hexplay.widgets"):
        for msg in bad:
            caplog.clear()
            app.board._handle_custom_msg(msg, [])
            assert any("ignored" in r.message for r in caplog.records), msg
    assert (app.board.selected, dict(app.board.overlays), app.selected_unit) == state
    assert json.dumps(g.view("referee"), sort_keys=True, default=str) == before


def test_browser_state_updates_are_checked(caplog):
    app = _app(seed=1, vs_computer="defender")
    ov = dict(app.board.overlays)
    with caplog.at_level(logging.WARNING, logger="hexplay.widgets"):
        # the page never sets the board's state: overlays or units from the browser
        app.board.set_state({"overlays": {"visible": ["0101"]}, "units": []})
        assert app.board.overlays == ov and app.board.units
        # out-of-range or wrongly typed tab and dropdown indexes
        tab = app.tabs.selected_index
        for bad in (99, -5, "1", [0]):
            app.tabs.set_state({"selected_index": bad})
            assert app.tabs.selected_index == tab
        w = app.odds.weapon.value
        for bad in (17, "rifle", None):
            app.odds.weapon.set_state({"index": bad})
            assert app.odds.weapon.value == w
        n_tabs = len(app.tabs.children)  # Plot, Odds, Log, Record, Review, Rules, Briefing, Save
        app.tabs.set_state({"children": []})  # not a user's to set
        assert len(app.tabs.children) == n_tabs == 8
        app.builder.steps.set_state({"value": "many"})
        assert app.builder.steps.value == 1
    assert sum("ignored" in r.message for r in caplog.records) >= 9
    app.tabs.set_state({"selected_index": 2})  # a good one still works
    assert app.tabs.selected_index == 2


def _press(button: Any) -> None:
    """A button press as the page sends it."""
    button._handle_custom_msg({"event": "click"}, [])


def test_hidden_resolve_does_not_make_the_computer_submit_early():
    app = _app(seed=1, vs_computer="defender")
    g = app.game
    assert app.controls.resolve.layout.display == "none"
    _press(app.controls.resolve)
    assert not g.plots.submitted["defender"] and not g.plots.submitted["adversary"]
    assert g.turn == 1
    app.controls.resolve.click()  # from Python too
    assert not g.plots.submitted["defender"] and g.turn == 1


def test_disabled_end_plot_during_hand_over_submits_nothing():
    app = _app(seed=1, vs_computer=None, hot_seat=True)
    g = app.game
    # escorts stopped: the defender's empty plot is one the engine would accept
    g.arrange(vehicles={"E1": {"moving": False}, "E2": {"moving": False}})
    app.refresh()
    _press(app.controls.end_plot)
    assert app.handover and g.plots.submitted["adversary"]
    assert app.controls.end_plot.disabled
    _press(app.controls.end_plot)
    assert not g.plots.submitted["defender"] and app.handover
    app.end_plot()  # a timer or a script: refused the same way
    assert not g.plots.submitted["defender"]
    _press(app.ready)
    assert not app.handover
    _press(app.controls.end_plot)  # enabled again: the defender's plot is in
    assert g.turn == 2


def test_referee_resolve_waits_for_every_human_plot():
    app = _app(seed=1, vs_computer="defender", referee=True, hot_seat=False)
    g = app.game
    _press(app.controls.resolve)
    assert g.turn == 1 and not g.plots.submitted["defender"]
    assert "must end the plot" in app.controls.message.value
    _press(app.controls.end_plot)
    assert g.turn == 2


# --- the wire: nothing a side may not know reaches the browser ----------------------------------

_ID = r"(?<![A-Za-z0-9_]){}(?![0-9A-Za-z_])"


class Wire:
    """Every message any widget sends (comm open states, updates, custom messages)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import comm
        import ipywidgets.widgets.widget as wmod

        self.messages: list[str] = []
        real_create = comm.create_comm
        wire = self

        def create_comm(*a: Any, **kw: Any) -> Any:
            wire.add(kw.get("data"))
            return real_create(*a, **kw)

        real_send = wmod.Widget._send

        def send(widget: Any, msg: Any, buffers: Any = None) -> None:
            wire.add(msg)
            return real_send(widget, msg, buffers)

        monkeypatch.setattr(wmod.comm, "create_comm", create_comm)
        monkeypatch.setattr(wmod.Widget, "_send", send)

    def add(self, data: Any) -> None:
        self.messages.append(json.dumps(_no_code(data), default=lambda o: "<binary>"))

    def take(self) -> str:
        out = "\n".join(self.messages)
        self.messages.clear()
        return out


#: Widget traits that hold the front end's code (the board's bundled JS and CSS), not data.
CODE_TRAITS = ("_esm", "_css")


def _no_code(data: Any) -> Any:
    if isinstance(data, dict) and isinstance(data.get("state"), dict):
        state = {k: v for k, v in data["state"].items() if k not in CODE_TRAITS}
        return {**data, "state": state}
    return data


def _ids(view: Any) -> set[str]:
    return set(view.get("units", {})) | set(view.get("last_known", {}))


def _known(game: Any, side: str, everyone: set[str]) -> set[str]:
    """Unit ids the side's view names anywhere (units, last known, events, plots)."""
    text = json.dumps(game.view(side), default=str)
    return {u for u in everyone if re.search(_ID.format(re.escape(u)), text)}


def _all_states(app: Any) -> str:
    import ipywidgets as W

    seen: dict[str, Any] = {}

    def walk(w: Any) -> None:
        if not isinstance(w, W.Widget) or w.model_id in seen:
            return
        seen[w.model_id] = w
        for name in w.keys:
            walk_value(getattr(w, name, None))

    def walk_value(v: Any) -> None:
        if isinstance(v, W.Widget):
            walk(v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk_value(x)

    walk(app)
    return "\n".join(
        json.dumps(_no_code({"state": w.get_state()}), default=lambda o: "<binary>")
        for w in seen.values()
    )


def _secrets_in(text: str, secrets: set[str]) -> list[str]:
    return sorted(u for u in secrets if re.search(_ID.format(re.escape(u)), text))


def _play_like_a_human(app: Any, rng: np.random.Generator) -> None:
    """Select own units, inspect enemies, plot what needs nothing or one click."""
    own = [u for u in app.units_by_id.values() if u.get("side") == app.plotting_side]
    foes = [u for u in app.board.units if u.get("side") != app.plotting_side]
    for u in rng.permutation(len(own))[:3]:
        unit = own[int(u)]
        if unit.get("hex") is None:
            app.click_unit(unit["id"])
        else:
            _click(app, unit["hex"], unit["id"])
        if foes:
            f = foes[int(rng.integers(len(foes)))]
            _click(app, f["hex"], f["id"])
        codes = app.builder.task_codes()
        if codes:
            app.builder.click_task(codes[int(rng.integers(len(codes)))])
            if app.builder.pending and app.builder.pending["needs"] == "target" and foes:
                f = foes[int(rng.integers(len(foes)))]
                _click(app, f["hex"], f["id"])
            app.builder.cancel_pending()


def _wire_check(app: Any, wire: Wire, everyone: set[str], what: str) -> None:
    g = app.game
    if g.over:
        return  # the game is over: the replay shows the referee's view to both, by design
    if app.handover:
        allowed = _known(g, "adversary", everyone) & _known(g, "defender", everyone)
    else:
        allowed = _known(g, app.viewer, everyone)
    secrets = everyone - allowed
    assert _secrets_in(wire.take(), secrets) == [], f"sent to the browser ({what})"
    assert _secrets_in(_all_states(app), secrets) == [], f"in a widget's state ({what})"


@pytest.mark.parametrize("vs", [None, "defender", "adversary"])
def test_wire_holds_nothing_the_side_at_the_screen_may_not_know(monkeypatch, vs):
    wire = Wire(monkeypatch)
    app = _app(seed=4, vs_computer=vs, hot_seat=True)
    g = app.game
    everyone = set(g.view("referee")["units"])
    rng = np.random.default_rng(7)
    hidden_once = False
    _wire_check(app, wire, everyone, "start")
    for step in range(8):
        if g.over:
            break
        if app.handover:
            app.take_over()
            _wire_check(app, wire, everyone, f"take over {step}")
        hidden_once |= bool(everyone - _known(g, app.viewer, everyone))
        _play_like_a_human(app, rng)
        _wire_check(app, wire, everyone, f"clicks {step}")
        app.end_plot()
        _wire_check(app, wire, everyone, f"end plot {step}")
    # the test saw a side that may not know some unit (the adversary: the guards' crews); the
    # defender of the basic game sees every adversary from the start (nothing to hide)
    assert hidden_once or vs == "adversary"


# --- the shell for every registered game -------------------------------------------------------


def test_a_game_app_renders_the_first_view_of_every_registered_game():
    import hexplay
    from hexplay.registry import game_entry
    from hexplay.widgets.game_app import GameApp

    for name in hexplay.games():
        entry = game_entry(name)
        game = entry.new(seed=1)
        app = GameApp(game, seed=1, vs_computer=entry.info.sides[-1])
        assert app.board.units, name  # counters of the first view
        assert set(app.board.counter_style["sides"]) >= set(app.sides)
        side = app.plotting_side
        view = game.view(side)
        assert {u["id"] for u in app.board.units} <= _ids(view) | set(view.get("units", {}))


# --- counters on the wire: everything once, then the changes --------------------------------


def _apply(store: dict[str, Any], w: dict[str, Any]) -> bool:
    """What board.js does with a units message (a mirror for the test); False: resync."""
    if w.get("full"):
        store.update(
            rev=w["rev"], by={u["id"]: u for u in w["set"]}, order=[u["id"] for u in w["set"]]
        )
        return True
    if w.get("base") != store.get("rev"):
        return False
    by = store["by"]
    for uid in w.get("del", []):
        by.pop(uid, None)
    for u in w.get("set", []):
        by[u["id"]] = u
    order = w.get("order") or [i for i in store["order"] if i in by] + [
        u["id"] for u in w.get("set", []) if u["id"] not in store["order"]
    ]
    store.update(rev=w["rev"], order=order)
    return True


def test_units_go_whole_once_then_as_changes_and_a_page_can_resync():
    from hexplay.widgets import HexBoard

    app = _app(seed=1, vs_computer=None, referee=True)
    board: HexBoard = app.board
    sent: list[dict[str, Any]] = []
    board.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
    page: dict[str, Any] = {}
    assert _apply(page, board.get_state()["units"])  # a new page: every counter
    assert [page["by"][i] for i in page["order"]] == board.units
    rng = np.random.default_rng(3)
    for _ in range(12):
        units = [dict(u) for u in board.units]
        k = int(rng.integers(len(units)))
        if rng.random() < 0.3:
            units.pop(k)
        else:
            units[k]["hex"] = str(rng.choice(board.map.hex_labels))
            units[k].pop("occupants", None)
        sent.clear()
        board.units = units
        (msg,) = [m for m in sent if "units" in m.get("state", {})]
        w = msg["state"]["units"]
        assert not w.get("full") and len(w["set"]) <= 1  # only what changed
        assert _apply(page, w)
        assert [page["by"][i] for i in page["order"]] == board.units
    # a page that missed a change asks again, and gets everything
    stale = {"rev": -5, "by": {}, "order": []}
    units = [dict(u) for u in board.units][1:]
    sent.clear()
    board.units = units
    assert not _apply(stale, sent[-1]["state"]["units"])
    sent.clear()
    board._handle_custom_msg({"type": "resync"}, [])
    assert _apply(stale, sent[-1]["state"]["units"])
    assert [stale["by"][i] for i in stale["order"]] == board.units


# --- property: no browser message raises or changes the game --------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
_LABELISH = st.sampled_from(["0620", " 0620", "0620\n", "０６２０", "9999", "", "A1", "T", "G1"])
_FIELD = _JSON | _LABELISH
_FIXTURE = HealthCheck.function_scoped_fixture


@pytest.fixture(scope="module")
def msg_app() -> Any:
    return _app(seed=1, vs_computer="defender")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from(["click", "hover", "resync", "drag", None]) | _JSON,
    hex=_FIELD,
    unit=_FIELD,
    occupant=_FIELD,
    extra=st.dictionaries(st.sampled_from(["shift", "seq", "eval", "state"]), _JSON, max_size=2),
)
def test_no_browser_message_raises_or_changes_the_game(msg_app, kind, hex, unit, occupant, extra):
    app = msg_app
    g = app.game

    def state() -> tuple[int, str]:
        return len(g.commands.commands), json.dumps(g.snapshot(), sort_keys=True, default=str)

    before = state()
    msg = {"type": kind, "hex": hex, "unit": unit, "occupant": occupant, **extra}
    app.board._on_message(app.board, msg)  # not through the dispatcher: an error would raise
    app.board._on_message(app.board, [msg])
    app.board.flush_after_answer()
    assert (
        len(g.commands.commands),
        json.dumps(g.snapshot(), sort_keys=True, default=str),
    ) == before


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=_JSON, which=st.sampled_from(["tabs", "weapon", "steps", "hexes", "replay", "side"]))
def test_no_widget_state_from_the_page_raises(msg_app, value, which):
    app = msg_app
    w, trait = {
        "tabs": (app.tabs, "selected_index"),
        "weapon": (app.odds.weapon, "index"),
        "steps": (app.builder.steps, "value"),
        "hexes": (app.builder.hexes, "value"),
        "replay": (app.replay.slider, "value"),
        "side": (app.controls.side, "index"),
    }[which]
    old = getattr(w, trait)
    w.set_state({trait: value})
    new = getattr(w, trait)
    assert new == old or (type(new) is type(value) and new == value)


@pytest.mark.parametrize("name", ["random", "scripted", "tactic"])
def test_play_against_a_named_computer_player_from_the_registry(name):
    import hexplay

    assert name in hexplay.game_entry("skirmish").player_names()
    app = _app(seed=2, vs_computer="defender", computer=name)
    g = app.game
    assert app.computers["defender"] is not None
    app.end_plot()  # the human adversary's plot; the named player plots; the turn resolves
    assert g.turn == 2 and app.plotting_side == "adversary" and not app.handover
    assert "could not act" not in app.controls.message.value


def test_an_out_of_range_number_from_the_page_is_refused_not_clamped(msg_app):
    """A bounded number field clamps a value above its maximum: from the page that value is
    refused (the state unchanged), not turned into the maximum."""
    w = msg_app.builder.steps
    old, too_big = w.value, w.max + 121
    w.set_state({"value": too_big})
    assert w.value == old


@pytest.mark.parametrize("name", ["skirmish", "aggressor", "naval"])
def test_a_game_app_starts_from_a_registered_name(name):
    from hexplay.widgets.game_app import GameApp

    app = GameApp(name, seed=1)
    assert app.game.info.name == name
    assert app.plotting_side in app.humans and app.board.units
