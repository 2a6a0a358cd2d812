"""``hexplay serve --new skirmish`` alone: its seat links open a playable board (issue 30, item 4).

No Voila started by the test, no ``--app-url``: the table starts its seat pages itself (Voila on
the packaged seat notebook) and prints links through them. Two pages (adversary, defender) in
real Chromium: each sets up by its Default set-up button, ends its plot; turn 1 is played (the
adversary ends its plot, the defender stops its escorts from the roster and ends its plot), the
table resolves and both pages show turn 2. Every WebSocket frame a page received (its kernel's
widget states) and its board hold no enemy unit its side may not know, nor another seat's
token. Stopping the table stops its Voila.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from hexplay.serve import RemoteGame

from . import harness
from . import skirmish_flow as flow
from .test_table_seats import mentions

pytestmark = pytest.mark.ui

LINK = re.compile(r"^\s+(\w+): (http\S+)$")
CODE = re.compile(r'"_(?:esm|css)": "(?:[^"\\]|\\.)*"')
"""A widget's code and style in a frame (not game state)."""


class Serve:
    """``hexplay serve --new skirmish`` as a teacher types it (a free port, a temporary file;
    seed 4: the default set-ups leave an escort and its guards out of the adversary's sight)."""

    def __init__(self, tmp: Path) -> None:
        env = harness.jupyter_env(tmp / "home")  # (this checkout's hexplay; Jupyter dirs)
        self.port = harness.free_port()
        cmd = [sys.executable, "-m", "hexplay.cli", "serve", "--new", "skirmish", "--seed", "4"]
        cmd += ["--db", str(tmp / "table.sqlite"), "--port", str(self.port), "--quiet"]
        self.log = open(tmp / "serve.log", "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=self.log, env=env, text=True, cwd=tmp
        )
        self.lines: list[str] = []
        self.links: dict[str, str] = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))
            m = LINK.match(line.rstrip("\n"))
            if m:
                self.links[m.group(1)] = m.group(2)

    def wait_links(self, timeout: float = 120.0) -> dict[str, str]:
        t0 = time.monotonic()
        while len(self.links) < 3:
            assert self.proc.poll() is None, "\n".join(self.lines)
            assert time.monotonic() - t0 < timeout, "\n".join(self.lines)
            time.sleep(0.2)
        return dict(self.links)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(30)
        self.log.close()


def answers(url: str) -> bool:
    m = re.match(r"http://([^:/]+):(\d+)", url)
    assert m, url
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex((m.group(1), int(m.group(2)))) == 0


class Page:
    """One seat's link opened in the browser, recording every WebSocket frame it receives."""

    def __init__(self, ctx: Any, link: str, seat: str) -> None:
        self.seat = seat
        self.page, self.errors = harness.new_page(ctx)
        self.frames: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._got))
        self.page.set_default_timeout(90_000)
        self.page.goto(link, wait_until="domcontentloaded")

    def _got(self, payload: Any) -> None:
        if isinstance(payload, bytes):
            payload = payload.decode("utf-8", "replace")
        self.frames.append(payload)

    def ready(self) -> None:
        flow.board_ready(self.page)
        self.page.locator(".hexplay-seat-status").filter(has_text=f"seat: {self.seat}").wait_for()

    def status_is(self, side: str, status: str) -> None:
        self.page.wait_for_selector(
            f".hexplay-seat-side[data-side='{side}'][data-status='{status}']"
        )

    def turn_is(self, turn: int) -> None:
        self.page.locator(".hexplay-seat-status").filter(
            has_text=re.compile(rf"turn {turn}\b")
        ).wait_for()

    def set_up(self) -> None:
        """The seat's default set-up, then End plot (the set-up is locked)."""
        self.status_is(self.seat, "setting up")
        self.page.locator("button.hexplay-seat-setup").click()
        flow.end_plot(self.page).click()  # (the kernel takes the clicks in turn)
        self.page.wait_for_selector(  # ready (or, the last to set up, plotting turn 1)
            f".hexplay-seat-side[data-side='{self.seat}']:not([data-status='setting up'])"
        )


def hidden_from(links: dict[str, str], side: str) -> list[str]:
    """Enemy unit ids ``side`` may not know now: in nothing the table gives that seat (its
    view: units, sightings, last known places, events)."""
    me, ref = RemoteGame(links[side]), RemoteGame(links["referee"])
    try:
        known = json.dumps(me.view(), default=str)
        enemy = [k for k, u in ref.view("referee")["units"].items() if u["side"] != side]
    finally:
        me.close()
        ref.close()
    return [k for k in enemy if not mentions(known, k)]


def plotted(link: str, side: str, unit: str) -> bool:
    g = RemoteGame(link)
    try:
        return bool((g.view().get("plots") or {}).get(side, {}).get(unit))
    finally:
        g.close()


def wait_until(check, timeout: float = 60.0) -> None:
    t0 = time.monotonic()
    while not check():
        assert time.monotonic() - t0 < timeout, "timed out"
        time.sleep(0.3)


def test_serve_alone_gives_links_to_playable_boards_each_holding_only_its_side(
    browser_context: Any, tmp_path: Path, artifacts: Path
) -> None:
    t0 = time.monotonic()
    serve = Serve(tmp_path)
    try:
        links = serve.wait_links()
        app_url = next(x for x in serve.lines if x.startswith("seat pages (Voila) at ")).split()[-1]
        for seat, link in links.items():  # the links open the seat pages, not the status page
            assert link.startswith(app_url + "?link="), (seat, link)
            assert f":{serve.port}/" not in link.split("?")[0]
        adv = Page(browser_context, links["adversary"], "adversary")
        dfd = Page(browser_context, links["defender"], "defender")
        try:
            for p in (adv, dfd):
                p.ready()
            assert adv.page.locator(".hexplay-end-plot").count() == 1
            adv.set_up()
            dfd.set_up()
            for p in (adv, dfd):  # the set-ups are in: turn 1, both plotting (pushed)
                p.turn_is(1)
                p.status_is("adversary", "plotting")
                p.status_is("defender", "plotting")
            flow.end_plot(adv.page).click()
            dfd.status_is("adversary", "submitted")  # pushed to the other page
            for v in ("E1", "E2"):  # the moving escorts stopped, from the roster: SV
                dfd.page.locator(f"button.hexplay-roster-{v}").click()
                flow.task(dfd.page, "SV").click()
                wait_until(lambda v=v: plotted(links["defender"], "defender", v))
            flow.end_plot(dfd.page).click()
            for p in (adv, dfd):  # the table resolved turn 1: both pages show turn 2
                p.turn_is(2)
                p.status_is(p.seat, "plotting")
            flow.snap(dfd.page, artifacts / "table_alone_defender_turn2.png")
            tokens = {s: re.search(r"token%3D([\w-]+)", u).group(1) for s, u in links.items()}
            checked = 0
            for p in (adv, dfd):
                frames = CODE.sub("", "\n".join(p.frames))  # (minified JS names E1, A1...)
                assert len(frames) > 10_000  # the page's kernel traffic (widget states) was seen
                secret = hidden_from(links, p.seat)
                checked += len(secret)
                for k in secret:
                    assert not mentions(frames, k), (p.seat, k, "in a frame")
                    assert p.page.locator(f'.hexplay-board [data-unit="{k}"]').count() == 0
                for other, tok in tokens.items():
                    if other != p.seat:
                        assert tok not in frames, (p.seat, other)
                assert not [e for e in p.errors if "hexplay" in e or "anywidget" in e], p.errors
            assert checked, "some enemy unit must be out of sight for the check to mean something"
        finally:
            adv.page.close()
            dfd.page.close()
    finally:
        serve.stop()
    log = (tmp_path / "serve.log").read_text()
    for tok in re.findall(r"token%3D([\w-]+)", json.dumps(serve.links)):
        assert tok not in log  # Voila's output and the access log are redacted
    wait_until(lambda: not answers(app_url), 20)  # the table's Voila stopped with it
    for owner in Path(tempfile.gettempdir()).glob("hexplay-seat-pages-*/owner.pid"):
        assert owner.read_text() != str(serve.proc.pid), owner.parent  # its folder removed
    assert time.monotonic() - t0 < 150
