"""``hexplay serve``: start a table (one process, many games) and print its links.

    hexplay serve [--db FILE] [--ip 127.0.0.1] [--port 8765] [--public-url URL]
                  [--new GAME ...] [--commands DIVISION] [--information MODE]
                  [--seed N] [--timer SECONDS] [--plugin MODULE ...]
                  [--workers N] [--app-url URL | --app-port PORT | --no-app]

``--new GAME`` (a registered game's name) starts a game at once and prints one link per seat;
at start the links of the games the file already holds are printed too (a restart lists them
again). ``--commands DIVISION`` makes the ``--new`` games team games (:mod:`.teams`): one
link per command, per side's leader and the referee. More games are made with the admin token
(``POST /api/table``, printed at start) or ``TableServer.new_game`` in a notebook. The links
open a playable board: with Voila installed
(``pip install 'hexplay[demo]'``) the table starts it on its packaged seat notebook
(:mod:`hexplay.serve.seat_pages`, on ``--app-port``) and stops it on exit; ``--app-url`` names a
seat page served elsewhere instead; ``--no-app`` (or no Voila) leaves the table's own status
page. ``--ip 0.0.0.0`` lets other machines reach the table (see :mod:`hexplay.serve.app`).
``--workers N`` spreads the games over N worker processes behind a front on ``--port`` (see
:mod:`hexplay.serve.shards`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import gc
import importlib
import logging
import signal
import sys
from collections.abc import Iterable

from . import seat_pages
from .app import serve_forever
from .shards import parse_shard, serve_sharded


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="hexplay serve", description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="hexplay-table.sqlite", help="the table's SQLite file")
    ap.add_argument(
        "--ip", default="127.0.0.1", help="address to listen on (default: only this machine)"
    )
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--public-url", default=None, help="the address put in the links")
    ap.add_argument(
        "--app-url", default=None,
        help="the seat notebook in Voila (e.g. http://HOST:8866/voila/render/seat.ipynb): "
        "links open it",
    )  # fmt: skip
    ap.add_argument(
        "--app-port", type=int, default=0,
        help="the port of the seat pages (Voila, started by the table; default: a free one)",
    )  # fmt: skip
    ap.add_argument(
        "--no-app", action="store_true",
        help="start no Voila: the links open the table's own status page",
    )  # fmt: skip
    ap.add_argument("--new", action="append", default=[], metavar="GAME", help="start a game")
    ap.add_argument(
        "--commands", default=None, metavar="DIVISION",
        help="team play for the --new games: each side divided into commands (e.g. vehicles), "
        "one link per command, per side's leader and the referee",
    )  # fmt: skip
    ap.add_argument(
        "--information", default=None, choices=("shared", "per_commander"),
        help="team play: every commander sees the side's view, or only its own picture",
    )  # fmt: skip
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timer", type=float, default=None, help="seconds per plot or turn")
    ap.add_argument("--durable", action="store_true", help="fsync every order (power loss)")
    ap.add_argument(
        "--plugin", action="append", default=[], metavar="MODULE",
        help="import MODULE first (it registers more games)",
    )  # fmt: skip
    ap.add_argument(
        "--warm", action="append", default=[], metavar="GAME",
        help="play a few turns of GAME first (off the record) so its per-map tables are built "
        "before the first class game",
    )  # fmt: skip
    ap.add_argument("--quiet", action="store_true", help="no access log")
    ap.add_argument(
        "--workers", type=int, default=1,
        help="worker processes holding the games (each game in one; a front on --port routes "
        "by game id; workers on the next ports)",
    )  # fmt: skip
    ap.add_argument("--shard", default=None, help=argparse.SUPPRESS)  # K/N: one worker
    return ap


def warm(name: str, turns: int = 3) -> None:
    """A few turns of ``name`` between random players, thrown away (builds shared tables)."""
    from ..ai.player import play
    from ..ai.random import RandomPlayer
    from ..engine.commanders import CommandedGame
    from ..registry import game_entry, new_game

    g = new_game(name, seed=0)
    play(g, [RandomPlayer(side, i) for i, side in enumerate(g.info.sides)], max_turns=turns)
    spec = game_entry(name).part("commands")
    if spec is not None and not g.over:  # team play's pictures (each command's own sight)
        CommandedGame(g, spec, information="per_commander")


def print_games(games: Iterable[tuple[str, str, dict[str, str]]]) -> None:
    """Each game's heading and one link per seat."""
    for gid, heading, links in games:
        print(f"game {gid} ({heading}):")
        for seat, link in links.items():
            print(f"  {seat:>10}: {link}")


def _stop_on_sigterm() -> None:
    """SIGTERM ends the table as Ctrl-C does (so the seat pages' Voila is stopped too)."""

    def interrupt(_sig: int, _frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def start_pages(
    args: argparse.Namespace, base: str, say: list[str] | None = None
) -> seat_pages.SeatPages | None:
    """The seat pages for the table at ``base``: Voila started (its address said), or None
    with a line saying what the links open and how to get the board. Lines are printed, or
    appended to ``say`` (to be printed later)."""

    def tell(line: str) -> None:
        if say is None:
            print(line, flush=True)
        else:
            say.append(line)

    if args.app_url:
        tell(f"seat pages at {args.app_url}")
        return None
    if args.no_app:
        tell("seat links open the table's status page (--no-app)")
        return None
    if not seat_pages.available():
        tell(
            "seat links open the table's status page: for the board in the browser, "
            f"{seat_pages.INSTALL_HINT} (Voila) and restart hexplay serve"
        )
        return None
    if say is None:
        print("starting the seat pages (Voila)...", flush=True)
    try:
        pages = seat_pages.SeatPages(base, args.ip, args.app_port).start()
    except (RuntimeError, OSError) as e:
        tell(f"the seat pages did not start; links open the status page: {e}")
        return None
    tell(f"seat pages (Voila) at {pages.url}")
    return pages


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    if args.quiet:
        logging.getLogger("hexplay.serve.access").setLevel(logging.WARNING)
    if args.workers < 1:
        raise SystemExit("--workers must be 1 or more")
    if not 0 <= args.app_port <= 65535:
        raise SystemExit(f"--app-port must be a port (0 to 65535), not {args.app_port}")
    _stop_on_sigterm()
    if args.workers > 1:
        return _sharded(args)  # (the workers import the plugins and warm up)
    for mod in args.plugin:
        importlib.import_module(mod)
    for name in args.warm:
        warm(name)
    # What import and warm-up made lives as long as the table: no full collection walks it
    # again (with it, a collection paused an intent 70-120 ms: the p99 of a team table).
    gc.freeze()
    pages: list[seat_pages.SeatPages] = []

    def ready(table, base: str) -> None:
        print(f"hexplay table at {base} ({len(table.slots)} games from {args.db})", flush=True)
        print(f"admin token (to make games: POST {base}/api/table): {table.admin_token}")
        if args.shard is not None:  # a worker: its front prints the games (and the pipe
            sys.stdout.flush()  # it reads is not drained)
            return
        p = start_pages(args, base)
        if p is not None:
            pages.append(p)
            table.app_url = p.url
        print_games(table.listing(base))
        for i, name in enumerate(args.new):
            slot = table.create(
                name, seed=args.seed + i, timer=args.timer, commands=args.commands,
                information=args.information,
            )  # fmt: skip
            print_games([(slot.id, name, table.links(slot, base))])
        sys.stdout.flush()

    shard = parse_shard(args.shard) if args.shard else None
    try:
        with contextlib.suppress(KeyboardInterrupt):
            main = serve_forever(
                args.db, args.ip, args.port, args.public_url, args.durable, ready, args.app_url,
                shard,
            )  # fmt: skip
            asyncio.run(main)
    except OSError as e:  # the port: in use, or not this machine's address
        if e.errno not in (errno.EADDRINUSE, errno.EADDRNOTAVAIL, errno.EACCES):
            raise
        where = f"{args.ip}:{args.port}"
        raise SystemExit(f"hexplay serve: cannot listen on {where}: {e.strerror}") from None
    finally:
        for p in pages:
            p.stop()
    return 0


def _sharded(args: argparse.Namespace) -> int:
    """``--workers N``: a front and N worker processes (see :mod:`hexplay.serve.shards`)."""
    import json

    import tornado.httpclient

    extra = ["--quiet"] if args.quiet else []
    for mod in args.plugin:
        extra += ["--plugin", mod]
    for name in args.warm:
        extra += ["--warm", name]
    pages: list[seat_pages.SeatPages] = []

    async def ready(front, base: str) -> None:
        print(f"hexplay table at {base} ({len(front.workers)} workers, {args.db})", flush=True)
        print(f"admin token (to make games: POST {base}/api/table): {front.admin_token}")
        for line in said:
            print(line)
        print_games(stored_games(args.db, base, args.app_url))
        client = tornado.httpclient.AsyncHTTPClient()
        for i, name in enumerate(args.new):
            body = {"game": name, "seed": args.seed + i, "timer": args.timer}
            if args.commands is not None or args.information is not None:
                body.update(commands=args.commands, information=args.information)
            r = await client.fetch(
                base + "/api/table", method="POST", body=json.dumps(body),
                headers={"Authorization": f"Bearer {front.admin_token}"},
            )  # fmt: skip
            d = json.loads(r.body)
            print_games([(d["id"], name, d["links"])])
        sys.stdout.flush()

    from .urls import public_url

    said: list[str] = []  # (printed after the table's address)
    if args.port == 0 and not (args.app_url or args.no_app):
        said.append("seat links open the table's status page: the seat pages need a fixed --port")
    else:  # started first: the workers make the links, they are told the pages' address
        p = start_pages(args, public_url(args.ip, args.port, args.public_url), said)
        if p is not None:
            pages.append(p)
            args.app_url = p.url
    if args.app_url:
        extra += ["--app-url", args.app_url]
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(
                serve_sharded(
                    args.db, args.ip, args.port, args.workers, args.public_url, args.durable,
                    ready, extra,
                )
            )  # fmt: skip
    finally:
        for p in pages:
            p.stop()
    return 0


def stored_games(db: str, base: str, app_url: str | None) -> list[tuple[str, str, dict]]:
    """The games ``db`` holds with their links (a sharded table's front lists them so)."""
    from .store import Store
    from .table import seat_links

    store = Store(db)
    try:
        games = store.games()
    finally:
        store.close()
    out = []
    for g in games:
        tokens = dict(sorted(g.seats.items(), key=lambda kv: kv[0] == "referee"))
        heading = f"{g.game} {g.title!r}" if g.title else g.game
        out.append((g.id, heading, seat_links(base, g.id, tokens, app_url)))
    return out


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
