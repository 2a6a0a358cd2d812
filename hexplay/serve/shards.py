"""A table spread over worker processes: ``hexplay serve --workers N``.

One process runs every game's Python, so 30 games' resolutions and views share one core (the
GIL). With ``--workers N`` the table is N worker processes (each a whole table server on its own
port, holding the games of its shard) and a *front* on the table's port:

- each game lives in exactly one worker: worker ``k`` of ``N`` holds the games whose id has
  :func:`shard_of` ``== k`` (it makes new ids until one falls in its shard, and loads only those
  from the file after a restart);
- the front makes games (``POST /api/table``, on the workers in turn), lists them (every
  worker's list) and sends every game request to its worker by a redirect (307: a page's link,
  a RemoteGame or an AsyncSeat follow it once and then talk to the worker directly, so the
  front is not in the path of an intent);
- every worker appends to the one SQLite file (WAL; a writer waits for the others' short
  transactions), each accepted order in a transaction before its reply, as with one process.

Workers are ``hexplay serve --shard K/N`` on ports ``port+1+K``; they stop when the front does
(they watch their parent). The links the front prints are the front's, so they stay valid when
the table is restarted with another number of workers.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import tornado.httpclient
import tornado.netutil
import tornado.web

from .limits import http_server
from .store import Store
from .table import TOKEN_BYTES, shard_of
from .urls import public_url
from .wire import dumps

log = logging.getLogger("hexplay.serve")
GAME_ID = r"([A-Za-z0-9_-]{1,32})"


def parse_shard(text: str) -> tuple[int, int]:
    """``"K/N"`` -> ``(K, N)`` with 0 <= K < N."""
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise ValueError(f"a shard is K/N (e.g. 0/2), not {text!r}") from None
    if not 0 <= k < n:
        raise ValueError(f"a shard K/N needs 0 <= K < N, not {text!r}")
    return k, n


class _Front(tornado.web.RequestHandler):
    def initialize(self, front: Front) -> None:
        self.front = front

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")


class RouteHandler(_Front):
    """Any request about one game: to its worker (same path and query)."""

    def _go(self, gid: str, *_rest: Any) -> None:
        worker = self.front.workers[shard_of(gid, len(self.front.workers))]
        self.redirect(worker + self.request.uri, status=307)

    get = post = _go


class TableListHandler(_Front):
    """The admin API: a new game on the next worker; the list of every worker's games."""

    async def _forward(self, base: str, method: str, body: bytes | None) -> tuple[int, dict]:
        req = tornado.httpclient.HTTPRequest(
            base + "/api/table", method, headers=dict(self.request.headers), body=body,
            request_timeout=60,
        )  # fmt: skip
        r = await tornado.httpclient.AsyncHTTPClient().fetch(req, raise_error=False)
        try:
            return r.code, json.loads(r.body or b"{}")
        except ValueError:
            return 502, {"ok": False, "error": {"status": 502, "code": "worker"}}

    def _send(self, status: int, d: dict) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(dumps(d))

    async def get(self) -> None:
        got = await asyncio.gather(*(self._forward(w, "GET", None) for w in self.front.workers))
        bad = next(((s, d) for s, d in got if s != 200), None)
        if bad is not None:
            return self._send(*bad)
        self._send(200, {"ok": True, "games": [g for _s, d in got for g in d["games"]]})

    async def post(self) -> None:
        worker = self.front.next_worker()
        status, d = await self._forward(worker, "POST", self.request.body)
        if status == 200:  # the links the teacher hands out are the front's
            d["links"] = {s: u.replace(worker, self.front.url, 1) for s, u in d["links"].items()}
        self._send(status, d)


class RootHandler(_Front):
    def get(self) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish("hexplay table: open your seat's link (it carries your token).\n")


class Front:
    """The front of a sharded table: its URL, its workers' URLs, the worker for a new game."""

    def __init__(self, url: str, workers: list[str]) -> None:
        self.url, self.workers = url, workers
        self._next = 0

    def next_worker(self) -> str:
        w = self.workers[self._next % len(self.workers)]
        self._next += 1
        return w

    def app(self) -> tornado.web.Application:
        kw = {"front": self}
        return tornado.web.Application(
            [
                (r"/", RootHandler, kw),
                (r"/api/table", TableListHandler, kw),
                (rf"/api/games/{GAME_ID}/([a-z]{{1,20}})", RouteHandler, kw),
                (rf"/ws/games/{GAME_ID}", RouteHandler, kw),
                (rf"/seat/{GAME_ID}", RouteHandler, kw),
            ],
            log_function=lambda h: None,
        )


def admin_token(db: str, durable: bool = False) -> str:
    """The table's admin token, made once and kept in the file (every worker reads it)."""
    store = Store(db, durable)
    try:
        token = store.meta("admin_token")
        if token is None:
            token = secrets.token_urlsafe(TOKEN_BYTES)
            store.set_meta("admin_token", token)
        return token
    finally:
        store.close()


def spawn_workers(
    db: str, host: str, port: int, n: int, durable: bool, extra: list[str]
) -> list[tuple[subprocess.Popen, str]]:
    """Start ``n`` workers (``hexplay serve --shard K/N``); each with the URL it printed."""
    out = []
    for k in range(n):
        cmd = [sys.executable, "-m", "hexplay.serve.cli", "--db", db, "--ip", host]
        wport = port + 1 + k if port else 0  # (port 0: every process on a free port)
        cmd += ["--port", str(wport), "--shard", f"{k}/{n}", *extra]
        if durable:
            cmd.append("--durable")
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=dict(os.environ))
        assert p.stdout is not None  # (stdout=PIPE)
        line = p.stdout.readline()
        if not line.startswith("hexplay table at "):
            p.kill()
            raise RuntimeError(f"worker {k}/{n} did not start: {line!r}")
        out.append((p, line.split()[3]))
        p.stdout.readline()  # (its admin-token line)
    return out


async def serve_sharded(
    db: str, host: str, port: int, n: int, url: str | None = None, durable: bool = False,
    ready: Callable[[Front, str], Any] | None = None, extra: list[str] | None = None,
) -> None:  # fmt: skip
    """Serve a table of ``n`` worker processes behind a front on ``port`` until cancelled."""
    token = admin_token(db, durable)
    workers = spawn_workers(db, host, port, n, durable, extra or [])
    try:
        socks = tornado.netutil.bind_sockets(port, host)
        front = Front(public_url(host, socks[0].getsockname()[1], url), [w for _p, w in workers])
        http = http_server(front.app())
        http.add_sockets(socks)
        front.admin_token = token  # type: ignore[attr-defined]
        if ready is not None:
            got = ready(front, front.url)
            if asyncio.iscoroutine(got):
                await got
        try:
            await asyncio.Event().wait()
        finally:
            http.stop()
    finally:
        for p, _w in workers:
            p.terminate()
        for p, _w in workers:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()
