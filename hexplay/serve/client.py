"""Clients of a table: :class:`RemoteGame` (a seat with the calls of a local game) and
:class:`AsyncSeat` (the same seat over one WebSocket, for asyncio code and the load benchmark).

``RemoteGame(link)`` takes a seat's link (``http://host:port/seat/<game>?token=...``), or the
table's URL with ``game=`` and ``token=``. It implements the game API for its seat: ``view``,
``legal_orders`` (:class:`~hexplay.engine.LegalOrder` objects, as a local game gives them),
``order``, ``undo``, ``submit``, ``to_act``, ``turn``, ``phase``, ``over``, ``outcome``, so an app
shell or a computer player drives a remote seat unchanged. The rules' refusals come back as
:class:`~hexplay.engine.IllegalOrder` (same rule and message); a refused token as
:class:`PermissionError`. Differences from a local game, because the table is the referee:
``advance`` does nothing (the table resolves as soon as every side has submitted); ``order``
returns None (what another side's order did is not the seat's to know); ``view`` of another
side raises PermissionError.

Every write carries a fresh intent id, so a write re-sent after a dropped connection is answered,
not applied twice. :meth:`RemoteGame.watch` keeps a WebSocket open in a thread (reconnecting by
itself) and calls back with each new state the table pushes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import http.client
import json
import re
import threading
import types
import urllib.parse
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from ..engine import Game, IllegalOrder, LegalOrder, Order, map_from_dict
from .wire import info_from_dict, legal_from_dict


def state_order(state: Mapping[str, Any] | None) -> tuple[int, int]:
    """``(epoch, version)``: the newer of two states of a seat has the larger (a restarted
    table counts versions anew from a later epoch)."""
    if state is None:
        return (-1, -1)
    return (state.get("epoch", 0), state.get("version", 0))


class StateLog:
    """A stand-in for a game's command log: ``commands`` has as many entries as the seat has
    been sent new states (see :attr:`RemoteGame.commands`)."""

    def __init__(self, count: int) -> None:
        self.commands = range(count)


class TableUnavailable(ConnectionError):
    """The table could not be reached or failed on the request."""


def parse_link(url: str, game: str | None = None, token: str | None = None):
    """``(base, game, token)`` from a seat link or a table URL plus ``game``/``token``; a seat
    page's link (``...?link=<seat link>``, what ``hexplay serve`` prints with Voila) is read as
    the seat link it carries."""
    u = urllib.parse.urlsplit(url) if isinstance(url, str) else None
    if u is None or u.scheme not in ("http", "https") or not u.netloc:
        raise ValueError("not a table link (http://host:port/seat/<game>?token=...)")
    q = urllib.parse.parse_qs(u.query)
    parts = [p for p in u.path.split("/") if p]
    inner = (q.get("link") or [""])[0]
    if inner and inner != url and not (len(parts) >= 2 and parts[-2] == "seat"):
        return parse_link(inner, game, token)
    if len(parts) >= 2 and parts[-2] == "seat":
        game = game or parts[-1]
    token = token or next(iter(q.get("token") or []), None)
    if not game or not token:
        raise ValueError("a seat needs its game id and token (give the seat's link)")
    return f"{u.scheme}://{u.netloc}", game, token


def raise_for(error: Mapping[str, Any]) -> None:
    """The Python exception for a table's error body."""
    status, msg = error.get("status"), error.get("message", "")
    if status == 403:
        raise PermissionError(msg)
    if status in (400, 409):
        raise IllegalOrder(error.get("rule") or ("message" if status == 400 else "rules"), msg)
    raise TableUnavailable(f"table error {status}: {msg}")


class RemoteGame:
    """One seat of a game at a table, with the calls of a local :class:`~hexplay.engine.Game`."""

    def __init__(
        self, url: str, token: str | None = None, game: str | None = None, timeout: float = 10
    ) -> None:
        self.base, self.game_id, self.token = parse_link(url, game, token)
        self.timeout = timeout
        self._conn: http.client.HTTPConnection | None = None
        self._lock = threading.Lock()
        self._state: dict[str, Any] | None = None
        self._kept = 0  # new states kept (what StateLog counts)
        self._watcher: _Watch | None = None
        info = self._call("GET", "info")
        self.info = info_from_dict(info)
        self.seat: str = info["seat"]
        self.side: str = self.seat.partition("/")[0]
        """The seat's side (a commander's seat ``"<side>/<command>"`` in team play)."""
        self.title: str = info.get("title", "")
        if type(self) is RemoteGame:
            # this game's declared queries as the local game's methods (see remote_class)
            self.__class__ = remote_class(self.info.name)

    # --- transport ------------------------------------------------------------------------
    def _request(self, method: str, path: str, body: bytes | None) -> tuple[int, dict]:
        headers = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}
        attempt = 0
        for _hop in range(4):  # a retry on a dropped connection; a sharded table's redirect
            u = urllib.parse.urlsplit(self.base)
            with self._lock:
                if self._conn is None:
                    cls: type[http.client.HTTPConnection] = (
                        http.client.HTTPSConnection
                        if u.scheme == "https"
                        else http.client.HTTPConnection
                    )
                    self._conn = cls(u.netloc, timeout=self.timeout)
                try:
                    self._conn.request(method, path, body, headers)
                    r = self._conn.getresponse()
                    data = r.read()
                except (OSError, http.client.HTTPException) as e:
                    self._conn.close()
                    self._conn = None
                    if attempt:
                        raise TableUnavailable(f"cannot reach the table at {self.base}: {e}") from e
                    attempt += 1
                    continue
                location = r.getheader("Location")
                if r.status in (307, 308) and location:
                    # the game's worker (hexplay.serve.shards): talk to it from now on
                    loc = urllib.parse.urlsplit(location)
                    self.base = f"{loc.scheme or u.scheme}://{loc.netloc or u.netloc}"
                    self._conn.close()
                    self._conn = None
                    continue
                try:
                    return r.status, json.loads(data) if data else {}
                except ValueError as e:
                    raise TableUnavailable(f"the table at {self.base} answered: {e}") from e
        raise TableUnavailable(f"cannot reach the table at {self.base}")

    def _call(self, method: str, op: str, args: Mapping[str, Any] | None = None) -> Any:
        path = f"/api/games/{self.game_id}/{op}"
        if method == "GET":
            q = {k: v for k, v in (args or {}).items() if v is not None}
            query = "?" + urllib.parse.urlencode(q) if q else ""
            status, d = self._request("GET", path + query, None)
        else:
            body = {"args": dict(args or {}), "id": uuid.uuid4().hex}
            status, d = self._request("POST", path, json.dumps(body).encode())
        if status != 200 or not d.get("ok"):
            raise_for(d.get("error", {"status": status}))
        if "state" in d:
            self._keep(d["state"])
        return d.get("result")

    def _keep(self, state: dict[str, Any]) -> None:
        """Keep ``state`` unless a newer one (a push) is already here."""
        old = self._state
        if old is None or state_order(state) >= state_order(old):
            if old is None or state_order(state) != state_order(old):
                self._kept += 1
            self._state = state

    @functools.cached_property
    def map(self) -> Any:
        """The board (a :class:`~hexplay.maps.Map`), fetched once."""
        return map_from_dict(self._call("GET", "map"))

    # --- state ----------------------------------------------------------------------------
    def refresh(self) -> dict[str, Any]:
        """Fetch the seat's state (view and table status) now."""
        state = self._call("GET", "state")
        self._keep(state)
        return self._state or state

    @property
    def state(self) -> dict[str, Any]:
        """The seat's latest state: pushed when watching, else fetched on each use."""
        if self._watcher is not None and self._state is not None:
            return self._state
        return self.refresh()

    @property
    def sides(self) -> tuple[str, ...]:
        return self.info.sides

    @property
    def turn(self) -> int:
        return self.state["status"]["turn"]

    @property
    def phase(self) -> str:
        return self.state["status"]["phase"]

    @property
    def over(self) -> bool:
        return self.state["status"]["over"]

    @property
    def winner(self) -> str | None:
        return self.state["status"]["winner"]

    def status(self) -> dict[str, Any]:
        """The table's status: each side plotting / submitted, the class timer."""
        return self.state["status"]

    def to_act(self) -> tuple[str, ...]:
        state = self.state
        st = state["status"]
        busy = ("setting up", "plotting", "to move")
        acting = tuple(s for s in self.sides if st["sides"].get(s) in busy)
        team = state.get("team")
        if team and self.side in acting:  # team play: this commander's part may be in
            mine = team["commands"].get(self.side, {}).get(self.seat)
            if mine == "submitted":
                acting = tuple(s for s in acting if s != self.side)
        return acting

    # --- the game API for this seat ---------------------------------------------------------
    def view(self, side: str | None = None, events: bool = True) -> dict[str, Any]:
        """The seat's view (``events`` is accepted as locally; the table's view holds them)."""
        if side is None or side in (self.seat, self.side):
            return self.state["view"]
        return self._call("GET", "view", {"side": side})

    def legal_orders(self, side: str | None = None, unit: str | None = None) -> list[LegalOrder]:
        got = self._call("GET", "legal", {"side": side or self.side, "unit": unit})
        return [legal_from_dict(d) for d in got]

    def order(self, order: Order | Mapping[str, Any] | str, /, **kw: Any) -> None:
        o = Game._as_order(order, kw)
        self._call("POST", "order", {"order": o.to_dict()})

    def undo(self, side: str | None = None, unit: str | None = None) -> None:
        self._check(side)
        self._call("POST", "undo", {"unit": unit} if unit is not None else {})

    def submit(self, side: str | None = None) -> None:
        self._check(side)
        self._call("POST", "submit")

    def advance(self) -> list[dict[str, Any]]:
        """The table resolves turns itself; refused (as locally) while a side must act."""
        if self.to_act():
            raise IllegalOrder("sequence of play", "some side must still act")
        return []

    def outcome(self) -> dict[str, Any]:
        return self._call("GET", "outcome")

    def setup(self) -> None:
        """Place the seat's side by the game's default set-up (while it sets up)."""
        self._call("POST", "setup")

    def message(self, to: str, text: str) -> None:
        """(team play) Send ``text`` to ``to``: a commander of the seat's side, or
        ``"<side>/*"`` for all of them (delivered as the game's rules allow)."""
        self._call("POST", "message", {"to": to, "text": text})

    # --- the named queries (hexplay.serve.queries) ------------------------------------------
    def query(self, name: str, /, **args: Any) -> Any:
        """One of the table's named queries for this seat (see :mod:`hexplay.serve.queries`)."""
        return self._call("POST", "query", {"q": name, **args})

    @functools.cached_property
    def scenario(self) -> Any:
        """The scenario's parameters as attributes (``game.scenario.turn_limit``), fetched once."""
        return types.SimpleNamespace(**self.query("scenario"))

    def scenario_dict(self) -> dict[str, Any]:
        return dict(vars(self.scenario))

    def reach(self, side: str | None, unit: str) -> Any:
        """Where the seat's ``unit`` can move: the table's ``reach`` query (every game's),
        with its cost unit and points left."""
        from .queries import as_reach

        args = {"unit": unit} if side is None else {"side": side, "unit": unit}
        return as_reach(self.query("reach", **args))

    def order_kind_reasons(self, side: str | None, unit: str) -> dict[str, str | None]:
        """Each order kind of the seat's ``unit``: None or the rules' reason it may not give
        one now (the table's ``order_kind_reasons`` query)."""
        args = {"unit": unit} if side is None else {"side": side, "unit": unit}
        return dict(self.query("order_kind_reasons", **args))

    # --- what the app shell asks beside the turn (the protocol's defaults) -----------------
    @property
    def turn_limit(self) -> int | None:
        """The scenario's public ``turn_limit`` (None when the side is not shown one)."""
        v = vars(self.scenario).get("turn_limit")
        return int(v) if isinstance(v, int) else None

    def repeat_order(self, order: Order, given: Any) -> Order | None:
        return order  # the table judges it as given

    def default_orders(self, side: str) -> list[Order]:
        return []  # the table's timer submits as it stands

    def suggested_orders(self, side: str, unit: str) -> list[Any]:
        return []

    @staticmethod
    def shot_odds(event: Any) -> None:
        return None

    @property
    def commands(self) -> StateLog:
        """What the apps' memos key on: its ``len(commands)`` goes up with every new state the
        seat is sent (every change it is shown), as a local game's command log does."""
        self.state  # noqa: B018 - fetched first when not watching
        return StateLog(self._kept)

    @property
    def current(self) -> str | None:
        """The side whose turn it is (alternating games), from the seat's view."""
        return self.state["view"].get("current")

    def replay_view(self, turn: int) -> dict[str, Any]:
        """The referee's view at the end of ``turn`` (once the game is over)."""
        return self.query("replay", turn=turn)

    def set_timer(self, seconds: float | None) -> None:
        """(referee) The class timer: seconds per plot or turn, None to stop it."""
        self._call("POST", "timer", {"seconds": seconds})

    def _check(self, side: str | None) -> None:
        if side is not None and side not in (self.seat, self.side):
            raise PermissionError(f"this seat is {self.seat}, not {side}")

    # --- push -----------------------------------------------------------------------------
    def watch(self, callback: Callable[[dict[str, Any]], Any] | None = None) -> None:
        """Keep a socket open (in a thread, reconnecting by itself); each pushed state updates
        :attr:`state` and is passed to ``callback`` (called on that thread)."""
        if self._watcher is None:
            self._watcher = _Watch(self, callback)
            self._watcher.start()

    def close(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher = None
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __repr__(self) -> str:
        return f"RemoteGame({self.info.name} {self.game_id} as {self.seat} at {self.base})"


def _query_method(q: Any) -> Callable[..., Any]:
    """A remote seat's method for the declared query ``q`` (:class:`~.queries.Query`): the
    local call's arguments (the side first where it takes one, then the query's required and
    optional arguments in their declared order), asked of the table, the answer decoded by the
    query's ``result``."""
    names = (["side"] if q.side else []) + [*q.required, *q.optional]
    needed = (["side"] if q.side else []) + [*q.required]
    kinds = {**q.required, **q.optional}

    def call(self: RemoteGame, *args: Any, **kw: Any) -> Any:
        if len(args) > len(names):
            raise TypeError(f"{q.name}() takes {len(names)} arguments ({', '.join(names)})")
        given = dict(zip(names, args))
        twice = set(given) & set(kw)
        unknown = set(kw) - set(names)
        if twice or unknown:
            raise TypeError(f"{q.name}() got unexpected or repeated {sorted(twice | unknown)}")
        given.update(kw)
        missing = [n for n in needed if given.get(n) is None]
        if missing:
            raise TypeError(f"{q.name}() needs {', '.join(missing)}")
        sent = {
            k: list(v) if kinds.get(k) == "texts" else v for k, v in given.items() if v is not None
        }
        got = self.query(q.name, **sent)
        return q.result(got) if q.result is not None else got

    call.__name__ = call.__qualname__ = q.name
    call.__doc__ = f"The table's ``{q.name}`` query for this seat ({', '.join(names) or 'no'} "
    call.__doc__ += "arguments), as the local game's call."
    return call


_REMOTE: dict[str, tuple[Any, type[RemoteGame]]] = {}


def remote_class(game: str) -> type[RemoteGame]:
    """The :class:`RemoteGame` of the registered game ``game``: with a method per query its
    plugin record declares (:func:`hexplay.serve.queries.declared`), derived from the
    declaration (one class per declaration, made once; named ``Remote<Game>``). A game that
    declares no query: :class:`RemoteGame` itself."""
    from .queries import NONE, declared

    decl = declared(game)
    if decl is NONE:
        return RemoteGame
    known = _REMOTE.get(game)
    if known is not None and known[0] is decl:
        return known[1]
    methods = {q.name: _query_method(q) for q in decl.queries if q.method}
    name = "Remote" + "".join(w.capitalize() for w in re.split(r"[^0-9A-Za-z]+", game) if w)
    cls = type(name, (RemoteGame,), {**methods, "__module__": __name__, "__doc__": (
        f"A {game} seat: the local game's queries, answered by the table for this seat "
        "(made from the game's declaration by :func:`remote_class`)."
    )})  # fmt: skip
    _REMOTE[game] = (decl, cls)
    return cls


class _Watch(threading.Thread):
    def __init__(self, game: RemoteGame, callback: Callable | None) -> None:
        super().__init__(name=f"hexplay-watch-{game.game_id}", daemon=True)
        self.game, self.callback = game, callback
        self.loop = asyncio.new_event_loop()
        self.seat: AsyncSeat | None = None
        self.ready = threading.Event()

    def run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.seat = AsyncSeat(self.game.base, self.game.game_id, self.game.token, self._on_state)
        self.loop.run_until_complete(self.seat.run_until_closed())

    def _on_state(self, state: dict[str, Any]) -> None:
        self.game._keep(state)
        self.ready.set()
        if self.callback is not None:
            self.callback(state)

    def stop(self) -> None:
        if self.seat is not None:
            self.loop.call_soon_threadsafe(self.seat.close)
        self.join(5)


class AsyncSeat:
    """A seat over one WebSocket: ``await seat.connect()``, ``await seat.intent(op, **args)``;
    :attr:`state` is the latest pushed state. A dropped socket reconnects by itself (backing
    off to 5 s) and re-sends the intents still unanswered, with their ids (not applied twice)."""

    def __init__(
        self,
        base: str,
        game: str,
        token: str,
        on_state: Callable[[dict[str, Any]], Any] | None = None,
    ) -> None:
        ws = base.replace("https://", "wss://").replace("http://", "ws://")
        self.url = f"{ws}/ws/games/{game}?token={urllib.parse.quote(token)}"
        self.on_state = on_state
        self.state: dict[str, Any] | None = None
        self.states = 0
        self.reconnects = 0
        self._ws: Any = None
        self._pending: dict[str, tuple[asyncio.Future, str]] = {}
        self._changed = asyncio.Condition()
        self._closed = False
        self._task: asyncio.Task | None = None
        self._up = asyncio.Event()

    async def connect(self) -> AsyncSeat:
        await self._open()
        self._task = asyncio.ensure_future(self._read())
        return self

    async def _open(self) -> None:
        from tornado.httpclient import HTTPClientError
        from tornado.websocket import websocket_connect

        for _hop in range(3):
            try:
                self._ws = await websocket_connect(self.url, max_message_size=16 * 2**20)
                self._ws.protocol.stream.set_nodelay(True)
                break
            except HTTPClientError as e:
                if e.code == 403:
                    raise PermissionError("the table refused this seat's token") from None
                loc = e.response.headers.get("Location") if e.response is not None else None
                if e.code not in (307, 308) or not loc:
                    raise
                # a sharded table's front: the game's worker from now on
                self.url = loc.replace("https://", "wss://").replace("http://", "ws://")
        self._up.set()
        for _fut, text in list(self._pending.values()):
            await self._ws.write_message(text)

    async def run_until_closed(self) -> None:
        await self.connect()
        if self._task is not None:
            await self._task

    async def _read(self) -> None:
        delay = 0.1
        while not self._closed:
            msg = await self._ws.read_message() if self._ws is not None else None
            if msg is None:  # dropped: reconnect
                self._up.clear()
                if self._closed:
                    break
                await asyncio.sleep(delay)
                if self._closed:
                    break
                try:
                    await self._open()
                    self.reconnects += 1
                    delay = 0.1
                except PermissionError:
                    raise
                except Exception:
                    self._ws = None
                    delay = min(5.0, delay * 2)
                continue
            d = json.loads(msg)
            if d.get("type") == "state":
                self._set_state({k: v for k, v in d.items() if k != "type"})
            elif d.get("id") in self._pending:
                if "state" in d:  # in arrival order: a later push is never overwritten
                    self._set_state(d["state"])
                fut, _text = self._pending.pop(d["id"])
                if not fut.done():
                    fut.set_result(d)

    def _set_state(self, state: dict[str, Any]) -> None:
        if self.state is not None and state_order(state) < state_order(self.state):
            return  # an older state than one already here
        self.state = state
        self.states += 1
        if self.on_state is not None:
            self.on_state(state)
        asyncio.ensure_future(self._notify())

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def intent(self, op: str, **args: Any) -> dict[str, Any]:
        """Send one intent and wait for its reply (its new state, for a write); the table's
        refusals raise as :class:`RemoteGame`'s do."""
        mid = uuid.uuid4().hex
        text = json.dumps({"id": mid, "op": op, "args": args})
        fut = asyncio.get_running_loop().create_future()
        self._pending[mid] = (fut, text)
        if self._up.is_set():
            with contextlib.suppress(Exception):  # re-sent on reconnect
                await self._ws.write_message(text)
        d = await fut
        if d.get("type") == "error":
            raise_for(d["error"])
        return d

    async def wait_for(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 30) -> dict:
        """Wait until the latest state satisfies ``pred``."""

        async def until() -> dict:
            async with self._changed:
                while self.state is None or not pred(self.state):
                    await self._changed.wait()
                return self.state

        return await asyncio.wait_for(until(), timeout)

    def drop(self) -> None:
        """Close the socket as a network drop would (it reconnects)."""
        if self._ws is not None:
            self._ws.close()

    def close(self) -> None:
        self._closed = True
        if self._ws is not None:
            self._ws.close()  # the reader sees the end and stops
