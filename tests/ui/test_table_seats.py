"""Two screens, one game: each seat of a table game in its own browser context, as a Voila page
of the seat notebook (``notebooks/seat.ipynb``'s cells, plus the test probe).

- two contexts (IJN, USN of Kula Gulf): both plot by clicks, End plot, the turn resolves on the
  table and both pages show turn 2 (pushed); every WebSocket frame a page received and every
  widget state of its kernel holds no enemy ship its side may not know, nor the other's token;
- three contexts (IJN, USN, referee): the referee's page shows every ship and the live status
  of each side (plotting, then submitted: pushed); a refresh of the IJN page mid-plot keeps its
  plot; the table server killed with SIGKILL and restarted on its file loses no accepted order,
  and the pages carry on by themselves (the USN plots on, the turn resolves, all show turn 2).

The table is a ``hexplay serve`` process on 127.0.0.1 (a temporary SQLite file). Playwright's
sync API may run once per thread and the session's persistent context holds the main thread's,
so each test drives its own Chromium (isolated contexts) from a thread of its own.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from hexplay.serve import RemoteGame

from . import harness
from . import skirmish_flow as flow

pytestmark = pytest.mark.ui

NB = "ui_table_seat.ipynb"
HELPERS = r'''
import json as _json2
import ipywidgets as _W2


def free_reach(ship):
    """A hex the ship can reach with no counter on it, costing the most points."""
    taken = {u["hex"] for u in app.board.units}
    reach = app.ui.reach_table(app.context(), ship)
    return max((h for h in reach if h not in taken), key=lambda h: (reach[h][0], h))


def alone():
    """The seat's ships alone in their hex (their counter is clickable)."""
    hexes = [u["hex"] for u in app.board.units]
    return [u["id"] for u in app.board.units
            if u["side"] == game.seat and hexes.count(u["hex"]) == 1]


def plotted(ship):
    return (app.view.get("plots") or {}).get(game.seat, {}).get(ship, {}).get("steps") or []


def widget_states():
    out = []
    for w in list(_W2.Widget.widgets.values()):
        st = {k: v for k, v in w.get_state().items() if k not in ("_map", "_esm", "_css")}
        out.append(_json2.dumps(st, default=str))
    return out
'''
K = harness.kernel
WK = harness.wait_kernel


def seat_cells() -> list[str]:
    """The seat notebook's code cells (what a student's page runs), then the probe."""
    nb = json.loads((harness.REPO / "notebooks" / "seat.ipynb").read_text())
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    return [harness.PROBE_CELL, *code, HELPERS, "probe"]


class TableProcess:
    """``hexplay serve`` on a fixed port and file, killed and restarted at will."""

    def __init__(self, db: Path, port: int) -> None:
        self.db, self.port = db, port
        self.proc: subprocess.Popen | None = None
        self.base = self.admin = ""

    def start(self) -> TableProcess:
        env = {**os.environ, "PYTHONPATH": str(harness.REPO)}
        cmd = [sys.executable, "-m", "hexplay.serve.cli", "--db", str(self.db)]
        cmd += ["--port", str(self.port), "--quiet", "--no-app"]  # (Voila: the test's own)
        log = open(self.db.with_suffix(".log"), "a")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, env=env, text=True)
        self.base = self.proc.stdout.readline().split()[3]
        self.admin = self.proc.stdout.readline().strip().rsplit(" ", 1)[1]
        return self

    def new_game(self, game: str, seed: int = 0) -> dict[str, str]:
        r = urllib.request.Request(
            self.base + "/api/table", json.dumps({"game": game, "seed": seed}).encode()
        )
        r.add_header("Authorization", f"Bearer {self.admin}")
        with urllib.request.urlopen(r, timeout=30) as resp:
            return json.loads(resp.read())

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; the file holds what was committed."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(15)


@pytest.fixture
def table(tmp_path: Path):
    t = TableProcess(tmp_path / "table.sqlite", harness.free_port()).start()
    try:
        yield t
    finally:
        t.stop()


@pytest.fixture(scope="module")
def seat_nb(nb_dir: Path) -> str:
    harness.write_notebook(nb_dir / NB, seat_cells())
    return NB


def in_own_browser(chromium_exe: str, body) -> None:
    """Run ``body(browser)`` on a thread with its own Playwright and Chromium; re-raise."""
    failure: list[BaseException] = []

    def run() -> None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=chromium_exe, headless=True, args=harness.CHROMIUM_ARGS
            )
            try:
                body(browser)
            except BaseException as e:  # noqa: BLE001 - handed to the test's thread
                failure.append(e)
            finally:
                browser.close()

    t = threading.Thread(target=run, name="seat-browser")
    t.start()
    t.join(900)
    assert not t.is_alive(), "the browser thread did not finish"
    if failure:
        raise failure[0]


class Seat:
    """One seat's page in its own browser context, recording every WebSocket frame it gets:
    the seat notebook as a Voila page (``?link=``), or with ``lab`` in JupyterLab (a copy of
    the notebook whose first cell sets the seat's link, as a student pastes it)."""

    def __init__(
        self, browser: Any, server: harness.Server, link: str, seat: str, lab: bool = False
    ) -> None:
        self.seat, self.link, self.lab, self.server = seat, link, lab, server
        self.ctx = browser.new_context(viewport={"width": 1500, "height": 1100})
        self.ctx.set_default_timeout(60_000)
        self.page, self.errors = harness.new_page(self.ctx)
        self.frames: list[str] = []
        self.page.on("websocket", self._on_socket)
        self.url = server.page_url(f"voila/render/{NB}?{urllib.parse.urlencode({'link': link})}")
        if lab:
            self.nb = f"ui_table_seat_{seat}.ipynb"
            first = f"import os\nos.environ['HEXPLAY_SEAT_LINK'] = {link!r}"
            harness.write_notebook(server.root / self.nb, [first, *seat_cells()])
        self.open()

    def _on_socket(self, ws: Any) -> None:
        def got(payload: Any) -> None:
            if isinstance(payload, bytes):
                payload = payload.decode("utf-8", "replace")
            self.frames.append(payload)

        ws.on("framereceived", got)

    def open(self, reload: bool = False) -> None:
        if self.lab:
            harness.open_lab_notebook(self.page, self.server, self.nb, 120_000)
        elif reload:
            self.page.reload(wait_until="domcontentloaded")
        else:
            self.page.goto(self.url, wait_until="domcontentloaded")
        if not self.lab:
            harness.wait_probe(self.page, 120_000)
        flow.board_ready(self.page)
        WK(self.page, "app._drawn is not None", 60)

    def k(self, code: str) -> Any:
        return K(self.page, code)

    def status_is(self, side: str, status: str, timeout_ms: float = 30_000) -> None:
        """The page's table status shows ``side`` as ``status`` (pushed, not reloaded)."""
        self.page.wait_for_selector(
            f".hexplay-seat-side[data-side='{side}'][data-status='{status}']", timeout=timeout_ms
        )

    def turn_is(self, turn: int, timeout_ms: float = 60_000) -> None:
        self.page.locator(".hexplay-seat-status").filter(
            has_text=re.compile(rf"turn {turn}\b")
        ).wait_for(timeout=timeout_ms)

    def plot_a_path(self) -> tuple[str, str]:
        """Select a ship alone in its hex and plot it to its farthest free hex, by clicks."""
        ship = self.k("alone()")[0]
        flow.click_unit(self.page, ship)
        WK(self.page, f"app.selected_unit == {ship!r}")
        to = self.k(f"free_reach({ship!r})")
        flow.click_hex(self.page, to)
        try:
            WK(self.page, f"plotted({ship!r})")
        except AssertionError as e:
            raise AssertionError(f"{e}: {self.k('app.click_text')!r}") from None
        self.page.wait_for_selector(f'.hexplay-board .hexplay-path[data-path-unit="{ship}"]')
        return ship, to

    def end_plot(self, last: bool = False) -> None:
        """Click End plot; the seat is then shown submitted (``last``: the turn resolves)."""
        turn = self.k("game.turn")
        flow.end_plot(self.page).click()
        if last:
            self.turn_is(turn + 1)
        else:
            self.status_is(self.seat, "submitted")

    def shot(self, artifacts: Path, what: str) -> None:
        flow.snap(self.page, artifacts / f"table_{self.seat}_{what}.png")

    def close(self) -> None:
        self.ctx.close()


def hidden_from(links: dict[str, str], side: str) -> list[str]:
    """Enemy ship ids ``side`` may not know now: in nothing the table gives that seat."""
    me, ref = RemoteGame(links[side]), RemoteGame(links["referee"])
    try:
        known = json.dumps([me.view(), me.events_seen(side), me.plot_chart(side)], default=str)
        enemy = [k for k, u in ref.view("referee")["units"].items() if u["side"] != side]
    finally:
        me.close()
        ref.close()
    return [k for k in enemy if not mentions(known, k)]


def mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![0-9A-Za-z_])", text) is not None


def check_wire(seat: Seat, links: dict[str, str], tokens: dict[str, str]) -> None:
    """Nothing in the seat's frames or widget states names what its side may not know."""
    secret = hidden_from(links, seat.seat)
    assert secret, "some enemy ship must be out of sight for the check to mean something"
    frames = "\n".join(seat.frames)
    states = "\n".join(seat.k("widget_states()"))
    assert len(frames) > 10_000  # the page's whole kernel traffic was seen
    for k in secret:
        assert not mentions(frames, k), (seat.seat, k, "in a frame")
        assert not mentions(states, k), (seat.seat, k, "in a widget state")
    for other, tok in tokens.items():
        if other != seat.seat:
            assert tok not in frames and tok not in states, (seat.seat, other)


def test_two_seats_plot_and_the_turn_resolves_with_nothing_of_the_other_side_on_the_wire(
    chromium_exe: str, voila_server: harness.Server, seat_nb: str, table, artifacts: Path
) -> None:
    d = table.new_game("naval", seed=0)
    links, tokens = d["links"], d["tokens"]

    def body(browser: Any) -> None:
        ijn = Seat(browser, voila_server, links["ijn"], "ijn")
        usn = Seat(browser, voila_server, links["usn"], "usn")
        try:
            assert ijn.k("app.plotting_side") == "ijn" and usn.k("app.plotting_side") == "usn"
            assert ijn.k("type(game).__name__") == "RemoteNaval"
            ijn.plot_a_path()
            ijn.end_plot()
            usn.status_is("ijn", "submitted")  # pushed to the other page
            assert "waiting for usn" in ijn.k("app.controls.message.value")
            usn.plot_a_path()
            usn.end_plot(last=True)
            for s in (ijn, usn):
                s.turn_is(2)
                WK(s.page, "app._drawn[1] == 2")
                s.status_is(s.seat, "plotting")
                assert "turn resolved" in s.k("app.controls.message.value")
            ijn.shot(artifacts, "turn2")
            for s in (ijn, usn):
                check_wire(s, links, tokens)
                assert not [e for e in s.errors if "hexplay" in e or "anywidget" in e], s.errors
        finally:
            ijn.close()
            usn.close()

    in_own_browser(chromium_exe, body)


def test_a_jupyterlab_seat_and_a_voila_seat_play_a_turn_of_aggressor(
    chromium_exe: str, voila_server: harness.Server, lab_server: harness.Server,
    seat_nb: str, table, artifacts: Path,
) -> None:  # fmt: skip
    d = table.new_game("aggressor", seed=2)
    links = d["links"]

    def body(browser: Any) -> None:
        west = Seat(browser, lab_server, links["west"], "west", lab=True)
        east = Seat(browser, voila_server, links["east"], "east")
        try:
            for s in (west, east):  # each side's default set-up, from its page
                s.status_is(s.seat, "setting up")
                s.page.locator("button.hexplay-seat-setup").click()
                WK(s.page, "len([u for u in app.view['units'].values() "
                           "if u['side'] == game.seat]) == 18", 60)  # fmt: skip
                flow.end_plot(s.page).click()
                WK(s.page, "game.phase != 'setup' or game.status()['sides'][game.seat] == 'ready'")
            first = west.k("game.current")
            mover, other = (west, east) if first == "west" else (east, west)
            WK(mover.page, "app.plotting_side == game.seat and game.seat in game.to_act()", 30)
            other.status_is(mover.seat, "to move")
            unit = mover.k("sorted(u for u, x in app.view['units'].items() "
                           "if x['side'] == game.seat)[0]")  # fmt: skip
            flow.click_unit(mover.page, unit)
            WK(mover.page, f"app.selected_unit == {unit!r}")
            n = mover.k("len(app.game.commands.commands)")
            for key in "123456":  # the original's keys: the engine's legal orders
                mover.page.keyboard.press(key)
                if mover.k(f"'{unit} move: done' in app.click_text"):
                    break
            assert mover.k(f"'{unit} move: done' in app.click_text")
            assert mover.k("len(app.game.commands.commands)") > n
            flow.end_plot(mover.page).click()  # the turn passes
            other.status_is(other.seat, "to move")
            mover.status_is(other.seat, "to move")
            mover.shot(artifacts, "aggressor")
        finally:
            west.close()
            east.close()

    in_own_browser(chromium_exe, body)


def test_three_seats_referee_status_refresh_keeps_the_plot_and_sigkill_loses_nothing(
    chromium_exe: str, voila_server: harness.Server, seat_nb: str, table, artifacts: Path
) -> None:
    d = table.new_game("naval", seed=1)
    links = d["links"]

    def body(browser: Any) -> None:
        ref = Seat(browser, voila_server, links["referee"], "referee")
        ijn = Seat(browser, voila_server, links["ijn"], "ijn")
        usn = Seat(browser, voila_server, links["usn"], "usn")
        try:
            assert ref.k("app.referee") and ref.k("len(app.board.units)") == 15
            # the IJN sees its own and the spotted ships, the rest face down (colour only)
            assert ijn.k("len([u for u in app.board.units if not u.get('hidden')])") < 15
            assert ijn.k("len(app.board.units)") == 15
            for side in ("ijn", "usn"):
                ref.status_is(side, "plotting")
            ship, to = ijn.plot_a_path()
            steps = ijn.k(f"plotted({ship!r})")
            ijn.open(reload=True)  # a refresh mid-plot: a new kernel, the same plot
            assert ijn.k(f"plotted({ship!r})") == steps
            ijn.page.wait_for_selector(f'.hexplay-board .hexplay-path[data-path-unit="{ship}"]')
            ijn.end_plot()
            ref.status_is("ijn", "submitted")  # the referee's live status, pushed
            ref.status_is("usn", "plotting")
            ref.shot(artifacts, "status")

            table.kill()  # every accepted order is in the file before it was acknowledged
            table.start()
            usn.plot_a_path()  # the page's calls reach the new process by themselves
            usn.end_plot(last=True)
            for s in (ref, ijn, usn):
                s.turn_is(2)  # the pages' sockets reconnected: the resolved turn is pushed
            chart = RemoteGame(links["referee"])
            try:
                rows = chart.plot_chart("referee")[0]["plots"]["ijn"]
            finally:
                chart.close()
            mine = next(r for r in rows if r["unit"] == ship)
            assert to in mine["hexes"], (to, mine)  # the IJN's plot survived the kill
        finally:
            for s in (ref, ijn, usn):
                s.close()

    in_own_browser(chromium_exe, body)
