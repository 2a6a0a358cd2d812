"""``hexplay serve``: start a table (one process, many games) and print its links.

    hexplay serve [--db FILE] [--ip 127.0.0.1] [--port 8765] [--public-url URL]
                  [--new GAME ...] [--seed N] [--timer SECONDS] [--plugin MODULE ...]
                  [--workers N]

``--new GAME`` (a registered game's name) starts a game at once and prints one link per seat;
more games are made with the admin token (``POST /api/table``, printed at start) or
``TableServer.new_game`` in a notebook. ``--ip 0.0.0.0`` lets other machines reach the table
(see :mod:`hexplay.serve.app`). ``--workers N`` spreads the games over N worker processes
behind a front on ``--port`` (see :mod:`hexplay.serve.shards`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import logging
import sys

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
    ap.add_argument("--new", action="append", default=[], metavar="GAME", help="start a game")
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
    from ..registry import new_game

    g = new_game(name, seed=0)
    play(g, [RandomPlayer(side, i) for i, side in enumerate(g.info.sides)], max_turns=turns)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    if args.quiet:
        logging.getLogger("hexplay.serve.access").setLevel(logging.WARNING)
    if args.workers < 1:
        raise SystemExit("--workers must be 1 or more")
    if args.workers > 1:
        return _sharded(args)  # (the workers import the plugins and warm up)
    for mod in args.plugin:
        importlib.import_module(mod)
    for name in args.warm:
        warm(name)

    def ready(table, base: str) -> None:
        print(f"hexplay table at {base} ({len(table.slots)} games from {args.db})", flush=True)
        print(f"admin token (to make games: POST {base}/api/table): {table.admin_token}")
        for i, name in enumerate(args.new):
            slot = table.create(name, seed=args.seed + i, timer=args.timer)
            print(f"game {slot.id} ({name}):")
            for seat, link in table.links(slot, base).items():
                print(f"  {seat:>10}: {link}")
        sys.stdout.flush()

    shard = parse_shard(args.shard) if args.shard else None
    with contextlib.suppress(KeyboardInterrupt):
        main = serve_forever(
            args.db, args.ip, args.port, args.public_url, args.durable, ready, args.app_url,
            shard,
        )  # fmt: skip
        asyncio.run(main)
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
    if args.app_url:
        extra += ["--app-url", args.app_url]

    async def ready(front, base: str) -> None:
        print(f"hexplay table at {base} ({len(front.workers)} workers, {args.db})", flush=True)
        print(f"admin token (to make games: POST {base}/api/table): {front.admin_token}")
        client = tornado.httpclient.AsyncHTTPClient()
        for i, name in enumerate(args.new):
            body = {"game": name, "seed": args.seed + i, "timer": args.timer}
            r = await client.fetch(
                base + "/api/table", method="POST", body=json.dumps(body),
                headers={"Authorization": f"Bearer {front.admin_token}"},
            )  # fmt: skip
            d = json.loads(r.body)
            print(f"game {d['id']} ({name}):")
            for seat, link in d["links"].items():
                print(f"  {seat:>10}: {link}")
        sys.stdout.flush()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(
            serve_sharded(
                args.db, args.ip, args.port, args.workers, args.public_url, args.durable,
                ready, extra,
            )
        )  # fmt: skip
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
