"""A whole game against the computer through clicks alone, for each game, in Voila (slow): the
student of :mod:`tests.ui.click_play` plays to the end (or the turn bound), every click answered
(an order, a selection, the odds, or the reason by the board: no silent refusal); and each kind
of refused click shows its reason where the student looks (``.hexplay-click-status``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import click_play, harness

pytestmark = [pytest.mark.ui, pytest.mark.slow]

#: game -> (the computer's side, turns played at most: a whole game, or a bound for the
#: unbounded AGGRESSOR). The student plays SKIRMISH's defender (guards aboard the vehicles:
#: selected by their pips, they fire from the vehicle or leave it) and AMBUSH's adversary.
GAMES = {
    "skirmish": ("adversary", 20),
    "ambush": ("defender", 30),
    "aggressor": ("east", 12),
    "naval": ("usn", 20),
}


@pytest.fixture(scope="module")
def clicks_server(ui_home: Path, chromium_exe: str):
    root = ui_home / "clicks"
    for game, (computer, _n) in GAMES.items():
        cell = click_play.app_cell(game, 1, computer)
        harness.write_notebook(
            root / f"clicks_{game}.ipynb", [harness.PROBE_CELL, cell, "app", "probe"]
        )
    server = harness.start_voila(root, ui_home / "clicks-voila")
    try:
        yield server
    finally:
        server.stop()


def _page(browser_context: Any, server: Any, game: str) -> Any:
    page, _errors = harness.new_page(browser_context)
    page.set_viewport_size({"width": 1600, "height": 1000})
    harness.open_voila(page, server, f"clicks_{game}.ipynb", 90_000)
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=60_000)
    return page


@pytest.mark.parametrize("game", list(GAMES))
def test_each_kind_of_refused_click_shows_its_reason(
    game: str, clicks_server: Any, browser_context: Any
) -> None:
    page = _page(browser_context, clicks_server, game)
    try:
        kinds = click_play.refusal_kinds(page, harness.kernel)
        assert "hex with nothing selected" in kinds and "hex out of reach" in kinds, kinds
        silent = [k for k, words in kinds.items() if not words]
        assert silent == [], kinds
    finally:
        page.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_against_the_computer_by_clicks_alone(
    game: str, clicks_server: Any, browser_context: Any, artifacts: Path
) -> None:
    page = _page(browser_context, clicks_server, game)
    try:
        _computer, turns = GAMES[game]
        tally = click_play.Student(page, harness.kernel).play(turns)
        page.screenshot(path=str(artifacts / f"clicks_{game}_end.png"))
        over = harness.kernel(page, "app.over")
        assert over or len(tally.clicks_per_turn) == turns, tally
        assert tally.answered > 0 and tally.silent == 0, tally
        orders = harness.kernel(page, "len(app.game.commands.commands)")
        assert orders > len(tally.clicks_per_turn), "the clicks gave orders"
    finally:
        page.close()
