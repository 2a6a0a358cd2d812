"""Browser benchmark of the AMBUSH app: a click on an adversary in a real JupyterLab page.

The naval benchmark's measurement (that of benchmarks/browser_naval.py, after browser.py)
on ``GameApp(new_game("ambush", seed=1), vs_computer="defender")`` (the report's sample game,
the adversary at the screen, turn 1):

- ``ambush_click_roundtrip_ms``: median, in the page, from a real click on an adversary
  (``pointerup``) until the board has drawn Python's whole answer (the counter selected, its
  reach marked); ``ambush_echo_roundtrip_ms`` / ``ambush_bare_echo_roundtrip_ms`` the board's
  and the bare widget's echo, one after each click; ``ambush_click_vs_echo`` and
  ``ambush_click_vs_bare_echo`` (goal <= 1.2, as every game's); the like-for-like
  ``ambush_bare_click_echo_roundtrip_ms`` / ``ambush_click_vs_bare_click_echo``; kernel time and
  messages per click (``ambush_click_python_ms``, ...).

``--voila`` measures the same in Voila (``voila_ambush_*``).
"""

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser as B  # noqa: E402  (benchmarks/browser.py: its in-page timers)
from launch import H, Launch, stop_on_sigterm  # noqa: E402  (benchmarks/launch.py)

AMBUSH_CELL = r"""
import hexplay
from hexplay.widgets.game_app import GameApp

app = GameApp("ambush", seed=1, vs_computer="defender")
board = app.board
MODE = f"AMBUSH GameApp (turn {app.game.turn}, {app.plotting_side} at the screen)"
"""

# Two own units alone in their hexes, to click alternately (each click changes the selection).
PICK_UNITS = r"""
_hexes = [u["hex"] for u in board.units]
_result = [u["id"] for u in board.units
           if u["side"] == app.plotting_side and _hexes.count(u["hex"]) == 1][:2]
"""

NAME = "bench_ambush.ipynb"


def cells() -> list[str]:
    """The benchmark notebook's cells (the probe and echo widgets, the AMBUSH app)."""
    return [H.PROBE_CELL, AMBUSH_CELL, "probe", B.shown("app")]


def measure_ambush(
    page: Any, clicks: int = B.CLICKS, gap_ms: float = 200.0, prefix: str = ""
) -> dict[str, float]:
    """Time ``clicks`` real clicks on two own units, each followed by a board echo and a bare
    echo (:func:`browser.time_clicks`); print and return the ``ambush_*`` figures."""
    h = H
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=60_000)
    print(f"# {prefix or 'lab'} board: {h.kernel(page, 'MODE')}", flush=True)
    pair = h.kernel(page, PICK_UNITS)
    if len(pair) < 2:
        raise RuntimeError(f"need two own units in separate hexes, got {pair}")
    h.kernel(page, "board.selected = None")
    t = B.time_clicks(page, pair, clicks, gap_ms)
    # the answer held the selection overlays (the unit's reach)
    assert h.kernel(page, "bool(board.overlays.get('reachable'))")
    py = B.python_click(page, pair)
    out = {
        "ambush_click_roundtrip_ms": h.median(t["click"]),
        "ambush_echo_roundtrip_ms": h.median(t["echo"]),
        "ambush_bare_echo_roundtrip_ms": h.median(t["bare"]),
        "ambush_bare_click_echo_roundtrip_ms": h.median(t["bare_click"]),
        "ambush_click_python_ms": py["ms"],
        "ambush_click_python_cpu_ms": py["cpu_ms"],
        "ambush_click_panels_cpu_ms": py["later_cpu_ms"],
        "ambush_click_messages": py["messages"],
        "ambush_click_board_messages": py["board_messages"],
    }
    click = out["ambush_click_roundtrip_ms"]
    out["ambush_click_vs_echo"] = click / out["ambush_echo_roundtrip_ms"]
    out["ambush_click_vs_bare_echo"] = click / out["ambush_bare_echo_roundtrip_ms"]
    out["ambush_click_vs_bare_click_echo"] = click / out["ambush_bare_click_echo_roundtrip_ms"]
    units = {"messages": "messages", "echo": "x"}
    for name, v in out.items():
        unit = next((u for k, u in units.items() if name.endswith(k)), "ms")
        B.emit(prefix + name, v, unit)
    times = t["click"]
    print(f"# {prefix}ambush click samples: min {min(times):.1f} max {max(times):.1f}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=B.CLICKS)
    ap.add_argument("--gap-ms", type=float, default=200.0)
    ap.add_argument("--voila", action="store_true", help="also measure in Voila (voila_*)")
    args = ap.parse_args(argv)
    stop_on_sigterm()
    try:
        with Launch(NAME, cells(), prefix="hexplay-bench-ambush-") as run:
            page = run.lab_page(90_000)
            measure_ambush(page, args.clicks, args.gap_ms)
            page.close()
            if args.voila:
                page = run.voila_page(90_000)
                measure_ambush(page, args.clicks, args.gap_ms, prefix="voila_")
                page.close()
    except FileNotFoundError as exc:
        print(f"# {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
