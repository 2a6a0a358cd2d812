"""The SKIRMISH app in Notebook 7: the board renders and a click on a counter reaches Python."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import harness
from . import skirmish_flow as flow

pytestmark = pytest.mark.ui


def test_board_in_notebook7(
    page: Any, notebook7_server: harness.Server, nb_dir: Path, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 1600, "height": 1200})
    harness.open_lab_notebook(page, notebook7_server, flow.write(nb_dir))
    flow.board_ready(page)
    flow.check_renders(page, artifacts / "notebook7_board.png")
    flow.check_click_selects(page)
    # Notebook 7 itself and bqplot's hidden tabs log errors of their own; none may be ours.
    errs = [e for e in page.hexplay_errors if "hexplay" in e or "anywidget" in e]
    assert not errs, errs
