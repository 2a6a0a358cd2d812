"""The AMBUSH app in JupyterLab: the sample game on the farmland map opens with the AMBUSH
terrain drawn in its colours, the transporter's damage badges on its counter, the radio
messages and the response force in the convoy side's log and AMBUSH panel, and the scenario
picker listing the registry's scenarios.

The notebook (written here) plays three turns with the computer players (the long-range
message gets through on turn 3 with these seeds), marks the transporter immobilised (vehicle
damage from fire is the rules helper's; the badge is drawn from the view either way) and shows
the defender's screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui

NB = "ui_ambush_app.ipynb"

APP_CELL = r"""
import hexplay
from hexplay.ai.player import play
from hexplay.games.ambush.ui.adapter import AmbushUI
from hexplay.widgets.game_app import GameApp
from hexplay.widgets.board import TERRAIN_PALETTE

from hexplay.games.ambush.ui.adapter import on_map

entry = hexplay.game_entry("ambush")
g = entry.new(on_map(entry.scenario("sample game"), "ambush_farmland_medium"), seed=1)
play(g, {s: entry.player("tactic", s, seed=2) for s in ("adversary", "defender")}, max_turns=3)
g.vehicle_damage["T"] = ["immobilised"]
app = GameApp(g, ui=AmbushUI, vs_computer="adversary", board_height="640px")
app.tabs.selected_index = app.tab_index["Log"]
"""


@pytest.fixture(scope="module")
def ambush_page(browser_context: Any, nb_dir: Path, lab_server: harness.Server) -> Iterator[Any]:
    cells = [harness.PROBE_CELL, APP_CELL, "app", "probe"]
    with harness.board_page(
        browser_context, lab_server, nb_dir / NB, cells, size=(1600, 1200), timeout_ms=60_000
    ) as page:
        page.locator(".hexplay-board").scroll_into_view_if_needed()
        yield page


K = harness.kernel


def test_ambush_terrain_badges_and_radio_in_jupyterlab(ambush_page: Any, artifacts: Path) -> None:
    page = ambush_page
    # the new terrain types are drawn, each in its palette colour
    for t in ("brush", "orchard", "buildings", "water", "bridge"):
        hexes = page.locator(f'.hexplay-board polygon.hexplay-hex[data-terrain="{t}"]')
        assert hexes.count() > 0, t
        assert hexes.first.get_attribute("fill") == K(page, f"TERRAIN_PALETTE[{t!r}]"), t
    # the transporter's damage badge
    page.wait_for_selector('.hexplay-board [data-unit="T"]')
    badges = page.locator('.hexplay-board [data-unit="T"]').get_attribute("data-badges") or ""
    assert "immobilised" in badges.split()
    badge = page.locator('.hexplay-board [data-unit="T"] [data-badge="immobilised"]')
    assert badge.count() == 1
    # the radio messages and the response force in the defender's log
    log = page.locator(
        "table.hexplay-table:not(.hexplay-ambush)", has_text="long-range radio to the regional"
    ).first
    log.wait_for(timeout=20_000)
    assert "long-range radio to the regional centre" in log.text_content()
    assert "response force dispatched" in log.text_content()
    page.screenshot(path=str(artifacts / "lab_ambush_app.png"))
    # the AMBUSH panel: the response force's arrival turn, for the convoy side
    K(page, "setattr(app.tabs, 'selected_index', app.tab_index['AMBUSH']) or True")
    panel = page.locator(".hexplay-ambush-panel")
    panel.wait_for(timeout=20_000)
    arrival = K(page, "g.response['arrival']")
    assert f"arrives on turn {arrival}" in panel.text_content()
    assert "immobilised" in panel.text_content()
    # the scenario picker lists the registry's scenarios
    picker = page.locator(".hexplay-scenario-picker select")
    options = [o.replace("\xa0", " ") for o in picker.locator("option").all_text_contents()]
    assert options == ["default", *K(page, "hexplay.game_entry('ambush').scenario_names()")]
    assert not [e for e in page.hexplay_errors if "hexplay" in e.lower()]
