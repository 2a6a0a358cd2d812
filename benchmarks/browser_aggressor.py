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
- ``aggressor_echo_roundtrip_ms``: median JS -> Python -> JS round trip of the bare echo
  widget, spaced like the clicks (``gap_ms``).
- ``aggressor_click_vs_echo``: their ratio.
- ``aggressor_click_python_ms``: median kernel time of one click's handler (simulated in the
  kernel on the same two counters).

:func:`aggressor_click_vs_echo` starts and stops its own JupyterLab and Chromium and returns
the figures; ``python benchmarks/browser_aggressor.py`` prints them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser  # noqa: E402  (benchmarks/browser.py: its in-page timers)
from launch import Launch, stop_on_sigterm  # noqa: E402  (benchmarks/launch.py)

H = browser.H

APP_CELL = r"""
from hexplay.widgets.aggressor_ui import AggressorApp

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

PY_CLICK = r"""
import time as _time

_ms = []
for _i in range(20):
    _uid = _PAIR[_i % 2]
    _x = next(u for u in board.units if u["id"] == _uid)
    _t0 = _time.perf_counter()
    board._handle_custom_msg({"type": "click", "hex": _x["hex"], "unit": _uid}, [])
    _ms.append((_time.perf_counter() - _t0) * 1000)
_result = _ms
"""


def measure(page: Any, clicks: int = 24, echoes: int = 40, gap_ms: float = 200.0) -> dict:
    """The figures on an open page holding ``app``, ``board``, ``probe`` and ``echo``."""
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=45_000)
    page.locator(".hexplay-board").scroll_into_view_if_needed()
    print(f"# aggressor board: {H.kernel(page, 'MODE')}", flush=True)
    pair = H.kernel(page, PICK)
    if len(pair) < 2:
        raise RuntimeError(f"need two own counters, got {pair}")
    H.kernel(page, "app.selected_unit = None; board.selected = None")
    times, draw = [], []
    for i in range(clicks):
        time.sleep(gap_ms / 1000)
        unit = pair[i % 2]
        times.append(browser.click_counter(page, unit))
        draw.append(
            page.eval_on_selector(
                ".hexplay-board", "el => [+el.dataset.updateMs, +el.dataset.overlaysMs]"
            )
        )
    print(f"# aggressor click samples: min {min(times):.1f} max {max(times):.1f} n {len(times)}")
    print(
        f"# aggressor in-page draw of a click's answer: update {H.median([d[0] for d in draw]):.2f}"
        f" ms, overlays {H.median([d[1] for d in draw]):.2f} ms (medians)"
    )
    py = H.kernel(page, f"_PAIR = {pair!r}\n" + PY_CLICK)
    echo = page.evaluate("([n, gap]) => window.__hexplayEcho(n, gap)", [echoes, gap_ms])
    click, bare = H.median(times), H.median(echo)
    return {
        "aggressor_click_roundtrip_ms": click,
        "aggressor_echo_roundtrip_ms": bare,
        "aggressor_click_vs_echo": click / bare,
        "aggressor_click_python_ms": H.median(py),
    }


UNITS = {
    "aggressor_click_roundtrip_ms": "ms",
    "aggressor_echo_roundtrip_ms": "ms",
    "aggressor_click_vs_echo": "x",
    "aggressor_click_python_ms": "ms",
}


def aggressor_click_vs_echo(
    clicks: int = 24, echoes: int = 40, gap_ms: float = 200.0
) -> dict[str, float]:
    """Start JupyterLab and Chromium, open the AGGRESSOR app and measure (see the module doc);
    everything started here is stopped at the end."""
    cells = [H.PROBE_CELL, APP_CELL, "probe", "echo", "app"]
    with Launch("bench_aggressor.ipynb", cells, prefix="hexplay-bench-agg-") as run:
        return measure(run.lab_page(), clicks, echoes, gap_ms)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=24)
    ap.add_argument("--echoes", type=int, default=40)
    ap.add_argument("--gap-ms", type=float, default=200.0)
    args = ap.parse_args(argv)
    stop_on_sigterm()
    for k, v in aggressor_click_vs_echo(args.clicks, args.echoes, args.gap_ms).items():
        browser.emit(k, v, UNITS[k])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
