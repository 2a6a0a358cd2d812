"""Load on a table: concurrent games of random computer players through a real server process.

    python benchmarks/table.py [--games 30] [--duration 60] [--game skirmish] [--think 0.05]

A ``hexplay serve`` process on 127.0.0.1 (a temporary SQLite file) holds ``--games`` games;
this process plays both seats of each over one WebSocket per seat (asyncio), random legal orders
then submit, starting a new game in a slot when one ends, until ``--duration`` seconds have
passed (or ``--max-games`` games ended). Each seat waits ``--think`` seconds before each intent
(default 2 s: a quick human; 0 for flat out). Then the server is stopped and its file checked: every
acknowledged write is stored exactly once (no lost or duplicated order) and no request failed.

Prints ``table_orders_per_s`` (acknowledged orders per second, all games) and
``table_p99_intent_ms`` (a write intent sent -> its reply with the seat's new view received).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hexplay.ai.random import random_completion  # noqa: E402
from hexplay.engine import IllegalOrder  # noqa: E402
from hexplay.serve.client import AsyncSeat  # noqa: E402
from hexplay.serve.wire import legal_from_dict  # noqa: E402

BUSY = ("setting up", "plotting", "to move")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.ops: list[str] = []  # the write of each latency
        self.orders = 0
        self.refused = 0  # the rules said no to a random completion (not an error)
        self.errors: list[str] = []
        self.acked: dict[str, list[tuple[str, str, bool]]] = {}  # game -> (side, id, resent)
        self.games_done = 0
        self.seats = 0  # seats a game (the last game connected)
        self.clients = 0  # clients a game (team play: a client may hold two seats)


def start_server(db: str, game: str, workers: int = 1) -> tuple[subprocess.Popen, str, str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"}
    cmd = [sys.executable, "-m", "hexplay.serve.cli", "--db", db, "--port", "0", "--quiet"]
    cmd += ["--workers", str(workers)]
    if game.startswith("tag"):
        cmd += ["--plugin", "serve_tiny"]
    cmd += ["--warm", game]  # per-map tables built once, before the clock starts
    log = open(os.path.join(os.path.dirname(db), "server.log"), "w")  # noqa: SIM115
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, env=env, text=True)
    base = p.stdout.readline().split()[3]
    admin = p.stdout.readline().strip().rsplit(" ", 1)[1]
    return p, base, admin


def new_game(base: str, admin: str, game: str, seed: int, **extra: object) -> dict:
    """A new table game (``extra``: more fields of the request, e.g. ``commands``)."""
    body = {"game": game, "seed": seed, **extra}
    r = urllib.request.Request(base + "/api/table", json.dumps(body).encode())
    r.add_header("Authorization", f"Bearer {admin}")
    with urllib.request.urlopen(r, timeout=30) as resp:
        return json.loads(resp.read())


async def timed(seat: AsyncSeat, side: str, stats: Stats, gid: str, op: str, **args) -> dict:
    """One write intent, timed from sending to its reply (holding the seat's new view)."""
    t0 = time.perf_counter()
    reply = await seat.intent(op, **args)
    stats.latencies.append(time.perf_counter() - t0)
    stats.ops.append(op)
    stats.acked.setdefault(gid, []).append((side, reply["id"], reply.get("duplicate", False)))
    return reply


async def play_seat(seat, side, gid, rng, stats, args, end) -> None:
    """A random player for one seat (as hexplay.ai.random.RandomPlayer, over the socket)."""
    while True:
        try:
            st = await seat.wait_for(
                lambda s: s["status"]["over"] or s["status"]["sides"][side] in BUSY,
                max(0.1, end - time.time()),
            )
        except asyncio.TimeoutError:  # time is up while the other side plots
            return
        if st["status"]["over"] or time.time() > end:
            return
        setup = st["status"]["phase"] == "setup"
        n = 0
        for _ in range(10_000):
            await asyncio.sleep(args.think)
            if time.time() > end:  # time is up: the game is left unfinished
                return
            legal = (await seat.intent("legal"))["result"]
            stop = not setup and (n >= 40 or rng.random() < 0.1)
            if not legal or stop:
                try:
                    await timed(seat, side, stats, gid, "submit")
                    break
                except IllegalOrder:
                    if not legal:
                        stats.errors.append(f"{gid} {side}: no plot the rules accept")
                        return
            choice = legal_from_dict(legal[int(rng.integers(len(legal)))])
            order = random_completion(choice, rng)
            if order is None:
                continue
            try:
                reply = await timed(seat, side, stats, gid, "order", order=order.to_dict())
                stats.orders += 1
                n += 1
            except IllegalOrder:
                stats.refused += 1
                continue
            if reply["state"]["status"]["sides"][side] not in BUSY:
                break


async def play_slot(k: int, base: str, admin: str, stats: Stats, args, end: float) -> None:
    seed = k
    while time.time() < end and stats.games_done < args.max_games:
        d = await asyncio.to_thread(new_game, base, admin, args.game, seed)
        seed += args.games
        gid = d["id"]
        seats = {}
        for side, tok in d["tokens"].items():
            if side != "referee":
                seats[side] = await AsyncSeat(base, gid, tok).connect()
        rng = np.random.default_rng(seed)
        try:
            await asyncio.gather(
                *(play_seat(s, side, gid, rng, stats, args, end) for side, s in seats.items())
            )
        except Exception as e:  # noqa: BLE001 - every failure is counted and reported
            stats.errors.append(f"{gid}: {type(e).__name__}: {e}")
        finally:
            for s in seats.values():
                s.close()
        stats.games_done += all(s.state and s.state["status"]["over"] for s in seats.values())


def check_store(db: str, stats: Stats) -> list[str]:
    """Every acknowledged write stored once: per game, the intents in the file are exactly the
    acknowledged ones (none lost, none extra), each one contiguous block of commands (none
    applied twice)."""
    problems = []
    with sqlite3.connect(db) as c:
        for gid, acked in stats.acked.items():
            rows = c.execute(
                "SELECT intent FROM commands WHERE game_id=? AND intent IS NOT NULL ORDER BY seq",
                (gid,),
            ).fetchall()
            stored = [i for (i,) in rows]
            blocks = [i for k, i in enumerate(stored) if k == 0 or stored[k - 1] != i]
            want = {f"{side}:{mid}" for side, mid, _dup in acked}
            if set(blocks) != want or len(blocks) != len(set(blocks)):
                lost, extra = len(want - set(blocks)), len(set(blocks) - want)
                twice = len(blocks) - len(set(blocks))
                problems.append(f"{gid}: {lost} lost, {extra} extra, {twice} applied twice")
    return problems


async def run(args, slot=None, prefix: str = "hexplay-table-") -> Stats:
    """Serve, play ``args.games`` slots at once (``slot``: the coroutine playing one; default
    :func:`play_slot`) for ``args.duration`` seconds, stop, check the stored file."""
    slot = slot or play_slot
    stats = Stats()
    tmp = tempfile.mkdtemp(prefix=prefix)
    db = os.path.join(tmp, "table.sqlite")
    p, base, admin = start_server(db, args.game, args.workers)
    try:
        t0 = time.time()
        end = t0 + args.duration
        await asyncio.gather(*(slot(k, base, admin, stats, args, end) for k in range(args.games)))
        stats.elapsed = time.time() - t0
    finally:
        p.terminate()
        p.wait(30)
    stats.errors += check_store(db, stats)
    return stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30, help="concurrent games")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    ap.add_argument("--max-games", type=int, default=10_000, help="stop after this many games")
    ap.add_argument("--game", default="skirmish")
    ap.add_argument("--think", type=float, default=2.0, help="seconds before each intent")
    ap.add_argument(
        "--workers", type=int, default=2,
        help="table worker processes (hexplay serve --workers; 1: one process)",
    )  # fmt: skip
    args = ap.parse_args(argv)
    stats = asyncio.run(run(args))
    lat = np.array(stats.latencies) * 1000
    print(
        f"# {args.games} games of {args.game} on {args.workers} table worker(s), "
        f"{stats.elapsed:.0f} s, {stats.games_done} games "
        f"ended, think {args.think} s, {len(lat)} write intents ({stats.refused} orders "
        "refused by the rules), "
        f"median {np.median(lat):.1f} ms, {len(stats.errors)} errors"
    )
    ops = np.array(stats.ops)
    for op in ("order", "submit"):
        if (ops == op).any():
            p99 = np.percentile(lat[ops == op], 99)
            print(f"#   {op}: {(ops == op).sum()} intents, p99 {p99:.1f} ms")
    for e in stats.errors[:10]:
        print("#   error:", e)
    print(f"table_orders_per_s: {stats.orders / stats.elapsed:.1f} orders/s")
    print(f"table_p99_intent_ms: {np.percentile(lat, 99):.1f} ms")
    return 1 if stats.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
