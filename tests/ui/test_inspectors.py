"""Live inspection from any cell (issue 31) in JupyterLab: the game in one cell, inspectors in
the cells below it; a click on a counter of the board changes an inspector displayed in another
cell (the selected unit's ranges), a click on an enemy the odds of the order being built."""

from __future__ import annotations

from typing import Any

import pytest

from . import harness
from . import skirmish_flow as flow

pytestmark = pytest.mark.ui

NB = "ui_inspectors.ipynb"

APP_CELL = r"""
from hexplay.widgets import GameApp
from hexplay.widgets.inspectors import OddsInspector, RangesInspector, ViewTable

app = GameApp("skirmish", seed=0, vs_computer="defender", board_height="480px")
"""

CELLS = [
    harness.PROBE_CELL,
    APP_CELL,
    "app",
    "RangesInspector(app)",
    "OddsInspector(app)",
    "ViewTable(app)",
    "probe",
]


def _cell_of(page: Any, selector: str) -> int:
    """The index of the notebook cell whose output holds ``selector``."""
    return page.evaluate(
        "(sel) => { const e = document.querySelector(sel); const c = e && e.closest('.jp-Cell');"
        " return c ? [...c.parentElement.children].indexOf(c) : -1; }",
        selector,
    )


def test_a_click_on_the_board_changes_inspectors_in_other_cells(
    browser_context: Any, lab_server: harness.Server, nb_dir: Any, artifacts: Any
) -> None:
    with harness.board_page(
        browser_context, lab_server, nb_dir / NB, CELLS, size=(1500, 1800)
    ) as page:
        ranges = page.locator(".hexplay-inspect-ranges")
        odds = page.locator(".hexplay-inspect-odds")
        table = page.locator(".hexplay-inspect-view")
        ranges.wait_for()
        assert "select a unit" in ranges.inner_text()
        assert "The adversary's view" in table.inner_text()
        board_cell = _cell_of(page, ".hexplay-board")
        assert board_cell >= 0
        assert _cell_of(page, ".hexplay-inspect-ranges") not in (-1, board_cell)
        assert _cell_of(page, ".hexplay-inspect-odds") not in (-1, board_cell)

        flow.click_unit(page, "A1")  # the click goes to Python; the cell below follows
        page.wait_for_function(
            "() => /unit\\s+A1/.test(document.querySelector('.hexplay-inspect-ranges').innerText)",
            timeout=20_000,
        )
        assert harness.kernel(page, "app.selected_unit") == "A1"
        text = ranges.inner_text()
        assert "in sight" in text and "in reach" in text
        assert "A1 selected" in odds.inner_text()

        # an enemy (a man aboard a vehicle at turn 1: his pip on its counter): the odds of the
        # attack being built
        carrier = harness.kernel(
            page,
            "next(k for k, u in app.units_by_id.items() if 'G1' in str(u.get('occupants')))",
        )
        flow.show_all(page, f'.hexplay-board [data-unit="{carrier}"]')
        page.locator(f'.hexplay-board [data-unit="{carrier}"] [data-occupant="G1"]').click()
        page.wait_for_function(
            "() => document.querySelector('.hexplay-inspect-odds').innerText"
            ".includes('A1 DF target=G1')",
            timeout=20_000,
        )
        assert harness.kernel(page, "app.order_odds['order']") == "A1 DF target=G1"
        # the game's own odds panel, shown in the inspector's cell too
        assert odds.locator(".widget-html, .widget-box").count() > 2
        odds.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "inspectors.png"), full_page=True)
        errs = [e for e in page.hexplay_errors if "hexplay" in e or "anywidget" in e]
        assert not errs, errs
