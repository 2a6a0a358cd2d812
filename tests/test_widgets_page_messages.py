"""Browser messages to the app's widgets (issue 32, items 11 and 14): display widgets take no
state from the page, malformed comm messages are ignored with a warning, a button in a hidden
row does nothing. The kit's ``browser`` check sends the whole hostile set to every game's app
(tests/test_conformance.py); these are the cases the issue named, through the comm as the
kernel delivers them."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from typing import Any
from unittest import mock

import ipywidgets as W
import pytest

from hexplay.testing.browser import _reraise
from hexplay.widgets import guard as G
from hexplay.widgets.game_app import GameApp


@contextlib.contextmanager
def raising() -> Iterator[None]:
    """ipywidgets logs a handler's error instead of raising it: make it raise."""
    with (
        mock.patch("ipywidgets.widgets.widget.get_ipython", _reraise),
        mock.patch("IPython.get_ipython", lambda: None),
    ):
        yield


def send(w: Any, data: Any, buffers: Any = ()) -> None:
    """A comm message to ``w`` as the kernel hands it to the widget."""
    with raising():
        w.comm.handle_msg({"content": {"data": data}, "buffers": list(buffers)})


@pytest.fixture(scope="module")
def app() -> GameApp:
    return GameApp("skirmish", seed=1, vs_computer="defender", hot_seat=False)


def _warned(caplog: pytest.LogCaptureFixture) -> bool:
    return any(r.name == "hexplay.widgets" and "ignored" in r.message for r in caplog.records)


@pytest.mark.parametrize(
    "data, buffers",
    [
        (None, ()),  # no data
        ({"method": "update", "state": {}, "buffer_paths": [["a", "b"]]}, [b"x"]),
        ({"method": "update", "state": {}, "buffer_paths": [["units"]]}, ()),
        ({"method": "update", "state": {"units": []}, "buffer_paths": "units"}, [b"x"]),
        ({"method": "drop"}, ()),
    ],
)
def test_a_malformed_message_to_the_board_is_ignored(app, caplog, data, buffers):
    units = list(app.board.units)
    with caplog.at_level(logging.WARNING, logger="hexplay.widgets"):
        send(app.board, data, buffers)  # raised KeyError before
    assert _warned(caplog) and app.board.units == units


def test_a_message_without_content_is_ignored(app, caplog):
    with caplog.at_level(logging.WARNING, logger="hexplay.widgets"), raising():
        app.board.comm.handle_msg({})
        app.controls.status.comm.handle_msg({"buffers": []})
    assert _warned(caplog)


def _display_widgets(app: GameApp) -> dict[str, tuple[Any, str, Any]]:
    """One display widget of each kind the issue names: (widget, trait, junk)."""
    return {
        "HTML panel": (app.controls.status, "value", 5),
        "container": (app.children[0], "children", ["IPY_MODEL_nope"]),
        "PhaseControls": (app.controls, "box_style", "purple"),
        "Roster": (app.roster, "children", 7),
        "Layout": (app.board.layout, "width", 12),
        "Style": (app.controls.end_plot.style, "button_color", [1]),
        "Tab titles": (app.tabs, "titles", 3),
        "RulesCard": (app.rules, "layout", "IPY_MODEL_x"),
    }


@pytest.mark.parametrize(
    "kind",
    [
        "HTML panel",
        "container",
        "PhaseControls",
        "Roster",
        "Layout",
        "Style",
        "Tab titles",
        "RulesCard",
    ],
)
def test_display_widgets_take_no_state_from_the_page(app, caplog, kind):
    w, trait, junk = _display_widgets(app)[kind]
    old = getattr(w, trait)
    with caplog.at_level(logging.WARNING, logger="hexplay.widgets"):
        send(w, {"method": "update", "state": {trait: junk}})  # TraitError before
        assert _warned(caplog)
        caplog.clear()
        if isinstance(old, str):  # a well-typed value is refused too: the page owns nothing
            send(w, {"method": "update", "state": {trait: old + "x"}})
            assert _warned(caplog)
    assert getattr(w, trait) == old


def test_bqplot_figures_and_progress_bars_of_the_gauge_take_no_state():
    app = GameApp("skirmish", seed=1, vs_computer="defender", win_probability=True,
                  win_probability_n=2)  # fmt: skip
    kinds = {type(w).__name__: w for w, _p in G.widget_tree(app)}
    for name in ("Figure", "Axis", "FloatProgress"):
        w = kinds[name]
        before = {k: repr(getattr(w, k)) for k in w.keys}
        for k in w.keys:
            send(w, {"method": "update", "state": {k: {"junk": [1]}}})
        assert {k: repr(getattr(w, k)) for k in w.keys} == before, name


def _all_guarded(app: GameApp, skip: set[int]) -> list[Any]:
    new = [w for w, _p in G.widget_tree(app) if id(w) not in skip]
    for w in new:
        if not isinstance(w, G.PageMessages):
            assert isinstance(w.comm._msg_callback, G.DisplayOnly), type(w).__name__
    return new


def test_widgets_that_join_the_tree_later_are_guarded():
    """The Odds panel's charts (made at the build, out of the tree) join it when the tab is
    first shown; a panel's new rows are made during play: all guarded when they join."""
    app = GameApp("skirmish", seed=1, vs_computer="defender")
    before = {id(w) for w, _p in G.widget_tree(app)}
    app.tabs.selected_index = app.tab_index["Odds"]
    new = _all_guarded(app, before)
    assert {"Figure", "Bars", "GridHeatMap", "Axis"} <= {type(w).__name__ for w in new}
    before |= {id(w) for w in new}
    W.HTML("a widget of the notebook's own, made between two of the app's actions")
    for _ in range(2):
        app.end_plot()
    extra = W.HTML("joins the tree")
    app.controls.children = (*app.controls.children, extra)
    app.guard_widgets()
    assert extra in _all_guarded(app, before)


def test_a_hidden_yes_new_game_button_does_nothing(caplog):
    """Item 11: the "Yes: new game" button sits in a confirm row shown only after "New game…";
    pressed from the page (or by click()) while the row is hidden, it does nothing."""
    app = GameApp("skirmish", seed=1, vs_computer="defender", hot_seat=False)
    g = app.game
    yes = app.controls.new_game_yes
    assert app.controls.confirm_row.layout.display == "none" and yes.layout.display != "none"
    with caplog.at_level(logging.WARNING, logger="hexplay.widgets"):
        send(yes, {"method": "custom", "content": {"event": "click"}})
        assert _warned(caplog)
    yes.click()
    assert app.game is g
    app.controls.new_game.click()  # asked: the row shows, the button acts
    send(yes, {"method": "custom", "content": {"event": "click"}})
    assert app.game is not g and app.controls.confirm_row.layout.display == "none"
    g2 = app.game
    send(yes, {"method": "custom", "content": {"event": "click"}})  # hidden again
    assert app.game is g2


def test_the_page_still_sets_what_it_owns(app):
    tab = app.tabs.selected_index
    send(app.tabs, {"method": "update", "state": {"selected_index": 1}})
    assert app.tabs.selected_index == 1
    send(app.tabs, {"method": "update", "state": {"selected_index": tab}})
    assert app.tabs.selected_index == tab


def test_a_stock_widget_outside_an_app_is_left_alone():
    """hexplay guards its apps' widgets, not the notebook's own."""
    w = W.IntText(3)
    send(w, {"method": "update", "state": {"value": 5}})
    assert w.value == 5


@pytest.mark.parametrize("game", ["skirmish", "naval"])
def test_the_editors_take_only_what_their_page_owns(game):
    """The map and scenario editors are apps too: hostile messages to each of their widgets
    (and, once started, to the game's app below the scenario editor) change nothing."""
    from hexplay.testing.browser import hostile_to_tree
    from hexplay.widgets.map_editor import MapEditor
    from hexplay.widgets.scenario_editor import ScenarioEditor

    assert hostile_to_tree(MapEditor(game=game), "the map editor's ") > 1000
    se = ScenarioEditor(game=game)
    data = json.dumps(se.data, sort_keys=True, default=str)
    se.start()
    n = hostile_to_tree(se, "the scenario editor's ")
    assert n > 1000 and json.dumps(se.data, sort_keys=True, default=str) == data
