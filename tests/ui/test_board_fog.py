"""The sight fog in the browser: ONE path whose filled area is exactly the hidden hexes, drawn
either as those hexes or as the map's outline with the visible hexes cut out (even-odd), the
same path element redrawn in place (``Board.drawFog`` in js/src/board.js)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui

NB = "ui_board_fog.ipynb"

BOARD_CELL = r"""
from hexplay.maps import load_map
from hexplay.widgets import HexBoard

board = HexBoard(load_map("skirmish"), height="600px")
LABELS = list(board.map.hex_labels)
board
"""

# Every hex of the drawn map (its polygon's centre and six points near its corners) tested
# against the fog path's fill (isPointInFill honours the fill rule): the labels whose centre is
# fogged, and the labels where a point near a corner disagrees with the centre.
FOG_JS = """
() => {
  const el = document.querySelector('.hexplay-board');
  const fog = el.querySelector('path.hexplay-fog');
  if (!fog) return null;
  const fogged = [];
  const torn = [];
  for (const poly of el.querySelectorAll('polygon.hexplay-hex')) {
    const pts = poly.getAttribute('points').trim().split(/\\s+/)
      .map((p) => p.split(',').map(Number));
    const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    const inside = (x, y) => fog.isPointInFill(new DOMPoint(x, y));
    const c = inside(cx, cy);
    if (c) fogged.push(poly.dataset.hex);
    for (const [x, y] of pts) {
      if (inside(cx + 0.85 * (x - cx), cy + 0.85 * (y - cy)) !== c) {
        torn.push(poly.dataset.hex);
        break;
      }
    }
  }
  return {
    fogged, torn,
    mode: fog.dataset.fogMode, count: +fog.dataset.fogCount,
    visible: +fog.parentNode.dataset.count, same: fog.__hexplayTest === true,
  };
}
"""


@pytest.fixture(scope="module")
def fog_page(browser_context: Any, lab_server: harness.Server, nb_dir: Path) -> Iterator[Any]:
    cells = [harness.PROBE_CELL, "probe", BOARD_CELL]
    with harness.board_page(browser_context, lab_server, nb_dir / NB, cells) as page:
        yield page


def show(page: Any, code: str) -> dict[str, Any]:
    """Set the visible hexes to the kernel expression ``code`` (labels); the fog then drawn."""
    harness.run_and_redraw(page, f"board.show_visible({code})")
    return page.evaluate(FOG_JS)


@pytest.mark.parametrize(
    ("code", "mode"),
    [
        ("LABELS[::4]", "outline"),  # a quarter seen: the outline with the seen hexes cut out
        ("[h for h in LABELS if int(h[:2]) % 3]", "hexes"),  # two thirds seen: the hidden hexes
        ("LABELS[100:101]", "outline"),
        ("[]", "outline"),  # nothing seen: the outline alone
        ("LABELS", "hexes"),  # everything seen: an empty path
    ],
)
def test_fog_covers_exactly_the_hidden_hexes(fog_page: Any, code: str, mode: str) -> None:
    labels = harness.kernel(fog_page, "LABELS")
    seen = set(harness.kernel(fog_page, f"list({code})"))
    out = show(fog_page, code)
    assert out is not None
    assert out["mode"] == mode
    hidden = [h for h in labels if h not in seen]
    assert out["count"] == len(hidden) and out["visible"] == len(seen)
    assert sorted(out["fogged"]) == sorted(hidden)
    assert out["torn"] == []  # no hex half fogged (the even-odd cut follows the hex edges)


def test_fog_path_is_redrawn_in_place(fog_page: Any) -> None:
    """Another selection's fog changes the one path's attributes; the element stays."""
    show(fog_page, "LABELS[::4]")
    fog_page.eval_on_selector(".hexplay-board path.hexplay-fog", "p => { p.__hexplayTest = true; }")
    out = show(fog_page, "LABELS[1::3]")
    assert out["same"] and out["count"] == len(
        harness.kernel(fog_page, "LABELS[0::3] + LABELS[2::3]")
    )
    out = show(fog_page, "LABELS[5:]")  # the other mode, the same element
    assert out["same"] and out["mode"] == "hexes"
    # switched off the fog goes; switched on again it is drawn anew, right
    harness.kernel(fog_page, "board.set_overlay_visible('visible', False)")
    fog_page.wait_for_function("() => !document.querySelector('.hexplay-board path.hexplay-fog')")
    harness.kernel(fog_page, "board.set_overlay_visible('visible', True)")
    fog_page.wait_for_selector(".hexplay-board path.hexplay-fog")
    out = fog_page.evaluate(FOG_JS)
    assert not out["same"] and sorted(out["fogged"]) == sorted(
        harness.kernel(fog_page, "LABELS[:5]")
    )
