"""The map and scenario editors in JupyterLab: a wood painted by dragging and a slope hexside
added by a click each block the line of sight drawn on the board; a scenario set in the form
(with the engine's error shown beside a bad field) and an adversary dragged from the roster
starts a game.  Every gesture is a real pointer action in Chromium; effects are read from the
page and from the kernel (through the probe widget).  Screenshots: test-artifacts/ui/editor_*.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui

NB = "ui_editor.ipynb"

APP_CELL = r'''
import ipywidgets as _W

from hexplay.widgets import MapEditor, ScenarioEditor

box = _W.VBox()
ed = None
se = None


def new_map_editor():
    """A 8 x 7 SKIRMISH map, all open, the line of sight 0301 -> 0306 (down column 3) shown."""
    global ed
    ed = MapEditor((8, 7), game="skirmish")
    ed.show_los("0301", "0306")
    box.children = [ed]
    return True


def new_scenario_editor():
    global se
    se = ScenarioEditor(game="skirmish")
    box.children = [se]
    return True


new_map_editor()
'''

CELLS = [harness.PROBE_CELL, APP_CELL, "box", "probe"]
K = harness.kernel
WK = harness.wait_kernel


@pytest.fixture(scope="module")
def lab_page(browser_context: Any, nb_dir: Path, lab_server: Any) -> Iterator[Any]:
    harness.write_notebook(nb_dir / NB, CELLS)
    page, errors = harness.new_page(browser_context)
    page.set_viewport_size({"width": 1600, "height": 1300})
    try:
        harness.open_lab_notebook(page, lab_server, NB, 90_000)
        harness.hide_code(page)
        page.hexplay_errors = errors
        yield page
    finally:
        page.close()


def _board(page: Any, cls: str) -> Any:
    b = page.locator(f".{cls} .hexplay-board").first
    page.wait_for_selector(f".{cls} .hexplay-board[data-ready='true']", timeout=45_000)
    b.scroll_into_view_if_needed()
    return b


def _centre(page: Any, scope: str, hex_: str) -> tuple[float, float]:
    box = page.locator(f'.{scope} polygon.hexplay-hex[data-hex="{hex_}"]').first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _wait_los(page: Any, clear: str) -> None:
    """The LOS line drawn with ``data-clear`` (attached: a vertical line has no width)."""
    page.wait_for_selector(
        f".hexplay-map-editor line.hexplay-los[data-clear='{clear}']", state="attached"
    )


def _ours(errors: list[str]) -> list[str]:
    """Uncaught exceptions and the board's own console errors (not other widgets' warnings,
    such as a chart's in a panel not yet laid out)."""
    return [e for e in errors if "pageerror" in e or "hexplay" in e or "anywidget" in e]


def _tool(page: Any, name: str) -> None:
    page.locator(".hexplay-edit-tools button", has_text=name).first.click()
    WK(page, f"ed.tool.value == {name!r}")


def test_paint_a_wood_by_dragging_blocks_the_line_of_sight(lab_page: Any, artifacts: Path):
    page = lab_page
    assert K(page, "new_map_editor()") is True
    _board(page, "hexplay-map-editor")
    _wait_los(page, "true")
    _tool(page, "paint")
    assert K(page, "ed.terrain.value") == "trees"
    (x0, y0), (x1, y1) = (_centre(page, "hexplay-map-editor", h) for h in ("0203", "0403"))
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=6)
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()
    for h in ("0203", "0303", "0403"):
        page.wait_for_selector(f'.hexplay-map-editor polygon[data-hex="{h}"][data-terrain="trees"]')
    _wait_los(page, "false")
    # the kernel agrees: one stroke, one undo step, three trees, the line blocked at 0303
    assert K(page, "[ed.map.terrain_at(h) for h in ('0203', '0303', '0403')]") == ["trees"] * 3
    assert K(page, "len(ed.builder.history)") == 1
    assert K(page, "ed.los().clear") is False
    assert K(page, "ed.board.ignored_messages") == 0
    page.screenshot(path=str(artifacts / "editor_paint_wood.png"))
    # undo in the page: the wood goes, the line is clear again
    page.locator(".hexplay-map-editor button", has_text="undo").first.click()
    page.wait_for_selector('.hexplay-map-editor polygon[data-hex="0303"][data-terrain="open"]')
    _wait_los(page, "true")
    assert _ours(page.hexplay_errors) == []


def test_a_slope_hexside_by_a_click_blocks_the_line_of_sight(lab_page: Any, artifacts: Path):
    page = lab_page
    assert K(page, "new_map_editor()") is True
    _board(page, "hexplay-map-editor")
    _wait_los(page, "true")
    _tool(page, "hexside")
    assert K(page, "ed.feature.value") == "slope"
    # a click inside 0303, near its side toward 0304 (the S side, crossed by the line)
    (ax, ay), (bx, by) = (_centre(page, "hexplay-map-editor", h) for h in ("0303", "0304"))
    page.mouse.click(ax + 0.8 * (bx - ax) / 2, ay + 0.8 * (by - ay) / 2)
    WK(page, "bool(ed.map.hexside_features.get('slope'))")
    assert K(page, "ed.map.has_feature(ed.map.hexside('0303', '0304'), 'slope')") is True
    page.wait_for_selector(".hexplay-map-editor path.hexplay-feature-slope", state="attached")
    _wait_los(page, "false")
    assert K(page, "ed.los().clear") is False
    page.screenshot(path=str(artifacts / "editor_slope.png"))
    # the same click again takes the slope away
    page.mouse.click(ax + 0.8 * (bx - ax) / 2, ay + 0.8 * (by - ay) / 2)
    _wait_los(page, "true")
    assert K(page, "ed.map.hexside_features.get('slope', [])") == []
    assert _ours(page.hexplay_errors) == []


def test_a_scenario_made_in_the_form_starts_a_game(lab_page: Any, artifacts: Path):
    page = lab_page
    assert K(page, "new_scenario_editor()") is True
    _board(page, "hexplay-scenario-editor")
    field = page.locator(".hexplay-field-turn_limit input").first
    # a bad value: the engine's own message beside the field, and no game can start
    field.fill("500")
    field.press("Enter")
    err = page.locator(".hexplay-field-turn_limit .hexplay-field-error")
    err.filter(has_text="1..200").wait_for()
    assert page.locator(".hexplay-start-game").first.is_disabled()
    field.fill("15")
    field.press("Enter")
    WK(page, "se.data['turn_limit'] == 15 and not se.errors")
    assert err.first.inner_text().strip() == ""
    # drag adversary A1 from the roster onto hex 0405
    chip = page.locator('.hexplay-roster-chip[data-roster="A1"]').first
    cb = chip.bounding_box()
    x1, y1 = _centre(page, "hexplay-scenario-editor", "0405")
    page.mouse.move(cb["x"] + cb["width"] / 2, cb["y"] + cb["height"] / 2)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=12)
    page.mouse.up()
    page.wait_for_selector(
        '.hexplay-scenario-editor .hexplay-board [data-unit="A1"][data-at="0405"]'
    )
    assert K(page, "se.data['adversary_start']") == {"A1": "0405"}
    page.screenshot(path=str(artifacts / "editor_scenario.png"))
    page.locator(".hexplay-start-game").first.click()
    page.wait_for_selector(
        ".hexplay-scenario-game .hexplay-board[data-ready='true']", timeout=60_000
    )
    assert K(page, "se.app.game.scenario.turn_limit") == 15
    assert K(page, "se.app.game.scenario.adversary_start") == {"A1": "0405"}
    page.screenshot(path=str(artifacts / "editor_game_started.png"))
    assert _ours(page.hexplay_errors) == []
