"""The table: the referee of many games, the only place they live, one seat per token.

Every request names a game, carries a seat's token and asks for one *intent*; :meth:`Table.handle`
checks the token (constant time, every seat compared), checks the intent and calls the game API
for that seat's side only. It knows nothing of HTTP: :mod:`hexplay.serve.app` puts it on the
network, and tests drive it directly.

Intents (``args`` is a JSON object)::

    reads   state                   {seat, view, status} of the caller's seat
            view    [side]          a view; a side's token may ask only for its own side
            legal   [side, unit]    legal orders (as :func:`~hexplay.serve.wire.legal_to_dict`)
            status                  turn, phase, each side's status, the class timer
            outcome                 the outcome row (sides: only once the game is over)
            info                    the game's info, the seat, the game id and title
            map                     the board (terrain every side sees; no unit)
            query   q, [side], ...  one of the named queries of :mod:`~hexplay.serve.queries`
                                    (AP left, odds, reach, plot chart...) for the seat's side
    writes  order   order           an order (its side must be the seat's; filled in if left out)
            undo    [unit]          take back the seat's last plotted (or set-up) order
            submit                  lock the seat's plot / set-up, or end its turn
            setup                   the game's default set-up of the seat's side (while it sets up)
    referee timer   seconds|null    start (or stop) the class timer for every plot or turn

A write is carried out, then, while every side has submitted, the rules resolve (``advance``);
the commands it logged are appended to the store in one transaction *before* the reply, and
every watching page whose state changed is pushed its own seat's state. A write refused by the
rules (:class:`~hexplay.engine.IllegalOrder`) changes nothing and stores nothing.

What a seat receives is built from ``game.view(side)`` and the table's status only: no command
count, no result of another side's order, no other seat's view (a side sees the other side's
status -- plotting or submitted -- never its orders).
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
import threading
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from ..engine import REFEREE, IllegalOrder, SaveError, jsonable, map_to_dict
from ..engine.record import load, save
from ..registry import game_entry
from . import queries, teams
from .store import Store, StoredGame
from .wire import JsonParts, extra_args, info_to_dict, legal_to_dict, order_arg

log = logging.getLogger("hexplay.serve")

READS = ("state", "view", "legal", "status", "outcome", "info", "map", "query")
WRITES = ("order", "undo", "submit", "setup")
REFEREE_WRITES = ("timer",)
TEAM_WRITES = ("message",)
"""Writes of a commander's seat beside the side's (:mod:`.teams`)."""
TEAM_REFEREE_WRITES = ("move", "computer")
"""The referee's writes at a commanded game (:mod:`.teams`)."""
INTENTS = READS + WRITES + REFEREE_WRITES + TEAM_WRITES + TEAM_REFEREE_WRITES
WRITE_ARGS: dict[str, tuple[str, ...]] = {"order": ("order",), "undo": ("unit",)}
"""The arguments each write takes (``submit`` and ``setup`` take none): anything else is
refused, so ``submit {"side": other}`` is no submit of one's own plot."""
TOKEN_BYTES = 24
"""Seat tokens: ``secrets.token_urlsafe(24)``, 192 random bits (32 characters)."""
GAME_ID_BYTES = 6
"""Game ids: 48 random bits; they are not secret (the token is), only hard to guess."""
INTENT_ID_MAX = 64
KEEP_FINISHED = 60.0
"""Seconds a finished game stays in memory once no page watches it: then only the file holds
it (its status line marked finished) until a request for it replays it back."""


def shard_of(gid: str, n: int) -> int:
    """The worker (0 .. n-1) holding game ``gid``: CRC-32 of its id, modulo ``n``."""
    return zlib.crc32(gid.encode()) % n


class TableError(Exception):
    """A refused request: ``status`` is the HTTP status (400 malformed, 403 refused, 409 the
    rules said no, 500 the server failed), ``code`` a short name, ``rule`` the rule broken."""

    def __init__(self, status: int, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.rule = status, code, message, rule

    def to_dict(self) -> dict[str, Any]:
        d = {"status": self.status, "code": self.code, "message": self.message}
        if self.rule is not None:
            d["rule"] = self.rule
        return d


def refused(message: str) -> TableError:
    return TableError(403, "refused", message)


def malformed(message: str, rule: str | None = None) -> TableError:
    return TableError(400, "malformed", message, rule)


@dataclass
class Watcher:
    """A page watching a game: its seat, how to send it a message, what it was last sent."""

    seat: str
    send: Callable[[dict[str, Any]], Any]
    last: dict[str, Any] | None = None


@dataclass
class Slot:
    """One game at the table."""

    id: str
    name: str
    game: Any
    tokens: dict[str, str]
    timer: float | None = None
    title: str = ""
    deadline: float | None = None
    phase_key: tuple = ()
    intents: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    seen: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    """seat -> (version, state): the version goes up each time that seat's state changes."""
    watchers: list[Watcher] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    """Held by every call that reads or changes the game (calls may come from worker threads)."""
    team: Any = None
    """Team play: the :class:`~hexplay.engine.commanders.CommandedGame` (seats are its
    commanders'), or None (one seat a side)."""
    computer: dict[str, str] = field(default_factory=dict)
    """Team play: commander seat -> the computer player's name that plays it."""
    team_rows: int = 0
    """Team play: the store's rows of the game's creation (the team's log rows follow)."""
    json: JsonParts = field(default_factory=JsonParts, repr=False)
    """Team play: the pictures' JSON, made once per part (:class:`~.wire.JsonParts`)."""
    json_key: Any = None
    """The team's :meth:`~hexplay.engine.commanders.CommandedGame.version` of ``json``."""
    epoch: int = 0
    """When a game put out of memory was replayed back (microseconds; 0: at the table's
    start): its seats' states count their versions anew from this epoch."""
    idle_since: float | None = None
    """Since when the game has been over with no page watching it (None: it is not)."""
    push_pending: bool = False
    """A push of the pages' states is on its way (:attr:`Table.push_later`)."""

    @property
    def sides(self) -> tuple[str, ...]:
        return self.game.info.sides

    @property
    def seats(self) -> tuple[str, ...]:
        if self.team is not None:
            return (*self.team.seats(), REFEREE)
        return (*self.sides, REFEREE)


class Table:
    """Many games, their seats and their store. Calls may come from several threads: each
    game's calls are serialized by its slot's lock, the store by its own."""

    Error = TableError
    """What a refused request raises (for :mod:`.teams`, which does not import this module)."""

    def __init__(
        self,
        store: Store | None = None,
        clock: Callable[[], float] = time.time,
        shard: tuple[int, int] | None = None,
        keep_finished: float | None = KEEP_FINISHED,
    ) -> None:
        self.store = store if store is not None else Store()
        self.keep_finished = keep_finished
        """Seconds a finished game nobody watches stays in memory (None: for ever)."""
        self.shard = shard
        """(k, n): this table is worker k of n and holds the games of its shard only
        (:mod:`.shards`); None: every game in the file."""
        self.clock = clock
        self.epoch = time.time_ns() // 1000
        """This table process's start (microseconds): states are ordered by (epoch, version)."""
        self._lock = threading.Lock()
        self.app_url: str | None = None
        self.push_later: Callable[[Callable[[], None]], Any] | None = None
        """Set by the server (its worker pool's ``submit``): after a write, the other pages'
        states are pushed by a call given to this, once the writer's reply is made, instead of
        before it; one such push at a time per game, so a burst of writes to one game pushes
        each page its newest state, not one per write. None: pushed at once (tests)."""
        """The seat notebook's address (Voila), put in the links if set."""
        self.slots: dict[str, Slot] = {}
        token = self.store.meta("admin_token")
        if token is None:
            token = secrets.token_urlsafe(TOKEN_BYTES)
            self.store.set_meta("admin_token", token)
        self.admin_token = token
        for stored in self.store.games(finished=False):
            if self.owns(stored.id):
                self.slots[stored.id] = self._rebuild(stored)

    def owns(self, gid: str) -> bool:
        """Whether game ``gid`` lives in this table (always, unless it is one shard of many)."""
        if self.shard is None:
            return True
        return shard_of(gid, self.shard[1]) == self.shard[0]

    # --- games ----------------------------------------------------------------------------
    def create(
        self,
        game: str,
        scenario: Any = None,
        seed: int = 0,
        timer: float | None = None,
        title: str = "",
        commands: str | None = None,
        information: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Slot:
        """A new game of the registered ``game`` with a fresh token per seat, stored.
        ``commands``: a division's name for team play (one seat per command and per side's
        leader: :mod:`.teams`), with the ``information`` mode and the game's ``options``."""
        if not isinstance(game, str):
            raise malformed("'game' must be a registered game's name")
        try:
            entry = game_entry(game)
        except KeyError as e:
            raise malformed(str(e.args[0])) from None
        if type(seed) is not int or seed < 0:
            raise malformed(f"'seed' must be a non-negative integer, not {seed!r}")
        timer = _timer_value(timer)
        if not isinstance(title, str) or len(title) > 200:
            raise malformed("'title' must be a string of at most 200 characters")
        try:
            g = entry.new(scenario, seed=seed)
        except (KeyError, ValueError, TypeError) as e:
            raise malformed(f"cannot start {game}: {e}") from None
        team = None
        if commands is not None or information is not None or options is not None:
            try:
                team = teams.make(g, entry, commands, information, options)
            except IllegalOrder as e:
                raise malformed(e.message, e.rule) from None
        gid = secrets.token_urlsafe(GAME_ID_BYTES)
        while gid in self.slots or not self.owns(gid):  # (a shard: an id of its own)
            gid = secrets.token_urlsafe(GAME_ID_BYTES)
        seats = (*team.seats(), REFEREE) if team is not None else (*g.info.sides, REFEREE)
        tokens = {s: secrets.token_urlsafe(TOKEN_BYTES) for s in seats}
        start = {k: v for k, v in save(g).items() if k not in ("commands", "state", "dice_state")}
        if team is not None:
            start["team"] = teams.start_of(team)
        self.store.add_game(gid, game, start, tokens, g.commands.to_list(), timer, title)
        slot = Slot(gid, game, g, tokens, timer, title, team=team)
        slot.team_rows = len(g.commands.commands)
        self._settle(slot)
        with self._lock:
            self.slots[gid] = slot
        log.info("new %s game %s (%s)", game, gid, title or "untitled")
        return slot

    def _rebuild(self, stored: StoredGame) -> Slot:
        """A stored game rebuilt by replaying its commands through the rules."""
        cls = game_entry(stored.game).game_class
        team, team_rows = None, 0
        try:
            if "team" in stored.start:
                team, team_rows = teams.rebuild(stored.game, stored.start, stored.commands)
                g = team.game
            else:
                g = load(cls, {**stored.start, "commands": stored.commands})
        except SaveError as e:
            raise SaveError(f"table game {stored.id}: {e.where}", e.message) from None
        except IllegalOrder as e:
            raise SaveError(f"table game {stored.id}: team", str(e)) from None
        slot = Slot(stored.id, stored.game, g, dict(stored.seats), stored.timer, stored.title)
        if team is not None:
            slot.team, slot.team_rows = team, team_rows
            slot.computer = json.loads(self.store.meta(f"computer:{stored.id}") or "{}")
        slot.intents = {k: None for k in stored.intents}
        self._settle(slot)
        return slot

    def _reload(self, slot: Slot) -> None:
        """Put ``slot``'s game back to what the store holds (after a failed write)."""
        stored = self.store.game(slot.id)
        assert stored is not None  # (games are never deleted from the file)
        fresh = self._rebuild(stored)
        slot.game, slot.intents, slot.team = fresh.game, fresh.intents, fresh.team
        slot.team_rows = fresh.team_rows

    def slot(self, gid: Any) -> Slot | None:
        """Game ``gid``'s slot: in memory, or replayed from the file if it was put out of
        memory when it was over (None: no game ``gid`` in this table)."""
        if not isinstance(gid, str):
            return None
        slot = self.slots.get(gid)
        if slot is not None or not self.owns(gid):
            return slot
        with self._lock:  # (one replay, however many requests ask at once)
            slot = self.slots.get(gid)
            if slot is None:
                stored = self.store.game(gid)
                if stored is None:
                    return None
                slot = self._rebuild(stored)
                slot.epoch = max(time.time_ns() // 1000, self.epoch + 1)
                self.slots[gid] = slot
                log.info("finished game %s replayed from the file", gid)
        return slot

    def _evict(self, now: float) -> None:
        """Put out of memory the games over, unwatched for :attr:`keep_finished` seconds (the
        file keeps them, marked finished with their status line)."""
        keep = self.keep_finished
        if keep is None:
            return
        for slot in list(self.slots.values()):
            if not (slot.game.over and not slot.watchers):
                slot.idle_since = None
                continue
            if slot.idle_since is None:
                slot.idle_since = now
            if now - slot.idle_since < keep:
                continue
            with slot.lock:
                if slot.watchers or not slot.game.over:  # (a page came meanwhile)
                    continue
                st = {k: v for k, v in self.status(slot).items() if k != "connected"}
                self.store.set_finished(slot.id, st)
                with self._lock:
                    self.slots.pop(slot.id, None)
            log.info("finished game %s put out of memory (the file keeps it)", slot.id)

    # --- access ---------------------------------------------------------------------------
    def check_admin(self, token: Any, peer: str | None = "") -> None:
        if not _same(token, self.admin_token):
            log.warning("refused table admin request from %s", peer or "?")
            raise refused("the table's admin token is needed")

    def authorize(
        self, gid: Any, token: Any, what: str = "", peer: str | None = ""
    ) -> tuple[Slot, str]:
        """The game and seat a token opens; 403 (logged) for a missing, wrong or other game's
        token. Every seat's token is compared, in constant time, whatever matches."""
        slot = self.slot(gid)
        seat = None
        for s, t in (slot.tokens if slot else {}).items():
            if _same(token, t) and seat is None:
                seat = s
        if slot is None or seat is None:
            why = "no token" if not token else "a token that opens no seat of this game"
            log.warning("refused %s on game %r from %s: %s", what or "request", gid, peer, why)
            raise refused(f"{why}: ask the table for your seat's link")
        return slot, seat

    def links(self, slot: Slot, base: str, app_url: str | None = None) -> dict[str, str]:
        """One link per seat: ``base/seat/<game>?token=<seat's token>``; with ``app_url`` (the
        seat notebook in Voila, e.g. ``http://host:8866/voila/render/seat.ipynb``) that page
        with the seat link as its ``link`` query argument."""
        tokens = {s: slot.tokens[s] for s in slot.seats}
        return seat_links(base, slot.id, tokens, app_url or self.app_url)

    def listing(self, base: str) -> list[tuple[str, str, dict[str, str]]]:
        """Every game's ``(heading, links)`` for the teacher, oldest first: what ``hexplay
        serve`` prints at start (so a restart lists the games again)."""
        out = []
        for slot in list(self.slots.values()):
            with slot.lock:
                st = self.status(slot)
                title = f" {slot.title!r}" if slot.title else ""
                state = "over" if st["over"] else f"turn {st['turn']}"
                out.append((slot.id, f"{slot.name}{title}, {state}", self.links(slot, base)))
        for gid, (name, st) in self._out_of_memory().items():
            tokens = self.store.tokens(gid)
            title = f" {st['title']!r}" if st.get("title") else ""
            links = seat_links(base, gid, tokens, self.app_url)
            out.append((gid, f"{name}{title}, over", links))
        return out

    def _out_of_memory(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """This table's finished games not in memory: id -> (game name, last status line)."""
        return {
            gid: got
            for gid, got in self.store.finished().items()
            if gid not in self.slots and self.owns(gid)
        }

    # --- intents --------------------------------------------------------------------------
    def handle(
        self,
        gid: Any,
        token: Any,
        op: Any,
        args: Any = None,
        intent_id: Any = None,
        peer: str | None = "",
        watcher: Watcher | None = None,
    ) -> dict[str, Any]:
        """Carry out one intent for the seat ``token`` opens; a reply dict or TableError."""
        slot, seat = self.authorize(gid, token, str(op)[:20], peer)
        with slot.lock:
            return self._handle(slot, seat, op, args, intent_id, peer, watcher)

    def _handle(self, slot, seat, op, args, intent_id, peer, watcher) -> dict[str, Any]:
        args = {} if args is None else args
        if not isinstance(args, Mapping) or not all(isinstance(k, str) for k in args):
            raise malformed("'args' must be a JSON object")
        if op in READS:
            return {"ok": True, "op": op, "result": self._read(slot, seat, op, args, peer)}
        if op not in INTENTS:
            raise malformed(f"unknown intent {op!r}; intents are {list(INTENTS)}")
        key = None
        if intent_id is not None:
            if not isinstance(intent_id, str) or not 0 < len(intent_id) <= INTENT_ID_MAX:
                raise malformed(f"'id' must be a string of 1 to {INTENT_ID_MAX} characters")
            key = f"{seat}:{intent_id}"
            if key in slot.intents:  # sent again (a reconnect): answered, not applied twice
                reply = slot.intents[key] or {"ok": True, "op": op}
                return {**reply, "duplicate": True, "state": self.state(slot, seat)}
        if op in TEAM_REFEREE_WRITES:
            if seat != REFEREE:
                raise self._refuse(slot, seat, op, peer, f"only the referee may {op}")
            teams.referee_write(self, slot, op, args)
            self._push(slot)
            return {"ok": True, "op": op, "state": self.state(slot, seat)}
        if op in REFEREE_WRITES:
            if seat != REFEREE:
                raise self._refuse(slot, seat, op, peer, "only the referee sets the timer")
            slot.timer = _timer_value(args.get("seconds"))
            slot.phase_key = ()
            self._settle(slot)
            self._push(slot)
            return {"ok": True, "op": op, "state": self.state(slot, seat)}
        if seat == REFEREE:
            raise self._refuse(slot, seat, op, peer, "the referee plays no side")
        self._write(slot, seat, op, args, key)
        reply = {"ok": True, "op": op}
        if key is not None:
            slot.intents[key] = reply
        state = self.state(slot, seat)
        if watcher is not None:
            watcher.last = state
        self._push_soon(slot, {seat: state})
        return {**reply, "state": state}

    def _refuse(self, slot: Slot, seat: str, op: str, peer: str, why: str) -> TableError:
        log.warning("refused %s by %s of game %s from %s: %s", op, seat, slot.id, peer, why)
        return refused(why)

    def _side(self, slot: Slot, seat: str, args: Mapping[str, Any], op: str, peer: str) -> str:
        """The side an intent is about: the seat's own; the referee may name any."""
        if slot.team is not None and seat != REFEREE:  # a commander: its side's
            mine = teams.side_of(seat)
            if args.get("side", mine) != mine:
                raise self._refuse(slot, seat, op, peer, f"{seat} may not see another side's {op}")
            return mine
        side = args.get("side", seat)
        if side == seat or (seat == REFEREE and side in slot.seats):
            return side
        if slot.team is not None and seat == REFEREE and side in slot.sides:
            return side  # (team play: the referee also names a side, not only a seat)
        if isinstance(side, str) and side in slot.seats:
            raise self._refuse(slot, seat, op, peer, f"{seat} may not see {side}'s {op}")
        raise malformed(f"'side' must be one of {list(slot.seats)}, not {side!r}")

    def _read(self, slot: Slot, seat: str, op: str, args: Mapping[str, Any], peer: str) -> Any:
        g = slot.game
        if op == "state":
            return self.state(slot, seat)
        if op == "status":
            return self.status(slot)
        if op == "map":
            return map_to_dict(g.map)
        if op == "info":
            return {**info_to_dict(g.info), "seat": seat, "id": slot.id, "title": slot.title}
        if op == "outcome":
            if seat != REFEREE and not g.over:
                raise TableError(409, "rejected", "the outcome is known when the game is over")
            return jsonable(g.outcome())
        if slot.team is not None and seat != REFEREE:
            got = teams.read(self, slot, seat, op, args)
            if op != "query":
                return got
            answer = self._query(slot, seat, {**args, "side": teams.side_of(seat)}, peer)
            return teams.commanders_answer(slot, seat, args, answer)
        if op == "query":
            return self._query(slot, seat, args, peer)
        side = self._side(slot, seat, args, op, peer)
        if op == "view":
            if slot.team is not None and side not in (*slot.sides, REFEREE):
                return jsonable(slot.team.picture(side))  # the referee asks a commander's
            return jsonable(g.view(side))
        unit = args.get("unit")  # op == "legal"
        if unit is not None and not isinstance(unit, str):
            raise malformed(f"'unit' must be a unit id (string), not {unit!r}")
        if side == REFEREE:
            raise malformed("legal orders are a side's: name the side")
        if slot.team is not None and side not in slot.sides:  # a commander's, for the referee
            return [legal_to_dict(lo) for lo in slot.team.legal_orders(side, unit)]
        return [legal_to_dict(lo) for lo in g.legal_orders(side, unit)]

    def _query(self, slot: Slot, seat: str, args: Mapping[str, Any], peer: str) -> Any:
        """A named query (:mod:`.queries`) for the seat's side; another side's data refused."""
        try:
            q = queries.find(slot.name, args.get("q"))
            parsed = q.parse(args)
        except queries.BadArgs as e:
            raise malformed(str(e)) from None
        what = f"query {q.name}"
        if seat == REFEREE and args.get("side", REFEREE) == REFEREE and q.referee:
            side = REFEREE
        else:
            side = self._side(slot, seat, args, what, peer)
            if side == REFEREE:
                raise malformed(f"{what} is a side's: name the side")
        try:
            return q.run(slot.game, side, parsed)
        except queries.Refused as e:
            raise self._refuse(slot, seat, what, peer, str(e)) from None
        except IllegalOrder as e:
            raise TableError(409, "rejected", e.message, e.rule) from None
        except (KeyError, ValueError, TypeError) as e:  # a value the game's query cannot take
            raise malformed(f"{what}: {e}") from None

    def _write(self, slot: Slot, side: str, op: str, args: Mapping[str, Any], key) -> None:
        if slot.team is not None:  # ``side`` is a commander's seat
            return teams.write(self, slot, side, op, args, key)
        if op in TEAM_WRITES:
            raise TableError(409, "rejected", "messages are for team play (a commanded game)")
        g = slot.game
        n0 = len(g.commands.commands)
        takes = WRITE_ARGS.get(op, ())
        bad = extra_args(op, args, takes)
        if bad:
            raise malformed(bad)
        try:
            if op == "order":
                try:
                    order = order_arg(args, side)
                except IllegalOrder as e:
                    raise malformed(e.message, e.rule) from None
                if order.side != side:
                    raise self._refuse(slot, side, op, "", f"{side} orders for {side} only")
                g.order(order)
            elif op == "undo":
                unit = args.get("unit")
                if unit is not None and not isinstance(unit, str):
                    raise malformed(f"'unit' must be a unit id (string), not {unit!r}")
                g.undo(side, unit) if unit is not None else g.undo(side)
            elif op == "setup":
                setup = queries.SETUPS.get(slot.name)
                if setup is None:
                    raise TableError(409, "rejected", f"{slot.name} has no default set-up")
                if g.phase != "setup" or side not in g.to_act():
                    raise TableError(409, "rejected", f"{side} is not setting up now", "set-up")
                setup(g, side)
            else:
                g.submit(side)
            self._resolve(slot)
        except IllegalOrder as e:
            if len(g.commands.commands) != n0:  # the rules promise this never happens
                self._reload(slot)
            raise TableError(409, "rejected", e.message, e.rule) from None
        except TableError:
            if len(g.commands.commands) != n0:  # pragma: no cover - checked before acting
                self._reload(slot)
            raise
        except Exception:
            log.exception("game %s failed on %s by %s; rebuilt from the store", slot.id, op, side)
            self._reload(slot)
            raise TableError(500, "failed", "the server failed; nothing changed") from None
        self._commit(slot, n0, key)

    def _resolve(self, slot: Slot) -> None:
        """Advance while no side must act (every plot in) and the game is not over."""
        g = slot.game
        while not g.over and not g.to_act():
            g.advance()

    def _commit(self, slot: Slot, n0: int, key: str | None) -> None:
        """Store the commands logged since ``n0`` (one transaction) before anyone is told."""
        new = slot.game.commands.to_list()[n0:]
        try:
            self.store.append(slot.id, n0, new, key)
        except Exception:
            log.exception("game %s: the store refused %d commands; rebuilt", slot.id, len(new))
            self._reload(slot)
            raise TableError(500, "failed", "could not store the order; nothing changed") from None
        self._settle(slot)

    # --- status, timer and push -----------------------------------------------------------
    def status(self, slot: Slot) -> dict[str, Any]:
        """What every seat may know of the table: turn, phase, each side's status, timer."""
        g = slot.game
        acting = set(g.to_act())
        setup = g.phase == "setup"
        if g.over:
            sides = dict.fromkeys(slot.sides, "over")
        elif setup or g.info.simultaneous:
            busy, idle = ("setting up", "ready") if setup else ("plotting", "submitted")
            sides = {s: busy if s in acting else idle for s in slot.sides}
        else:
            sides = {s: "to move" if s in acting else "waiting" for s in slot.sides}
        seen = {w.seat for w in slot.watchers}
        return {
            "game": slot.id,
            "title": slot.title,
            "turn": g.turn,
            "phase": g.phase,
            "over": g.over,
            "winner": g.winner if g.over else None,
            "sides": sides,
            "timer": slot.timer,
            "deadline": slot.deadline,
            "connected": {s: s in seen for s in slot.seats},
        }

    def state(self, slot: Slot, seat: str) -> dict[str, Any]:
        """What a seat's page shows: its own view, the table's status, and a ``version`` that
        goes up each time this seat's state changes (so a client keeps the newest of a reply
        and a push; it counts only changes the seat is shown, nothing of another side), with
        the table process's ``epoch`` (its start time, in microseconds; a game replayed back
        into memory: that time): versions count anew in a restarted table, so a client orders
        states by ``(epoch, version)``."""
        if slot.team is not None:
            s = {"seat": seat, "view": self._picture(slot, seat), "status": self.status(slot)}
            s["team"] = teams.seat_state(slot, seat)
        else:
            s = {"seat": seat, "view": jsonable(slot.game.view(seat)), "status": self.status(slot)}
        version, last = slot.seen.get(seat, (0, None))
        if s != last:
            version += 1
            slot.seen[seat] = (version, s)
        return {**s, "version": version, "epoch": slot.epoch or self.epoch}

    def _picture(self, slot: Slot, seat: str) -> dict[str, Any]:
        """A commander's picture as JSON (the referee's: the true view), its parts converted
        once per state of the game and shared by every seat's state made from them."""
        if seat == REFEREE:
            return jsonable(slot.game.view(seat))
        key = slot.team.version()
        if slot.json_key != key:
            slot.json_key = key
            slot.json.next_generation()
        return slot.json(slot.team.picture(seat))

    def _settle(self, slot: Slot) -> None:
        """Restart the class timer when a new plot or turn begins (not during set-up)."""
        g = slot.game
        key = (g.turn, g.phase, tuple(g.to_act()) if not g.info.simultaneous else ())
        if key == slot.phase_key:
            return
        slot.phase_key = key
        timer = slot.timer
        running = timer is not None and not g.over and g.phase != "setup"
        slot.deadline = self.clock() + timer if running and timer is not None else None

    def tick(self, now: float | None = None) -> list[str]:
        """Submit, as they stand, the plots of the sides still acting when their time is up;
        returns the ids of the games that changed. (Also puts out of memory the games over
        that no page has watched for :attr:`keep_finished` seconds.)"""
        now = self.clock() if now is None else now
        self._evict(now)
        changed = []
        for slot in list(self.slots.values()):
            if slot.deadline is None or slot.deadline > now:
                continue
            with slot.lock:
                if slot.deadline is not None and slot.deadline <= now:
                    self._expire(slot)
                    changed.append(slot.id)
        return changed

    def _expire(self, slot: Slot) -> None:
        """Time is up: submit the plots of the sides still acting, as they stand."""
        slot.deadline = None
        if slot.team is not None:  # each side's leader submits for its silent commands
            for side in slot.game.to_act():
                try:
                    self._write(slot, teams.leader(side), "submit", {}, None)
                except TableError as e:
                    log.warning("game %s: time is up, %s cannot submit: %s", slot.id, side, e)
            self._push(slot)
            return
        for side in slot.game.to_act():
            try:
                self._write(slot, side, "submit", {}, None)
                log.info("game %s: time is up, %s's plot submitted", slot.id, side)
            except TableError as e:
                log.warning("game %s: time is up, %s cannot submit: %s", slot.id, side, e)
        self._push(slot)

    def watch(
        self, gid: Any, token: Any, send: Callable[[dict], Any], peer: str | None = ""
    ) -> Watcher:
        """Send ``send`` this seat's state now and whenever it changes."""
        while True:
            slot, seat = self.authorize(gid, token, "watch", peer)
            w = Watcher(seat, send)
            with slot.lock:
                if self.slots.get(gid) is not slot:  # put out of memory meanwhile: again
                    continue
                slot.watchers.append(w)
                self._push(slot)  # the new page, and the others' "connected"
            return w

    def unwatch(self, gid: str, w: Watcher) -> None:
        slot = self.slots.get(gid)
        if slot is None:
            return
        with slot.lock:
            if w in slot.watchers:
                slot.watchers.remove(w)
                self._push(slot)

    def _push_soon(self, slot: Slot, made: dict[str, dict[str, Any]]) -> None:
        """:meth:`_push` now, or by :attr:`push_later` (unless one is on its way)."""
        if slot.push_pending:
            return
        later = self.push_later
        if later is not None:
            slot.push_pending = True
            try:
                later(lambda: self._pushed(slot))
                return
            except RuntimeError:  # (the pool is shutting down) pushed at once
                slot.push_pending = False
        self._push(slot, made)

    def _pushed(self, slot: Slot) -> None:
        with slot.lock:
            slot.push_pending = False
            self._push(slot)

    def _push(self, slot: Slot, made: dict[str, dict[str, Any]] | None = None) -> None:
        """Each watcher whose seat's state changed gets it (views made once per seat; ``made``:
        states just made, as :meth:`state` gives them now)."""
        states: dict[str, dict[str, Any]] = dict(made or {})
        for w in list(slot.watchers):
            if w.seat not in states:
                states[w.seat] = self.state(slot, w.seat)
            if w.last is None or states[w.seat]["version"] != w.last["version"]:
                w.last = states[w.seat]
                try:
                    w.send({"type": "state", **w.last})
                except Exception:  # a closed page: it reconnects and is sent the state again
                    slot.watchers.remove(w)

    def games(self) -> list[dict[str, Any]]:
        """A line per game for the teacher (no tokens)."""
        out = []
        for s in list(self.slots.values()):
            with s.lock:
                out.append({"id": s.id, "game": s.name, **self.status(s)})
        for gid, (name, st) in self._out_of_memory().items():
            out.append({"id": gid, "game": name, **st, "connected": {}})
        return out


def seat_links(
    base: str, gid: str, tokens: Mapping[str, str], app_url: str | None = None
) -> dict[str, str]:
    """Seat -> its link: ``base/seat/<gid>?token=<token>``, or with ``app_url`` (the seat
    page, e.g. Voila's) that page with the seat link as its ``link`` query argument."""
    links = {s: f"{base}/seat/{gid}?token={t}" for s, t in tokens.items()}
    if app_url:
        links = {s: f"{app_url}?{urlencode({'link': u})}" for s, u in links.items()}
    return links


def _same(given: Any, token: str) -> bool:
    """``hmac.compare_digest`` of the given token and a seat's (False for a non-string)."""
    if not isinstance(given, str):
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), token.encode())


def _timer_value(v: Any) -> float | None:
    if v is None:
        return None
    if type(v) not in (int, float) or not 5 <= v <= 3600:
        raise malformed(f"'timer' is seconds per plot or turn (5 to 3600), or null; not {v!r}")
    return float(v)
