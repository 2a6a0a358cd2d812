"""Team play in the browser: a SKIRMISH table game with three convoy commanders (T, E1, E2)
and one adversary, each seat in its own browser context as a Voila page of the seat notebook.

The adversary sets up from its page (the default set-up, End plot); the convoy's leader is
handed to the computer by the referee and sets the convoy up. Each commander's page plots its
own vehicle only (a moving escort is stopped by a click on its counter and SV; another
command's vehicle gives no task), ends its plot, and the turn resolves on the table only when
all three commanders and the adversary are in: every page then shows turn 2 (pushed). A
message typed in T's page's box reaches the commanders its page marks it delivered to, and
no frame or widget of the adversary's page. In
per-commander play every WebSocket frame a commander's page received and every widget state of
its kernel holds no enemy outside that commander's picture.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from hexplay.serve import RemoteGame

from . import harness
from . import skirmish_flow as flow
from .test_table_seats import NB, Seat, TableProcess, in_own_browser, mentions, seat_cells

pytestmark = pytest.mark.ui

WK = harness.wait_kernel
COMMANDERS = ("defender/T", "defender/E1", "defender/E2")


@pytest.fixture(scope="module")
def seat_nb(nb_dir: Path) -> str:
    harness.write_notebook(nb_dir / NB, seat_cells())
    return NB


@pytest.fixture
def team_table(tmp_path: Path):
    t = TableProcess(tmp_path / "table.sqlite", harness.free_port()).start()
    try:
        yield t
    finally:
        t.stop()


def new_team_game(table: TableProcess, **body: Any) -> dict:
    r = urllib.request.Request(table.base + "/api/table", json.dumps(body).encode())
    r.add_header("Authorization", f"Bearer {table.admin}")
    with urllib.request.urlopen(r, timeout=30) as resp:
        return json.loads(resp.read())


def command_is(seat: Seat, who: str, status: str, timeout_ms: float = 60_000) -> None:
    seat.page.wait_for_selector(
        f".hexplay-seat-command[data-command='{who}'][data-status='{status}']",
        timeout=timeout_ms,
    )


def secret_of(links: dict[str, str], who: str) -> tuple[list[str], list[str]]:
    """(enemies outside ``who``'s picture, enemies outside its side's view) now."""
    me, ref = RemoteGame(links[who]), RemoteGame(links["referee"])
    try:
        pic = me.view()
        known = json.dumps(pic, default=str)
        side = who.partition("/")[0]
        enemy = [k for k, u in ref.view("referee")["units"].items() if u.get("side") != side]
        side_view = ref.view(side)
    finally:
        me.close()
        ref.close()
    hidden = [k for k in enemy if not mentions(known, k)]
    side_hidden = [k for k in enemy if k not in side_view["units"]]
    return hidden, side_hidden


def check_wire(seat: Seat, links: dict[str, str], tokens: dict[str, str]) -> int:
    """Nothing the commander's page got names an enemy outside its picture; returns how many
    enemies its side knows that it does not (the check means something when > 0)."""
    hidden, side_hidden = secret_of(links, seat.seat)
    frames = "\n".join(seat.frames)
    states = "\n".join(seat.k("widget_states()"))
    assert len(frames) > 10_000
    for k in hidden:
        assert not mentions(frames, k), (seat.seat, k, "in a frame")
        assert not mentions(states, k), (seat.seat, k, "in a widget state")
    for other, tok in tokens.items():
        if other != seat.seat:
            assert tok not in frames and tok not in states, (seat.seat, other)
    return len(set(hidden) - set(side_hidden))


TEXT = "E2 close up on T; watch the tree line"


def send_a_message(pages: dict[str, Seat], adv: Seat) -> None:
    """T types a message to all of the defender in its page's box and sends it: each other
    commander's page shows it if T's page marks it delivered to them (and not if lost; at
    least one delivered), and nothing of it reaches the adversary's page."""
    t = pages["defender/T"]
    t.page.locator(".hexplay-message-text input").fill(TEXT)
    WK(t.page, f"app.messages.text.value == {TEXT!r}")
    t.page.locator("button.hexplay-message-send").click()
    t.page.locator(".hexplay-message[data-from='defender/T']").filter(has_text=TEXT).wait_for()
    marks = t.page.locator(".hexplay-message[data-from='defender/T']").inner_text()
    delivered = 0
    for who in ("defender/E1", "defender/E2"):
        name = who.partition("/")[2]
        shown = pages[who].page.locator(".hexplay-message").filter(has_text=TEXT)
        if f"delivered to {name}" in marks:
            shown.wait_for(timeout=30_000)  # pushed to the page
            delivered += 1
        else:
            assert f"lost to {name}" in marks or f"delayed to {name}" in marks, marks
            assert shown.count() == 0, who
    assert delivered, f"the message reached no other commander: {marks}"
    adv.page.wait_for_timeout(1000)
    assert adv.page.locator(".hexplay-message").filter(has_text=TEXT).count() == 0
    assert TEXT not in "\n".join(adv.frames)
    assert TEXT not in "\n".join(adv.k("widget_states()"))


def test_three_convoy_commanders_and_one_adversary_play_a_turn_each_page_its_own_picture(
    chromium_exe: str, voila_server: harness.Server, seat_nb: str, team_table, artifacts: Path
) -> None:
    d = new_team_game(
        team_table, game="skirmish", seed=2, commands="convoy", information="per_commander"
    )
    links, tokens = d["links"], d["tokens"]
    assert set(links) == {*COMMANDERS, "defender/leader", "adversary/leader", "referee"}
    ref = RemoteGame(links["referee"])
    try:
        ref._call("POST", "computer", {"seat": "defender/leader", "player": "random"})
    finally:
        ref.close()

    def body(browser: Any) -> None:
        adv = Seat(browser, voila_server, links["adversary/leader"], "adversary/leader")
        pages: dict[str, Seat] = {}
        try:
            adv.status_is("adversary", "setting up")
            adv.page.locator("button.hexplay-seat-setup").click()
            WK(adv.page, "len([u for u in app.view['units'].values() "
                         "if u['side'] == 'adversary' and u.get('hex')]) == 6", 60)  # fmt: skip
            flow.end_plot(adv.page).click()
            adv.status_is("defender", "plotting", 120_000)  # the computer set the convoy up
            for who in COMMANDERS:
                pages[who] = Seat(browser, voila_server, links[who], who)
            turn = adv.k("game.turn")
            send_a_message(pages, adv)
            for who, s in pages.items():
                assert s.k("app.plotting_side") == "defender"
                assert s.k("game.seat") == who and s.k("game.side") == "defender"
                vehicle = who.partition("/")[2]
                mine = s.k("sorted({lo.unit for lo in app.game.legal_orders('defender')})")
                command = s.k("app.view['command']")
                assert set(mine) <= set(command), (who, mine)  # its own units' orders only
                others = [v for v in ("T", "E1", "E2") if v != vehicle]
                assert not s.k(f"[lo for lo in app.game.legal_orders('defender', {others[0]!r})]")
                if s.k(f"app.view['units'][{vehicle!r}]['moving']"):
                    flow.select(s.page, vehicle)
                    flow.task(s.page, "SV").click()
                    WK(s.page, f"any(t['code'] == 'SV' for t in "
                               f"app.view['plots']['defender'].get({vehicle!r}, []))")  # fmt: skip
                flow.end_plot(s.page).click()
                command_is(s, who, "submitted")
                assert adv.k("game.turn") == turn  # the turn waits for every commander
            for who in COMMANDERS:  # each commander's status, pushed to the others
                command_is(pages["defender/T"], who, "submitted")
            flow.end_plot(adv.page).click()
            for s in (adv, *pages.values()):
                s.turn_is(turn + 1)
            pages["defender/E1"].shot(artifacts, "teams_turn2")
            narrower = sum(check_wire(s, links, tokens) for s in pages.values())
            assert narrower > 0, "no commander knew less than its side: the check means nothing"
            for s in (adv, *pages.values()):
                assert not [e for e in s.errors if "hexplay" in e or "anywidget" in e], s.errors
        finally:
            for s in (adv, *pages.values()):
                s.close()

    in_own_browser(chromium_exe, body)
