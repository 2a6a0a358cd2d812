"""The table on the network: a tornado JSON/WebSocket API around the :class:`Table`.

Why tornado: Jupyter's server and kernels run on it, so every hexplay install that has Jupyter
already has it (no new dependency); it is a well-kept asyncio server with HTTP, WebSockets, a
WebSocket client (what :mod:`hexplay.serve.client` uses) and a loop a notebook can run in a thread.

Endpoints (a token is sent as ``Authorization: Bearer <token>`` or ``?token=<token>``; every
refusal is 403 with a JSON body and a log line that never holds the token)::

    GET  /                              a plain page saying what this is
    GET  /api/table                     (admin token) the games and their status
    POST /api/table                     (admin token) {"game", "scenario"?, "seed"?, "timer"?,
                                        "title"?} -> {"id", "links", "tokens"}
    GET  /api/games/<id>/<read>         a read intent (state, view, legal, status, outcome,
                                        info); its args as query arguments
    POST /api/games/<id>/<intent>       {"args": {...}, "id": "<client intent id>"?}
    WS   /ws/games/<id>                 the seat's state pushed at once and on every change;
                                        send {"id", "op", "args"} to make an intent, answered
                                        {"type": "reply", "id", ...} or {"type": "error", ...}
    GET  /seat/<id>?token=              the seat's status page (live status and view; how to
                                        get the board); with Voila, ``hexplay serve``'s links
                                        open the board instead (:mod:`.seat_pages`)

Listening: 127.0.0.1 by default, so only this machine can reach the table. To let a class on
the teacher's network play, start it with ``--ip 0.0.0.0`` (and ``--public-url`` the address
students type): anyone who can reach the port can then try tokens (192 random bits each), and
traffic is plain HTTP, so do that only on a network you trust, at your own risk.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import os
import re
import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import tornado.ioloop
import tornado.netutil
import tornado.web
import tornado.websocket

from ..engine import jsonio
from .limits import MAX_BODY, http_server
from .store import Store
from .table import READS, Table, TableError, Watcher, malformed
from .urls import public_url
from .wire import dumps

log = logging.getLogger("hexplay.serve")
access_log = logging.getLogger("hexplay.serve.access")

GAME_ID = r"([A-Za-z0-9_-]{1,32})"


_SECRET = re.compile(r"(token=|token%3D|token%253D|Bearer\s+)[^&\s\"'<>%]+", re.I)


def redact(text: str) -> str:
    """``text`` with every seat token (``token=...`` in a URI, also URL-encoded inside a seat
    page's ``?link=``, ``Bearer ...``) replaced."""
    return _SECRET.sub(r"\1<redacted>", text)


class RedactTokens(logging.Filter):
    """The one place log lines lose their tokens: the message (with its arguments) and the
    traceback text of every record of the server's loggers and tornado's, before any handler
    formats it. (Tornado's "Uncaught exception GET /ws/games/<id>?token=..." prints the URI.)"""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = redact(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


REDACTED_LOGGERS = (
    "hexplay.serve",
    "hexplay.serve.access",
    "hexplay.serve.voila",
    "tornado.access",
    "tornado.application",
    "tornado.general",
)
"""The loggers :class:`RedactTokens` is attached to (a filter on a logger sees only what is
logged on that logger itself, not on its children: each is named)."""


def redact_logs() -> None:
    """Attach :class:`RedactTokens` to :data:`REDACTED_LOGGERS` (once)."""
    for name in REDACTED_LOGGERS:
        lg = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in lg.filters):
            lg.addFilter(RedactTokens())


def _log_request(handler: tornado.web.RequestHandler) -> None:
    """Access log without the query string (seat tokens travel there)."""
    r = handler.request
    access_log.info(
        "%d %s %s (%s) %.1fms",
        handler.get_status(),
        r.method,
        r.path,
        r.remote_ip,
        1000.0 * r.request_time(),
    )


def _token(handler: tornado.web.RequestHandler) -> str | None:
    auth = handler.request.headers.get("Authorization", "")
    if auth.startswith("Bearer "):
        return auth[len("Bearer ") :].strip()
    return handler.get_query_argument("token", None)


WORKERS = 8
"""Worker threads running the games' calls, so a long turn resolution in one game does not
hold the intents of the others (each game's calls stay in order under its slot's lock)."""


@tornado.web.stream_request_body
class _Base(tornado.web.RequestHandler):
    """The server's handlers: a body is read as it streams in, so one larger than
    :data:`MAX_BODY` gets a 413 answer instead of a dropped connection."""

    table: Table

    def initialize(self, table: Table, base_url: str, pool: ThreadPoolExecutor) -> None:
        self.table = table
        self.base_url = base_url
        self.pool = pool

    async def run(self, fn, *args: Any) -> Any:
        return await tornado.ioloop.IOLoop.current().run_in_executor(self.pool, fn, *args)

    def prepare(self) -> None:
        self._chunks: list[bytes] = []
        self._size = 0
        length = self.request.headers.get("Content-Length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            self._too_large()

    def data_received(self, chunk: bytes) -> None:
        self._size += len(chunk)
        if self._size > MAX_BODY:
            self._too_large()
        self._chunks.append(chunk)

    def _too_large(self) -> None:
        why = f"a request body is at most {MAX_BODY} bytes"
        self.send(413, {"ok": False, "error": {"status": 413, "code": "too large", "message": why}})
        raise tornado.web.Finish()

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # a page never leaks its URL's token
        self.set_header("X-Content-Type-Options", "nosniff")

    def send(self, status: int, body: Mapping[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(dumps(body))

    def fail(self, e: TableError) -> None:
        self.send(e.status, {"ok": False, "error": e.to_dict()})

    def body(self) -> dict[str, Any]:
        raw = b"".join(self._chunks)
        if not raw:
            return {}
        try:
            d = jsonio.loads(raw, source="request body")
        except jsonio.JSONInputError as e:
            raise malformed(f"the request body is not strict JSON: {e}") from None
        if not isinstance(d, dict):
            raise malformed("the request body must be a JSON object")
        return d

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.send(status_code, {"ok": False, "error": {"status": status_code, "code": "http"}})


TEAM_FIELDS = ("commands", "information", "options")
"""A new game's team-play fields (:mod:`.teams`): the division, the mode, the options."""


class TableHandler(_Base):
    def get(self) -> None:
        try:
            self.table.check_admin(_token(self), self.request.remote_ip)
        except TableError as e:
            return self.fail(e)
        self.send(200, {"ok": True, "games": self.table.games()})

    async def post(self) -> None:
        try:
            self.table.check_admin(_token(self), self.request.remote_ip)
            d = self.body()
            unknown = set(d) - {"game", "scenario", "seed", "timer", "title", *TEAM_FIELDS}
            if unknown:
                raise malformed(f"unknown fields {sorted(unknown)}")
            slot = await self.run(
                self.table.create, d.get("game"), d.get("scenario"), d.get("seed", 0),
                d.get("timer"), d.get("title", ""), *(d.get(k) for k in TEAM_FIELDS),
            )  # fmt: skip
        except TableError as e:
            return self.fail(e)
        links = self.table.links(slot, self.base_url)
        self.send(200, {"ok": True, "id": slot.id, "links": links, "tokens": dict(slot.tokens)})


class IntentHandler(_Base):
    async def get(self, gid: str, op: str) -> None:
        args = {k: self.get_query_argument(k) for k in self.request.query_arguments}
        args.pop("token", None)
        await self._do(gid, op, args, None, write=op not in READS)

    async def post(self, gid: str, op: str) -> None:
        try:
            d = self.body()
            unknown = set(d) - {"id", "args"}
            if unknown:
                raise malformed(f"unknown request fields {sorted(unknown)}")
        except TableError as e:
            return self.fail(e)
        await self._do(gid, op, d.get("args", {}), d.get("id"))

    async def _do(self, gid: str, op: str, args: Any, intent_id: Any, write: bool = False):
        try:
            self.table.authorize(gid, _token(self), op, self.request.remote_ip)
            if write:
                raise TableError(405, "method", "a write is a POST")
            peer = self.request.remote_ip
            reply = await self.run(self.table.handle, gid, _token(self), op, args, intent_id, peer)
        except TableError as e:
            return self.fail(e)
        self.send(200, reply)


class SocketHandler(tornado.websocket.WebSocketHandler):
    """One page's socket: its seat's state pushed, its intents answered."""

    def initialize(self, table: Table, base_url: str, pool: ThreadPoolExecutor) -> None:
        self.table = table
        self.pool = pool
        self.watcher: Watcher | None = None
        self.gid = ""
        self.loop = tornado.ioloop.IOLoop.current()

    async def get(self, gid: str, *args: Any, **kwargs: Any) -> None:
        try:  # refused before the upgrade: a wrong token never gets a socket
            self.table.authorize(gid, _token(self), "socket", self.request.remote_ip)
        except TableError as e:
            self.set_status(e.status)
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.finish(dumps({"ok": False, "error": e.to_dict()}))
            return
        await super().get(gid, *args, **kwargs)

    def check_origin(self, origin: str) -> bool:
        # Access is by token only (no cookies, no ambient credentials), so a page served from
        # another origin (JupyterLab, Voila) may open the socket with its seat's token.
        return True

    async def open(self, gid: str) -> None:
        self.set_nodelay(True)  # small messages at once (no Nagle / delayed-ACK stalls)
        self.gid = gid
        self.watcher = await self.loop.run_in_executor(
            self.pool, self.table.watch, gid, _token(self), self._send, self.request.remote_ip
        )

    def _send(self, msg: dict[str, Any]) -> None:
        """Send from any thread (pushes come from the workers), in the order called."""
        self.loop.add_callback(self._write, dumps(msg))

    def _write(self, text: str) -> None:
        with contextlib.suppress(tornado.websocket.WebSocketClosedError):
            self.write_message(text)  # (closed: the page reconnects and gets its state again)

    async def on_message(self, message: str | bytes) -> None:
        mid = None
        try:
            try:
                d = jsonio.loads(message, source="message")
            except jsonio.JSONInputError as e:
                raise malformed(f"a message is a strict JSON object: {e}") from None
            if not isinstance(d, dict):
                raise malformed("a message is a JSON object")
            mid = d.get("id") if isinstance(d.get("id"), str) else None
            unknown = set(d) - {"id", "op", "args"}
            if unknown:
                raise malformed(f"unknown message fields {sorted(unknown)}")
            reply = await self.loop.run_in_executor(
                self.pool, self.table.handle, self.gid, _token(self), d.get("op"),
                d.get("args"), d.get("id"), self.request.remote_ip, self.watcher,
            )  # fmt: skip
            self._send({"type": "reply", "id": mid, **reply})
        except TableError as e:
            self._send({"type": "error", "id": mid, "ok": False, "error": e.to_dict()})

    def on_close(self) -> None:
        if self.watcher is not None:
            self.pool.submit(self.table.unwatch, self.gid, self.watcher)
            self.watcher = None


class SeatPage(_Base):
    def get(self, gid: str) -> None:
        try:
            slot, seat = self.table.authorize(gid, _token(self), "page", self.request.remote_ip)
        except TableError as e:
            self.set_status(e.status)
            self.finish(f"<p>{html.escape(e.message)}</p>")
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        title = html.escape(f"{slot.game.info.title} {slot.title} - {seat}")
        self.finish(SEAT_PAGE.replace("{{title}}", title).replace("{{seat}}", html.escape(seat)))


class RootHandler(_Base):
    def get(self) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish("hexplay table: open your seat's link (it carries your token).\n")


SEAT_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{title}}</title>
<style>body{font:14px sans-serif;margin:1.5em}pre{background:#f4f4f0;padding:1em}
#status b{margin-right:1em}</style></head>
<body><h2>{{title}}</h2><div id="conn">connecting...</div><div id="status"></div>
<p>This is the table's status page. For this seat's board in the browser, the teacher installs
Voila (<code>pip install 'hexplay[demo]'</code>) and restarts <code>hexplay serve</code>: its
links then open the board. From a notebook: <code>SeatApp(RemoteGame(link))</code> with this
page's address (see notebooks/seat.ipynb).</p>
<pre id="view"></pre>
<script>
const q = new URLSearchParams(location.search), token = q.get("token");
const gid = location.pathname.split("/").pop();
let delay = 500;
function show(s) {
  const st = s.status, sides = Object.entries(st.sides).map(([k, v]) => `<b>${k}: ${v}</b>`);
  let t = "";
  if (st.deadline) t = ` time left ${Math.max(0, Math.round(st.deadline - Date.now() / 1000))} s`;
  document.getElementById("status").innerHTML =
    `turn ${st.turn} · ${st.phase} · ` + sides.join("") + t;
  document.getElementById("view").textContent = JSON.stringify(s.view, null, 1);
}
function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}` +
                           `/ws/games/${gid}?token=${encodeURIComponent(token)}`);
  ws.onopen = () => { delay = 500; document.getElementById("conn").textContent = "live"; };
  ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === "state") show(m); };
  ws.onclose = () => {  // reconnect by itself, backing off to 10 s
    document.getElementById("conn").textContent = "reconnecting...";
    setTimeout(connect, delay); delay = Math.min(10000, delay * 2);
  };
}
connect();
</script></body></html>
"""


def make_app(
    table: Table, base_url: str, pool: ThreadPoolExecutor | None = None
) -> tornado.web.Application:
    pool = pool or ThreadPoolExecutor(WORKERS, thread_name_prefix="hexplay-table")
    table.push_later = pool.submit  # a writer's reply does not wait for the others' pushes
    redact_logs()
    kw = {"table": table, "base_url": base_url, "pool": pool}
    return tornado.web.Application(
        [
            (r"/", RootHandler, kw),
            (r"/api/table", TableHandler, kw),
            (rf"/api/games/{GAME_ID}/([a-z]{{1,20}})", IntentHandler, kw),
            (rf"/ws/games/{GAME_ID}", SocketHandler, kw),
            (rf"/seat/{GAME_ID}", SeatPage, kw),
        ],
        log_function=_log_request,
        pool=pool,
        websocket_max_message_size=MAX_BODY,
        websocket_ping_interval=20,
    )


def _ticker(table: Table, pool: ThreadPoolExecutor) -> tornado.ioloop.PeriodicCallback:
    """The class timer: twice a second, on a worker, expire the plots whose time is up.

    Once the pool refuses work (it was shut down, or the interpreter is exiting while a
    notebook's table thread still runs) the ticker stops itself instead of raising on every
    tick."""

    def tick() -> None:
        try:
            pool.submit(table.tick)
        except RuntimeError:  # "cannot schedule new futures after (interpreter) shutdown"
            ticker.stop()

    ticker = tornado.ioloop.PeriodicCallback(tick, 500)
    return ticker


class TableServer:
    """A table served from a background thread (its own asyncio loop): what
    :func:`start_table` returns to a notebook cell and the tests use.

    ``server.new_game("tag", seed=1)`` -> one link per seat; ``server.stop()``.
    """

    def __init__(
        self,
        db: str = ":memory:",
        host: str = "127.0.0.1",
        port: int = 0,
        url: str | None = None,
        durable: bool = False,
        app_url: str | None = None,
    ) -> None:
        self.db, self.host, self.durable, self.app_url = db, host, durable, app_url
        self._port, self._url = port, url
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, name="hexplay-table", daemon=True)

    def start(self) -> TableServer:
        self.thread.start()
        self._ready.wait(30)
        if self._error is not None:
            raise self._error
        return self

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        try:
            self.table = Table(Store(self.db, self.durable))
            self.table.app_url = self.app_url
            socks = tornado.netutil.bind_sockets(self._port, self.host)
            self.port = socks[0].getsockname()[1]
            self.url = public_url(self.host, self.port, self._url)
            app = make_app(self.table, self.url)
            self.http = http_server(app)
            self.http.add_sockets(socks)
            self.pool = app.settings["pool"]
            self.ticker = _ticker(self.table, self.pool)
            self.ticker.start()
        except BaseException as e:  # reported to start()
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()

    def call(self, fn, *args: Any, **kw: Any) -> Any:
        """Run ``fn(*args, **kw)`` on the table's thread (the table is not thread-safe)."""

        async def run() -> Any:
            return fn(*args, **kw)

        if self.loop is None:
            raise RuntimeError("the table server is not running (call start() first)")
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)

    @property
    def admin_token(self) -> str:
        return self.table.admin_token

    def new_game(
        self, game: str, scenario: Any = None, seed: int = 0, timer: float | None = None,
        title: str = "", **team: Any,
    ) -> dict[str, str]:  # fmt: skip
        """Start a game at the table; one link per seat (each side, and ``"referee"``; team
        play: ``commands=`` a division, one link per commander: :mod:`.teams`)."""
        slot = self.call(self.table.create, game, scenario, seed, timer, title, **team)
        return self.table.links(slot, self.url)

    def stop(self) -> None:
        loop = self.loop
        if loop is None or not loop.is_running():
            return

        def halt() -> None:
            self.ticker.stop()
            self.http.stop()
            self.pool.shutdown(wait=True)
            self.table.store.close()
            loop.stop()

        loop.call_soon_threadsafe(halt)
        self.thread.join(10)

    def __enter__(self) -> TableServer:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def start_table(
    db: str = "hexplay-table.sqlite", host: str = "127.0.0.1", port: int = 8765,
    url: str | None = None, app_url: str | None = None,
) -> TableServer:  # fmt: skip
    """Start a table from a notebook cell (in a background thread); ``.new_game(...)`` makes a
    game and returns its seat links, ``.stop()`` ends it. Games persist in ``db``; with
    ``app_url`` (the seat notebook in Voila) the links open it."""
    return TableServer(db, host, port, url, app_url=app_url).start()


async def serve_forever(
    db: str, host: str, port: int, url: str | None = None, durable: bool = False,
    ready: Any = None, app_url: str | None = None, shard: tuple[int, int] | None = None,
) -> None:  # fmt: skip
    """Serve a table on the running loop until cancelled (``hexplay serve``); ``shard``: as
    worker k of n of a sharded table (:mod:`.shards`), stopping when its parent (the front)
    is gone."""
    table = Table(Store(db, durable), shard=shard)
    table.app_url = app_url
    stop = asyncio.Event()
    parent = os.getppid()
    orphan = tornado.ioloop.PeriodicCallback(
        lambda: stop.set() if shard is not None and os.getppid() != parent else None, 1000
    )
    orphan.start()
    socks = tornado.netutil.bind_sockets(port, host)
    base = public_url(host, socks[0].getsockname()[1], url)
    app = make_app(table, base)
    http = http_server(app)
    http.add_sockets(socks)
    ticker = _ticker(table, app.settings["pool"])
    ticker.start()
    if ready is not None:
        ready(table, base)
    try:
        await stop.wait()
    finally:
        orphan.stop()
        ticker.stop()
        http.stop()
        app.settings["pool"].shutdown(wait=True)
        table.store.close()
