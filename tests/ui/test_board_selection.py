"""What a click's answer redraws, redrawn in place (js/src/board.js): the reach overlay's one
path and the selection outline keep their elements and change their attributes; a selected
counter is moved to the top of the layer only when another counter overlaps it; reach costs
sent as whole sixths of an AP (``board.costs_to_wire``) read back as the very floats Python
holds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui

NB = "ui_board_selection.ipynb"

BOARD_CELL = r"""
from hexplay.maps import load_map
from hexplay.widgets import HexBoard

board = HexBoard(load_map("skirmish"), height="600px")
board.units = [
    {"id": "A1", "side": "adversary", "kind": "man", "hex": "0620", "weapon": "rifle"},
    {"id": "A2", "side": "adversary", "kind": "man", "hex": "0822", "weapon": "rifle"},
    {"id": "S1", "side": "defender", "kind": "man", "hex": "1022", "weapon": "rifle"},
    {"id": "S2", "side": "defender", "kind": "man", "hex": "1022", "weapon": "rifle"},
]
board
"""

#: The units layer's counter ids in document order, the selection outline and the reach path.
STATE_JS = """
() => {
  const el = document.querySelector('.hexplay-board');
  const sel = el.querySelector('polygon.hexplay-selected-hex');
  const reach = el.querySelector('path.hexplay-reach');
  const ids = (q) => [...el.querySelectorAll(q)].map((c) => c.dataset.unit);
  return {
    order: ids('.hexplay-layer-units > [data-unit]'),
    selected: ids('.hexplay-layer-units .hexplay-selected'),
    outline: sel ? sel.dataset.selected : null, outlineSame: !!(sel && sel.__hexplayTest),
    outlines: el.querySelectorAll('polygon.hexplay-selected-hex').length,
    reach: reach ? +reach.dataset.reachCount : null, reachSame: !!(reach && reach.__hexplayTest),
    reaches: el.querySelectorAll('path.hexplay-reach').length,
  };
}
"""

MARK_JS = """
() => {
  for (const s of ['polygon.hexplay-selected-hex', 'path.hexplay-reach']) {
    const e = document.querySelector('.hexplay-board ' + s);
    if (e) e.__hexplayTest = true;
  }
}
"""


@pytest.fixture(scope="module")
def sel_page(browser_context: Any, lab_server: harness.Server, nb_dir: Path) -> Iterator[Any]:
    cells = [harness.PROBE_CELL, "probe", BOARD_CELL]
    with harness.board_page(browser_context, lab_server, nb_dir / NB, cells) as page:
        yield page


def run(page: Any, code: str) -> dict[str, Any]:
    """Run ``code`` in the kernel; the board's state once it has redrawn."""
    harness.run_and_redraw(page, code)
    return page.evaluate(STATE_JS)


def test_selection_moves_a_counter_to_the_top_only_when_it_is_overlapped(sel_page: Any) -> None:
    start = sel_page.evaluate(STATE_JS)["order"]
    assert sorted(start) == ["A1", "A2", "S1", "S2"]
    out = run(sel_page, "board.selected = 'A1'")  # alone in its hex: drawn whole where it is
    assert out["selected"] == ["A1"] and out["outline"] == "0620" and out["order"] == start
    sel_page.evaluate(MARK_JS)
    out = run(sel_page, "board.selected = 'A2'")
    assert out["selected"] == ["A2"] and out["order"] == start
    # the one outline, moved to the new hex
    assert out["outline"] == "0822" and out["outlineSame"] and out["outlines"] == 1
    under = start[min(start.index("S1"), start.index("S2"))]  # the one drawn first, below
    out = run(sel_page, f"board.selected = {under!r}")  # in a stack: brought to the top
    assert out["selected"] == [under] and out["order"][-1] == under
    assert sorted(out["order"]) == sorted(start)
    assert out["outline"] == "1022" and out["outlineSame"] and out["outlines"] == 1
    out = run(sel_page, "board.selected = None")
    assert out["selected"] == [] and out["outline"] is None and out["outlines"] == 0


def test_reach_path_is_redrawn_in_place_with_exact_costs(sel_page: Any) -> None:
    labels = harness.kernel(sel_page, "list(board.map.hex_labels)")
    a = {labels[i]: (i % 7 + 1) / 6 for i in range(40, 70)}  # sixths of an AP
    out = run(sel_page, f"board.show_reachable({a!r})")
    assert out["reach"] == len(a) and out["reaches"] == 1
    wire = harness.kernel(
        sel_page,
        "from hexplay.widgets.board import overlays_to_json\n"
        "_w = overlays_to_json(board.overlays, board)['reachable']['cost']\n"
        "_result = [_w['dtype'], _w.get('scale')]",
    )
    assert wire == ["uint8", 6]
    sel_page.evaluate(MARK_JS)
    b = {labels[i]: 2.5 for i in range(100, 112)}
    out = run(sel_page, f"board.show_reachable({b!r})")
    assert out["reach"] == len(b) and out["reachSame"] and out["reaches"] == 1
    # the page reads the costs Python holds, to the last bit (the tooltip: "reach: <cost> AP")
    hx = labels[45]
    run(sel_page, f"board.show_reachable({a!r})")
    box = sel_page.locator(f'.hexplay-board polygon.hexplay-hex[data-hex="{hx}"]').bounding_box()
    sel_page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tip = sel_page.locator(".hexplay-board .hexplay-tooltip")
    tip.filter(has_text="reach:").wait_for()
    assert f"reach: {a[hx]!r} AP" in tip.inner_text()
    sel_page.mouse.move(0, 0)
    out = run(sel_page, "board.show_reachable(None)")
    assert out["reach"] is None and out["reaches"] == 0
