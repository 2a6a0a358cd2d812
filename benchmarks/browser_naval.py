"""Browser benchmark of the naval app: a click on a ship in a real JupyterLab page.

Reuses :mod:`browser`'s machinery (the harness, the in-page click timer ``ARM_JS`` /
``WAIT_CLICK_JS``, the kernel-side click counter ``PY_CLICK``, ``emit``) on
``GameApp(new_game("naval", seed=1), vs_computer="ijn")`` (Kula Gulf, the USN at the screen):

- ``naval_click_roundtrip_ms``: median, in the page, from a real click on a USN ship
  (``pointerup``) until the board has drawn Python's whole answer to it: the counter drawn
  selected, its reachable hexes (cost per hex) and its range rings, ``el.dataset.answered``
  equal to the click's seq.
- ``naval_echo_roundtrip_ms``: the board's echo (a ``ping`` over the board's comm answered
  at once in a click answer's form: see :mod:`browser`), one after each click;
  ``naval_bare_echo_roundtrip_ms`` the bare echo widget's, likewise.
- ``naval_click_vs_echo``: click / board echo (no goal; SKIRMISH's and AGGRESSOR's is <= 1.2);
  ``naval_click_vs_bare_echo``: click / bare echo.
- ``naval_bare_click_echo_roundtrip_ms``: the bare echo started by a real click on its button,
  timed as a ship click is (see :mod:`browser`), one after each bare echo;
  ``naval_click_vs_bare_click_echo``: click / that, the like-for-like baseline.
- ``naval_click_python_ms`` / ``naval_click_python_cpu_ms``: kernel time (wall, and the kernel
  thread's CPU time) of a click's handler until its answer is sent;
  ``naval_click_panels_cpu_ms`` the panel work queued after it; ``naval_click_messages`` /
  ``naval_click_board_messages``: comm messages per click (all widgets / the answer).

``--voila`` measures the same in Voila (``voila_naval_*``). ``measure_naval(page, ...)`` is
the measurement (a page with the notebook of :func:`cells` open); ``main()`` starts and stops
its own JupyterLab and Chromium (:mod:`launch`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser as B  # noqa: E402  (benchmarks/browser.py: its in-page timers)
from launch import H, Launch, stop_on_sigterm  # noqa: E402  (benchmarks/launch.py)

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


def cells() -> list[str]:
    """The benchmark notebook's cells (the probe and echo widgets, the naval app)."""
    return [H.PROBE_CELL, NAVAL_CELL, "probe", B.shown("app")]


def measure_naval(
    page: Any, clicks: int = B.CLICKS, gap_ms: float = 200.0, prefix: str = ""
) -> dict[str, float]:
    """Time ``clicks`` real clicks on two USN ships (:func:`measure_app`): the ``naval_*``
    figures; the answer holds the selection's reach and its range rings."""
    drawn = "bool(board.overlays.get('reachable')) and bool(board.markings)"
    return measure_app(page, "naval", PICK_SHIPS, drawn, clicks, gap_ms, prefix)


def measure_app(
    page: Any,
    game: str,
    pick: str,
    drawn: str,
    clicks: int = B.CLICKS,
    gap_ms: float = 200.0,
    prefix: str = "",
) -> dict[str, float]:
    """Time ``clicks`` real clicks alternating on the two own units the kernel code ``pick``
    names, each followed by a board echo and a bare echo (:func:`browser.time_clicks`); check
    the kernel expression ``drawn`` (the answer held what a selection draws); print and return
    the ``<game>_*`` figures."""
    h = H
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=60_000)
    print(f"# {prefix or 'lab'} board: {h.kernel(page, 'MODE')}", flush=True)
    pair = h.kernel(page, pick)
    if len(pair) < 2:
        raise RuntimeError(f"need two own units in separate hexes, got {pair}")
    h.kernel(page, "board.selected = None")
    t = B.time_clicks(page, pair, clicks, gap_ms)
    assert h.kernel(page, drawn)
    py = B.python_click(page, pair)
    g = f"{game}_"
    out = {
        g + "click_roundtrip_ms": h.median(t["click"]),
        g + "echo_roundtrip_ms": h.median(t["echo"]),
        g + "bare_echo_roundtrip_ms": h.median(t["bare"]),
        g + "bare_click_echo_roundtrip_ms": h.median(t["bare_click"]),
        g + "click_python_ms": py["ms"],
        g + "click_python_cpu_ms": py["cpu_ms"],
        g + "click_panels_cpu_ms": py["later_cpu_ms"],
        g + "click_messages": py["messages"],
        g + "click_board_messages": py["board_messages"],
    }
    click = out[g + "click_roundtrip_ms"]
    out[g + "click_vs_echo"] = click / out[g + "echo_roundtrip_ms"]
    out[g + "click_vs_bare_echo"] = click / out[g + "bare_echo_roundtrip_ms"]
    out[g + "click_vs_bare_click_echo"] = click / out[g + "bare_click_echo_roundtrip_ms"]
    units = {"messages": "messages", "echo": "x"}
    for name, v in out.items():
        unit = next((u for k, u in units.items() if name.endswith(k)), "ms")
        B.emit(prefix + name, v, unit)
    times = t["click"]
    print(f"# {prefix}{game} click samples: min {min(times):.1f} max {max(times):.1f}", flush=True)
    return out


def app_main(argv: list[str] | None, doc: str, name: str, cells: list[str], measure: Any) -> int:
    """The command line of an app's click benchmark: ``measure(page, clicks, gap_ms,
    prefix="")`` in JupyterLab on the notebook ``name`` of ``cells`` (and with ``--voila`` in
    Voila too, its figures ``voila_*``)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=B.CLICKS)
    ap.add_argument("--gap-ms", type=float, default=200.0)
    ap.add_argument("--voila", action="store_true", help="also measure in Voila (voila_*)")
    args = ap.parse_args(argv)
    stop_on_sigterm()
    tmp = f"hexplay-bench-{Path(name).stem.removeprefix('bench_')}-"
    try:
        with Launch(name, cells, prefix=tmp) as run:
            page = run.lab_page(90_000)
            measure(page, args.clicks, args.gap_ms)
            page.close()
            if args.voila:
                page = run.voila_page(90_000)
                measure(page, args.clicks, args.gap_ms, prefix="voila_")
                page.close()
    except FileNotFoundError as exc:
        print(f"# {exc}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    return app_main(argv, __doc__ or "", NAME, cells(), measure_naval)


if __name__ == "__main__":
    raise SystemExit(main())
