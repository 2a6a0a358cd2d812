"""TabHTML: a panel in a hidden tab makes its content when shown, the same as made at once;
AGGRESSOR's Unit and Attack tabs send nothing on a selection click while hidden."""

from __future__ import annotations

from typing import Any

import pytest

from hexplay.widgets.tab_panel import TabHTML


def test_a_hidden_panel_makes_its_newest_content_when_shown():
    made: list[str] = []

    def make(s: str):
        return lambda: made.append(s) or f"<b>{s}</b>"

    p = TabHTML("start")
    p.show(make("a"))  # on screen: made at once
    assert p.value == "<b>a</b>" and made == ["a"]
    p.on_hidden()
    assert p.value == "" and p.stale  # a hidden panel holds nothing of an earlier moment
    p.show(make("b"))
    p.show(make("c"))
    assert p.value == "" and made == ["a"]  # nothing made, nothing sent
    p.on_shown()
    assert p.value == "<b>c</b>" and made == ["a", "c"] and not p.stale
    p.on_hidden()
    p.on_shown()  # shown again: made anew
    assert p.value == "<b>c</b>" and made == ["a", "c", "c"]
    p.on_hidden()
    p.blank("x")  # at once, hidden or not, and nothing older waits
    assert p.value == "x"
    p.on_shown()
    assert p.value == "x" and made == ["a", "c", "c"]
    p.show("plain")
    assert p.value == "plain"


pytest.importorskip("hexplay.games.aggressor")


def _app() -> Any:
    from hexplay.widgets import GameApp

    return GameApp("aggressor", seed=1, vs_computer="east")


def test_aggressor_tabs_shown_after_a_click_equal_the_panels_made_at_once(monkeypatch):
    import ipywidgets as W

    app = _app()
    ui = app.ui
    own = [u["id"] for u in app.board.units if u["side"] == app.plotting_side and u.get("hex")]
    sent: list[Any] = []
    real = W.Widget._send
    monkeypatch.setattr(
        W.Widget, "_send", lambda self, *a, **k: sent.append(self) or real(self, *a, **k)
    )
    for unit in own[:3]:
        sent.clear()
        x = app.units_by_id[unit]
        app.board.simulate_click(x["hex"], unit)
        assert app.selected_unit == unit and app.tabs.selected_index == 0
        assert ui.unit_panel not in sent and ui.odds_panel not in sent  # hidden: nothing sent
        assert ui.unit_panel.value == "" and ui.odds_panel.value == ""
        want_unit, want_targets = (
            ui._unit_html(app.context(), unit),
            ui._targets_html(app.context(), unit),
        )
        app.tabs.selected_index = app.tab_index["Unit"]
        assert ui.unit_panel.value == want_unit and f"data-unit='{unit}'" in want_unit
        app.tabs.selected_index = app.tab_index["Attack"]
        assert ui.odds_panel.value == want_targets and ui.unit_panel.value == ""
        app.tabs.selected_index = 0
