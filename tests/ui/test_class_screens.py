"""Class play as seen at the default size, in JupyterLab and Voila (issue 15's audit): the
AMBUSH app's tab titles whole, its brush, trees and orchard fills distinct with a legend row
each; the convoy notebook's summary table with the parameter values, whole-number guard
axes and its chart grid inside the page. Screenshots: ``test-artifacts/ui/*_screen_*.png``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui
K = harness.kernel

AMBUSH_NB = "ui_class_ambush.ipynb"
AMBUSH_CELL = r"""
import hexplay
from hexplay.widgets.ambush_ui import AmbushUI, on_map
from hexplay.widgets.game_app import GameApp

entry = hexplay.game_entry("ambush")
g = entry.new(on_map(entry.scenario("sample game"), "ambush_farmland_medium"), seed=1)
app = GameApp(g, ui=AmbushUI, vs_computer="defender")
"""


def _ambush_ready(page: Any) -> None:
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=60_000)
    page.locator(".hexplay-board").scroll_into_view_if_needed()


@pytest.fixture(scope="module", params=["lab", "voila"])
def ambush_page(request: pytest.FixtureRequest, browser_context: Any, nb_dir: Path):
    harness.write_notebook(nb_dir / AMBUSH_NB, [harness.PROBE_CELL, AMBUSH_CELL, "app", "probe"])
    with harness.app_page(request, browser_context, AMBUSH_NB, _ambush_ready) as page:
        yield page


def test_ambush_tab_titles_are_whole(ambush_page: Any, artifacts: Path) -> None:
    page = ambush_page
    titles = K(page, "[app.tabs.get_title(i) for i in range(len(app.tabs.children))]")
    assert "AMBUSH" in titles and len(titles) >= 6
    labels = page.eval_on_selector_all(
        ".hexplay-tabs .lm-TabBar-tabLabel, .hexplay-tabs .p-TabBar-tabLabel",
        "els => els.map(e => [e.textContent, e.scrollWidth <= e.clientWidth + 1])",
    )
    assert [t for t, _ok in labels] == titles
    assert all(ok for _t, ok in labels), labels
    page.mouse.move(2, 2)
    page.screenshot(path=str(artifacts / f"{page.hexplay_env}_screen_ambush.png"))
    page.locator(".hexplay-tabs").screenshot(
        path=str(artifacts / f"{page.hexplay_env}_screen_ambush_tabs.png")
    )


def test_ambush_greens_are_distinct_with_a_legend_row_each(ambush_page: Any, artifacts: Path):
    page = ambush_page
    fills = {}
    for t in ("trees", "brush", "orchard"):
        hexes = page.locator(f'.hexplay-board polygon.hexplay-hex[data-terrain="{t}"]')
        assert hexes.count() > 0, t
        fills[t] = hexes.first.get_attribute("fill")
        row = page.locator(".hexplay-legend .hexplay-legend-row", has_text=t)
        assert row.count() >= 1, t
    assert len(set(fills.values())) == 3, fills
    page.locator(".hexplay-legend").screenshot(
        path=str(artifacts / f"{page.hexplay_env}_screen_ambush_legend.png")
    )
