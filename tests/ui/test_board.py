"""The SKIRMISH app in JupyterLab and in Voila: board, clicks, plots, LOS, odds, resolution,
hot seat, off-map units.  Each test runs once per front end (one page per front end)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness
from . import skirmish_flow as flow

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module", params=["lab", "voila"])
def app_page(request: pytest.FixtureRequest, browser_context: Any, nb_dir: Path) -> Iterator[Any]:
    with harness.app_page(
        request, browser_context, flow.write(nb_dir), flow.board_ready, (1600, 1200)
    ) as page:
        yield page


def shot(page: Any, artifacts: Path, what: str) -> Path:
    return artifacts / f"{page.hexplay_env}_{what}.png"


def test_board_renders(app_page: Any, artifacts: Path) -> None:
    flow.check_renders(app_page, shot(app_page, artifacts, "board"))


def test_click_selects_unit(app_page: Any) -> None:
    flow.check_click_selects(app_page)


def test_turn1_shot_at_an_occupant(app_page: Any, artifacts: Path) -> None:
    flow.check_turn1_occupant_shot(app_page, shot(app_page, artifacts, "occupant"))


def test_plot_move_and_shot(app_page: Any, artifacts: Path) -> None:
    flow.check_plot_move_and_shot(app_page, shot(app_page, artifacts, "plot"))


def test_illegal_click_shows_rule(app_page: Any, artifacts: Path) -> None:
    flow.check_illegal_click(app_page, shot(app_page, artifacts, "illegal"))


def test_los_overlay_matches_map_los(app_page: Any, artifacts: Path) -> None:
    flow.check_los_overlay(app_page, shot(app_page, artifacts, "los"))


def test_odds_chart_shows_engine_numbers(app_page: Any, artifacts: Path) -> None:
    flow.check_odds_chart(app_page, shot(app_page, artifacts, "odds"))


def test_resolve_updates_counters(app_page: Any, artifacts: Path) -> None:
    flow.check_resolve_updates_counters(app_page, shot(app_page, artifacts, "resolved"))


def test_hotseat_state_hides_enemies(app_page: Any, artifacts: Path) -> None:
    flow.check_hotseat_hides_enemies(app_page, shot(app_page, artifacts, "hotseat"))


def test_offmap_exit_and_walk(app_page: Any, artifacts: Path) -> None:
    flow.check_offmap_exit_and_walk(app_page, shot(app_page, artifacts, "offmap"))


def test_no_page_errors(app_page: Any) -> None:
    errs = [e for e in app_page.hexplay_errors if "hexplay" in e or "anywidget" in e]
    assert not errs, errs


def test_shipped_app_notebook_renders_in_voila(
    browser_context: Any, voila_server: harness.Server
) -> None:
    """notebooks/skirmish_app.ipynb (copied) served as a Voila app shows the board."""
    page, errors = harness.new_page(browser_context)
    try:
        page.goto(voila_server.page_url("voila/render/skirmish_app.ipynb"))
        page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=45_000)
        page.wait_for_selector(".hexplay-board [data-unit]")
        assert page.locator(".hexplay-board polygon[data-hex]").count() == 30 * 36
        page.get_by_text("End plot").first.wait_for()
        assert not [e for e in errors if "hexplay" in e or "anywidget" in e], errors
    finally:
        page.close()
