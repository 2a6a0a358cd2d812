"""The SKIRMISH app in Voila: board, clicks, plots, LOS, odds, resolution, hot seat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness
from . import skirmish_flow as flow

pytestmark = pytest.mark.ui
ENV = "voila"


@pytest.fixture(scope="module")
def app_page(browser_context: Any, voila_server: harness.Server, nb_dir: Path) -> Iterator[Any]:
    name = flow.write(nb_dir)
    page, errors = harness.new_page(browser_context)
    page.set_viewport_size({"width": 1600, "height": 1200})
    try:
        harness.open_voila(page, voila_server, name)
        flow.board_ready(page)
        page.hexplay_errors = errors
        yield page
    finally:
        page.close()


def test_board_renders(app_page: Any, artifacts: Path) -> None:
    flow.check_renders(app_page, artifacts / f"{ENV}_board.png")


def test_click_selects_unit(app_page: Any) -> None:
    flow.check_click_selects(app_page)


def test_turn1_shot_at_an_occupant(app_page: Any, artifacts: Path) -> None:
    flow.check_turn1_occupant_shot(app_page, artifacts / f"{ENV}_occupant.png")


def test_plot_move_and_shot(app_page: Any, artifacts: Path) -> None:
    flow.check_plot_move_and_shot(app_page, artifacts / f"{ENV}_plot.png")


def test_illegal_click_shows_rule(app_page: Any, artifacts: Path) -> None:
    flow.check_illegal_click(app_page, artifacts / f"{ENV}_illegal.png")


def test_los_overlay_matches_map_los(app_page: Any, artifacts: Path) -> None:
    flow.check_los_overlay(app_page, artifacts / f"{ENV}_los.png")


def test_odds_chart_shows_engine_numbers(app_page: Any, artifacts: Path) -> None:
    flow.check_odds_chart(app_page, artifacts / f"{ENV}_odds.png")


def test_resolve_updates_counters(app_page: Any, artifacts: Path) -> None:
    flow.check_resolve_updates_counters(app_page, artifacts / f"{ENV}_resolved.png")


def test_hotseat_state_hides_enemies(app_page: Any, artifacts: Path) -> None:
    flow.check_hotseat_hides_enemies(app_page, artifacts / f"{ENV}_hotseat.png")


def test_offmap_exit_and_walk(app_page: Any, artifacts: Path) -> None:
    flow.check_offmap_exit_and_walk(app_page, artifacts / f"{ENV}_offmap.png")


def test_no_page_errors(app_page: Any) -> None:
    errs = [e for e in app_page.hexplay_errors if "hexplay" in e or "anywidget" in e]
    assert not errs, errs


def test_shipped_app_notebook_renders(browser_context: Any, voila_server: harness.Server) -> None:
    """notebooks/skirmish_app.ipynb (copied) served as a Voila app shows the board."""
    if not (voila_server.root / "skirmish_app.ipynb").exists():
        pytest.skip("notebooks/skirmish_app.ipynb not present")
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
