"""``hexplay serve``: start a table (one process, many games) and print its links.

    hexplay serve [--db FILE] [--ip 127.0.0.1] [--port 8765] [--public-url URL]
                  [--new GAME ...] [--seed N] [--timer SECONDS] [--plugin MODULE ...]

``--new skirmish`` starts a game at once and prints one link per seat; more games are made with
the admin token (``POST /api/table``, printed at start) or ``TableServer.new_game`` in a
notebook. ``--ip 0.0.0.0`` lets other machines reach the table (see :mod:`hexplay.serve.app`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import logging
import sys

from .app import serve_forever


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

    with contextlib.suppress(KeyboardInterrupt):
        main = serve_forever(
            args.db, args.ip, args.port, args.public_url, args.durable, ready, args.app_url
        )
        asyncio.run(main)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
