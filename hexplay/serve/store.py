"""The table's SQLite file: every game's start (a save without state) and its command log.

An accepted intent's commands are appended in one transaction *before* the intent is
acknowledged, so an acknowledged order survives a crash of the server (SIGKILL included: the
WAL is written to the OS before ``commit`` returns). ``synchronous=NORMAL`` in WAL mode can lose
the last transactions only if the *machine* loses power; ``durable=True`` sets ``FULL`` for that.

Layout::

    meta(key, value)                     the table's admin token
    games(id, game, start, timer, title, created)
        start: the game's record.save() when it was created, without "state"/"dice_state"
    seats(game_id, seat, token)          one secret per seat (each side and "referee")
    commands(game_id, seq, op, args, turn, intent)
        the game's command log entries in order; ``intent`` is "<seat>:<client id>" of the
        intent that produced them (so a re-sent intent is answered, not applied twice)
    finished(game_id, at, status)        games over and put out of the table's memory: not
        rebuilt at start, replayed when asked for (``status``: the table's status line)

Tokens are stored as given (the teacher may print the links again after a restart); the file is
created readable by its owner only.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, start TEXT NOT NULL,
    timer REAL, title TEXT NOT NULL DEFAULT '', created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id), seat TEXT NOT NULL, token TEXT NOT NULL,
    PRIMARY KEY (game_id, seat));
CREATE TABLE IF NOT EXISTS commands (
    game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, op TEXT NOT NULL,
    args TEXT NOT NULL, turn INTEGER NOT NULL, intent TEXT,
    PRIMARY KEY (game_id, seq));
CREATE TABLE IF NOT EXISTS finished (
    game_id TEXT PRIMARY KEY REFERENCES games(id), at REAL NOT NULL, status TEXT NOT NULL);
"""


@dataclass(frozen=True)
class StoredGame:
    """One game as the file holds it."""

    id: str
    game: str
    start: dict[str, Any]
    timer: float | None
    title: str
    seats: dict[str, str]
    commands: list[dict[str, Any]]
    intents: dict[str, int]
    """``"<seat>:<client id>"`` -> the command count after that intent (for re-sent intents)."""


def _locked(method):
    """Run ``method`` holding the store's lock."""

    @functools.wraps(method)
    def run(self, *args, **kw):
        with self.lock:
            return method(self, *args, **kw)

    return run


class Store:
    """One SQLite file (or ``":memory:"``) holding every game of a table."""

    def __init__(self, path: str | os.PathLike = ":memory:", durable: bool = False) -> None:
        self.path = str(path)
        if self.path != ":memory:" and not os.path.exists(self.path):
            os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        self.lock = threading.RLock()  # one connection, used by the server's worker threads
        # (timeout: the workers of a sharded table share the file; a writer waits its turn)
        self.db = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=30
        )
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.executescript(SCHEMA)

    @_locked
    def close(self) -> None:
        self.db.close()

    # --- the table ------------------------------------------------------------------------
    @_locked
    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    @_locked
    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # --- games ----------------------------------------------------------------------------
    def add_game(
        self,
        gid: str,
        game: str,
        start: Mapping[str, Any],
        seats: Mapping[str, str],
        commands: Iterable[Mapping[str, Any]],
        timer: float | None = None,
        title: str = "",
    ) -> None:
        """A new game, its seats and the commands its creation logged, in one transaction."""
        with self._tx() as db:
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)",
                (gid, game, json.dumps(dict(start)), timer, title, time.time()),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?)", [(gid, s, t) for s, t in seats.items()]
            )
            self._insert(db, gid, 0, commands, None)

    def append(
        self, gid: str, start: int, commands: Iterable[Mapping[str, Any]], intent: str | None
    ) -> None:
        """Append ``commands`` as entries ``start, start+1, ...`` of game ``gid``'s log, in one
        transaction (a clash with entries already there raises and writes nothing)."""
        with self._tx() as db:
            self._insert(db, gid, start, commands, intent)

    def set_tokens(self, gid: str, tokens: Mapping[str, str]) -> None:
        """Give seats of game ``gid`` new tokens (team play: a student moved to another
        command keeps their link), in one transaction."""
        with self._tx() as db:
            db.executemany(
                "UPDATE seats SET token=? WHERE game_id=? AND seat=?",
                [(t, gid, s) for s, t in tokens.items()],
            )

    @staticmethod
    def _insert(db, gid: str, start: int, commands, intent: str | None) -> None:
        db.executemany(
            "INSERT INTO commands VALUES (?, ?, ?, ?, ?, ?)",
            [
                (gid, start + i, c["op"], json.dumps(c["args"]), int(c["turn"]), intent)
                for i, c in enumerate(commands)
            ],
        )

    def _tx(self):
        return _Transaction(self.db, self.lock)

    @_locked
    def games(self, finished: bool = True) -> list[StoredGame]:
        """Every game in the file, in creation order (``finished=False``: but those marked
        :meth:`finished`)."""
        where = "" if finished else " WHERE id NOT IN (SELECT game_id FROM finished)"
        rows = self.db.execute(
            f"SELECT id, game, start, timer, title FROM games{where} ORDER BY created, id"
        ).fetchall()
        return [self._stored(*row) for row in rows]

    @_locked
    def game(self, gid: str) -> StoredGame | None:
        """Game ``gid`` as the file holds it (None: no such game)."""
        row = self.db.execute(
            "SELECT id, game, start, timer, title FROM games WHERE id=?", (gid,)
        ).fetchone()
        return self._stored(*row) if row else None

    def _stored(self, gid: str, game: str, start: str, timer, title: str) -> StoredGame:
        seats = self.tokens(gid)
        cmds, intents = [], {}
        for op, args, turn, intent in self.db.execute(
            "SELECT op, args, turn, intent FROM commands WHERE game_id=? ORDER BY seq", (gid,)
        ):
            cmds.append({"op": op, "args": json.loads(args), "turn": turn})
            if intent is not None:
                intents[intent] = len(cmds)
        return StoredGame(gid, game, json.loads(start), timer, title, seats, cmds, intents)

    def set_finished(self, gid: str, status: Mapping[str, Any]) -> None:
        """Mark game ``gid`` over and out of memory, with its last status line."""
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO finished VALUES (?, ?, ?)",
                (gid, time.time(), json.dumps(dict(status))),
            )

    @_locked
    def finished(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """Games marked :meth:`set_finished`: id -> (game name, last status line), oldest
        first."""
        rows = self.db.execute(
            "SELECT f.game_id, g.game, f.status FROM finished f JOIN games g ON g.id = f.game_id"
            " ORDER BY g.created, g.id"
        ).fetchall()
        return {gid: (game, json.loads(status)) for gid, game, status in rows}

    @_locked
    def tokens(self, gid: str) -> dict[str, str]:
        """Game ``gid``'s seats and their tokens."""
        return dict(self.db.execute("SELECT seat, token FROM seats WHERE game_id=?", (gid,)))

    @_locked
    def command_count(self, gid: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM commands WHERE game_id=?", (gid,)).fetchone()[
            0
        ]


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error), holding the lock."""

    def __init__(self, db: sqlite3.Connection, lock: threading.RLock) -> None:
        self.db, self.lock = db, lock

    def __enter__(self) -> sqlite3.Connection:
        self.lock.acquire()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.lock.release()
            raise
        return self.db

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            self.db.execute("ROLLBACK" if exc_type else "COMMIT")
        finally:
            self.lock.release()
