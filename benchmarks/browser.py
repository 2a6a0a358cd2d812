"""Browser benchmark: the SKIRMISH board in a real JupyterLab page (headless Chromium).

Starts its own JupyterLab and Chromium (``tests/ui/harness.py``), opens a notebook with the
SKIRMISH board (``SkirmishApp(seed=1, referee=True)`` when the engine is available, else a
``HexBoard`` on the SKIRMISH map with a one-line selection handler) and a bare anywidget echo
widget, then prints one figure per line as ``name: value unit``:

- ``board_first_render_ms``: the board's first full render (``el.dataset.renderMs``).
- ``board_update_ms``: median in-page time of a units update (``el.dataset.updateMs``) after
  Python moves a counter.
- ``click_roundtrip_ms``: median, measured in the page, from a real click on a counter
  (``pointerup``) until the board has drawn everything Python's answer to that click changed:
  the counter drawn selected *and* the board's answer to that very click applied
  (``el.dataset.answered`` equal to the click's ``el.dataset.clickSeq``; the board sets it after
  every layer of the answer, sight fog and reachable hexes included, has been redrawn).
- ``echo_roundtrip_ms``: median in-page round trip JS → Python → JS of the bare echo widget.
  Clicks and echoes are both spaced ``--gap-ms`` apart (200 ms): messages sent back to back
  meet a ~48 ms stall per round trip on these machines, which a user's clicks never see.
- ``click_vs_echo``: click_roundtrip_ms / echo_roundtrip_ms.
- ``click_python_ms``: median kernel time of one click's handler (message handler entry to the
  last trait update sent), clicks simulated in the kernel on the same two counters;
  ``click_python_cpu_ms`` the same in the kernel thread's CPU time (on a loaded machine the
  wall figure is mostly time spent waiting for a core: compare versions by the CPU figure).
- ``click_messages`` / ``click_board_messages``: median comm messages the kernel sends per click
  (all widgets / the board alone).

Lines starting with ``#`` are context.  ``--voila`` also measures the same in Voila
(``voila_*`` figures).  Everything started here is stopped at the end.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from launch import H, Launch, stop_on_sigterm  # noqa: E402  (benchmarks/launch.py)

BOARD_CELL = r"""
from hexplay.maps import load_map
from hexplay.widgets import HexBoard

try:
    from hexplay.widgets import SkirmishApp

    app = SkirmishApp(seed=1, vs_computer=None, hot_seat=False, referee=True)
    board = app.board
    MODE = "SkirmishApp"
except Exception as exc:  # engine not available yet: a board with a minimal click handler
    app = None
    MODE = f"HexBoard ({type(exc).__name__}: {exc})"
    board = HexBoard(load_map("skirmish"))
    board.units = [
        {"id": "A1", "side": "adversary", "kind": "man", "hex": "0620", "weapon": "rifle"},
        {"id": "A2", "side": "adversary", "kind": "man", "hex": "0822", "weapon": "shotgun"},
        {"id": "G1", "side": "defender", "kind": "man", "hex": "1022", "weapon": "rifle"},
    ]

    def _select(ev):
        if ev["unit"]:
            board.selected = ev["unit"]

    board.on_click(_select)
"""

# Two of the board's own-side counters to click alternately, chosen in the kernel.
PICK = r"""
_units = [u for u in board.units if u.get("kind", "man") == "man" and u.get("hex")]
_side = _units[0]["side"]
_mine = [u["id"] for u in _units if u["side"] == _side]
_hexes = {}
for _u in _units:
    _hexes.setdefault(_u["hex"], []).append(_u["id"])
_result = [u for u in _mine if len(_hexes[[x["hex"] for x in _units if x["id"] == u][0]]) == 1][:2]
"""

ARM_JS = """
(unit) => {
  const el = document.querySelector('.hexplay-board');
  const before = el.dataset.clickSeq;
  let t0 = null;
  const onUp = () => { if (t0 === null) t0 = performance.now(); };
  el.addEventListener('pointerup', onUp, { capture: true });
  window.__hexplayClick = new Promise((resolve) => {
    const done = () => {
      const c = el.querySelector(`[data-unit="${CSS.escape(unit)}"]`);
      const seq = el.dataset.clickSeq;  // set by the board when it sends this click
      return t0 !== null && seq !== before && el.dataset.answered === seq
        && c && c.classList.contains('hexplay-selected');
    };
    const obs = new MutationObserver(() => {
      if (done()) {
        const t1 = performance.now();
        obs.disconnect();
        el.removeEventListener('pointerup', onUp, { capture: true });
        resolve(t1 - t0);
      }
    });
    obs.observe(el, { attributes: true, childList: true, subtree: true });
  });
}
"""


# The Python side of a click, timed in the kernel; every comm message a widget sends is counted.
PY_CLICK = r"""
import time as _time

import ipywidgets as _W

_sent = []
_orig_send = _W.Widget._send


def _counting_send(self, msg, buffers=None):
    _sent.append(type(self).__name__)
    return _orig_send(self, msg, buffers)


_W.Widget._send = _counting_send
try:
    _ms, _cpu, _all, _board = [], [], [], []
    for _i in range(20):
        _uid = _PAIR[_i % 2]
        _x = next(u for u in board.units if u["id"] == _uid)
        _sent.clear()
        _t0, _c0 = _time.perf_counter(), _time.thread_time()
        board._handle_custom_msg({"type": "click", "hex": _x["hex"], "unit": _uid}, [])
        _ms.append((_time.perf_counter() - _t0) * 1000)
        _cpu.append((_time.thread_time() - _c0) * 1000)
        _all.append(len(_sent))
        _board.append(sum(1 for n in _sent if n == type(board).__name__))
finally:
    _W.Widget._send = _orig_send
_result = [_ms, _cpu, _all, _board]
"""

WAIT_CLICK_JS = """
() => Promise.race([
  window.__hexplayClick,
  new Promise((_, reject) => setTimeout(() => reject(new Error('no repaint within 10 s')), 10000)),
])
"""


def emit(name: str, value: float, unit: str) -> None:
    print(f"{name}: {value:.4g} {unit}", flush=True)


def click_counter(page: Any, unit: str) -> float:
    """One real click on ``unit``'s counter: ms (timed in the page) until the board has drawn
    everything Python's answer changed (``ARM_JS`` / ``WAIT_CLICK_JS``)."""
    counter = page.locator(f'.hexplay-board [data-unit="{unit}"]')
    counter.scroll_into_view_if_needed()
    box = counter.bounding_box()
    page.evaluate(ARM_JS, unit)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return float(page.evaluate(WAIT_CLICK_JS))


def measure(
    page: Any, clicks: int, updates: int, echoes: int, gap_ms: float, prefix: str = ""
) -> None:
    h = H
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=30_000)
    print(f"# {prefix or 'lab'} board: {h.kernel(page, 'MODE')}", flush=True)
    render_ms = float(page.eval_on_selector(".hexplay-board", "el => el.dataset.renderMs"))
    emit(f"{prefix}board_first_render_ms", render_ms, "ms")

    # Units updates: Python moves one counter back and forth; read the in-page update time.
    upd = []
    units = h.kernel(page, "board.units")
    k = next(i for i, u in enumerate(units) if u.get("kind", "man") == "man" and u.get("hex"))
    for i in range(updates):
        before = int(page.eval_on_selector(".hexplay-board", "el => el.dataset.renders"))
        hx = (
            units[k]["hex"]
            if i % 2
            else h.kernel(page, f"board.map.neighbor_labels({units[k]['hex']!r})[0]")
        )
        h.kernel(
            page,
            f"_u = [dict(u) for u in board.units]; _u[{k}]['hex'] = {hx!r}; board.units = _u",
        )
        page.wait_for_function(
            "(n) => +document.querySelector('.hexplay-board').dataset.renders > n", arg=before
        )
        upd.append(float(page.eval_on_selector(".hexplay-board", "el => el.dataset.updateMs")))
    h.kernel(page, f"_u = [dict(u) for u in board.units]; _u[{k}] = {units[k]!r}; board.units = _u")
    emit(f"{prefix}board_update_ms", h.median(upd), "ms")

    # Click round trips: alternate between two own counters so each click changes the selection.
    pair = h.kernel(page, PICK)
    if len(pair) < 2:
        raise RuntimeError(f"need two own counters in separate hexes, got {pair}")
    h.kernel(page, "board.selected = None")
    times = []
    for i in range(clicks):
        time.sleep(gap_ms / 1000)
        unit = pair[i % 2]
        times.append(click_counter(page, unit))
    emit(f"{prefix}click_roundtrip_ms", h.median(times), "ms")
    print(f"# {prefix}click samples: min {min(times):.1f} max {max(times):.1f} n {len(times)}")
    print(f"# {prefix}samples {gap_ms:g} ms apart (back-to-back messages meet a ~48 ms stall)")

    ms, cpu, n_all, n_board = h.kernel(page, f"_PAIR = {pair!r}\n" + PY_CLICK)
    emit(f"{prefix}click_python_ms", h.median(ms), "ms")
    emit(f"{prefix}click_python_cpu_ms", h.median(cpu), "ms")
    emit(f"{prefix}click_messages", h.median(n_all), "messages")
    emit(f"{prefix}click_board_messages", h.median(n_board), "messages")

    echo = page.evaluate("([n, gap]) => window.__hexplayEcho(n, gap)", [echoes, gap_ms])
    emit(f"{prefix}echo_roundtrip_ms", h.median(echo), "ms")
    emit(f"{prefix}click_vs_echo", h.median(times) / h.median(echo), "x")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=24)
    ap.add_argument("--updates", type=int, default=10)
    ap.add_argument("--echoes", type=int, default=40)
    ap.add_argument(
        "--gap-ms", type=float, default=200.0, help="quiet time before each click / echo"
    )
    ap.add_argument("--voila", action="store_true", help="also measure in Voila")
    ap.add_argument(
        "--games",
        default="skirmish,aggressor,naval",
        help="apps to measure (the SKIRMISH board and the apps of benchmarks/browser_<game>.py)",
    )
    args = ap.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    stop_on_sigterm()
    cells = [H.PROBE_CELL, BOARD_CELL, "probe", "echo", "board"]
    try:
        with Launch("bench_board.ipynb", cells) as run:
            if "skirmish" in games:
                page = run.lab_page()
                measure(page, args.clicks, args.updates, args.echoes, args.gap_ms)
                page.close()
            if args.voila:
                page = run.voila_page()
                measure(page, args.clicks, args.updates, args.echoes, args.gap_ms, prefix="voila_")
                page.close()
    except FileNotFoundError as exc:
        print(f"# {exc}", file=sys.stderr)
        return 1
    for game in games:  # each other game's app: its own benchmarks/browser_<game>.py
        script = Path(__file__).parent / f"browser_{game}.py"
        if game == "skirmish" or not script.exists():
            continue
        subprocess.run([sys.executable, str(script)], check=False)  # prints its own figures
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
