"""Python-side widget tests (no browser): traits, messages, secrecy, odds panel data."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexplay.hexgrid import OffsetLayout, hexside_of
from hexplay.maps import Map
from hexplay.widgets import HexBoard, map_payload


def small_map() -> Map:
    lay = OffsetLayout(12, 10)
    t = np.zeros((12, 10), dtype=int)
    t[2:4, 2:5] = 1
    slope = frozenset(hexside_of(lay.to_hex(6, 5), d) for d in range(3))
    roads = frozenset(hexside_of(lay.to_hex(3, r), 3) for r in range(1, 10))
    elev = np.arange(120).reshape(12, 10) // 30
    return Map("test", lay, ("open", "trees"), t, {"slope": slope}, roads=roads, elevation=elev)


class Recorder:
    """Captures what a widget would send over its comm."""

    def __init__(self, widget: Any) -> None:
        self.messages: list[dict] = []
        self.buffers: list[list] = []
        widget.comm.send = self.send  # type: ignore[method-assign]

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.messages.append(data)
        self.buffers.append(list(buffers or []))

    def state_keys(self) -> set[str]:
        keys: set[str] = set()
        for m in self.messages:
            if m and m.get("method") == "update":
                keys.update(m["state"])
        return keys


def test_map_payload_is_compact_binary():
    m = small_map()
    p = map_payload(m)
    terrain = np.frombuffer(bytes(p["terrain"]["data"]), dtype=p["terrain"]["dtype"])
    assert terrain.tolist() == m.terrain_flat().tolist()
    slopes = np.frombuffer(bytes(p["hexside_features"]["slope"]["data"]), dtype="<i2")
    assert sorted(map(tuple, slopes.reshape(-1, 3).tolist())) == sorted(
        tuple(s) for s in m.hexside_features["slope"]
    )
    roads = np.frombuffer(bytes(p["roads"]["data"]), dtype="<i2").reshape(-1, 3)
    assert len(roads) == len(m.roads)
    elev = np.frombuffer(bytes(p["elevation"]["data"]), dtype="<i2")
    assert elev.tolist() == m.elevation.reshape(-1).tolist()
    assert p["palette"]["trees"] != p["palette"]["open"]
    assert "labels" not in p  # computed in the browser from cols/rows/label style


def test_static_map_is_sent_once_and_not_on_updates():
    b = HexBoard(small_map())
    rec = Recorder(b)
    b.units = [{"id": "A1", "side": "adversary", "kind": "man", "hex": "0303", "status": "fit"}]
    b.set_overlay("visible", ["0303", "0304"])
    b.selected = "A1"
    b.show_labels = False
    keys = rec.state_keys()
    assert {"units", "overlays", "selected", "show_labels"} <= keys
    assert "_map" not in keys
    assert all(not bufs for bufs in rec.buffers)  # no binary payload re-sent
    b.set_map(small_map())  # the same map again: equal payload, nothing sent
    assert "_map" not in rec.state_keys()
    m2 = small_map().with_changes(terrain={"0101": "trees"})
    b.set_map(m2)
    assert "_map" in rec.state_keys()
    assert any(rec.buffers)


def test_click_message_dispatches_to_callbacks():
    b = HexBoard(small_map())
    seen: list[dict] = []
    b.on_click(seen.append)
    b._handle_custom_msg({"type": "click", "hex": "0303", "unit": "A1"}, [])
    assert seen == [{"type": "click", "hex": "0303", "unit": "A1", "shift": False}]
    # off-map or malformed intents are ignored
    b._handle_custom_msg({"type": "click", "hex": "9999", "unit": None}, [])
    b._handle_custom_msg("garbage", [])
    assert len(seen) == 1
    b.on_click(seen.append, remove=True)
    b.simulate_click("0304")
    assert len(seen) == 1


def test_hover_callback_turns_on_hover_messages():
    b = HexBoard(small_map())
    assert not b.send_hover
    got: list[dict] = []
    b.on_hover(got.append)
    assert b.send_hover
    b._handle_custom_msg({"type": "hover", "hex": "0505"}, [])
    assert got[0]["hex"] == "0505"
    b.on_hover(got.append, remove=True)
    assert not b.send_hover


def test_los_overlay_from_trace():
    m = small_map()
    b = HexBoard(m)
    trace = m.los("0101", "0808")
    b.show_los(trace)
    los = b.overlays["los"]
    assert los["from"] == "0101" and los["to"] == "0808"
    assert los["clear"] is trace.clear
    assert los["hexes"] == list(trace.hexes)
    b.clear_overlays("los")
    assert "los" not in b.overlays


def test_overlay_helpers():
    b = HexBoard(small_map())
    b.show_reachable({"0303": 1, "0304": 2.5})
    b.show_visible(["0303"])
    assert b.overlays["reachable"] == {"0303": 1.0, "0304": 2.5}
    b.set_overlay_visible("visible", False)
    assert b.overlay_visibility["visible"] is False
    b.clear_overlays()
    assert b.overlays == {}


def test_static_assets_exist():
    from hexplay.widgets.board import STATIC

    js = (STATIC / "board.js").read_text()
    assert "hexplay-board" in js and "data-hex" in js and "hexplay-los" in js
    assert (STATIC / "board.css").exists()


@pytest.mark.parametrize("style", ["ccrr", "letters"])
def test_label_styles_need_no_label_list(style):
    m = small_map()
    m2 = Map("t", m.layout, m.terrain_names, m.terrain, label_style=style)
    assert "labels" not in map_payload(m2)
