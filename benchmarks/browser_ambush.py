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

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser as B  # noqa: E402  (benchmarks/browser.py: its in-page timers)
from browser_naval import app_main, measure_app  # noqa: E402  (the same measurement as the naval app's)
from launch import H  # noqa: E402  (benchmarks/launch.py)

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
    """Time ``clicks`` real clicks on two own units (the naval benchmark's
    :func:`~browser_naval.measure_app`): the ``ambush_*`` figures; the answer holds the
    selection's reach."""
    drawn = "bool(board.overlays.get('reachable'))"
    return measure_app(page, "ambush", PICK_UNITS, drawn, clicks, gap_ms, prefix)


def main(argv: list[str] | None = None) -> int:
    return app_main(argv, __doc__ or "", NAME, cells(), measure_ambush)


if __name__ == "__main__":
    raise SystemExit(main())
