"""The table on the network: every endpoint's refusals, RemoteGame, push and reconnection, and a
server killed with SIGKILL that loses no acknowledged order."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import numpy as np
import pytest
import serve_tiny
from tornado.httpclient import HTTPClientError
from tornado.websocket import websocket_connect

from hexplay.ai.random import RandomPlayer, random_completion
from hexplay.engine import IllegalOrder, LegalOrder, Need
from hexplay.engine.record import load
from hexplay.serve import AsyncSeat, RemoteGame, TableServer
from hexplay.serve.client import parse_link
from hexplay.serve.table import INTENTS, READS

ROOT = Path(__file__).resolve().parents[1]


def req(base, method, path, token=None, body=None, header=True):
    if token is not None and not header:
        path += ("&" if "?" in path else "?") + f"token={token}"
    r = urllib.request.Request(base + path, method=method)
    if token is not None and header:
        r.add_header("Authorization", f"Bearer {token}")
    data = json.dumps(body).encode() if body is not None else None
    try:
        with urllib.request.urlopen(r, data, timeout=10) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


@pytest.fixture
def server():
    with TableServer().start() as s:
        yield s


def seats(links):
    return {seat: parse_link(url) for seat, url in links.items()}


def test_every_endpoint_refuses_a_wrong_missing_or_other_games_token(server):
    a, b = seats(server.new_game("tag")), seats(server.new_game("tag"))
    base, gid, red = a["red"]
    bad = [None, "", "nope", red + "0", b["red"][2], b["referee"][2]]
    endpoints = [("GET", f"/api/games/{gid}/{op}") for op in READS]
    endpoints += [("POST", f"/api/games/{gid}/{op}") for op in INTENTS if op not in READS]
    endpoints += [("GET", f"/api/games/{gid}/{op}") for op in INTENTS if op not in READS]
    endpoints += [("POST", f"/api/games/{gid}/nonsense"), ("GET", f"/seat/{gid}")]
    endpoints += [("GET", "/api/table"), ("POST", "/api/table")]
    for method, path in endpoints:
        body = {"args": {}} if method == "POST" else None
        tokens = [*bad, red] if path.startswith("/api/table") else bad
        for t in tokens:
            for header in (True, False):
                status, data = req(base, method, path, t, body, header)
                assert status == 403, (method, path, t, status)
                if path.startswith("/api"):
                    assert json.loads(data)["error"]["status"] == 403
    before = server.call(lambda: server.table.slots[gid].game.snapshot())
    for t in bad:  # the socket is refused before the upgrade
        with pytest.raises(HTTPClientError) as e:
            asyncio.run(_ws_open(base, gid, t))
        assert e.value.code == 403
    assert server.call(lambda: server.table.slots[gid].game.snapshot()) == before


async def _ws_open(base, gid, token):
    url = base.replace("http", "ws") + f"/ws/games/{gid}" + (f"?token={token}" if token else "")
    ws = await websocket_connect(url)
    ws.close()


def test_a_seat_reaches_its_own_game_only_and_writes_are_posts(server):
    a = seats(server.new_game("tag"))
    base, gid, red = a["red"]
    status, data = req(base, "GET", f"/api/games/{gid}/state", red)
    state = json.loads(data)["result"]
    assert status == 200 and state["seat"] == "red" and "B1" not in state["view"]["units"]
    assert req(base, "GET", f"/api/games/{gid}/view?side=blue", red)[0] == 403
    assert req(base, "GET", f"/api/games/{gid}/submit", red)[0] == 405
    assert req(base, "POST", f"/api/games/{gid}/order", red, {"args": {"order": 3}})[0] == 400
    r = urllib.request.Request(base + f"/api/games/{gid}/order", b"{not json", method="POST")
    r.add_header("Authorization", f"Bearer {red}")
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(r, timeout=10)
    assert e.value.code == 400
    status, data = req(base, "GET", f"/seat/{gid}", red, header=False)
    assert status == 200 and b"WebSocket" in data and red.encode() not in data


def test_the_admin_makes_games_over_http(server):
    base = server.url
    status, data = req(base, "POST", "/api/table", server.admin_token, {"game": "tag", "seed": 4})
    d = json.loads(data)
    assert status == 200 and set(d["links"]) == {"red", "blue", "referee"}
    for body in ({"game": "nope"}, {"game": "tag", "seed": -1}, {"game": "tag", "x": 1}):
        assert req(base, "POST", "/api/table", server.admin_token, body)[0] == 400
    status, data = req(base, "GET", "/api/table", server.admin_token)
    assert [g["id"] for g in json.loads(data)["games"]] == [d["id"]]
    assert d["tokens"]["red"] not in data.decode()


@pytest.mark.parametrize("game", ["tag", "tag-turns"])
def test_computer_players_play_remote_seats_unchanged(server, game):
    links = server.new_game(game, seed=7)
    red, blue = RemoteGame(links["red"]), RemoteGame(links["blue"])
    players = {"red": (red, RandomPlayer("red", 1)), "blue": (blue, RandomPlayer("blue", 2))}
    for _ in range(100):
        if red.over:
            break
        for g, p in players.values():
            if g.seat in g.to_act():
                p.act(g)
    assert red.over and blue.outcome() == red.outcome()
    gid = parse_link(links["red"])[1]
    local = server.call(lambda: server.table.slots[gid].game)
    assert red.outcome() == local.outcome() and red.view() == local.view("red")
    red.close(), blue.close()


def test_remote_game_answers_like_a_local_game(server):
    links = server.new_game("tag")
    red = RemoteGame(links["red"])
    assert red.info.sides == ("red", "blue") and red.seat == "red" and red.phase == "setup"
    red.submit("red")
    RemoteGame(links["blue"]).submit()
    gid = parse_link(links["red"])[1]
    local = server.call(lambda: server.table.slots[gid].game.legal_orders("red"))
    got = red.legal_orders("red")
    assert got == local and isinstance(got[0], LegalOrder) and isinstance(got[0].needs[0], Need)
    with pytest.raises(IllegalOrder) as e:
        red.order(got[0].complete(hex="0601"))
    assert e.value.rule == "move"
    with pytest.raises(PermissionError):
        red.view("blue")
    with pytest.raises(PermissionError):
        red.submit("blue")
    red.order(got[0].complete(hex="0201"))
    assert red.view()["plot"] == [{"unit": "R1", "hex": "0201"}]
    red.undo()
    assert red.view()["plot"] == []
    ref = RemoteGame(links["referee"])
    assert ref.view("blue") == RemoteGame(links["blue"]).view()
    ref.set_timer(30)
    assert red.status()["timer"] == 30 and red.status()["deadline"] > time.time()


def test_watch_pushes_the_other_sides_action(server):
    links = server.new_game("tag")
    red, blue = RemoteGame(links["red"]), RemoteGame(links["blue"])
    got = []
    red.watch(got.append)
    _wait(lambda: got)
    blue.submit()
    _wait(lambda: got[-1]["status"]["sides"]["blue"] == "ready")
    assert red.status()["sides"]["blue"] == "ready"  # the pushed state, not a fetch
    red.close(), blue.close()


def _wait(pred, timeout=10):
    end = time.time() + timeout
    while not pred():
        assert time.time() < end, "timed out"
        time.sleep(0.01)


def test_a_dropped_socket_reconnects_and_gets_the_current_view(server):
    links = server.new_game("tag")
    (base, gid, red), blue = parse_link(links["red"]), RemoteGame(links["blue"])

    async def run():
        seat = await AsyncSeat(base, gid, red).connect()
        await seat.wait_for(lambda s: True)
        seat.drop()
        await asyncio.sleep(0.05)
        await asyncio.to_thread(blue.submit)  # while red's page is away
        st = await seat.wait_for(lambda s: s["status"]["sides"]["blue"] == "ready", 10)
        reply = await seat.intent("submit")
        seat.close()
        return seat.reconnects, st, reply

    reconnects, st, reply = asyncio.run(run())
    assert reconnects >= 1 and st["view"]["to_act"] == ["red"]
    assert reply["state"]["status"]["phase"] == "plot"


def test_an_intent_resent_after_a_drop_is_applied_once(server):
    links = server.new_game("tag")
    base, gid, red = parse_link(links["red"])
    body = {"args": {}, "id": "same-id"}
    assert req(base, "POST", f"/api/games/{gid}/submit", red, body)[0] == 200
    status, data = req(base, "POST", f"/api/games/{gid}/submit", red, body)
    assert status == 200 and json.loads(data)["duplicate"]
    n = server.call(lambda: len(server.table.slots[gid].game.commands.commands))
    assert n == 1


# --- a real process killed with SIGKILL ------------------------------------------------------
def _start(db, port=0):
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"}
    cmd = [sys.executable, "-m", "hexplay.serve.cli", "--db", str(db), "--port", str(port)]
    cmd += ["--plugin", "serve_tiny", "--quiet", "--no-app"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    line = p.stdout.readline()
    assert line.startswith("hexplay table at "), line
    p.stdout.readline()  # the admin token
    return p, line.split()[3]


def _player(base, gid, tokens, acked, stop):
    """Both sides' random players over raw HTTP, each write with its own intent id; ``acked``
    collects the ids the table acknowledged."""
    rng = np.random.default_rng(0)
    try:
        while not stop.is_set():
            for side in ("red", "blue"):
                _s, d = req(base, "GET", f"/api/games/{gid}/legal", tokens[side])
                legal = json.loads(d)["result"]
                writes = []
                if legal:
                    from hexplay.serve.wire import legal_from_dict

                    o = random_completion(legal_from_dict(legal[0]), rng)
                    writes.append(("order", {"order": o.to_dict()}))
                writes.append(("submit", {}))
                for op, args in writes:
                    iid = uuid.uuid4().hex
                    body = {"args": args, "id": iid}
                    status, _d = req(base, "POST", f"/api/games/{gid}/{op}", tokens[side], body)
                    if status == 200:
                        acked.append(f"{side}:{iid}")
    except (OSError, ValueError):  # the server is gone
        return


def test_a_server_killed_with_sigkill_loses_no_acknowledged_order(tmp_path):
    db = tmp_path / "table.sqlite"
    p, base = _start(db)
    try:
        d = json.loads(
            req(
                base,
                "POST",
                "/api/table",
                _admin(db),
                {"game": "tag", "scenario": {"turn_limit": 10_000}},
            )[1]
        )  # noqa: E501
        gid, tokens = d["id"], d["tokens"]
        acked: list[str] = []
        stop = threading.Event()
        th = threading.Thread(target=_player, args=(base, gid, tokens, acked, stop), daemon=True)
        th.start()
        _wait(lambda: len(acked) >= 60, 60)
        os.kill(p.pid, signal.SIGKILL)  # mid-stream: the player is still sending
        p.wait(10)
        stop.set()
        th.join(10)
    finally:
        p.kill()
    with sqlite3.connect(db) as c:
        stored = {r[0] for r in c.execute("SELECT intent FROM commands WHERE game_id=?", (gid,))}
        cmds = [
            {"op": op, "args": json.loads(a), "turn": t}
            for op, a, t in c.execute(
                "SELECT op, args, turn FROM commands WHERE game_id=? ORDER BY seq", (gid,)
            )
        ]
        start = json.loads(c.execute("SELECT start FROM games WHERE id=?", (gid,)).fetchone()[0])
    assert len(acked) >= 60 and set(acked) <= stored
    p2, base2 = _start(db)
    try:
        red = RemoteGame(f"{base2}/seat/{gid}?token={tokens['red']}")  # the same link works
        local = load(serve_tiny.Tag, {**start, "commands": cmds})
        assert red.view() == json.loads(json.dumps(local.view("red")))
        assert red.turn == local.turn > 1
        red.close()
    finally:
        p2.send_signal(signal.SIGINT)
        try:
            p2.wait(10)
        except subprocess.TimeoutExpired:
            p2.kill()


def _admin(db):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT value FROM meta WHERE key='admin_token'").fetchone()[0]


def test_a_page_opened_again_mid_plot_finds_its_plot(server):
    links = server.new_game("tag")
    red = RemoteGame(links["red"])
    red.submit(), RemoteGame(links["blue"]).submit()
    red.order(red.legal_orders()[0].complete(hex="0201"))
    red.close()
    again = RemoteGame(links["red"])  # a refresh of the page: a new client, same link
    assert again.view()["plot"] == [{"unit": "R1", "hex": "0201"}] and "red" in again.to_act()


def test_the_referee_page_sees_every_side_live(server):
    links = server.new_game("tag", timer=None)
    by_seat = seats(links)
    (base, gid, ref), red, blue = by_seat["referee"], by_seat["red"], by_seat["blue"]

    async def run():
        page = await AsyncSeat(base, gid, ref).connect()
        sides = [await AsyncSeat(*red).connect(), await AsyncSeat(*blue).connect()]
        await page.wait_for(lambda s: all(s["status"]["connected"].values()))
        await sides[0].intent("submit")
        st = await page.wait_for(lambda s: s["status"]["sides"]["red"] == "ready")
        await sides[1].intent("submit")
        st2 = await page.wait_for(lambda s: s["status"]["phase"] == "plot")
        await sides[0].intent("order", order={"kind": "MV", "unit": "R1", "args": {"hex": "0201"}})
        st3 = await page.wait_for(lambda s: s["view"]["plots"]["red"])
        for p in (page, *sides):
            p.close()
        return st, st2, st3

    st, st2, st3 = asyncio.run(run())
    assert st["status"]["sides"] == {"red": "ready", "blue": "setting up"}
    assert st2["status"]["sides"] == {"red": "plotting", "blue": "plotting"}
    assert st3["view"]["plots"]["red"] == [{"unit": "R1", "hex": "0201"}]  # the referee sees plots


def test_the_class_ticker_stops_itself_once_its_pool_refuses_work():
    """A notebook's table thread can outlive its pool (interpreter exit): the ticker must stop,
    not raise "cannot schedule new futures" on every tick."""
    from concurrent.futures import ThreadPoolExecutor

    from hexplay.serve.app import _ticker

    class Table:
        ticks = 0

        def tick(self):
            Table.ticks += 1

    pool = ThreadPoolExecutor(1)
    loop = asyncio.new_event_loop()
    try:

        async def run():
            t = _ticker(Table(), pool)
            t.callback()  # a tick while the pool works
            await asyncio.sleep(0.05)
            pool.shutdown(wait=True)
            t.start()
            t.callback()  # refused by the pool: stops the ticker
            return t.is_running()

        assert loop.run_until_complete(run()) is False
    finally:
        loop.close()
    assert Table.ticks == 1
