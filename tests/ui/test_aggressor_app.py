"""The AGGRESSOR app in JupyterLab and in Voila: the board renders (APP-6 symbols, figures,
the border and sectors), a keyboard move and a click move reach Python, the attack odds shown
are the engine's, and in hot seat the widget state holds no enemy the side has not observed.

The notebook (written here) builds a hot-seat ``AggressorApp`` and a ``reset()`` to a fixed
position: West armour W01 next to an emplaced East infantry, West infantry W02 far in the
north-west corner (no East unit observes it), an emplaced East armour three hexes from W01
(observed, not identified), more units behind. Each test runs once per front end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.ui

NB = "ui_aggressor_app.ipynb"

APP_CELL = r'''
import json

import ipywidgets as _W

from hexplay.games.aggressor import AggressorGame
from hexplay.games.aggressor.app import AggressorApp

POS = [
    {"side": "west", "type": "Armor", "hex": "@JJ"},
    {"side": "west", "type": "Infantry", "hex": "@BB", "emplaced": True},
    {"side": "west", "type": "Airbase", "hex": "@EJ"},
    {"side": "west", "type": "Missile", "hex": "@FH"},
    {"side": "east", "type": "Infantry", "hex": "@KJ", "emplaced": True},
    {"side": "east", "type": "Armor", "hex": "@MJ", "emplaced": True},
    {"side": "east", "type": "Artillery", "hex": "@SN"},
    {"side": "east", "type": "Armor", "hex": "@TB"},
]

app = AggressorApp(AggressorGame.new(position=POS, first="west", cbr=["@KK"]), vs_computer=None)


def reset():
    """The fixed position again, West to act, nothing selected."""
    g = AggressorGame.new(position=POS, first="west", cbr=["@KK"], seed=1)
    app.game = g
    app.plotting_side = "west"
    app.handover = False
    app.selected_unit = None
    app.builder.set_unit(None, refresh=False)
    app.board.selected = None
    app.board.clear_overlays()
    app.controls.say("")
    app.refresh()
    app.frame_units()  # (an earlier selection's follow may have panned the view)
    return True


def move_key(unit):
    """A key 1-6 that moves ``unit`` (not an attack), and the hex it leads to."""
    g = app.game
    moves = next(lo for lo in g.legal_orders("west", unit) if lo.kind == "move")
    for k in range(1, 7):
        o = g.key_order("west", unit, k)
        if o.kind == "move" and o.args["to"] in moves.needs[0].options:
            return [k, o.args["to"]]


def widget_states():
    """JSON of every live widget's synced state (the board's static map left out)."""
    return [json.dumps({k: v for k, v in w.get_state().items() if k not in ("_map", "_esm",
            "_css")}, default=str) for w in list(_W.Widget.widgets.values())]


reset()
'''


@pytest.fixture(scope="module", params=["lab", "voila"])
def agg_page(request: pytest.FixtureRequest, browser_context: Any, nb_dir: Path) -> Iterator[Any]:
    env = request.param
    harness.write_notebook(nb_dir / NB, [harness.PROBE_CELL, APP_CELL, "app", "probe"])
    page, errors = harness.new_page(browser_context)
    page.set_viewport_size({"width": 1600, "height": 1200})
    try:
        if env == "lab":
            harness.open_lab_notebook(page, request.getfixturevalue("lab_server"), NB)
            harness.hide_code(page)
        else:
            harness.open_voila(page, request.getfixturevalue("voila_server"), NB)
        page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=45_000)
        page.locator(".hexplay-board").scroll_into_view_if_needed()
        page.hexplay_errors = errors
        page.hexplay_env = env
        yield page
    finally:
        page.close()


K = harness.kernel
WK = harness.wait_kernel


def _shot(page: Any, artifacts: Path, what: str, around: str = "[data-unit='W01']") -> Path:
    """A screenshot of the page and a close-up (``_zoom``) of the board around ``around``."""
    path = artifacts / f"{page.hexplay_env}_aggressor_{what}.png"
    page.mouse.move(2, 2)
    page.wait_for_timeout(80)
    page.screenshot(path=str(path))
    box = page.locator(f".hexplay-board {around}").first.bounding_box()
    if box:
        x, y = max(0.0, box["x"] - 160), max(0.0, box["y"] - 120)
        clip = {"x": x, "y": y, "width": 320, "height": 240}
        page.screenshot(path=str(path.with_name(path.stem + "_zoom.png")), clip=clip)
    return path


def _reset(page: Any) -> None:
    assert K(page, "reset()") is True
    seq = K(page, "app.board.frame['seq']")
    page.wait_for_selector(f".hexplay-board[data-framed='{seq}']")
    page.wait_for_function(
        "() => !document.querySelector('.hexplay-board .hexplay-selected')"
        ' && !!document.querySelector(\'.hexplay-board [data-unit="W01"][data-at="@JJ"]\')'
    )


def _select(page: Any, unit: str) -> None:
    page.locator(f'.hexplay-board [data-unit="{unit}"]').click()
    WK(page, f"app.selected_unit == {unit!r}")
    page.wait_for_selector(f'.hexplay-board [data-unit="{unit}"].hexplay-selected')


def test_board_renders(agg_page: Any, artifacts: Path) -> None:
    page = agg_page
    _reset(page)
    assert page.locator(".hexplay-board polygon[data-hex]").count() == K(page, "app.game.map.size")
    units = K(page, "[(u['id'], u['hex'], bool(u.get('hidden'))) for u in app.board.units]")
    assert {u[0] for u in units} == {"W01", "W02", "W03", "W04", "E01", "?@MJ"}
    for uid, hx, hidden in units:
        loc = page.locator(f'.hexplay-board [data-unit="{uid}"]')
        assert loc.count() == 1 and loc.get_attribute("data-at") == hx, uid
        assert loc.locator("svg.hexplay-sidc").count() == (0 if hidden else 1), uid
    assert page.locator('[data-unit="W01"] [data-corner="bl"]').text_content() == "3-3"
    assert page.locator('[data-unit="W02"]').get_attribute("data-badges") == "dug"
    hidden = page.locator('[data-unit="?@MJ"]')
    assert "hexplay-hidden" in (hidden.get_attribute("class") or "")
    assert hidden.locator("text").count() == 0
    for name in ("border", "sectors", "control west", "control east"):
        assert page.locator(f'.hexplay-region[data-region="{name}"]').count() == 1, name
    assert page.locator('.hexplay-marking[data-marking="cbr"]').get_attribute("data-count") == "1"
    assert page.locator(".hexplay-aggressor-sectors td[data-sector]").count() == 9
    _shot(page, artifacts, "board")


def test_keyboard_move_reaches_python(agg_page: Any, artifacts: Path) -> None:
    page = agg_page
    _reset(page)
    _select(page, "W01")  # the click also gives the board the keyboard
    key, to = K(page, "move_key('W01')")
    page.keyboard.press(str(key))
    WK(page, f"app.game.board.labels[app.game.units['W01'].hex] == {to!r}")
    page.wait_for_selector(f'.hexplay-board [data-unit="W01"][data-at="{to}"]')
    cmd = K(page, "app.game.commands.commands[-1].args")
    assert cmd["kind"] == "move" and cmd["args"] == {"to": to}
    if page.hexplay_env == "lab":  # Lab's own shortcut (1-6: a heading cell) did not fire
        assert page.locator(".jp-MarkdownCell").count() == 0
    # the reach drawn is the engine's for the new hex
    n = K(page, "len(app.game.reach('west', 'W01'))")
    page.wait_for_selector(f".hexplay-reach[data-reach-count='{n}']")
    _shot(page, artifacts, "key_move")


def test_click_move_reaches_python(agg_page: Any) -> None:
    page = agg_page
    _reset(page)
    _select(page, "W02")
    to = K(
        page, "next(k for k, v in sorted(app.game.reach('west', 'W02').items()) if v['steps'] == 1)"
    )
    page.locator(f'.hexplay-board polygon[data-hex="{to}"]').click()
    WK(page, f"app.game.board.labels[app.game.units['W02'].hex] == {to!r}")
    page.wait_for_selector(f'.hexplay-board [data-unit="W02"][data-at="{to}"]')


def test_attack_odds_shown_match_the_engine(agg_page: Any, artifacts: Path) -> None:
    page = agg_page
    _reset(page)
    _select(page, "W01")
    page.locator('.hexplay-board [data-unit="E01"]').click()
    entry = page.locator(".hexplay-aggressor-odds .hexplay-odds-entry[data-target='@KJ']")
    entry.wait_for()
    d = K(page, "app.game.attack_odds('west', 'W01', '@KJ')")
    assert entry.get_attribute("data-hit-value") == str(d["hit_value"]) == "5"
    assert float(entry.get_attribute("data-p-hit")) == pytest.approx(d["p_hit"])
    text = entry.inner_text()
    assert "defender emplaced" in text and "50%" in text
    n = K(page, "len(app.game.commands.commands)")
    page.locator('.hexplay-board [data-unit="E01"]').click()  # the second click attacks
    WK(page, f"len(app.game.commands.commands) == {n + 1}")
    assert K(page, "app.game.commands.commands[-1].args['kind']") == "attack"
    page.locator(".hexplay-aggressor-reports td", has_text="@KJ").first.wait_for(state="attached")
    _shot(page, artifacts, "odds")


def test_hot_seat_state_holds_no_unobserved_enemy(agg_page: Any, artifacts: Path) -> None:
    page = agg_page
    _reset(page)
    page.locator("button.hexplay-end-plot").click()
    WK(page, "app.handover and app.board.units == [] and app.board.markings == {}")
    page.wait_for_function("() => !document.querySelector('.hexplay-board [data-unit]')")
    page.locator("button.hexplay-ready", has_text="east").click()
    WK(page, "not app.handover and app.plotting_side == 'east' and len(app.board.units) > 0")
    page.wait_for_selector('.hexplay-board [data-unit="E01"]')
    view_ids = set(K(page, "list(app.game.view('east')['units'])"))
    secret = set(K(page, "[k for k in app.game.units if k not in app.game.view('east')['units']]"))
    assert "W02" in secret  # nobody in the East observes the far corner
    on_board = set(K(page, "[u['id'] for u in app.board.units]"))
    assert on_board <= view_ids and not on_board & secret
    states = "\n".join(K(page, "widget_states()"))
    leaked = [u for u in secret if f'"{u}"' in states or f"'{u}'" in states or f">{u}<" in states]
    assert leaked == []
    hx = K(page, "app.game.board.labels[app.game.units['W02'].hex]")
    assert page.locator(f'.hexplay-board [data-at="{hx}"]').count() == 0
    _shot(page, artifacts, "hotseat_east", "[data-unit='E01']")
    for _ in range(4):  # close up: symbols, range-strength figures and badges legible
        page.locator(".hexplay-board button.hexplay-tool[title='zoom in']").click()
    page.locator('.hexplay-board [data-unit="E01"]').scroll_into_view_if_needed()
    _shot(page, artifacts, "hotseat_east_zoomed", "[data-unit='E01']")


def _ours(errors: list[str]) -> list[str]:
    """Errors of hexplay's widgets (an offline Voila also fails to fetch CDN resources)."""
    return [e for e in errors if "hexplay" in e or "anywidget" in e or "aggressor" in e]


def test_no_page_errors(agg_page: Any) -> None:
    assert _ours(agg_page.hexplay_errors) == [], agg_page.hexplay_errors


def test_shipped_aggressor_notebook_renders_in_voila(
    browser_context: Any, voila_server: harness.Server, artifacts: Path
) -> None:
    page, errors = harness.new_page(browser_context)
    page.set_viewport_size({"width": 1600, "height": 1200})
    try:
        page.goto(voila_server.page_url("voila/render/aggressor.ipynb"))
        page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=90_000)
        page.wait_for_selector('.hexplay-board [data-unit="W01"] svg.hexplay-sidc')
        assert page.locator(".hexplay-board [data-side='west']").count() >= 18
        page.screenshot(path=str(artifacts / "voila_aggressor_notebook.png"))
        assert _ours(errors) == [], errors
    finally:
        page.close()
