"""Browser benchmark of the AGGRESSOR app: ``aggressor_click_vs_echo`` (goal <= 1.2).

The AGGRESSOR app (``AggressorApp(seed=1)``, against the computer, as the notebook starts it)
in a real JupyterLab page (headless Chromium), with the bare echo widget beside it; the same
machinery as :mod:`browser` (imported, not copied: the harness, the in-page click timer and
its wait). Figures, one per line as ``name: value unit``:

- ``aggressor_click_roundtrip_ms``: median, measured in the page, from a real click on an own
  counter (``pointerup``) until the board has drawn everything Python's answer changed (the
  counter selected and the answer to that click applied: the unit's reach, the side's
  observed hexes, its stops and feature reach). Two own units are clicked alternately, so
  every click changes the selection.
- ``aggressor_echo_roundtrip_ms``: median round trip of the board's echo (a ``ping`` over the
  board's comm answered at once in a click answer's form: see :mod:`browser`), one after each
  click (:func:`browser.time_clicks`); ``aggressor_bare_echo_roundtrip_ms`` the bare echo
  widget's, likewise.
- ``aggressor_click_vs_echo``: click / board echo (goal <= 1.2); ``..._vs_bare_echo``: click /
  bare echo.
- ``aggressor_bare_click_echo_roundtrip_ms``: the bare echo started by a real click on its
  button, timed as a counter click is (see :mod:`browser`), one after each bare echo;
  ``aggressor_click_vs_bare_click_echo``: click / that, the like-for-like baseline.
- ``aggressor_click_python_ms`` / ``..._cpu_ms``: median kernel time (wall, CPU) of one click's
  handler until its answer is sent; ``aggressor_click_panels_cpu_ms`` the CPU time of the
  panel work queued after it (simulated in the kernel on the same two counters).

:func:`aggressor_click_vs_echo` starts and stops its own JupyterLab and Chromium and returns
the figures; ``python benchmarks/browser_aggressor.py`` prints them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser  # noqa: E402  (benchmarks/browser.py: its in-page timers)
from launch import Launch, stop_on_sigterm  # noqa: E402  (benchmarks/launch.py)

H = browser.H

APP_CELL = r"""
from hexplay.games.aggressor.app import AggressorApp

app = AggressorApp(seed=1)
board = app.board
MODE = f"AggressorApp (vs {app.vs_computer}), turn {app.game.turn}, {app.plotting_side} to act"
"""

# Two own counters of the side at the screen that may act (their selection draws the most).
PICK = r"""
_side = app.plotting_side
_mine = sorted(u["id"] for u in board.units if u["side"] == _side and not u.get("hidden"))
_result = _mine[:2]
"""


def measure(page: Any, clicks: int = browser.CLICKS, gap_ms: float = 200.0) -> dict:
    """The figures on an open page holding ``app``, ``board``, ``probe`` and ``echo``."""
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=45_000)
    page.locator(".hexplay-board").scroll_into_view_if_needed()
    print(f"# aggressor board: {H.kernel(page, 'MODE')}", flush=True)
    pair = H.kernel(page, PICK)
    if len(pair) < 2:
        raise RuntimeError(f"need two own counters, got {pair}")
    H.kernel(page, "app.selected_unit = None; board.selected = None")
    t = browser.time_clicks(page, pair, clicks, gap_ms)
    times = t["click"]
    print(f"# aggressor click samples: min {min(times):.1f} max {max(times):.1f} n {len(times)}")
    py = browser.python_click(page, pair)
    click, echo, bare = H.median(times), H.median(t["echo"]), H.median(t["bare"])
    bare_click = H.median(t["bare_click"])
    return {
        "aggressor_click_roundtrip_ms": click,
        "aggressor_echo_roundtrip_ms": echo,
        "aggressor_bare_echo_roundtrip_ms": bare,
        "aggressor_click_vs_echo": click / echo,
        "aggressor_click_vs_bare_echo": click / bare,
        "aggressor_bare_click_echo_roundtrip_ms": bare_click,
        "aggressor_click_vs_bare_click_echo": click / bare_click,
        "aggressor_click_python_ms": py["ms"],
        "aggressor_click_python_cpu_ms": py["cpu_ms"],
        "aggressor_click_panels_cpu_ms": py["later_cpu_ms"],
    }


UNITS = {
    "aggressor_click_roundtrip_ms": "ms",
    "aggressor_echo_roundtrip_ms": "ms",
    "aggressor_bare_echo_roundtrip_ms": "ms",
    "aggressor_click_vs_echo": "x",
    "aggressor_click_vs_bare_echo": "x",
    "aggressor_bare_click_echo_roundtrip_ms": "ms",
    "aggressor_click_vs_bare_click_echo": "x",
    "aggressor_click_python_ms": "ms",
    "aggressor_click_python_cpu_ms": "ms",
    "aggressor_click_panels_cpu_ms": "ms",
}


def aggressor_click_vs_echo(
    clicks: int = browser.CLICKS, gap_ms: float = 200.0
) -> dict[str, float]:
    """Start JupyterLab and Chromium, open the AGGRESSOR app and measure (see the module doc);
    everything started here is stopped at the end."""
    cells = [H.PROBE_CELL, APP_CELL, "probe", browser.shown("app")]
    with Launch("bench_aggressor.ipynb", cells, prefix="hexplay-bench-agg-") as run:
        return measure(run.lab_page(), clicks, gap_ms)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=browser.CLICKS)
    ap.add_argument("--gap-ms", type=float, default=200.0)
    args = ap.parse_args(argv)
    stop_on_sigterm()
    for k, v in aggressor_click_vs_echo(args.clicks, args.gap_ms).items():
        browser.emit(k, v, UNITS[k])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
