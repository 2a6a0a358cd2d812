"""The one counter renderer in the browser: APP-6 symbols (milsymbol), ships with facing and
speed, corner figures, badges, face-down counters, hex markings and region lines; a click on a
symbol counter reaches Python; hostile messages from the page change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui

NB = "ui_counters.ipynb"

BOARD_CELL = r"""
import numpy as np
from hexplay.hexgrid import OffsetLayout
from hexplay.maps import Map
from hexplay.widgets import HexBoard
from hexplay.widgets.counters import CounterStyle, SideStyle, sidc_for

lay = OffsetLayout(10, 8)
t = np.zeros((10, 8), dtype=int); t[5:7, 2:5] = 1
board = HexBoard(Map("counters", lay, ("open", "rough"), t, {}), height="520px")
board.set_style(CounterStyle((SideStyle("East", "#c0392b", "East army"),
                              SideStyle("West", "#2e86c1", "West army")),
                             legend=(("#7d3c98", "CBR hex"),)))
types = ["Infantry", "Armor", "Artillery", "Missile", "Airbase", "Support"]
units = [{"id": f"E{k}", "side": "East", "hex": f"0{k + 2}02", "label": ty[:3],
          "glyph": {"kind": "sidc", "sidc": sidc_for(ty)}, "corners": {"bl": "3-2"},
          "badges": (["dug"] if k == 0 else ["frozen", "unidentified"] if k == 1 else [])}
         for k, ty in enumerate(types)]
units += [{"id": "W9", "side": "West", "hex": "0305", "hidden": True},
          {"id": "DD1", "side": "West", "hex": "0506", "glyph": {"kind": "ship"},
           "facing": 1, "speed": 4, "badges": ["spotted", "P"], "label": "DD1"}]
board.units = units
board.overlays = {"markings": [{"name": "cbr", "hexes": ["0404", "0405"], "colour": "#7d3c98"}]}
board.markings = {"regions": [{"name": "border",
                               "regions": {"west": [h for h in board.map.hex_labels
                                                    if int(h[:2]) > 5]},
                               "colour": "#111", "width": 3}]}
clicks = []
board.on_click(clicks.append)
board
"""


@pytest.fixture(scope="module")
def counters_nb(nb_dir: Path) -> str:
    harness.write_notebook(nb_dir / NB, [harness.PROBE_CELL, "probe", BOARD_CELL])
    return NB


def test_counters_render_from_data(
    page: Any, lab_server: harness.Server, counters_nb: str, artifacts: Path
) -> None:
    harness.open_lab_notebook(page, lab_server, counters_nb)
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=45_000)
    page.wait_for_selector('.hexplay-board [data-unit="E5"]')
    # six milsymbol symbols, each an <svg> inside its counter
    for k in range(6):
        loc = page.locator(f'.hexplay-board [data-unit="E{k}"][data-glyph="sidc"] svg.hexplay-sidc')
        assert loc.count() == 1, k
    assert page.locator('[data-unit="E0"]').get_attribute("data-sidc") == "SFGPUCI----"
    assert page.locator('[data-unit="E0"] [data-corner="bl"]').text_content() == "3-2"
    assert page.locator('[data-unit="E1"]').get_attribute("data-badges") == "frozen unidentified"
    # face-down: colour only, no glyph, no text
    hidden = page.locator('[data-unit="W9"]')
    assert "hexplay-hidden" in (hidden.get_attribute("class") or "")
    assert hidden.locator("text").count() == 0 and hidden.locator("svg").count() == 0
    # a ship: hull, facing arrow and its speed in a corner
    ship = page.locator('[data-unit="DD1"]')
    assert ship.get_attribute("data-facing") == "1"
    assert ship.locator(".hexplay-hull").count() == 1 and ship.locator(".hexplay-facing").count()
    assert ship.locator('[data-corner="br"]').text_content() == "4"
    assert page.locator('.hexplay-marking[data-marking="cbr"]').get_attribute("data-count") == "2"
    assert page.locator('.hexplay-region[data-region="border"]').count() == 1
    legend = page.locator(".hexplay-legend").inner_text()
    assert "East army" in legend and "CBR hex" in legend
    # a click on a symbol counter reaches Python, once
    page.locator('.hexplay-board [data-unit="E3"]').click()
    harness.wait_kernel(page, "len(clicks) == 1 and clicks[0]['unit'] == 'E3'")
    # hostile messages: ignored in Python, nothing changes
    harness.kernel(page, "board._handle_custom_msg({'type': 'click', 'hex': [1], 'unit': 3}, [])")
    harness.kernel(page, "board.set_state({'overlays': {}})")
    assert harness.kernel(page, "len(clicks) == 1 and bool(board.overlays)")
    page.locator(".hexplay-board").screenshot(path=str(artifacts / "counters.png"))
    errs = [e for e in page.hexplay_errors if "hexplay" in e or "anywidget" in e]
    assert not errs, errs
