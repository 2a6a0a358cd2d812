"""Class play as seen at the default size, in JupyterLab and Voila (issue 15's audit): the
AMBUSH app's tab titles whole, its brush, trees and orchard fills distinct with a legend row
each; the convoy notebook's summary table with the parameter values, whole-number guard
axes and its chart grid inside the page. Screenshots: ``test-artifacts/ui/*_screen_*.png``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui
K = harness.kernel

AMBUSH_NB = "ui_class_ambush.ipynb"
AMBUSH_CELL = r"""
import hexplay
from hexplay.games.ambush.ui.adapter import AmbushUI, on_map
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


# --- the convoy notebook ----------------------------------------------------------------------
CONVOY_NB = "ui_class_convoy.ipynb"


def _convoy_cells() -> list[str]:
    """notebooks/convoy_protection.ipynb's code cells, run small (as the notebook test does)."""
    nb = json.loads((harness.REPO / "notebooks" / "convoy_protection.ipynb").read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    small = 'SMALL = os.environ.get("HEXPLAY_SMALL") == "1"'
    assert small in cells[0]
    cells[0] = cells[0].replace(small, "SMALL = True")
    return [harness.PROBE_CELL, *cells, "probe"]


def _convoy_ready(page: Any) -> None:  # the probe is the last cell: every cell above has run
    page.wait_for_function(
        "() => document.querySelectorAll('.bqplot.figure, .bqplot').length >= 6", timeout=120_000
    )
    page.wait_for_timeout(500)  # bqplot draws its axes after the figure


@pytest.fixture(scope="module", params=["lab", "voila"])
def convoy_page(request: pytest.FixtureRequest, browser_context: Any, nb_dir: Path):
    harness.write_notebook(nb_dir / CONVOY_NB, _convoy_cells())
    with harness.app_page(request, browser_context, CONVOY_NB, _convoy_ready) as page:
        yield page


def test_convoy_summary_table_holds_each_points_parameter_value(convoy_page: Any, artifacts):
    page = convoy_page
    table = page.locator("table.dataframe", has_text="p_adversary_win").first
    table.wait_for()
    heads = [h.strip() for h in table.locator("thead th").all_text_contents()]
    assert "factor" in heads and "value" in heads, heads
    col = heads.index("value")
    rows = table.locator("tbody tr")
    want = K(page, "[str(v) for v in summary['value']]")
    got = [rows.nth(i).locator("th, td").nth(col).text_content().strip() for i in range(len(want))]
    assert got == want and len(set(got)) > 1
    assert not [v for v in got if v.endswith(".0")], got  # 100 barrier points, not 100.0
    table.screenshot(path=str(artifacts / f"{page.hexplay_env}_screen_convoy_table.png"))


def test_convoy_guard_axis_has_whole_numbers_and_the_grid_is_not_clipped(convoy_page, artifacts):
    page = convoy_page
    grid = page.locator(".widget-gridbox").last
    figs = grid.locator(".bqplot.figure")
    n = figs.count()
    assert n == K(page, "len(charts)") >= 6
    guards = None
    for i in range(n):
        if (figs.nth(i).locator("text.mainheading").text_content() or "").strip() == "guards":
            guards = figs.nth(i)
            break
    assert guards is not None
    ticks = [t.strip() for t in guards.locator("g.axis .tick text").all_text_contents()]
    x_ticks = [t for t in ticks if t and not t.endswith("%")]
    assert x_ticks and all(t.isdigit() for t in x_ticks), ticks  # no "3.5" guards
    gb = grid.bounding_box()
    out = page.evaluate(
        "(g) => { const a = g.closest('.jp-OutputArea-output, .jp-OutputArea-child, body');"
        " const r = a.getBoundingClientRect(); return [r.left, r.right]; }",
        grid.element_handle(),
    )
    assert gb["x"] >= out[0] - 1 and gb["x"] + gb["width"] <= out[1] + 1, (gb, out)
    for i in range(n):  # every chart inside the grid and its axes inside the chart
        svg = figs.nth(i).locator("svg").first.bounding_box()  # what is drawn
        assert svg["x"] >= gb["x"] - 1 and svg["x"] + svg["width"] <= gb["x"] + gb["width"] + 1
        for t in figs.nth(i).locator("g.axis text.axislabel, text.mainheading").all():
            tb = t.bounding_box()
            if tb and tb["width"] > 0:
                assert (
                    svg["x"] - 1 <= tb["x"] and tb["x"] + tb["width"] <= svg["x"] + svg["width"] + 1
                )
                assert (
                    svg["y"] - 1 <= tb["y"]
                    and tb["y"] + tb["height"] <= svg["y"] + svg["height"] + 1
                )
    grid.scroll_into_view_if_needed()
    page.mouse.move(2, 2)
    grid.screenshot(path=str(artifacts / f"{page.hexplay_env}_screen_convoy_charts.png"))


def test_ambush_odds_heat_map_title_and_axes_are_inside_the_chart(ambush_page: Any, artifacts):
    page = ambush_page
    K(page, "app.tabs.selected_index = app.tab_index['Odds']\n_result = True")
    heading = page.locator("text.mainheading", has_text="by range")
    page.locator(".hexplay-tabs").locator(heading).first.wait_for(timeout=20_000)
    page.wait_for_timeout(500)  # bqplot draws its axes after the figure
    fig = page.locator(".hexplay-tabs .bqplot.figure", has=heading).first
    svg = fig.locator("svg").first.bounding_box()
    texts = fig.locator("text.mainheading, g.axis text.axislabel, g.axis .tick text").all()
    assert len(texts) > 3
    for t in texts:
        tb = t.bounding_box()
        if not tb or tb["width"] == 0:
            continue
        assert svg["x"] - 1 <= tb["x"] and tb["x"] + tb["width"] <= svg["x"] + svg["width"] + 1
        assert svg["y"] - 1 <= tb["y"] and tb["y"] + tb["height"] <= svg["y"] + svg["height"] + 1
    fig.screenshot(path=str(artifacts / f"{page.hexplay_env}_screen_ambush_odds.png"))
    K(page, "app.tabs.selected_index = 0\n_result = True")
