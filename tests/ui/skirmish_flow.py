"""The SKIRMISH app checks shared by the JupyterLab and Voila tests.

The notebook (written by the tests) builds ``SkirmishApp(vs_computer=None, hot_seat=True)``
and a ``reset()`` that starts a fixed position: seed 1, turn 2, guard G7 on foot at 0918 in sight
of A1 (0618), and adversary A6 moved to a hex no defender can see (so the hot-seat check has a
hidden enemy to leak).  ``reset_turn1()`` starts seed 1 at turn 1, where the only targets are
the men aboard the transporter: the ambush shot is plotted by clicking an occupant's pip on the
transporter's counter.  Every step clicks in the page and asserts on kernel state read through
the probe widget (``harness.kernel``), waiting for each effect separately.  Controls are found
by their stable CSS classes (``hexplay-end-plot``, ``hexplay-task-<CODE>``, ...).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from . import harness

NB = "ui_skirmish_app.ipynb"

APP_CELL = r'''
import json

import ipywidgets as _W

from hexplay.games.skirmish.sight import SKIRMISH_SIGHT
from hexplay.widgets import SkirmishApp

app = SkirmishApp(seed=1, vs_computer=None, hot_seat=True)
HIDDEN = {}


def reset():
    """A fixed start: seed 1, turn 2, G7 on foot at 0918, A6 where no defender sees him."""
    app.seed = 0
    app.new_game()  # seed 1
    g = app.game
    g.arrange(men={"G7": "0918"}, turn=2)
    seen = set()
    for u in g.view("referee")["units"].values():
        if u.get("side") == "defender" and u.get("hex"):
            seen.update(g.map.visible_from(u["hex"], SKIRMISH_SIGHT))
    hide = next(h for h in g.map.hex_labels if h not in seen and h not in ("0618", "0718"))
    g.arrange(men={"A6": hide})
    HIDDEN.clear()
    HIDDEN.update(A6=hide)
    app.selected_unit = None
    app.builder.set_unit(None)
    app.board.selected = None
    app.board.clear_overlays()
    app.controls.say("")
    app.refresh()
    return True


def reset_turn1():
    """Seed 1 at turn 1 as dealt: the defenders ride their vehicles."""
    app.seed = 0
    app.new_game()  # seed 1
    app.controls.say("")
    return app.game.turn == 1


def reset_offmap():
    """Seed 1, turn 2, escort E1 stopped at T-22 (off the map); the defender at the screen."""
    app.seed = 0
    app.new_game()  # seed 1
    app.game.arrange(vehicles={"E1": {"pos": -3, "moving": False}}, turn=2)
    app.controls.say("")
    app.refresh()
    if app.offmap.ids():  # the adversary's panel: nothing of the defender's
        return False
    app.end_plot()
    app.take_over()
    return app.plotting_side == "defender" and app.offmap.ids()[:3] == ["E1", "G3", "G4"]


def turn1_shot():
    """An adversary man who may fire at a man aboard the transporter T, and that man."""
    g = app.game
    for a in sorted(u for u, d in g.view("referee")["units"].items() if d["side"] == "adversary"):
        for man in app.units_by_id["T"]["occupants"]:
            try:
                g.copy().plot("adversary", a, "DF", target=man)
            except Exception:
                continue
            return [a, man]
    return None


def odds_of(f, t):
    o = app.game.odds(f, t)
    return {k: float(o[k]) for k in ("K", "W", "miss")}


def los_of(a, b):
    t = app.game.map.los(a, b, SKIRMISH_SIGHT, app.ui.blockers(app.context()))
    return {
        "clear": bool(t.clear),
        "hexes": list(t.hexes),
        "blocked": sorted({o.where for o in t.blocked_by}),
    }


def los_targets(src, lo=3, hi=6):
    """One blocked and one clear hex at range lo..hi from src, both empty."""
    occupied = {u["hex"] for u in app.board.units}
    out = {}
    for lab in app.game.map.hex_labels:
        if lab in occupied or not lo <= app.game.map.distance(src, lab) <= hi:
            continue
        key = "clear" if los_of(src, lab)["clear"] else "blocked"
        out.setdefault(key, lab)
    return out


def widget_states():
    """JSON of every live widget's synced state (buffers left out)."""
    out = []
    for w in list(_W.Widget.widgets.values()):
        st = {k: v for k, v in w.get_state().items() if k != "_map"}
        out.append(json.dumps(st, default=str))
    return out


reset()
'''

CELLS = [harness.PROBE_CELL, APP_CELL, "app", "probe"]


def write(nb_dir: Path) -> str:
    harness.write_notebook(nb_dir / NB, CELLS)
    return NB


K = harness.kernel
WK = harness.wait_kernel


def board_ready(page: Any) -> None:
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=45_000)
    page.locator(".hexplay-board").scroll_into_view_if_needed()


def in_view(page: Any, selector: str) -> bool:
    """Is the element's centre inside the board's drawing (not cut off by the zoom)?"""
    return bool(
        page.evaluate(
            "(sel) => { const e = document.querySelector(sel); if (!e) return false;"
            " const s = e.closest('svg').getBoundingClientRect(), b = e.getBoundingClientRect();"
            " const x = b.x + b.width / 2, y = b.y + b.height / 2;"
            " return x > s.left && x < s.right && y > s.top && y < s.bottom; }",
            selector,
        )
    )


def show_all(page: Any, selector: str) -> None:
    """Zoomed in with ``selector`` out of view: show the whole map first."""
    page.locator(selector).first.wait_for(state="attached")
    if not in_view(page, selector):
        page.locator('.hexplay-board .hexplay-tool[title="fit the whole map"]').click()


def click_unit(page: Any, unit: str) -> None:
    sel = f'.hexplay-board [data-unit="{unit}"]'
    show_all(page, sel)
    page.locator(sel).click()


def click_hex(page: Any, hex_: str) -> None:
    sel = f'.hexplay-board polygon[data-hex="{hex_}"]'
    show_all(page, sel)
    page.locator(sel).click()


def task(page: Any, code: str) -> Any:
    """The plot builder's button of task ``code`` (CSS class ``hexplay-task-<CODE>``)."""
    return page.locator(f"button.hexplay-task-{code}")


def end_plot(page: Any) -> Any:
    return page.locator("button.hexplay-end-plot")


def ready(page: Any, side: str) -> Any:
    """The hot-seat hand-over button, checked to name ``side``."""
    loc = page.locator("button.hexplay-ready")
    loc.filter(has_text=re.compile(rf"I am the {side}\b")).wait_for()
    return loc


def reset(page: Any) -> None:
    assert K(page, "reset()") is True
    page.wait_for_function(
        "() => !document.querySelector('.hexplay-board .hexplay-selected')"
        ' && !!document.querySelector(\'.hexplay-board [data-unit="G7"][data-at="0918"]\')'
    )
    # the new game's view is framed on the side's units (one animation frame later): wait for
    # it, so that nothing measured after a reset moves under the pointer
    seq = str(K(page, "app.board.frame.get('seq', '')"))
    page.wait_for_function(
        "(n) => document.querySelector('.hexplay-board').dataset.framed === n", arg=seq
    )
    # then the whole map (the checks below hover and click hexes anywhere on it; a narrow
    # notebook cell would leave a framed view's edge columns outside the board's frame)
    page.locator('.hexplay-board button[title="fit the whole map"]').click()


def select(page: Any, unit: str) -> None:
    click_unit(page, unit)
    WK(page, f"app.selected_unit == {unit!r} and app.board.selected == {unit!r}")
    page.wait_for_selector(f'.hexplay-board [data-unit="{unit}"].hexplay-selected')


def snap(page: Any, path: Path, around: str | None = None, pad: float = 150) -> None:
    """Screenshot the page (pointer parked off the board so no tooltip hides anything) and,
    with ``around`` (a CSS selector), a close-up ``<name>_zoom.png`` of that part."""
    page.mouse.move(2, 2)
    page.wait_for_timeout(50)
    page.screenshot(path=str(path))
    if around:
        box = page.locator(around).first.bounding_box()
        if box:
            x = max(0.0, box["x"] + box["width"] / 2 - pad)
            y = max(0.0, box["y"] + box["height"] / 2 - pad)
            clip = {"x": x, "y": y, "width": 2 * pad, "height": 2 * pad}
            page.screenshot(path=str(path.with_name(path.stem + "_zoom.png")), clip=clip)


# --------------------------------------------------------------------------------------------


def check_renders(page: Any, shot: Path) -> None:
    board_ready(page)
    size = K(page, "app.game.map.size")
    assert page.locator(".hexplay-board polygon[data-hex]").count() == size == 30 * 36
    units = K(page, "[(u['id'], u['hex']) for u in app.board.units if not u.get('in_vehicle')]")
    assert units, "no counters in the widget state"
    for uid, hx in units:
        loc = page.locator(f'.hexplay-board [data-unit="{uid}"]')
        assert loc.count() == 1, uid
        assert loc.get_attribute("data-at") == hx, uid
    assert float(page.eval_on_selector(".hexplay-board", "el => el.dataset.renderMs")) > 0
    snap(page, shot, '.hexplay-board [data-unit="A1"]')


def check_click_selects(page: Any) -> None:
    reset(page)
    select(page, "A1")
    # the board marks the click answered (one message: selection + overlays drawn); the side
    # panels follow a moment later
    page.wait_for_function(
        "() => { const d = document.querySelector('.hexplay-board').dataset;"
        " return d.clickSeq && d.answered === d.clickSeq; }"
    )
    WK(page, "app.builder.unit == 'A1'")
    # the hover outline and tooltip (drawn at the next frame, after any click's answer)
    hx = K(page, "app.units_by_id['A1']['hex']")
    page.locator('.hexplay-board [data-unit="A1"]').hover()
    tip = page.locator(".hexplay-board .hexplay-tooltip")
    tip.wait_for(state="visible")
    assert hx in tip.inner_text() and "reach" not in tip.inner_text()  # his own hex: no cost
    # a reachable hex with no counter: its AP cost (sent as binary indices + costs) in the tip
    free, cost = K(
        page,
        "[(h, c) for h, c in sorted(app.board.overlays['reachable'].items())"
        " if all(u.get('hex') != h for u in app.board.units)][0]",
    )
    page.locator(f'.hexplay-board polygon[data-hex="{free}"]').hover()
    want = f"reach: {int(cost) if float(cost).is_integer() else cost} AP"
    page.wait_for_function(
        "([hx, want]) => { const t = document.querySelector('.hexplay-board .hexplay-tooltip');"
        " return t.textContent.includes(hx) && t.textContent.includes(want); }",
        arg=[free, want],
    )
    page.mouse.move(2, 2)
    # Python answered with the sight fog and the reachable hexes of A1.
    page.wait_for_selector(".hexplay-board .hexplay-visible")
    page.wait_for_selector(".hexplay-board .hexplay-reach", state="attached")
    n_hidden = K(page, "app.game.map.size - len(app.board.overlays['visible'])")
    fog = page.locator(".hexplay-board path.hexplay-fog")
    assert fog.count() == 1 and int(fog.get_attribute("data-fog-count")) == n_hidden > 0
    n_reach = K(page, "len(app.board.overlays['reachable'])")
    reach = page.locator(".hexplay-board path.hexplay-reach")
    assert reach.count() == 1 and int(reach.get_attribute("data-reach-count")) == n_reach > 0
    # The cost figures appear when zoomed in (illegible at the whole-map scale) and match.
    page.locator('.hexplay-board .hexplay-tool[title="fit the whole map"]').click()
    texts = page.locator(".hexplay-board .hexplay-reach-text")
    page.wait_for_function("() => !document.querySelector('.hexplay-board .hexplay-reach-text')")
    assert texts.count() == 0
    for _ in range(3):
        page.locator('.hexplay-board .hexplay-tool[title="zoom in"]').click()
    # (one <text> holds every figure: its hexes and costs listed in order)
    page.wait_for_function(
        "(n) => { const t = document.querySelector('.hexplay-board .hexplay-reach-text');"
        " return !!t && +t.dataset.count === n; }",
        arg=n_reach,
    )
    want = K(page, "app.board.overlays['reachable']")
    got = page.eval_on_selector(
        ".hexplay-board .hexplay-reach-text",
        "e => [e.dataset.reach.split(' '), e.dataset.cost.split(' ').map(Number), e.textContent]",
    )
    assert dict(zip(got[0], got[1], strict=True)) == want
    # the text is the figures one after the other (whole numbers plain, else one decimal)
    assert got[2] == "".join(str(int(c)) if c == int(c) else f"{c:.1f}" for c in got[1])
    page.locator('.hexplay-board .hexplay-tool[title="fit the whole map"]').click()
    page.wait_for_function("() => !document.querySelector('.hexplay-board .hexplay-reach-text')")
    page.locator('.hexplay-board .hexplay-tool[title="zoom to the units"]').click()
    # A click on an enemy (no task pending) does not select it: it shows the odds of a shot
    # at him (nothing plotted yet, the status by the board says so); a second click fires
    click_unit(page, "G7")
    WK(page, "app.odds.current['K'] > 0")
    assert K(page, "app.selected_unit") == "A1"
    assert K(page, "app.game.plotted('adversary', 'A1')") == []
    page.locator(".hexplay-click-status").filter(has_text="click it again").wait_for()
    click_unit(page, "G7")
    WK(page, "[t['code'] for t in app.game.plotted('adversary', 'A1')] == ['DF'] or None")


def check_turn1_occupant_shot(page: Any, shot: Path) -> None:
    """Turn 1: the adversary plots DF at a man aboard the transporter by clicking his pip."""
    assert K(page, "reset_turn1()") is True
    shooter, man = K(page, "turn1_shot()")
    assert K(page, f"app.units_by_id[{man!r}]['in_vehicle']") == "T"
    page.wait_for_selector(f'.hexplay-board [data-unit="T"] [data-occupant="{man}"]')
    select(page, shooter)
    task(page, "DF").click()
    WK(page, "app.builder.pending and app.builder.pending['code'] == 'DF'")
    pip = page.locator(f'.hexplay-board [data-unit="T"] [data-occupant="{man}"]')
    pip.click()
    WK(page, f"(app.board.last_message or {{}}).get('occupant') == {man!r}")
    plotted = WK(page, f"app.game.plotted('adversary', {shooter!r})")
    assert [(t["code"], t.get("target")) for t in plotted] == [("DF", man)]
    assert K(page, "app.builder.error.value") == ""
    page.wait_for_selector(  # attached: a horizontal line has a zero-height box ("hidden")
        f'.hexplay-board .hexplay-fire[data-fire-unit="{shooter}"][data-target="{man}"]',
        state="attached",
    )
    snap(page, shot, '.hexplay-board [data-unit="T"]', pad=110)


def check_plot_move_and_shot(page: Any, shot: Path) -> None:
    reset(page)
    select(page, "A1")
    # Shot: the DF button, then the target's counter.
    task(page, "DF").click()
    WK(page, "app.builder.pending and app.builder.pending['code'] == 'DF'")
    click_unit(page, "G7")
    plotted = WK(page, "app.game.plotted('adversary', 'A1')")
    assert [t["code"] for t in plotted] == ["DF"] and plotted[0]["target"] == "G7"
    page.wait_for_selector('.hexplay-board .hexplay-fire[data-fire-unit="A1"][data-target="G7"]')
    # Move: the MP button, a hex, the same hex again to finish the path.
    task(page, "MP").click()
    WK(page, "app.builder.pending and app.builder.pending['code'] == 'MP'")
    click_hex(page, "0718")
    WK(page, "app.builder.pending and app.builder.pending['path'] == ['0718']")
    click_hex(page, "0718")
    plotted = WK(
        page,
        "len(app.game.plotted('adversary', 'A1')) == 2 and app.game.plotted('adversary', 'A1')",
    )
    assert plotted[1] == {"code": "MP", "path": ["0718"], "ap": "1"} or (
        plotted[1]["code"] == "MP" and plotted[1]["path"] == ["0718"]
    )
    page.wait_for_selector('.hexplay-board .hexplay-path[data-path-unit="A1"]')
    assert K(page, "app.builder.error.value") == ""
    page.get_by_text("plotted:").first.wait_for()
    snap(page, shot, '.hexplay-board [data-unit="A1"]')


def check_illegal_click(page: Any, shot: Path) -> None:
    """A refused order shows the rule's words and changes nothing: DF, then a click on a
    friend (A2) as the target."""
    reset(page)
    select(page, "A1")
    task(page, "DF").click()
    WK(page, "app.builder.pending is not None")
    click_unit(page, "A2")
    WK(page, "'&#9888;' in app.builder.error.value")
    err = K(page, "__import__('html').unescape(app.builder.error.value)")
    assert "Table II" in err and "A2" in err, err
    assert K(page, "app.game.plotted('adversary', 'A1')") == []
    page.locator(".hexplay-plot-error").filter(has_text="A2").wait_for()
    snap(page, shot)


def check_los_overlay(page: Any, shot: Path) -> None:
    reset(page)
    select(page, "A1")
    targets = K(page, "los_targets('0618')")
    assert set(targets) == {"clear", "blocked"}, targets
    for key in ("blocked", "clear"):
        hx = targets[key]
        # shift: look only (a plain click would walk A1 there)
        page.locator(f'.hexplay-board polygon[data-hex="{hx}"]').click(modifiers=["Shift"])
        WK(page, f"app.board.overlays.get('los', {{}}).get('to') == {hx!r}")
        line = page.locator(f'.hexplay-board line.hexplay-los[data-to="{hx}"]')
        line.wait_for()
        want = K(page, f"los_of('0618', {hx!r})")
        assert want["clear"] == (key == "clear")
        assert line.get_attribute("data-clear") == ("true" if want["clear"] else "false")
        assert line.get_attribute("data-from") == "0618"
        drawn = page.eval_on_selector_all(
            ".hexplay-board [data-los-hex]", "els => els.map(e => e.dataset.losHex)"
        )
        assert sorted(drawn) == sorted(want["hexes"])
        blocks = page.eval_on_selector_all(
            ".hexplay-board [data-blocked-at]", "els => els.map(e => e.dataset.blockedAt)"
        )
        assert sorted(set(blocks)) == want["blocked"]
        if key == "blocked":
            snap(page, shot, f'.hexplay-board polygon[data-hex="{hx}"]', pad=120)


def check_odds_chart(page: Any, shot: Path) -> None:
    reset(page)
    select(page, "A1")
    sel = '.hexplay-board [data-unit="G7"]'
    show_all(page, sel)
    page.locator(sel).click(modifiers=["Shift"])  # look only: the Odds tab, no order
    want = K(page, "odds_of('A1', 'G7')")
    got = WK(page, "app.odds.bar_values() if app.odds.bar_values()[0] > 0 else None")
    assert got == [want["K"], want["W"], want["miss"]]
    text = f"K {want['K']:.0%} · W {want['W']:.0%} · miss {want['miss']:.0%}"
    page.locator(".hexplay-odds-text").filter(has_text=text).wait_for()
    # The bqplot bars drawn in the page have heights in the engine's proportions.
    page.wait_for_function(
        "() => document.querySelectorAll('.bargroup rect, rect.bar').length >= 3"
    )
    page.wait_for_timeout(300)  # bqplot transitions
    heights = page.eval_on_selector_all(
        ".bargroup rect, rect.bar",
        "els => els.filter(e => e.getBoundingClientRect().width > 0)"
        ".map(e => +e.getAttribute('height'))",
    )
    assert len(heights) >= 3, heights
    top = max(heights[:3])
    assert top > 0
    for h, p in zip(heights[:3], (want["K"], want["W"], want["miss"])):
        assert abs(h / top - p / max(want.values())) < 0.03, (heights, want)
    snap(page, shot)


def check_resolve_updates_counters(page: Any, shot: Path) -> None:
    reset(page)
    select(page, "A1")
    task(page, "MP").click()
    WK(page, "app.builder.pending is not None")
    click_hex(page, "0718")
    WK(page, "app.builder.pending['path'] == ['0718']")
    click_hex(page, "0718")
    WK(page, "len(app.game.plotted('adversary', 'A1')) == 1")
    end_plot(page).click()
    WK(page, "app.handover and app.plotting_side == 'defender'")
    ready(page, "defender").click()
    WK(page, "not app.handover and len(app.board.units) > 0")
    for v in ("E1", "E2"):  # moving escorts must be stopped or moved
        select(page, v)
        task(page, "SV").click()
        WK(page, f"len(app.game.plotted('defender', {v!r})) == 1")
    end_plot(page).click()
    WK(page, "app.game.turn == 3 and app.handover")
    page.get_by_text("turn resolved; now turn 3").wait_for()
    ready(page, "adversary").click()
    WK(page, "not app.handover and len(app.board.units) > 0")
    page.wait_for_selector('.hexplay-board [data-unit="A1"][data-at="0718"]')
    assert K(page, "app.view['units']['A1']['hex']") == "0718"
    assert K(page, "app.game.view('referee')['units']['A1']['hex']") == "0718"
    for uid, hx in K(
        page, "[(u['id'], u['hex']) for u in app.board.units if not u.get('in_vehicle')]"
    ):
        assert page.locator(f'.hexplay-board [data-unit="{uid}"]').get_attribute("data-at") == hx
    snap(page, shot, '.hexplay-board [data-unit="A1"]')


def check_hotseat_hides_enemies(page: Any, shot: Path) -> None:
    reset(page)
    hidden_hex = K(page, "HIDDEN['A6']")
    assert K(page, "'A6' in app.game.view('referee')['units']")
    assert not K(page, "'A6' in app.game.view('defender')['units']")
    end_plot(page).click()
    # Between the players the board is blank, in Python and in the page.
    WK(page, "app.handover and app.board.units == [] and app.board.overlays == {}")
    page.wait_for_function("() => !document.querySelector('.hexplay-board [data-unit]')")
    ready(page, "defender").click()
    WK(page, "not app.handover and app.plotting_side == 'defender' and len(app.board.units) > 0")
    page.wait_for_selector('.hexplay-board [data-unit="G1"], .hexplay-board [data-unit="T"]')
    board_units = K(page, "app.board.units")
    view = K(page, "app.game.view('defender', events=False)")
    for u in board_units:
        if u["side"] != "adversary":
            continue
        if u["id"] in view["units"]:
            assert u["hex"] == view["units"][u["id"]]["hex"] and not u.get("stale")
        else:  # only a last-known marker, where the defender last saw him
            assert u.get("stale"), u
            assert u["hex"] == view["last_known"][u["id"]]["hex"] != hidden_hex, u
    # The hidden man's true hex is nowhere in any synced widget state.
    states = K(page, "widget_states()")
    assert not [s for s in states if f'"{hidden_hex}"' in s], hidden_hex
    assert page.locator(f'.hexplay-board [data-unit="A6"][data-at="{hidden_hex}"]').count() == 0
    snap(page, shot)


def check_offmap_exit_and_walk(page: Any, shot: Path) -> None:
    """An escort off the map: its crewman, picked in the "Off the map" panel, gets out (EV)
    and walks 3 route steps onto the board (MP, a step count and "Done")."""
    assert K(page, "reset_offmap()") is True
    panel = page.locator(".hexplay-offmap")
    panel.filter(has_text="T-22").wait_for()
    assert page.locator('.hexplay-board [data-unit="E1"]').count() == 0  # not on the board
    page.locator("button.hexplay-offmap-G4").click()
    WK(page, "app.selected_unit == 'G4' and app.builder.unit == 'G4'")
    task(page, "EV").click()
    WK(page, "[t['code'] for t in app.game.plotted('defender', 'G4')] == ['EV']")
    task(page, "MP").click()
    WK(page, "app.builder.pending and app.builder.pending['needs'] == 'steps'")
    steps = page.locator(".hexplay-route-steps input")
    steps.fill("3")
    steps.press("Enter")
    WK(page, "app.builder.steps.value == 3")
    page.locator("button.hexplay-pick-done").click()
    mp = WK(
        page,
        "len(app.game.plotted('defender', 'G4')) == 2 and app.game.plotted('defender', 'G4')[-1]",
    )
    assert (mp["code"], mp["hexes"], mp["path"]) == ("MP", 3, ["0901"])
    assert K(page, "app.builder.error.value") == ""
    snap(page, shot)
