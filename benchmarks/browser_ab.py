"""A/B of the board's front end in ONE page: a click with this checkout's board.js against
another checkout's, on two copies of the same app side by side.

The click benchmarks (:mod:`browser`, :mod:`browser_aggressor`) run in a page of their own; on
a shared machine two such runs, one after the other, meet different loads.  Here one notebook
shows the app twice (the same game, seed and Python code): board ``a`` draws with the other
checkout's bundle (``--base``: its ``hexplay/static/board.js`` and ``board.css`` set as the
board's ``_esm`` / ``_css``), board ``b`` with this checkout's.  Blocks of ``--clicks`` real
clicks go to ``a`` and ``b`` in turn (ABBA...), each click followed by that board's echo and
the bare echo, timed exactly as :func:`browser.time_clicks` does (the same in-page timers,
scoped to the one board); the CPU time the processes use meanwhile is read from ``/proc``
(Linux: :func:`cpu_seconds`; 10 ms ticks, less moved by the load than wall times).  Only the
front end differs: a Python change is measured by the kernel-side figures of :mod:`browser`
(``click_python_cpu_ms``).  Prints, per side,
``ab_<side>_click_ms`` / ``_echo_ms`` / ``_bare_echo_ms`` / ``_click_vs_bare_echo`` (medians
over every block) and ``ab_click_b_over_a`` (the median of the blocks' click ratios b / a,
below 1: this checkout's front end is faster), with the blocks' range as context, and
``ab_<side>_<renderer|chromium|kernel|server>_cpu_ms``: CPU ms per click (with its two
echoes, the same on both sides) of the page's renderer, the rest of Chromium, the kernel and
the Jupyter server::

    python benchmarks/browser_ab.py --base /tmp/base4 [--game skirmish|ambush|aggressor|naval]
        [--clicks 8] [--blocks 6]

Not part of ``run.py``: a tool to compare front ends with.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser as B  # noqa: E402  (benchmarks/browser.py: its in-page timers)
from launch import H, Launch, stop_on_sigterm  # noqa: E402

#: Per game: ``make()`` building the app, the two own counters to click, what is shown (as
#: in the game's benchmark: SKIRMISH's board alone, AGGRESSOR's whole app).
GAMES = {
    "skirmish": (
        "from hexplay.widgets import SkirmishApp\n"
        "def make():\n"
        "    return SkirmishApp(seed=1, vs_computer=None, hot_seat=False, referee=True)\n",
        B.PICK,
        ("app_a.board", "app_b.board"),
    ),
    "aggressor": (
        "from hexplay.games.aggressor.app import AggressorApp\n"
        "def make():\n"
        "    return AggressorApp(seed=1)\n",
        "app = app_a\n" + __import__("browser_aggressor").PICK,
        ("app_a", "app_b"),
    ),
    "naval": (
        "import hexplay\n"
        "from hexplay.widgets.game_app import GameApp\n"
        "def make():\n"
        "    game = hexplay.new_game('naval', 'kula_gulf', seed=1)\n"
        "    return GameApp(game, seed=1, vs_computer='ijn')\n",
        "app = app_a\n" + __import__("browser_naval").PICK_SHIPS,
        ("app_a", "app_b"),
    ),
    "ambush": (
        "from hexplay.widgets.game_app import GameApp\n"
        "def make():\n"
        "    return GameApp('ambush', seed=1, vs_computer='defender')\n",
        "app = app_a\n" + __import__("browser_ambush").PICK_UNITS,
        ("app_a", "app_b"),
    ),
}

AB_CELL = r"""
from pathlib import Path as _Path

{make}
app_a, app_b = make(), make()
_base = _Path({base!r}) / "hexplay" / "static"
app_a.board._css = (_base / "board.css").read_text()
app_a.board._esm = (_base / "board.js").read_text()
for _app, _side in ((app_a, "a"), (app_b, "b")):
    _app.board.height = "460px"
    _app.board.add_class("hexplay-ab-" + _side)
board = app_a.board
"""


def scoped(js: str, side: str) -> str:
    """``js`` (a timer of :mod:`browser`) looking at board ``side``'s element only."""
    return js.replace(
        "document.querySelector('.hexplay-board')",
        f"document.querySelector('.hexplay-board.hexplay-ab-{side}')",
    )


def box(page: Any, side: str, unit: str) -> dict:
    loc = page.locator(f'.hexplay-board.hexplay-ab-{side} [data-unit="{unit}"]')
    loc.scroll_into_view_if_needed()
    b = loc.bounding_box()
    if b is None:
        raise RuntimeError(f"counter {unit} of board {side} not on screen")
    return b


def _proc_table() -> dict[int, tuple[int, str, float]]:
    """pid -> (parent pid, command line, CPU seconds used: user + system), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        f = stat[stat.rindex(")") + 2 :].split()
        out[int(d.name)] = (int(f[1]), cmd, (int(f[11]) + int(f[12])) / tick)
    return out


def cpu_seconds(run: Any) -> dict[str, float]:
    """CPU seconds used so far by the page's renderer, the rest of Chromium, the kernel and
    the Jupyter server (each with its children), read from /proc (Linux)."""
    procs = _proc_table()
    kids: dict[int, list[int]] = {}
    for pid, (ppid, _c, _t) in procs.items():
        kids.setdefault(ppid, []).append(pid)

    def tree(root: int) -> list[int]:
        todo, seen = [root], []
        while todo:
            p = todo.pop()
            seen.append(p)
            todo += kids.get(p, [])
        return seen

    profile = str(run.home / "profile")
    browsers = [p for p, (_pp, c, _t) in procs.items() if profile in c and "--type=" not in c]
    out = {"renderer": 0.0, "chromium": 0.0, "kernel": 0.0, "server": 0.0}
    for b in browsers:
        for p in tree(b):
            kind = "renderer" if "--type=renderer" in procs[p][1] else "chromium"
            out[kind] += procs[p][2]
    server = run.lab.proc.pid
    for p in tree(server):
        kind = "kernel" if "ipykernel" in procs[p][1] else "server"
        out[kind] += procs[p][2]
    return out


def block(page: Any, side: str, pair: list[str], clicks: int, gap_ms: float) -> dict:
    """``clicks`` clicks on board ``side`` (alternately the two counters), each followed by
    its echo and the bare echo, as :func:`browser.time_clicks`."""
    arm, echo_js = scoped(B.ARM_JS, side), scoped(B.BOARD_ECHO_JS, side)
    page.locator(f".hexplay-board.hexplay-ab-{side}").scroll_into_view_if_needed()
    boxes = {u: box(page, side, u) for u in pair}
    out: dict[str, list[float]] = {"click": [], "echo": [], "bare": []}
    for i in range(clicks):
        u = pair[i % 2]
        time.sleep(gap_ms / 1000)
        page.evaluate(arm, u)
        b = boxes[u]
        page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        time.sleep(B.QUIET_MS / 1000)
        out["click"].append(float(page.evaluate(B.WAIT_CLICK_JS)))
        out["echo"] += page.evaluate(echo_js, [1, gap_ms])
        out["bare"] += page.evaluate("([n, gap]) => window.__hexplayEcho(n, gap)", [1, gap_ms])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, type=Path, help="the other checkout")
    ap.add_argument("--game", choices=sorted(GAMES), default="skirmish")
    ap.add_argument("--clicks", type=int, default=8, help="clicks per block")
    ap.add_argument("--blocks", type=int, default=6, help="blocks per side")
    ap.add_argument("--gap-ms", type=float, default=200.0)
    args = ap.parse_args(argv)
    if not (args.base / "hexplay" / "static" / "board.js").is_file():
        raise SystemExit(f"no hexplay/static/board.js in {args.base}")
    stop_on_sigterm()
    make, pick, shown = GAMES[args.game]
    cells = [
        H.PROBE_CELL,
        AB_CELL.format(make=make, base=str(args.base.resolve())),
        "probe",
        "echo",
        *shown,
    ]
    with Launch(f"ab_{args.game}.ipynb", cells, prefix="hexplay-ab-") as run:
        page = run.lab_page(90_000, viewport={"width": 1400, "height": 1000})
        for side in "ab":
            page.wait_for_selector(f".hexplay-board.hexplay-ab-{side}[data-ready='true']")
        pair = H.kernel(page, pick)
        if len(pair) < 2:
            raise RuntimeError(f"need two own counters, got {pair}")
        H.kernel(page, "app_a.board.selected = None; app_b.board.selected = None")
        res = {s: {"click": [], "echo": [], "bare": []} for s in "ab"}
        cpu = {s: {"renderer": 0.0, "chromium": 0.0, "kernel": 0.0, "server": 0.0} for s in "ab"}
        ratios = []
        for k in range(args.blocks):
            order = "ab" if k % 2 == 0 else "ba"
            med = {}
            for side in order:
                c0 = cpu_seconds(run)
                t = block(page, side, pair, args.clicks, args.gap_ms)
                c1 = cpu_seconds(run)
                for key, v in t.items():
                    res[side][key] += v
                for key in c1:
                    cpu[side][key] += c1[key] - c0[key]
                med[side] = statistics.median(t["click"])
            ratios.append(med["b"] / med["a"])
            print(f"# block {k}: a {med['a']:.1f} ms, b {med['b']:.1f} ms", flush=True)
    n = args.blocks * args.clicks
    for side in "ab":
        for key, v in cpu[side].items():  # per click with its two echoes (the same for a, b)
            B.emit(f"ab_{side}_{key}_cpu_ms", v * 1000 / n, "ms")
        r = {key: statistics.median(v) for key, v in res[side].items()}
        B.emit(f"ab_{side}_click_ms", r["click"], "ms")
        B.emit(f"ab_{side}_echo_ms", r["echo"], "ms")
        B.emit(f"ab_{side}_bare_echo_ms", r["bare"], "ms")
        B.emit(f"ab_{side}_click_vs_bare_echo", r["click"] / r["bare"], "x")
    print(f"# blocks' b / a: {min(ratios):.3f} .. {max(ratios):.3f} ({len(ratios)} blocks)")
    B.emit("ab_click_b_over_a", statistics.median(ratios), "x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
