"""Load on a table of team games: concurrent commanded games, every commander a computer-driven
client over its own WebSockets, through a real server process.

    python benchmarks/table_teams.py [--games 10] [--duration 600] [--game skirmish]
                                     [--commands vehicles] [--think 2] [--own-leader adversary]

A ``hexplay serve`` process on 127.0.0.1 (a temporary SQLite file) holds ``--games`` games made
with ``commands`` (SKIRMISH by vehicle: the defender's T, E1 and E2 and the adversary's two
teams, each side's leader, 7 seats a game). This process plays them with **6 clients a game**,
the issue's "10 games of 6 commands" (a class of six students a game), each on its own socket
per seat: one client per command (5), and the adversary's leader, a client of its own
(``--own-leader``: the ambush's chief, who sets the ambush up and then, each turn of play,
sends its teams a short message); the defender's leader seat is held by the T client (the
convoy commander rides in the transporter), which sets the convoy up before it plots T.

A leader sets its side up (random legal orders, then its submit, which is every command's);
each command plots random legal orders of its own units then submits (after a refused submit,
first the units the refusal names), and the turn resolves when every command is in. A new
game starts in a slot when one ends, until ``--duration`` seconds have passed. Each seat waits
``--think`` seconds before each intent. Then the server is stopped and its file checked: every
acknowledged write is stored exactly once (no lost or duplicated order) and no request failed.

Prints ``table_commands_orders_per_s`` (acknowledged orders per second, all games) and
``table_commands_p99_intent_ms`` (a write intent -- order, submit or message -- sent -> its
reply with the seat's new picture).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time

import numpy as np
from table import ROOT, Stats, new_game, timed
from table import run as table_run

sys.path.insert(0, str(ROOT))

from hexplay.ai.random import random_completion  # noqa: E402
from hexplay.engine import IllegalOrder  # noqa: E402
from hexplay.serve.client import AsyncSeat  # noqa: E402
from hexplay.serve.wire import legal_from_dict  # noqa: E402


def my_turn(st: dict, who: str) -> bool:
    """The seat must act now: a leader while its side sets up, a command while it plots."""
    side, _, name = who.partition("/")
    if st["status"]["over"]:
        return True
    mine = st["team"]["commands"][side][who]
    if name == "leader":
        return st["status"]["phase"] == "setup" and mine == "plotting"
    return st["status"]["phase"] != "setup" and mine == "plotting"


async def play_seat(seat, who, gid, rng, stats, args, end) -> None:
    """A random player for one commander's seat, over its socket (a leader's: until its
    side's set-up is done)."""
    leader = who.endswith("/leader")
    while True:
        try:
            st = await seat.wait_for(
                lambda s: my_turn(s, who) or (leader and s["status"]["phase"] != "setup"),
                max(0.1, end - time.time()),
            )
        except asyncio.TimeoutError:
            return
        if st["status"]["over"] or time.time() > end or not my_turn(st, who):
            return
        setup = st["status"]["phase"] == "setup"
        n, refusal = 0, ""
        for _ in range(10_000):
            await asyncio.sleep(args.think)
            if time.time() > end:
                return
            legal = (await seat.intent("legal"))["result"]
            if refusal:
                legal = [x for x in legal if x["unit"] and x["unit"] in refusal] or legal
            stop = not setup and (n >= 20 or rng.random() < 0.15)
            if not legal or stop:
                try:
                    await timed(seat, who, stats, gid, "submit")
                    break
                except IllegalOrder as e:
                    refusal = str(e)
                    if not legal:
                        stats.errors.append(f"{gid} {who}: no plot the rules accept")
                        return
            choice = legal_from_dict(legal[int(rng.integers(len(legal)))])
            order = random_completion(choice, rng)
            if order is None:
                continue
            try:
                reply = await timed(seat, who, stats, gid, "order", order=order.to_dict())
                stats.orders += 1
                n += 1
            except IllegalOrder:
                stats.refused += 1
                continue
            if not my_turn(reply["state"], who):
                break
        await asyncio.sleep(0)


async def play_messages(seat, who, gid, stats, args, end) -> None:
    """A leader in play: a short message to every commander of its side each new turn."""
    side = who.partition("/")[0]
    told = 0
    while True:
        try:
            st = await seat.wait_for(
                lambda s, told=told: (
                    s["status"]["over"]
                    or (s["status"]["phase"] != "setup" and s["status"]["turn"] > told)
                ),
                max(0.1, end - time.time()),
            )
        except asyncio.TimeoutError:
            return
        if st["status"]["over"] or time.time() > end:
            return
        told = st["status"]["turn"]
        await asyncio.sleep(args.think)
        text = f"turn {told}: hold your ground, fire at what you see"
        await timed(seat, who, stats, gid, "message", to=f"{side}/*", text=text)


def clients_of(seats: list[str], own_leader: set[str]) -> list[list[str]]:
    """The clients of a game (each the seats it holds): one per command; a side's leader is a
    client of its own if its side is in ``own_leader``, else held by its first command's."""
    clients: dict[str, list[str]] = {}
    for who in seats:
        side, _, name = who.partition("/")
        if name != "leader":
            clients[who] = [who]
    for who in seats:
        side, _, name = who.partition("/")
        if name != "leader":
            continue
        first = next((c for c in clients if c.partition("/")[0] == side), None)
        if side in own_leader or first is None:
            clients[who] = [who]
        else:
            clients[first].insert(0, who)
    return list(clients.values())


async def play_client(held, gid, rng, stats, args, end) -> None:
    """One client: its seats one after the other while each must act (a leader seat held with
    a command sets the side up before the command plots), a lone leader's messages in play."""

    async def one(who, seat) -> None:
        await play_seat(seat, who, gid, rng, stats, args, end)
        if who.endswith("/leader") and len(held) == 1:
            await play_messages(seat, who, gid, stats, args, end)

    await asyncio.gather(*(one(who, seat) for who, seat in held))


async def play_slot(k, base, admin, stats, args, end) -> None:
    seed = k
    own = set(args.own_leader.split(",")) if args.own_leader else set()
    while time.time() < end:
        d = await asyncio.to_thread(new_game, base, admin, args.game, seed, commands=args.commands)
        seed += args.games
        gid = d["id"]
        seats = {}
        for who, tok in d["tokens"].items():
            if who != "referee":
                seats[who] = await AsyncSeat(base, gid, tok).connect()
        clients = clients_of(list(seats), own)
        stats.seats, stats.clients = len(seats), len(clients)
        rng = np.random.default_rng(seed)
        try:
            await asyncio.gather(
                *(
                    play_client([(w, seats[w]) for w in c], gid, rng, stats, args, end)
                    for c in clients
                )
            )
        except Exception as e:  # noqa: BLE001 - every failure is counted and reported
            stats.errors.append(f"{gid}: {type(e).__name__}: {e}")
        finally:
            for s in seats.values():
                s.close()
        stats.games_done += all(s.state and s.state["status"]["over"] for s in seats.values())


async def run(args) -> Stats:
    """:func:`table.run` with this file's slots (commanded games)."""
    return await table_run(args, play_slot, prefix="hexplay-table-teams-")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="concurrent games")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    ap.add_argument("--game", default="skirmish")
    ap.add_argument("--commands", default="vehicles", help="the games' division")
    ap.add_argument("--think", type=float, default=2.0, help="seconds before each intent")
    ap.add_argument("--workers", type=int, default=2, help="table worker processes")
    ap.add_argument(
        "--own-leader", default="adversary",
        help="sides whose leader is a client of its own (comma-separated; the others' leader "
        "seat is held by the client of the side's first command)",
    )  # fmt: skip
    args = ap.parse_args(argv)
    stats = asyncio.run(run(args))
    lat = np.array(stats.latencies) * 1000
    print(
        f"# {args.games} {args.game} games by {args.commands} ({stats.clients} computer-driven "
        f"clients on {stats.seats} seats each) on {args.workers} table worker(s), "
        f"{stats.elapsed:.0f} s, "
        f"{stats.games_done} games ended, think {args.think} s, {len(lat)} write intents "
        f"({stats.refused} orders refused by the rules), median {np.median(lat):.1f} ms, "
        f"{len(stats.errors)} errors"
    )
    ops = np.array(stats.ops)
    for op in ("order", "submit", "message"):
        if (ops == op).any():
            p99 = np.percentile(lat[ops == op], 99)
            print(f"#   {op}: {(ops == op).sum()} intents, p99 {p99:.1f} ms")
    for e in stats.errors[:10]:
        print("#   error:", e)
    print(f"table_commands_orders_per_s: {stats.orders / stats.elapsed:.1f} orders/s")
    print(f"table_commands_p99_intent_ms: {np.percentile(lat, 99):.1f} ms")
    return 1 if stats.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
