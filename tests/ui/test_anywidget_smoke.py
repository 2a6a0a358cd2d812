"""A bare anywidget renders in JupyterLab and Voila, and a real click reaches Python."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui

NB = "ui_smoke.ipynb"


@pytest.fixture(scope="module")
def smoke_nb(nb_dir: Path) -> str:
    harness.write_notebook(nb_dir / NB, [harness.PROBE_CELL, "probe", "echo"])
    return NB


def _click_reaches_python(page: Any) -> None:
    page.wait_for_selector(".hexplay-echo[data-ready='true']")
    assert harness.kernel(page, "echo.clicks") == 0
    page.click(".hexplay-echo-button")
    # Two separate effects: the custom reply in the DOM and the synced trait in Python.
    page.wait_for_selector(".hexplay-echo-reply:has-text('pong 1')")
    assert harness.wait_kernel(page, "echo.clicks == 1")
    page.click(".hexplay-echo-button")
    page.wait_for_selector(".hexplay-echo-reply:has-text('pong 2')")
    assert harness.kernel(page, "echo.clicks") == 2
    times = page.evaluate("() => window.__hexplayEcho(5)")
    assert len(times) == 5 and all(t > 0 for t in times)


def test_anywidget_in_lab(page: Any, lab_server: harness.Server, smoke_nb: str, artifacts: Path):
    harness.open_lab_notebook(page, lab_server, smoke_nb)
    _click_reaches_python(page)
    page.screenshot(path=str(artifacts / "smoke_lab.png"))


def test_anywidget_in_voila(
    page: Any, voila_server: harness.Server, smoke_nb: str, artifacts: Path
):
    harness.open_voila(page, voila_server, smoke_nb)
    _click_reaches_python(page)
    page.screenshot(path=str(artifacts / "smoke_voila.png"))
