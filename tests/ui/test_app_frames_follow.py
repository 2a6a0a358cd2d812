"""The shell's "Follow selected" box in JupyterLab (real Chromium), checked by element boxes:
zoomed in, a unit selected by its roster button outside the view stays outside with the box
off; ticking the box brings it inside the board's frame, clear of the zoom buttons, at the same
zoom; and with the box on, selecting another unit outside the view brings that one in (with
its reach and targets: zoomed out at most to 1.6 times the turn's framing). Without the box,
selecting a unit in view brings its reach and targets into view.
Screenshots: ``test-artifacts/ui/follow_{off,on}.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import harness
from .test_app_frames import _inside, _overlap

pytestmark = pytest.mark.ui
K = harness.kernel

NB = "ui_follow.ipynb"
CELL = (
    "from hexplay.widgets import GameApp\n"
    "app = GameApp('aggressor', seed=1, vs_computer='east', hot_seat=False)"
)

BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const q = (s) => document.querySelector(s);
  const units = {};
  for (const g of document.querySelectorAll(".hexplay-layer-units g.hexplay-unit"))
    units[g.getAttribute("data-unit")] = box(g);
  const b = q(".hexplay-board");
  return {frame: box(q(".hexplay-frame")), toolbar: box(q(".hexplay-toolbar")), units,
          zoom: b.dataset.zoom, followed: b.dataset.followed || ""};
}"""


def _boxes(page: Any) -> dict[str, Any]:
    return page.evaluate(BOXES)


def _outside(page: Any, own: list[str], but: str | None = None) -> str:
    """An own unit whose counter lies wholly outside the board's frame (the view)."""
    b = _boxes(page)
    f = b["frame"]
    for u in own:
        box = b["units"].get(u)
        if u != but and box and not _overlap(box, f):
            return u
    raise AssertionError(f"no own counter outside the view at zoom {b['zoom']}")


def _select(page: Any, unit: str) -> None:
    page.locator(f"button.hexplay-roster-{unit}").click()
    harness.wait_kernel(page, f"app.selected_unit == {unit!r}")
    page.wait_for_timeout(400)  # (a follow pans on the second animation frame)


def _followed(page: Any, unit: str, zoom: str, least: float | None = None) -> None:
    """The follow asked last is done: ``unit`` in the frame, clear of the toolbar, the zoom
    kept (``least``: zoomed out to no less than that, a selection's reach brought in)."""
    seq = str(harness.wait_kernel(page, "app.board.follow.get('seq')"))
    page.wait_for_function(
        "(n) => document.querySelector('.hexplay-board').dataset.followed === n", arg=seq
    )
    page.wait_for_timeout(200)
    b = _boxes(page)
    box = b["units"][unit]
    assert _inside(box, b["frame"]), (unit, box, b["frame"])
    assert not _overlap(box, b["toolbar"]), (unit, box, b["toolbar"])
    low = float(zoom) if least is None else least
    assert low - 0.01 <= float(b["zoom"]) <= float(zoom) + 0.01, (b["zoom"], zoom, least)


def test_follow_selected_brings_a_unit_outside_the_view_into_the_frame(
    browser_context: Any, lab_server: Any, nb_dir: Path, artifacts: Path
) -> None:
    with harness.lab_app_page(browser_context, lab_server, nb_dir / NB, CELL, (1366, 768)) as page:
        page.locator(".hexplay-board").scroll_into_view_if_needed()
        own = K(page, "[u for u, v in app.units_by_id.items() if app._selectable(v)]")
        framed = float(_boxes(page)["zoom"])  # the turn's framing
        for _ in range(4):  # zoomed in on the middle of the side's units: some are outside
            page.locator('.hexplay-board .hexplay-tool[title="zoom in"]').click()
        page.wait_for_timeout(200)
        zoom = _boxes(page)["zoom"]
        # off (the default): the roster selects it, the view stays where it is
        a = _outside(page, own)
        _select(page, a)
        b = _boxes(page)
        assert not _overlap(b["units"][a], b["frame"]) and b["zoom"] == zoom
        assert K(page, "app.board.follow.get('if_seen')") is True  # (out of view: it stays)
        page.screenshot(path=str(artifacts / "follow_off.png"))
        # ticked: the selected unit comes into the frame, at the same zoom
        page.locator(".hexplay-follow input[type='checkbox']").check()
        harness.wait_kernel(page, "app.follow_selected")
        _followed(page, a, zoom)
        # on: another unit outside the view, selected by its roster button, is brought in
        # with its reach and targets (zooming out at most to 1.6 times the framing for them)
        c = _outside(page, own, but=a)
        _select(page, c)
        _followed(page, c, zoom, least=framed / 1.6)
        page.screenshot(path=str(artifacts / "follow_on.png"))
        assert not [e for e in page.hexplay_errors if "hexplay" in e.lower()]


HEX_BOXES = """(labels) => {
  const out = {};
  for (const l of labels) {
    const p = document.querySelector(`.hexplay-hexes polygon[data-hex="${l}"]`);
    if (!p) continue;
    const r = p.getBoundingClientRect();
    out[l] = {x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2};
  }
  return out;
}"""


def _marks_outside(page: Any, unit: str) -> list[str]:
    """The hexes ``unit``'s selection marks (its reach and targets) whose centres lie outside
    the board's frame or under its toolbar."""
    labels = K(
        page,
        "sorted(set(app.board.overlays.get('reachable') or ())"
        " | set(app.board.overlays.get('highlight') or ()))"
        f" if app.selected_unit == {unit!r} else []",
    )
    b = _boxes(page)
    f, t = b["frame"], b["toolbar"]
    cs = page.evaluate(HEX_BOXES, labels)
    return [
        h
        for h, c in cs.items()
        if not (f["x"] <= c["x"] <= f["r"] and max(f["y"], t["b"]) <= c["y"] <= f["b"])
    ]


def test_a_selection_brings_the_units_reach_into_view(
    browser_context: Any, lab_server: Any, nb_dir: Path, artifacts: Path
) -> None:
    """Zoomed in, a unit in view whose reach runs out of the frame: selecting it pans (zooming
    out at most to 1.6 times the turn's framing) until every hex of its reach and targets is
    in the frame, clear of the zoom buttons."""
    with harness.lab_app_page(browser_context, lab_server, nb_dir / NB, CELL, (1366, 768)) as page:
        page.locator(".hexplay-board").scroll_into_view_if_needed()
        own = K(page, "[u for u, v in app.units_by_id.items() if app._selectable(v)]")
        framed = float(_boxes(page)["zoom"])  # the turn's framing
        for _ in range(5):
            page.locator('.hexplay-board .hexplay-tool[title="zoom in"]').click()
        page.wait_for_timeout(200)
        zoom = _boxes(page)["zoom"]
        reach = K(
            page,
            "{u: sorted(app.orders.reach(u)) for u in " + repr(own) + "}",
        )
        b = _boxes(page)
        f = b["frame"]
        cs = page.evaluate(HEX_BOXES, sorted({h for hs in reach.values() for h in hs}))
        edge = None
        for u in own:  # in view, some of its reach not
            box = b["units"].get(u)
            if not box or not _inside(box, f) or _overlap(box, b["toolbar"]):
                continue
            if any(
                h in cs and not (f["x"] <= cs[h]["x"] <= f["r"] and f["y"] <= cs[h]["y"] <= f["b"])
                for h in reach[u]
            ):
                edge = u
                break
        assert edge is not None, "no unit in view with its reach partly outside"
        _select(page, edge)
        seq = str(harness.wait_kernel(page, "app.board.follow.get('seq')"))
        page.wait_for_function(
            "(n) => document.querySelector('.hexplay-board').dataset.followed === n", arg=seq
        )
        page.wait_for_timeout(200)
        assert _marks_outside(page, edge) == []
        after = _boxes(page)
        # panned, or zoomed out to no more than the follow's limit (1.6 times the framing)
        assert framed / 1.6 - 0.01 <= float(after["zoom"]) <= float(zoom) + 0.01
        assert _inside(after["units"][edge], after["frame"])
        page.screenshot(path=str(artifacts / "follow_reach.png"))
        assert not [e for e in page.hexplay_errors if "hexplay" in e.lower()]
