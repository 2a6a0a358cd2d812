"""Class play (issue 15) in real Chromium, in JupyterLab and Voila: the turn summary and the
hand-over screen, one-click orders with the route drawn and its AP cost, the roster, the
board's zoom (opens on the counters, the wheel scrolls the page, zoom keeps the selection),
the legend, messages, New game asked twice, the timer, no console errors.

Uses the notebook of :mod:`.skirmish_flow` (a hot-seat ``SkirmishApp`` with ``reset()`` and
``reset_turn1()``); every step clicks in the page and checks the kernel's state."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import harness
from . import skirmish_flow as flow

pytestmark = pytest.mark.ui
K, WK = flow.K, flow.WK


@pytest.fixture(scope="module", params=["lab", "voila"])
def cls_page(request: pytest.FixtureRequest, browser_context: Any, nb_dir: Path) -> Iterator[Any]:
    with harness.app_page(
        request, browser_context, flow.write(nb_dir), flow.board_ready, (1600, 1100)
    ) as page:
        yield page


def shot(page: Any, artifacts: Path, what: str) -> Path:
    return artifacts / f"{page.hexplay_env}_class_{what}.png"


def roster(page: Any, unit: str) -> Any:
    return page.locator(f"button.hexplay-roster-{unit}")


def test_board_opens_on_the_counters_and_they_are_readable(cls_page: Any, artifacts: Path):
    page = cls_page
    zoom = float(page.eval_on_selector(".hexplay-board", "el => +el.dataset.zoom"))
    assert zoom >= 0.99, zoom  # the map's whole width at least (not the whole tall map)
    box = page.locator('.hexplay-board [data-unit="A1"] .hexplay-counter').bounding_box()
    # was ~12 px at the whole-map scale; the opening view frames every unit of the side (issue
    # 30: none left outside), so a side spread over the map's height opens a little smaller
    # than the old fixed three-quarter-map zoom (20 px) did
    assert box["width"] >= 16, box
    flow.snap(page, shot(page, artifacts, "opening"), '.hexplay-board [data-unit="A1"]')


def test_wheel_scrolls_the_page_ctrl_wheel_zooms_and_zoom_keeps_the_selection(cls_page: Any):
    page = cls_page
    flow.reset(page)
    flow.select(page, "A1")
    board = page.locator(".hexplay-board svg").first
    z0 = float(page.eval_on_selector(".hexplay-board", "el => +el.dataset.zoom"))
    b = board.bounding_box()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    page.mouse.wheel(0, 200)
    page.wait_for_timeout(200)
    assert float(page.eval_on_selector(".hexplay-board", "el => +el.dataset.zoom")) == z0
    page.keyboard.down("Control")
    page.mouse.wheel(0, -200)
    page.keyboard.up("Control")
    page.wait_for_function(f"() => +document.querySelector('.hexplay-board').dataset.zoom > {z0}")
    a1 = page.locator('.hexplay-board [data-unit="A1"]')
    zoom_in = page.locator('.hexplay-board .hexplay-tool[title="zoom in"]')
    zoom_in.scroll_into_view_if_needed()

    def where() -> dict[str, float]:  # relative to the board (the page may scroll)
        b, s = a1.bounding_box(), board.bounding_box()
        return {**b, "x": b["x"] - s["x"], "y": b["y"] - s["y"]}

    before = where()
    zoom_in.click()
    page.wait_for_timeout(100)
    after = where()
    # the selected counter stays where it was on screen (the zoom centres on it) and grows
    cx0, cx1 = before["x"] + before["width"] / 2, after["x"] + after["width"] / 2
    cy0, cy1 = before["y"] + before["height"] / 2, after["y"] + after["height"] / 2
    assert abs(cx1 - cx0) < 3 and abs(cy1 - cy0) < 3 and after["width"] > before["width"] * 1.2
    page.locator('.hexplay-board .hexplay-tool[title="zoom to the units"]').click()


def test_click_a_destination_draws_the_route_with_its_cost(cls_page: Any, artifacts: Path):
    page = cls_page
    flow.reset(page)
    flow.select(page, "A1")
    flow.task(page, "MP").click()
    WK(page, "app.builder.pending is not None")
    flow.click_hex(page, "0720")  # two hexes away: the cheapest route there
    WK(page, "app.builder.pending['path'] == ['0719', '0720']")
    route = page.locator('.hexplay-board .hexplay-route[data-route-unit="A1"]')
    route.wait_for(state="attached")
    assert route.get_attribute("data-route-hexes") == "2"
    page.locator('.hexplay-board .hexplay-route-text[data-route-cost="2 AP"]').wait_for()
    assert "2 AP" in K(page, "app.builder.prompt.value")
    flow.snap(page, shot(page, artifacts, "route"), '.hexplay-board [data-unit="A1"]')
    flow.click_hex(page, "0720")  # again: confirmed
    WK(page, "app.game.plotted('adversary', 'A1') and not app.builder.pending")
    assert K(page, "app.game.plotted('adversary', 'A1')[0]['path']") == ["0719", "0720"]
    page.wait_for_selector('.hexplay-board .hexplay-path[data-path-unit="A1"]')
    page.wait_for_function("() => !document.querySelector('.hexplay-board .hexplay-route')")
    # with no order pending, one click on a reachable hex plots the move there
    flow.click_hex(page, "0722")
    WK(page, "len(app.game.plotted('adversary', 'A1')) == 2")
    assert K(page, "app.game.plotted('adversary', 'A1')[1]['path'][-1]") == "0722"


def test_turn_summary_and_handover_screen(cls_page: Any, artifacts: Path):
    page = cls_page
    assert K(page, "reset_turn1()") is True
    shooter, man = K(page, "turn1_shot()")
    flow.select(page, shooter)
    flow.click_unit(page, "T")  # the odds of a shot at the first man aboard, then the shot
    page.locator(".hexplay-click-status").filter(has_text="click it again").wait_for()
    flow.click_unit(page, "T")
    WK(page, f"[t['code'] for t in app.game.plotted('adversary', {shooter!r})] == ['DF']")
    # the odds follow the plot: on the Plot tab's plotted line (and in the Odds tab)
    WK(page, "'(K ' in app.builder.plotted.value and app.odds.current['K'] > 0")
    page.get_by_text(re.compile(r"DF \w+ \(K \d+%")).first.wait_for()
    flow.end_plot(page).click()
    WK(page, "app.handover and app.plotting_side == 'defender'")
    ho = page.locator(".hexplay-handover")
    ho.filter(has_text="pass the screen to the defender").wait_for()
    btn = flow.ready(page, "defender")
    bb = btn.bounding_box()
    assert bb["height"] >= 50 and bb["width"] >= 300, bb  # a big button, not truncated
    flow.snap(page, shot(page, artifacts, "handover"))
    btn.click()
    WK(page, "not app.handover and len(app.board.units) > 0")
    for v in ("E1", "E2"):  # from the roster: one click each, then SV
        roster(page, v).click()
        WK(page, f"app.builder.unit == {v!r}")
        flow.task(page, "SV").click()
        WK(page, f"len(app.game.plotted('defender', {v!r})) == 1")
    flow.end_plot(page).click()
    WK(page, "app.game.turn == 2 and app.handover")
    flow.ready(page, "adversary").click()
    WK(page, "not app.handover and app.summary.turn == 1")
    box = page.locator(".hexplay-summary")
    box.locator(".hexplay-summary-head").filter(has_text="Turn 1:").wait_for()
    n = K(page, "len(app.summary.events)")
    assert box.locator(".hexplay-summary-row").count() == n > 0
    die = K(page, "[e['die'] for e in app.summary.events if e['kind'] == 'fire'][0]")
    box.filter(has_text=f"die {die}").wait_for()
    hits = K(page, "app.board.markings.get('markings', [])")
    for m in hits:
        page.wait_for_selector(f'.hexplay-board [data-marking="{m["name"]}"]', state="attached")
    flow.snap(page, shot(page, artifacts, "summary"), ".hexplay-summary", pad=200)


def test_roster_selects_a_man_aboard_and_controls_are_not_cut(cls_page: Any, artifacts: Path):
    page = cls_page
    assert K(page, "reset_turn1()") is True
    flow.end_plot(page).click()
    flow.ready(page, "defender").click()
    WK(page, "not app.handover and len(app.roster.ids()) > 0")
    man = K(page, "app.units_by_id['T']['occupants'][0]")
    roster(page, man).click()
    WK(page, f"app.selected_unit == {man!r} and app.builder.unit == {man!r}")
    page.wait_for_selector(f"button.hexplay-roster-{man}.hexplay-roster-selected")
    # "AP left 10 / 10" on one line, "Undo last" whole
    ap = page.locator(".hexplay-ap-text").first
    ap.filter(has_text="10 / 10").wait_for()
    assert ap.bounding_box()["height"] < 30
    undo = page.locator("button.hexplay-undo").first
    assert page.evaluate("(b) => b.scrollWidth <= b.clientWidth + 1", undo.element_handle())
    flow.snap(page, shot(page, artifacts, "roster"), f"button.hexplay-roster-{man}", pad=200)


def test_a_killed_man_is_not_selected(cls_page: Any):
    page = cls_page
    flow.reset(page)
    K(page, "app.game.arrange(wounds={'A2': 2})\napp.refresh()\n_result = True")
    WK(page, "app.units_by_id['A2']['status'] == 'K'")
    flow.click_unit(page, "A2")
    page.wait_for_timeout(300)
    assert K(page, "app.selected_unit") is None
    assert page.locator("button.hexplay-roster-A2").is_disabled()


def test_legend_explains_fog_reach_and_last_seen(cls_page: Any):
    page = cls_page
    for key in ("fog", "reach", "stale"):
        row = page.locator(f'.hexplay-legend [data-legend-overlay="{key}"]')
        assert row.count() == 1 and row.inner_text().strip()


def test_new_game_is_asked_twice(cls_page: Any):
    page = cls_page
    flow.reset(page)
    flow.select(page, "A1")
    flow.click_hex(page, "0719")
    WK(page, "len(app.game.plotted('adversary', 'A1')) == 1")
    page.locator("button.hexplay-new-game").click()
    page.locator(".hexplay-new-game-confirm").wait_for()
    page.locator("button.hexplay-new-game-no").click()
    page.locator(".hexplay-new-game-confirm").wait_for(state="hidden")
    assert len(K(page, "app.game.plotted('adversary', 'A1')")) == 1


def test_timer_ends_the_plot_and_restarts_for_the_next_player(cls_page: Any):
    page = cls_page
    assert K(page, "reset_turn1()") is True
    K(
        page,
        "from hexplay.widgets.controls import TurnTimer\n"
        "if app.controls.timer is None:\n"
        "    app.controls.timer = TurnTimer()\n"
        "    app.controls.timer.on_expire = app._timer_expired\n"
        "    app.controls.children = (*app.controls.children, app.controls.timer)\n"
        "_result = True",
    )
    minutes = page.locator(".widget-inline-hbox:has-text('timer (min)') input").first
    minutes.wait_for()
    minutes.fill("0.05")
    minutes.press("Enter")
    WK(page, "app.controls.timer.minutes.value == 0.1")  # raised to the 6 s minimum
    page.locator("button:has-text('Start')").first.click()
    WK(page, "app.handover and app.plotting_side == 'defender'", timeout_s=20)
    flow.ready(page, "defender").click()
    WK(page, "not app.handover and app.controls.timer.remaining > 0")
    # the defender's escorts are moving and nothing is plotted: time up gives SV, turn 2
    WK(page, "app.game.turn == 2", timeout_s=20)
    assert K(page, "app.controls.message_text").startswith("time is up")
    K(page, "app.controls.timer.stop()\napp.controls.timer.armed = False\n_result = True")


def test_no_console_errors(cls_page: Any):
    errs = [e for e in cls_page.hexplay_errors if "negative value" in e or "hexplay" in e]
    assert errs == [], errs


def test_a_man_on_foot_keeps_going_in_one_click(cls_page: Any, artifacts: Path):
    """Turn 1: A1 walks to 0722 (one click); turn 2: his Keep going button plots the same
    steps again (the engine's keep_going), drawn on the board."""
    page = cls_page
    assert K(page, "reset_turn1()") is True
    flow.select(page, "A1")
    flow.click_hex(page, "0722")
    WK(page, "app.game.plotted('adversary', 'A1')[-1]['path'][-1] == '0722'")
    flow.end_plot(page).click()
    flow.ready(page, "defender").click()
    WK(page, "not app.handover")
    for v in ("E1", "E2"):
        roster(page, v).click()
        WK(page, f"app.builder.unit == {v!r}")
        flow.task(page, "SV").click()
        WK(page, f"len(app.game.plotted('defender', {v!r})) == 1")
    flow.end_plot(page).click()
    WK(page, "app.game.turn == 2 and app.handover")
    flow.ready(page, "adversary").click()
    WK(page, "not app.handover")
    flow.select(page, "A1")
    want = K(
        page,
        "from hexplay.games.skirmish.legal import keep_going\n"
        "_result = keep_going(app.game, 'adversary', 'A1').args['path']",
    )
    keep = page.locator("button.hexplay-ready-order", has_text="Keep going")
    keep.click()
    WK(page, f"app.game.plotted('adversary', 'A1')[-1]['path'] == {want!r}")
    page.wait_for_selector('.hexplay-board .hexplay-path[data-path-unit="A1"]', state="attached")
    flow.snap(page, shot(page, artifacts, "keep_going"), '.hexplay-board [data-unit="A1"]')


def test_tooltip_keeps_off_the_counter_and_goes_with_the_pointer(cls_page: Any):
    page = cls_page
    flow.reset(page)
    a1 = page.locator('.hexplay-board [data-unit="A1"]')
    flow.show_all(page, '.hexplay-board [data-unit="A1"]')
    a1.hover()
    tip = page.locator(".hexplay-board .hexplay-tooltip")
    tip.wait_for(state="visible")
    t, c = tip.bounding_box(), a1.bounding_box()
    apart = (
        t["x"] >= c["x"] + c["width"]
        or t["x"] + t["width"] <= c["x"]
        or t["y"] >= c["y"] + c["height"]
        or t["y"] + t["height"] <= c["y"]
    )
    assert apart, (t, c)  # the tip never covers the counter it describes
    page.mouse.move(2, 2)  # off the board: the tip does not linger
    tip.wait_for(state="hidden")


def test_record_table_scrolls_inside_the_panel_to_its_last_column(cls_page: Any, artifacts):
    page = cls_page
    turn = K(
        page,
        "reset_turn1()\napp.end_plot()\napp.take_over()\napp.game.complete_plot('defender')\n"
        "app.end_plot()\napp.take_over()\n"
        "app.tabs.selected_index = app.tab_index['Record']\n_result = app.game.turn",
    )
    assert turn == 2
    table = page.locator(".hexplay-tabs table", has_text="condition").first
    table.wait_for()
    box = page.evaluate_handle("(t) => t.closest('.widget-html')", table.element_handle())
    tabs = page.locator(".hexplay-tabs").bounding_box()
    b = box.as_element().bounding_box()
    assert b["x"] + b["width"] <= tabs["x"] + tabs["width"] + 1, (b, tabs)  # inside the panel
    page.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }", box)
    page.wait_for_timeout(100)
    last = table.locator("th").last.bounding_box()
    assert b["x"] - 1 <= last["x"] and last["x"] + last["width"] <= b["x"] + b["width"] + 1
    flow.snap(page, shot(page, artifacts, "record"))
    K(page, "app.tabs.selected_index = 0\n_result = True")


def test_an_enemy_on_a_vehicles_hex_leaves_its_pips_and_itself_clickable(cls_page: Any):
    page = cls_page
    flow.reset(page)
    hx = K(
        page,
        "h = app.units_by_id['T']['hex']\napp.game.arrange(men={'A2': h})\napp.refresh()\n"
        "_result = h",
    )
    WK(page, f"app.units_by_id['A2']['hex'] == {hx!r}")
    flow.show_all(page, '.hexplay-board [data-unit="T"]')
    page.wait_for_timeout(200)
    on_top = (
        "([x, y]) => { const e = document.elementFromPoint(x, y);"
        " const u = e && e.closest('[data-unit]'); return u ? u.dataset.unit : null; }"
    )
    pips = page.locator('.hexplay-board [data-unit="T"] [data-occupant]')
    assert pips.count() > 0
    for i in range(pips.count()):
        b = pips.nth(i).bounding_box()
        assert page.evaluate(on_top, [b["x"] + b["width"] / 2, b["y"] + b["height"] / 2]) == "T"
    b = page.locator('.hexplay-board [data-unit="A2"] .hexplay-counter').bounding_box()
    assert page.evaluate(on_top, [b["x"] + b["width"] / 2, b["y"] + b["height"] / 2]) == "A2"


def test_after_action_review_steps_the_board_and_exports_a_page(cls_page: Any, artifacts: Path):
    page = cls_page
    turns = K(
        page,
        "from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender\n"
        "reset_turn1()\ng = app.game\n"
        "P = {'adversary': ScriptedAdversary(seed=1), 'defender': ScriptedDefender(seed=2)}\n"
        "for _t in range(3):\n"
        "    for _s, _p in P.items():\n"
        "        _p.act(g)\n"
        "        if _s in g.to_act():\n"
        "            g.submit(_s)\n"
        "    if not g.over:\n"
        "        g.advance()\n"
        "if not g.over:\n"
        "    g.arrange(wounds={u: 2 for u in ('A1', 'A2', 'A3', 'A4', 'A5', 'A6')})\n"
        "    for _s, _p in P.items():\n"
        "        _p.act(g)\n"
        "        if _s in g.to_act():\n"
        "            g.submit(_s)\n"
        "    g.advance()\n"
        "app.handover = False\napp.refresh()\n_result = [g.over, len(g.plot_history)]",
    )
    assert turns[0] is True and turns[1] >= 2
    page.locator(".hexplay-tabs .lm-TabBar-tab, .hexplay-tabs .p-TabBar-tab").filter(
        has_text="Review"
    ).first.click()
    review = page.locator(".hexplay-review")
    review.filter(has_text=f"Turn {turns[1]}").wait_for()
    WK(page, f"app.review.slider.value == {turns[1]}")
    K(page, "app.review.slider.value = 1\n_result = True")
    review.filter(has_text="Turn 1").wait_for()
    want = K(page, "sorted(u['id'] for u in app.board.units)")
    assert want == K(
        page,
        "sorted(u['id'] for u in app.ui.counters("
        "app.review.turns[0]['view'], 'referee', app.context()))",
    )
    page.locator("button.hexplay-review-export").click()
    link = page.locator(".hexplay-review-link a[download]")
    link.wait_for()
    assert (link.get_attribute("href") or "").startswith("data:text/html")
    flow.snap(page, shot(page, artifacts, "review"))
    K(page, "reset()")


def test_vehicles_show_which_way_they_face(cls_page: Any):
    """Each vehicle counter on the board carries a heading arrow toward the hexside the engine
    says it faces (the next hex of its route), so an escort's MV direction is visible."""
    page = cls_page
    flow.reset(page)
    # the adversary's plot is ended, the defender takes the seat: his own vehicles are shown
    K(page, "app.end_plot()\napp.take_over()\n_result = True")
    want = K(
        page,
        "_result = {u['id']: u['facing'] for u in app.board.units"
        " if u.get('kind') in ('escort', 'transporter') and u.get('facing') is not None}",
    )
    assert want, "no vehicle of the defender's view has a heading"
    page.wait_for_selector(".hexplay-board [data-facing]")
    for uid, facing in want.items():
        counter = page.locator(f'.hexplay-board [data-unit="{uid}"]')
        assert counter.get_attribute("data-facing") == str(facing), uid
        assert counter.locator(".hexplay-facing").count() == 1, uid
