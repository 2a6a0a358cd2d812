"""The naval app (Kula Gulf) in JupyterLab and in Voila: the board renders (ships, land), a
path plotted by clicks and a torpedo attack by clicks reach the engine, the odds shown are the
engine's, and the hot-seat widget state holds no unspotted enemy ship. Each test runs once per
front end; screenshots go to ``test-artifacts/ui/<env>_naval_*.png``.

The notebook (written here) plays Kula Gulf with the scripted players until the USN has a
torpedo target (turn 9 with seed 0), then ``reset(vs)`` shows a fresh app on a copy of that
position (``vs``: the side the computer plays, None for hot seat).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness
from . import skirmish_flow as flow

pytestmark = pytest.mark.ui

NB = "ui_naval_app.ipynb"

APP_CELL = r'''
import json
import re

import ipywidgets as _W

import hexplay
from hexplay.registry import game_entry
from hexplay.widgets.game_app import GameApp
from hexplay.games.naval.ui.adapter import pct


def _position(seed=0):
    g = hexplay.new_game("naval", seed=seed)
    entry = game_entry("naval")
    players = {s: entry.player("scripted", s, seed=i) for i, s in enumerate(g.info.sides)}
    while not g.view("usn")["targets"]["torpedo"]:
        for s in g.to_act():
            players[s].act(g)
            if s in g.to_act():
                g.submit(s)
        g.advance()
    return g


POS = _position()
box = _W.VBox()
app = None


def reset(vs="ijn"):
    global app
    app = GameApp(POS.copy(), seed=0, vs_computer=vs, hot_seat=True)
    box.children = [app]
    return True


def alone(side):
    """Ships of ``side`` on the board alone in their hex (their counter is clickable)."""
    hexes = [u["hex"] for u in app.board.units]
    return [u["id"] for u in app.board.units if u["side"] == side and hexes.count(u["hex"]) == 1]


def free_reach(ship):
    """A hex the ship can reach with no counter on it, costing the most points."""
    taken = {u["hex"] for u in app.board.units}
    reach = app.ui.reachable(app.context(), ship)
    return max((h for h in reach if h not in taken), key=lambda h: (reach[h], h))


def torpedo_pair():
    target = app.view["targets"]["torpedo"][0]
    firers = [s for s in alone("usn")
              if any(lo.kind == "torpedo" for lo in app.game.legal_orders("usn", s))]
    return [firers[0], target]


def widget_states():
    out = []
    for w in list(_W.Widget.widgets.values()):
        st = {k: v for k, v in w.get_state().items() if k not in ("_map", "_esm", "_css")}
        out.append(json.dumps(st, default=str))
    return out


def unspotted(side):
    """Enemy ship ids the side may not know now (not in its view, events or plot chart)."""
    g = app.game
    known = json.dumps([g.view(side), g.events_seen(side), g.plot_chart(side)], default=str)
    enemy = [k for k, u in g.view("referee")["units"].items() if u["side"] != side]
    return [k for k in enemy if not re.search(rf"(?<![A-Za-z0-9_]){k}(?![0-9A-Za-z_])", known)]


reset()
'''

CELLS = [harness.PROBE_CELL, APP_CELL, "box", "probe"]
K = harness.kernel
WK = harness.wait_kernel


@pytest.fixture(scope="module", params=["lab", "voila"])
def naval_page(request: pytest.FixtureRequest, browser_context: Any, nb_dir: Path) -> Iterator[Any]:
    env = request.param
    harness.write_notebook(nb_dir / NB, CELLS)
    page, errors = harness.new_page(browser_context)
    page.set_viewport_size({"width": 1600, "height": 1200})
    try:
        if env == "lab":
            harness.open_lab_notebook(page, request.getfixturevalue("lab_server"), NB, 90_000)
            harness.hide_code(page)
        else:
            harness.open_voila(page, request.getfixturevalue("voila_server"), NB, 90_000)
        flow.board_ready(page)
        page.hexplay_errors = errors
        page.hexplay_env = env
        yield page
    finally:
        page.close()


def shot(page: Any, artifacts: Path, what: str) -> Path:
    return artifacts / f"{page.hexplay_env}_naval_{what}.png"


def reset(page: Any, vs: str | None = "ijn") -> None:
    assert K(page, f"reset({vs!r})") is True
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=45_000)
    first = K(page, "app.board.units[0]['id']")
    page.wait_for_selector(f'.hexplay-board [data-unit="{first}"]')


def test_naval_board_renders_ships_and_land(naval_page: Any, artifacts: Path) -> None:
    page = naval_page
    reset(page)
    assert page.locator(".hexplay-board polygon[data-hex]").count() == 54 * 40
    land = K(page, "int(app.game.map.terrain_mask('land').sum())")
    assert page.locator('.hexplay-board polygon[data-terrain="land"]').count() == land > 0
    units = K(page, "[(u['id'], u['hex'], u.get('facing')) for u in app.board.units]")
    assert {u[0] for u in units} == set(
        K(page, "[k for k, u in app.view['units'].items() if u['hex']]")
    )
    for uid, hx, facing in units:
        loc = page.locator(f'.hexplay-board [data-unit="{uid}"]')
        assert loc.count() == 1, uid
        assert loc.get_attribute("data-at") == hx
        if facing is None:  # an unspotted enemy ship: face down, its colour at its hex only
            assert "hexplay-hidden" in (loc.get_attribute("class") or "")
            assert loc.get_attribute("data-facing") is None and loc.locator("text").count() == 0
        else:
            assert loc.get_attribute("data-facing") == str(facing)
    assert K(page, "sum(1 for u in app.board.units if u.get('hidden'))") > 0
    # the USN's view at this turn: one IJN ship spotted, the rest face down (no id on the page)
    assert K(page, "len(unspotted('usn'))") > 0
    for hidden in K(page, "unspotted('usn')"):
        assert page.locator(f'.hexplay-board [data-unit="{hidden}"]').count() == 0
    flow.snap(page, shot(page, artifacts, "board"), ".hexplay-board [data-unit='CL3a']")


def test_a_path_plotted_by_clicks_reaches_the_engine(naval_page: Any, artifacts: Path) -> None:
    page = naval_page
    reset(page)
    ship = K(page, "alone('usn')[0]")
    flow.select(page, ship)
    page.wait_for_selector(".hexplay-board .hexplay-reach")
    # the range rings (sent as centre and radius) drawn as the hexes exactly that far
    rings = K(
        page,
        "[(m['name'], sum(1 for h in app.game.map.hex_labels"
        " if app.game.map.distance(m['ring']['centre'], h) == m['ring']['radius']))"
        " for m in app.board.markings['markings']]",
    )
    assert len(rings) >= 3
    for name, n in rings:
        drawn = page.locator(f'.hexplay-board .hexplay-marking[data-marking="{name}"]')
        assert drawn.get_attribute("data-count") == str(n) and n > 0, name
    target = K(page, f"free_reach({ship!r})")
    cost = K(page, f"app.ui.reachable(app.context(), {ship!r})[{target!r}]")
    flow.click_hex(page, target)
    WK(page, f"app.game.plotted({ship!r})['end'] == {target!r}")
    plotted = K(page, f"app.game.plotted({ship!r})")
    assert plotted["cost"] == cost
    # the Ship panel (above the tabs) shows the engine's cost and final speed/facing
    panel = page.locator(".hexplay-naval-ship")
    panel.locator(f".hexplay-naval-cost[data-cost='{plotted['cost']}']").wait_for()
    final = panel.locator(".hexplay-naval-final")
    assert final.get_attribute("data-final") == plotted["final"]
    page.wait_for_selector(f'.hexplay-board .hexplay-path[data-path-unit="{ship}"]')
    flow.snap(page, shot(page, artifacts, "path"), f'.hexplay-board [data-unit="{ship}"]')


def test_a_torpedo_attack_by_clicks_and_its_odds(naval_page: Any, artifacts: Path) -> None:
    page = naval_page
    reset(page)
    firer, target = K(page, "torpedo_pair()")
    flow.select(page, firer)
    # the odds of the planned attack: click the enemy ship with ours selected
    flow.click_unit(page, target)
    WK(page, f"app.ui.odds_shown.get('target') == {target!r}")
    want = K(
        page,
        f"[pct(p) for p in app.game.attack_odds('usn', 'torpedo', [{firer!r}], {target!r})"
        "['outcome'].values()]",
    )
    assert want == K(page, "[pct(p) for p in app.ui.odds_shown['torpedo']['outcome'].values()]")
    attack = page.locator(".hexplay-naval-attack")
    attack.locator(".hexplay-naval-outcome").wait_for()
    text = attack.inner_text()
    for p in want:
        assert p in text, (p, text)
    col = K(page, "app.ui.odds_shown['torpedo']['column']")
    assert col in attack.locator(".hexplay-naval-column").last.inner_text()
    flow.snap(page, shot(page, artifacts, "odds"), ".hexplay-naval-attack")
    # the torpedo order by clicks: the builder's button, then the enemy counter
    page.locator(".lm-TabBar-tab").filter(has_text=re.compile(r"^\s*Plot\s*$")).first.click()
    flow.task(page, "torpedo").click()
    WK(page, "app.builder.pending is not None and app.builder.pending['code'] == 'torpedo'")
    flow.click_unit(page, target)
    WK(page, f"app.game.plots['usn'][{firer!r}].torpedo == {target!r}")
    page.wait_for_selector(f'.hexplay-board .hexplay-fire[data-fire-unit="{firer}"]')
    flow.snap(page, shot(page, artifacts, "torpedo"), f'.hexplay-board [data-unit="{firer}"]')
    # zoomed in on the firer: hull, facing arrow, figures and badges legible
    box = page.locator(f'.hexplay-board [data-unit="{firer}"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.down("Control")  # the plain wheel scrolls the page; Ctrl + wheel zooms
    for _ in range(10):
        page.mouse.wheel(0, -240)
        page.wait_for_timeout(40)
    page.keyboard.up("Control")
    page.wait_for_timeout(200)
    flow.snap(page, shot(page, artifacts, "closeup"), f'.hexplay-board [data-unit="{firer}"]')


def test_hot_seat_state_holds_no_unspotted_enemy(naval_page: Any, artifacts: Path) -> None:
    page = naval_page
    reset(page, None)
    assert K(page, "app.plotting_side") == "ijn"
    flow.end_plot(page).click()
    WK(page, "app.handover and app.board.units == []")
    page.wait_for_function("() => !document.querySelector('.hexplay-board [data-unit]')")
    flow.ready(page, "usn").click()
    WK(page, "not app.handover and app.plotting_side == 'usn' and len(app.board.units) > 0")
    hidden = K(page, "unspotted('usn')")
    assert hidden
    states = "\n".join(K(page, "widget_states()"))
    for h in hidden:
        assert not re.search(rf"(?<![A-Za-z0-9_]){h}(?![0-9A-Za-z_])", states), h
        assert page.locator(f'.hexplay-board [data-unit="{h}"]').count() == 0
    # nor the IJN's plot: the board's paths and fires are the USN's own
    assert {p["side"] for p in K(page, "app.board.overlays.get('paths', [])")} <= {"usn"}
    flow.snap(page, shot(page, artifacts, "hotseat"))


def test_no_page_errors(naval_page: Any) -> None:
    errs = [e for e in naval_page.hexplay_errors if "hexplay" in e or "anywidget" in e]
    assert not errs, errs


def test_shipped_naval_notebook_renders_in_voila(
    browser_context: Any, voila_server: harness.Server, artifacts: Path
) -> None:
    page, errors = harness.new_page(browser_context)
    try:
        page.goto(voila_server.page_url("voila/render/naval.ipynb"))
        page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=90_000)
        page.wait_for_selector(".hexplay-board [data-unit]")
        assert page.locator(".hexplay-board polygon[data-hex]").count() == 54 * 40
        page.get_by_text("End plot").first.wait_for()
        flow.snap(page, artifacts / "voila_naval_notebook.png")
        assert not [e for e in errors if "hexplay" in e or "anywidget" in e], errors
    finally:
        page.close()
