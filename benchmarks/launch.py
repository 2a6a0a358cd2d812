"""The browser benchmarks' launch: a notebook in JupyterLab (and Voila) in headless Chromium.

One place for what ``browser.py``, ``browser_aggressor.py``, ``browser_naval.py`` and ``ux.py``
all need: the UI test harness (``tests/ui/harness.py``, loaded as a module: ``benchmarks/``
and ``tests/ui/`` are not packages), a temporary home, the notebook written there, a
JupyterLab server, Chromium and pages opened on the notebook; everything stopped at the end::

    with Launch("bench_board.ipynb", [H.PROBE_CELL, CELL, "probe", "board"]) as run:
        page = run.lab_page()
        ...
        page = run.voila_page()  # Voila started on first use

SIGTERM stops it all too (:func:`stop_on_sigterm`: the servers run in their own sessions).
"""

from __future__ import annotations

import importlib.util
import signal
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def load_harness() -> Any:
    """``tests/ui/harness.py`` as the module ``hexplay_ui_harness`` (loaded once)."""
    name = "hexplay_ui_harness"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO / "tests" / "ui" / "harness.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


H = load_harness()


def stop_on_sigterm() -> None:
    """Make SIGTERM raise SystemExit, so a ``with Launch(...)`` still stops its servers."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


class Launch:
    """A temporary home holding notebook ``name`` (``cells``), JupyterLab and Chromium.

    Raises :class:`FileNotFoundError` on entry when there is no Chromium."""

    def __init__(self, name: str, cells: list[str], prefix: str = "hexplay-bench-") -> None:
        self.name, self.cells, self.prefix = name, cells, prefix
        self.lab: Any = None
        self.voila: Any = None
        self.ctx: Any = None
        self._pw: Any = None
        self._tmp: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> Launch:
        exe = H.chromium_path()
        if exe is None:
            raise FileNotFoundError("chromium not found: nothing measured")
        from playwright.sync_api import sync_playwright

        self._tmp = tempfile.TemporaryDirectory(prefix=self.prefix)
        self.home = Path(self._tmp.name)
        self.nb_dir = self.home / "notebooks"
        H.write_notebook(self.nb_dir / self.name, self.cells)
        try:
            self._pw = sync_playwright().start()
            t0 = time.monotonic()
            self.lab = H.start_lab(self.nb_dir, self.home / "lab-home")
            print(f"# jupyterlab ready in {time.monotonic() - t0:.1f} s", flush=True)
            self.ctx = H.launch_browser(self._pw, self.home / "profile", exe)
        except BaseException:
            self.close()
            raise
        return self

    def lab_page(self, timeout_ms: float = 60_000, viewport: dict | None = None) -> Any:
        """A new page with the notebook open in JupyterLab, every cell run."""
        page = self.ctx.new_page()
        if viewport:
            page.set_viewport_size(viewport)
        H.open_lab_notebook(page, self.lab, self.name, timeout_ms)
        return page

    def voila_page(self, timeout_ms: float = 60_000) -> Any:
        """A new page with the notebook rendered by Voila (started on first use)."""
        if self.voila is None:
            self.voila = H.start_voila(self.nb_dir, self.home / "voila-home")
        page = self.ctx.new_page()
        H.open_voila(page, self.voila, self.name, timeout_ms)
        return page

    def close(self) -> None:
        """Stop Chromium, Playwright and the servers (by PID); remove the temporary home."""
        try:
            if self.ctx is not None:
                self.ctx.close()
            if self._pw is not None:
                self._pw.stop()
        finally:
            self.ctx = self._pw = None
            for server in (self.voila, self.lab):
                if server is not None:
                    server.stop()
            self.voila = self.lab = None
            if self._tmp is not None:
                self._tmp.cleanup()
                self._tmp = None

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
