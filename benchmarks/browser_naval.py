"""Browser benchmark of the naval app: a click on a ship in a real JupyterLab page.

Reuses :mod:`browser`'s machinery (the harness, the in-page click timer ``ARM_JS`` /
``WAIT_CLICK_JS``, the kernel-side click counter ``PY_CLICK``, ``emit``) on
``GameApp(new_game("naval", seed=1), vs_computer="ijn")`` (Kula Gulf, the USN at the screen):

- ``naval_click_roundtrip_ms``: median, in the page, from a real click on a USN ship
  (``pointerup``) until the board has drawn Python's whole answer to it: the counter drawn
  selected, its reachable hexes (cost per hex) and its range rings, ``el.dataset.answered``
  equal to the click's seq.
- ``naval_echo_roundtrip_ms``: the bare echo widget's round trip in the same page.
- ``naval_click_vs_echo``: their ratio (goal <= 1.2).
- ``naval_click_python_ms`` / ``naval_click_python_cpu_ms`` / ``naval_click_messages``: kernel
  time (wall, and the kernel thread's CPU time) and comm messages per click.

``--voila`` measures the same in Voila (``voila_naval_*``). ``measure_naval(page, ...)`` is
the measurement (a page with the notebook of
:func:`write_notebook` open); ``main()`` starts and stops its own JupyterLab and Chromium.
"""

from __future__ import annotations

import argparse
import importlib.util
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _load_browser() -> Any:
    """benchmarks/browser.py as a module (benchmarks/ is not a package)."""
    if "hexplay_bench_browser" in sys.modules:
        return sys.modules["hexplay_bench_browser"]
    spec = importlib.util.spec_from_file_location("hexplay_bench_browser", HERE / "browser.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


B = _load_browser()
H = B.H

NAVAL_CELL = r"""
import hexplay
from hexplay.widgets.game_app import GameApp

app = GameApp(hexplay.new_game("naval", "kula_gulf", seed=1), seed=1, vs_computer="ijn")
board = app.board
MODE = "naval GameApp (Kula Gulf, USN at the screen)"
"""

# Two USN ships alone in their hexes, to click alternately (each click changes the selection).
PICK_SHIPS = r"""
_hexes = [u["hex"] for u in board.units]
_result = [u["id"] for u in board.units
           if u["side"] == app.plotting_side and _hexes.count(u["hex"]) == 1][:2]
"""

NAME = "bench_naval.ipynb"


def write_notebook(nb_dir: Path) -> str:
    H.write_notebook(nb_dir / NAME, [H.PROBE_CELL, NAVAL_CELL, "probe", "echo", "app"])
    return NAME


def measure_naval(
    page: Any, clicks: int = 24, echoes: int = 40, gap_ms: float = 200.0, prefix: str = ""
) -> dict[str, float]:
    """Time ``clicks`` real clicks on two USN ships against ``echoes`` bare echoes (both
    ``gap_ms`` apart); print and return the ``naval_*`` figures."""
    h = H
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=60_000)
    print(f"# {prefix or 'lab'} board: {h.kernel(page, 'MODE')}", flush=True)
    pair = h.kernel(page, PICK_SHIPS)
    if len(pair) < 2:
        raise RuntimeError(f"need two own ships in separate hexes, got {pair}")
    h.kernel(page, "board.selected = None")
    times = []
    for i in range(clicks):
        time.sleep(gap_ms / 1000)
        unit = pair[i % 2]
        times.append(B.click_counter(page, unit))
    # the answer held the selection overlays (reach) and the rings (markings)
    assert h.kernel(page, "bool(board.overlays.get('reachable')) and bool(board.markings)")
    ms, cpu, n_all, n_board = h.kernel(page, f"_PAIR = {pair!r}\n" + B.PY_CLICK)
    echo = page.evaluate("([n, gap]) => window.__hexplayEcho(n, gap)", [echoes, gap_ms])
    out = {
        "naval_click_roundtrip_ms": h.median(times),
        "naval_echo_roundtrip_ms": h.median(echo),
        "naval_click_python_ms": h.median(ms),
        "naval_click_python_cpu_ms": h.median(cpu),
        "naval_click_messages": h.median(n_all),
        "naval_click_board_messages": h.median(n_board),
    }
    out["naval_click_vs_echo"] = out["naval_click_roundtrip_ms"] / out["naval_echo_roundtrip_ms"]
    units = {"messages": "messages", "vs_echo": "x"}
    for name, v in out.items():
        unit = next((u for k, u in units.items() if name.endswith(k)), "ms")
        B.emit(prefix + name, v, unit)
    print(f"# {prefix}naval click samples: min {min(times):.1f} max {max(times):.1f}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=24)
    ap.add_argument("--echoes", type=int, default=40)
    ap.add_argument("--gap-ms", type=float, default=200.0)
    ap.add_argument("--voila", action="store_true", help="also measure in Voila (voila_*)")
    args = ap.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    exe = H.chromium_path()
    if exe is None:
        print("# chromium not found: nothing measured", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="hexplay-bench-naval-") as tmp:
        home = Path(tmp)
        nb_dir = home / "notebooks"
        name = write_notebook(nb_dir)
        lab = voila = ctx = None
        pw = sync_playwright().start()
        try:
            lab = H.start_lab(nb_dir, home / "lab-home")
            ctx = H.launch_browser(pw, home / "profile", exe)
            page = ctx.new_page()
            H.open_lab_notebook(page, lab, name, 90_000)
            measure_naval(page, args.clicks, args.echoes, args.gap_ms)
            page.close()
            if args.voila:
                voila = H.start_voila(nb_dir, home / "voila-home")
                page = ctx.new_page()
                H.open_voila(page, voila, name, 90_000)
                measure_naval(page, args.clicks, args.echoes, args.gap_ms, prefix="voila_")
                page.close()
        finally:
            if ctx is not None:
                ctx.close()
            pw.stop()
            for server in (lab, voila):
                if server is not None:
                    server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
