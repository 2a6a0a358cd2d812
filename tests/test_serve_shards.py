"""A table spread over worker processes (``hexplay serve --workers N``): each game lives in
exactly one worker, the front routes by game id, every accepted order is in the one SQLite file,
and a restart with another number of workers still holds (and serves) every game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from test_serve_hostile import _raw_request

from hexplay.ai.random import RandomPlayer
from hexplay.serve import RemoteGame, Store, Table
from hexplay.serve.shards import parse_shard, shard_of

ROOT = Path(__file__).resolve().parents[1]


def test_shards_split_the_ids_and_a_worker_holds_only_its_own(tmp_path):
    assert parse_shard("1/3") == (1, 3)
    for bad in ("3/3", "x", "1/0", "-1/2"):
        with pytest.raises(ValueError):
            parse_shard(bad)
    db = tmp_path / "t.sqlite"
    a, b = Table(Store(db), shard=(0, 2)), Table(Store(db), shard=(1, 2))
    made = [a.create("naval", seed=i).id for i in range(3)] + [b.create("naval").id]
    assert [shard_of(g, 2) for g in made] == [0, 0, 0, 1]
    again = {k: set(Table(Store(db), shard=(k, 2)).slots) for k in (0, 1)}
    assert again == {0: set(made[:3]), 1: {made[3]}}
    three = [set(Table(Store(db), shard=(k, 3)).slots) for k in range(3)]
    assert sorted(g for s in three for g in s) == sorted(made)  # each game in exactly one


class Sharded:
    def __init__(self, db: Path, workers: int) -> None:
        env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"}
        cmd = [sys.executable, "-m", "hexplay.serve.cli", "--db", str(db), "--port", "0"]
        cmd += ["--workers", str(workers), "--quiet", "--plugin", "serve_tiny"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
        self.base = self.proc.stdout.readline().split()[3]
        self.admin = self.proc.stdout.readline().strip().rsplit(" ", 1)[1]

    def call(self, method: str, path: str, body=None, token=None):
        r = urllib.request.Request(self.base + path, method=method)
        r.add_header("Authorization", f"Bearer {token or self.admin}")
        data = json.dumps(body).encode() if body is not None else None
        try:
            with urllib.request.urlopen(r, data, timeout=30) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"{}")

    def workers(self) -> list[int]:
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(self.proc.pid)], text=True,
                             capture_output=True).stdout  # fmt: skip
        return [int(x) for x in out.split()]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            self.proc.wait(30)


def test_a_sharded_table_routes_by_game_and_survives_a_restart_with_more_workers(tmp_path):
    db = tmp_path / "t.sqlite"
    t = Sharded(db, 2)
    try:
        assert len(t.workers()) == 2
        made = [t.call("POST", "/api/table", {"game": "tag", "seed": i}) for i in range(4)]
        assert all(s == 200 for s, _d in made)
        ids = [d["id"] for _s, d in made]
        assert [shard_of(g, 2) for g in ids] == [0, 1, 0, 1]  # the workers in turn
        links = made[0][1]["links"]
        assert all(u.startswith(t.base + "/seat/") for u in links.values())  # the front's
        status, d = t.call("GET", "/api/table")
        assert status == 200 and sorted(g["id"] for g in d["games"]) == sorted(ids)
        assert t.call("GET", "/api/table", token="wrong")[0] == 403
        # the front answers oversized headers itself (431), as every worker does
        assert _raw_request(t.base, 100 * 1024).startswith(b"HTTP/1.1 431")
        assert t.call("GET", f"/api/games/{ids[0]}/state", token="wrong")[0] == 403
        red, blue = RemoteGame(links["red"]), RemoteGame(links["blue"])
        assert red.base != t.base  # redirected once to the game's worker
        players = {"red": RandomPlayer("red", 1), "blue": RandomPlayer("blue", 2)}
        for _ in range(3):
            for side, g in (("red", red), ("blue", blue)):
                if side in g.to_act():
                    players[side].act(g)
                    if side in g.to_act():
                        g.submit()
        turn = red.turn
        n = Store(db).command_count(ids[0])
        red.close()
        blue.close()
        t.proc.kill()  # SIGKILL of the front: its workers stop by themselves
        t.proc.wait(10)
        time.sleep(3)
        assert Store(db).command_count(ids[0]) == n
        t = Sharded(db, 3)
        assert sorted(g["id"] for g in t.call("GET", "/api/table")[1]["games"]) == sorted(ids)
        again = RemoteGame(f"{t.base}/seat/{ids[0]}?token={links['red'].split('token=')[1]}")
        assert again.turn == turn
        again.close()
    finally:
        t.stop()
