"""Fixtures for the browser tests: one JupyterLab, one Voila and one headless Chromium per session.

Everything runs under a session temp dir: notebooks (written by the tests or copied from
``notebooks/``), Jupyter/IPython settings, browser profile, server logs.  Without Chromium or
playwright the ui tests skip; the top-level ``tests/conftest.py`` turns such skips into failures
when ``HEXPLAY_REQUIRE_BROWSER=1``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness

ARTIFACTS = harness.REPO / "test-artifacts" / "ui"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.ui)


@pytest.fixture(scope="session")
def chromium_exe() -> str:
    exe = harness.chromium_path()
    if exe is None:
        pytest.skip("chromium not installed (apt-get install -y chromium)")
    return exe


@pytest.fixture(scope="session")
def ui_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hexplay-ui")


@pytest.fixture(scope="session")
def nb_dir(ui_home: Path) -> Path:
    """The served notebook folder: copies of ``notebooks/`` plus the notebooks tests write."""
    root = ui_home / "notebooks"
    root.mkdir()
    src = harness.REPO / "notebooks"
    if src.is_dir():
        for nb in src.glob("*.ipynb"):
            shutil.copy2(nb, root / nb.name)
        for extra in src.iterdir():  # data files the notebooks read, if any
            if extra.is_file() and extra.suffix in {".json", ".toml", ".txt", ".csv"}:
                shutil.copy2(extra, root / extra.name)
    return root


@pytest.fixture(scope="session")
def browser_context(chromium_exe: str, ui_home: Path) -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    pw = sync_api.sync_playwright().start()
    ctx = None
    try:
        ctx = harness.launch_browser(pw, ui_home / "chromium-profile", chromium_exe)
        ctx.set_default_timeout(30_000)
        yield ctx
    finally:
        if ctx is not None:
            ctx.close()
        pw.stop()


@pytest.fixture(scope="session")
def lab_server(nb_dir: Path, ui_home: Path, chromium_exe: str) -> Iterator[harness.Server]:
    server = harness.start_lab(nb_dir, ui_home / "lab-home")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def notebook7_server(nb_dir: Path, ui_home: Path, chromium_exe: str) -> Iterator[harness.Server]:
    server = harness.start_lab(nb_dir, ui_home / "nb7-home", app="notebook")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_server(nb_dir: Path, ui_home: Path, chromium_exe: str) -> Iterator[harness.Server]:
    server = harness.start_voila(nb_dir, ui_home / "voila-home")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def page(browser_context: Any) -> Iterator[Any]:
    pg, errors = harness.new_page(browser_context)
    pg.hexplay_errors = errors
    try:
        yield pg
    finally:
        pg.close()
