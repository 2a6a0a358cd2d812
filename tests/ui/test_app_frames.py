"""Each game's app at a class's screen sizes (1366x768, 1600x1000) in Voila, checked by
element boxes, not by eye: every counter of the side at the screen inside the board's frame
at the start and after a turn, none under the board's zoom buttons, and a stable layout (the
turn's summary does not push the roster or the tabs; at game over the banner, over the board
and clear of its zoom buttons, moves nothing: the board and every box of the side panel stay
where they were). Screenshots: ``test-artifacts/ui/frame_<game>_<w>x<h>_{start,turn2,over}.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui
K = harness.kernel

#: The notebook's helper: the side at the screen played on by its scripted player to the end
#: (AGGRESSOR has no turn limit and this game may stall: then the start's game, seed 1, again).
FINISH = """
from hexplay.registry import game_entry


def play_on(turns):
    p = game_entry(app.game.info.name).player("scripted", app.plotting_side, seed=5)
    for _ in range(turns):
        if app.over:
            break
        side = app.plotting_side
        p.act(app.game)
        if side in app.game.to_act():
            app.end_plot() or app._timer_expired()
        else:
            app._proceed(previous=side)
    return app.over


def finish():
    if not play_on(60):
        app.seed = 0
        app.new_game()
        play_on(200)
    return app.over
"""
#: Boxes of the side panel (and the board's frame) that game over must leave where they are
#: (the tabs and the panel by their top and width: a tab's content sets their height).
STILL = {
    "frame": "xywh",
    "panel": "xw",
    "end": "xywh",
    "summary": "xywh",
    "roster": "xywh",
    "keys": "xywh",
    "tabs": "xyw",
}


def _same(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The boxes of :data:`STILL` that moved (by more than a pixel) from ``a`` to ``b``."""
    return [
        f"{k}.{c}: {a[k][c]:.0f} -> {b[k][c]:.0f}"
        for k, cs in STILL.items()
        for c in cs
        if abs(a[k][c] - b[k][c]) > 1
    ]


#: game -> the side the computer plays (the student plays the other; SKIRMISH's defender:
#: its escort once sat under the zoom buttons; AMBUSH's adversary: men once outside the frame)
GAMES = {"skirmish": "adversary", "ambush": "defender", "aggressor": "east", "naval": "usn"}
SIZES = ((1366, 768), (1600, 1000))

BOXES = """(side) => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const q = (s) => document.querySelector(s);
  const units = [...document.querySelectorAll(".hexplay-layer-units g.hexplay-unit")]
    .map((g) => ({id: g.getAttribute("data-unit"), side: g.getAttribute("data-side"),
                  ...box(g)}));
  const banner = q(".hexplay-notice");
  return {frame: box(q(".hexplay-frame")), toolbar: box(q(".hexplay-toolbar")),
          units, tabs: box(q(".hexplay-tabs")), roster: box(q(".hexplay-roster")),
          panel: box(q(".hexplay-side-panel")), summary: box(q(".hexplay-summary-area")),
          end: box(q(".hexplay-end-plot")), keys: box(q(".hexplay-keys") || q(".hexplay-tabs")),
          banner: banner ? box(banner) : null,
          framed: q(".hexplay-board").dataset.framed || ""};
}"""


def _inside(u: dict[str, float], f: dict[str, float], tol: float = 1.0) -> bool:
    return (
        u["x"] >= f["x"] - tol
        and u["r"] <= f["r"] + tol
        and u["y"] >= f["y"] - tol
        and (u["b"] <= f["b"] + tol)
    )


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["r"] and b["x"] < a["r"] and a["y"] < b["b"] and b["y"] < a["b"]


def _check(page: Any, side: str, what: str) -> dict[str, Any]:
    page.wait_for_function(
        "() => document.querySelector('.hexplay-board').dataset.framed", timeout=20_000
    )
    page.wait_for_timeout(400)  # (the frame is applied on the next animation frame)
    b = page.evaluate(BOXES, side)
    own = [u for u in b["units"] if u["side"] == side and u["w"] > 0]
    assert own, f"{what}: no counter of the {side} drawn"
    out = [u["id"] for u in own if not _inside(u, b["frame"])]
    assert out == [], f"{what}: {side} counters outside the board's frame: {out}"
    under = [u["id"] for u in b["units"] if u["w"] > 0 and _overlap(u, b["toolbar"])]
    assert under == [], f"{what}: counters under the zoom buttons: {under}"
    return b


@pytest.fixture(scope="module")
def frames_server(ui_home: Path, chromium_exe: str):
    root = ui_home / "frames"
    for game, computer in GAMES.items():
        cell = (
            "from hexplay.widgets import GameApp\n"
            f"app = GameApp({game!r}, seed=1, vs_computer={computer!r}, hot_seat=False)\n" + FINISH
        )
        harness.write_notebook(
            root / f"frames_{game}.ipynb", [harness.PROBE_CELL, cell, "app", "probe"]
        )
    server = harness.start_voila(root, ui_home / "frames-voila")
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(GAMES))
def test_the_sides_units_are_framed_and_the_layout_is_stable(
    game: str, size: tuple[int, int], frames_server: Any, browser_context: Any, artifacts: Path
) -> None:
    page, _errors = harness.new_page(browser_context)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        harness.open_voila(page, frames_server, f"frames_{game}.ipynb", 90_000)
        page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=60_000)
        side = K(page, "app.plotting_side")
        name = f"frame_{game}_{size[0]}x{size[1]}"
        start = _check(page, side, "start")
        page.screenshot(path=str(artifacts / f"{name}_start.png"))
        K(page, "app._timer_expired()")  # (End plot, with the defaults a moving vehicle needs)
        page.wait_for_function(
            "(n) => (document.querySelector('.hexplay-board').dataset.framed || '') !== n",
            arg=start["framed"],
            timeout=60_000,
        )
        after = _check(page, K(page, "app.plotting_side"), "after a turn")
        page.screenshot(path=str(artifacts / f"{name}_turn2.png"))
        for part in ("roster", "tabs"):  # the summary's results pushed nothing down
            assert abs(after[part]["y"] - start[part]["y"]) <= 2, (part, start[part], after[part])
        assert after["banner"] is None or after["banner"]["h"] == 0
        assert K(page, "finish()") is True
        page.wait_for_selector(".hexplay-notice-over", state="visible", timeout=30_000)
        page.wait_for_timeout(500)
        over = page.evaluate(BOXES, side)
        page.screenshot(path=str(artifacts / f"{name}_over.png"))
        banner = over["banner"]
        assert banner is not None and banner["h"] > 20 and banner["w"] > 100, banner
        assert _inside(banner, over["frame"]), (banner, over["frame"])  # over the board
        assert not _overlap(banner, over["toolbar"]), (banner, over["toolbar"])
        assert _same(after, over) == [], "game over moved the page"
    finally:
        page.close()
