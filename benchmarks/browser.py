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
- ``echo_roundtrip_ms``: median in-page round trip of the board's echo, the baseline: a
  ``ping`` message (``HexBoard.MESSAGE_TYPES``) sent by the same board over the same comm as a
  click and answered at once by Python in the same form as a click's answer (one ``answer``
  message carrying the state it sets, here ``_answer`` alone: ``HexBoard.send_state``), timed
  the same way (until ``el.dataset.answered`` is its seq); no engine, no callbacks, nothing
  redrawn.  So the ratio below is what the click's
  own work costs: the app's handler, the size of its answer and the board's redraw.
- ``bare_echo_roundtrip_ms``: the bare echo widget's round trip (``tests/ui/harness.py``
  ``Echo``: a custom message in, a custom message back), for comparison.
- ``click_vs_echo``: click_roundtrip_ms / echo_roundtrip_ms (the issue's figure, goal <= 1.2);
  ``click_vs_bare_echo``: click_roundtrip_ms / bare_echo_roundtrip_ms.
  Every click is followed by one board echo, one bare echo and one bare click echo (below:
  :func:`time_clicks`), each
  after ``--gap-ms`` (200 ms) of quiet, so the series sample the same moments of the
  machine's load; messages sent back to back meet a ~48 ms stall per round trip on these
  machines, which a user's clicks never see.  As an echo is timed inside one ``evaluate``,
  the harness sends nothing while a click is in flight (:data:`QUIET_MS`): it reads the
  click's in-page time afterwards.
- ``bare_click_echo_roundtrip_ms``: the bare echo widget's round trip started by a *real*
  click on its "echo" button (``Echo``: the message ``__hexplayEcho`` sends, sent back as it
  came; not its "ping" button, whose synced click count is a second message each time,
  measured 5-8 ms more than the echo on a loaded machine), timed as a board click is: in
  the page from ``pointerup`` on the button until the reply is in the page, read
  :data:`QUIET_MS` after the click (:func:`click_echo_button`); one after each bare echo, in
  the same loop.  Like a board click, and unlike the echoes above (sent from inside one
  ``evaluate``), it travels while Playwright's driver and this script wake up to the mouse
  click's answer (CDP); ``click_vs_bare_click_echo``: click_roundtrip_ms /
  bare_click_echo_roundtrip_ms, the like-for-like baseline of a click.  The echo is shown
  in the board's cell, above it (:func:`shown`), so neither click switches JupyterLab's
  active cell; the pointer is on the button and the button focused before its click (as the
  board is before a counter click), and after it the pointer goes back over the counter
  clicked last and the board is focused again, so a board click starts from where it did
  without it (:func:`time_clicks`; the notebook is scrolled to show the button when it is out
  of view: :func:`click_boxes`).
- ``click_python_ms``: median kernel time of one click's handler until its answer is sent
  (message handler entry to the board's one message), clicks simulated in the kernel on the
  same two counters with a seq, as from the page; ``click_python_cpu_ms`` the same in the
  kernel thread's CPU time (on a loaded machine the wall figure is mostly time spent waiting
  for a core: compare versions by the CPU figure); ``click_panels_cpu_ms`` the CPU time of
  the work queued until after the answer (``HexBoard.after_answer``: the side panels).
- ``click_messages`` / ``click_board_messages``: median comm messages the kernel sends per
  click (all widgets, the panels' included / the board's answer alone).

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
    // what done() reads: the counters' classes and the board's seq attributes (not every node
    // the answer draws: the observer's own work stays out of the figure)
    obs.observe(el, {
      attributes: true, subtree: true,
      attributeFilter: ['class', 'data-answered', 'data-click-seq'],
    });
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
    _ms, _cpu, _later, _all, _board = [], [], [], [], []
    for _i in range(20):
        _uid = _PAIR[_i % 2]
        _x = next(u for u in board.units if u["id"] == _uid)
        _sent.clear()
        _t0, _c0 = _time.perf_counter(), _time.thread_time()
        # as a browser click (with a seq: the answer first, the panels' work queued)
        _msg = {"type": "click", "hex": _x["hex"], "unit": _uid, "seq": -1 - _i}
        board._handle_custom_msg(_msg, [])
        _ms.append((_time.perf_counter() - _t0) * 1000)
        _cpu.append((_time.thread_time() - _c0) * 1000)
        _board.append(sum(1 for n in _sent if n == type(board).__name__))
        _c1 = _time.thread_time()
        board.flush_after_answer()
        _later.append((_time.thread_time() - _c1) * 1000)
        _all.append(len(_sent))
finally:
    _W.Widget._send = _orig_send
_result = [_ms, _cpu, _later, _all, _board]
"""

# The board's echo: n pings (a "hexplay-ping" event on the board), each timed in the page from
# the event until the board has applied Python's answer to it (el.dataset.answered == its seq),
# gapMs of quiet before each; the same comm, message kinds and observer as a click, no engine.
BOARD_ECHO_JS = """
async ([n, gapMs]) => {
  const el = document.querySelector('.hexplay-board');
  const times = [];
  for (let i = 0; i < n; i++) {
    await new Promise((r) => setTimeout(r, gapMs));
    const before = el.dataset.clickSeq;
    const t = await new Promise((resolve, reject) => {
      let t0 = null;
      const obs = new MutationObserver(() => {
        const seq = el.dataset.clickSeq;
        if (t0 !== null && seq !== before && el.dataset.answered === seq) {
          const t1 = performance.now();
          obs.disconnect();
          resolve(t1 - t0);
        }
      });
      obs.observe(el, { attributes: true, attributeFilter: ['data-answered', 'data-click-seq'] });
      setTimeout(() => reject(new Error('no answer to a ping within 10 s')), 10000);
      t0 = performance.now();
      el.dispatchEvent(new CustomEvent('hexplay-ping'));
    });
    times.push(t);
  }
  return times;
}
"""

WAIT_CLICK_JS = """
() => Promise.race([
  window.__hexplayClick,
  new Promise((_, reject) => setTimeout(() => reject(new Error('no repaint within 10 s')), 10000)),
])
"""


# A real click on the bare echo widget's "echo" button (tests/ui/harness.py ``Echo``: it sends
# the very message window.__hexplayEcho sends, and Python sends it back), timed as ARM_JS times
# a board click: from ``pointerup`` on the button until the reply is in the page (an observer
# on the reply's text, which the echo's message handler writes).
ARM_BARE_JS = """
() => {
  const btn = document.querySelector('.hexplay-echo-click');
  const out = document.querySelector('.hexplay-echo-click-reply');
  const before = out.textContent;
  let t0 = null;
  const onUp = () => { if (t0 === null) t0 = performance.now(); };
  btn.addEventListener('pointerup', onUp, { capture: true });
  window.__hexplayBareClick = new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (t0 !== null && out.textContent !== before) {
        const t1 = performance.now();
        obs.disconnect();
        btn.removeEventListener('pointerup', onUp, { capture: true });
        resolve(t1 - t0);
      }
    });
    obs.observe(out, { childList: true, characterData: true, subtree: true });
  });
}
"""

WAIT_BARE_CLICK_JS = WAIT_CLICK_JS.replace("__hexplayClick", "__hexplayBareClick").replace(
    "no repaint", "no pong"
)


def emit(name: str, value: float, unit: str) -> None:
    print(f"{name}: {value:.4g} {unit}", flush=True)


#: Clicks a run times, each followed by its three baselines (:func:`time_clicks`; ~1.3 s a
#: click).  A round trip's samples spread from 0.7 to 4 times their median on a shared
#: machine: with 24 clicks a run's ``click_vs_bare_echo`` moved by +-0.15 from one run to the
#: next (1.06-1.38 in 12 runs); the spread of a median falls as the root of the samples.
CLICKS = 48

#: ms the harness stays quiet after a click before asking the page for its time: an echo is
#: timed inside one ``evaluate`` with no harness traffic in flight, and so is a click (an
#: ``evaluate`` sent at once went through Playwright's driver and the browser process while
#: the click was on its way, on a loaded machine taking the processor from it).
QUIET_MS = 150.0


def click_counter(
    page: Any, unit: str, box: dict | None = None, quiet_ms: float = QUIET_MS
) -> float:
    """One real click on ``unit``'s counter: ms (timed in the page) until the board has drawn
    everything Python's answer changed (``ARM_JS`` / ``WAIT_CLICK_JS``), read ``quiet_ms``
    after the click (:data:`QUIET_MS`; a click still unanswered then is waited for).

    ``box``: the counter's bounding box measured before (a click changes no counter's place);
    without it the counter is found and scrolled into view first."""
    if box is None:
        counter = page.locator(f'.hexplay-board [data-unit="{unit}"]')
        counter.scroll_into_view_if_needed()
        box = counter.bounding_box()
    page.evaluate(ARM_JS, unit)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    time.sleep(quiet_ms / 1000)
    return float(page.evaluate(WAIT_CLICK_JS))


def click_echo_button(page: Any, box: dict, quiet_ms: float = QUIET_MS) -> float:
    """One real click on the bare echo widget's button (``box``: its bounding box): ms, timed
    in the page from ``pointerup`` until Python's reply is in the page (``ARM_BARE_JS``), read
    ``quiet_ms`` after the click as :func:`click_counter` reads a board click's."""
    page.evaluate(ARM_BARE_JS)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    time.sleep(quiet_ms / 1000)
    return float(page.evaluate(WAIT_BARE_CLICK_JS))


#: Focus the element ``sel`` before it is clicked: the board after a click on the echo's
#: button took the focus, the button before its click (a board click focuses the board when it
#: is not focused, a button takes the focus at ``pointerdown``: a focus change, its style
#: recalculation and the notebook's focus handlers while the click travels).
FOCUS_JS = "(sel) => document.querySelector(sel).focus({ preventScroll: true })"


def shown(widget: str = "board") -> str:
    """The notebook cell showing the bare echo above ``widget``, in one cell: a click on either
    leaves the notebook's active cell where it is (with the echo in a cell of its own,
    JupyterLab would switch the active cell at every click)."""
    return f"display(echo)\n{widget}"


#: Is the element ``e`` (or one inside it) what a click at its box's centre hits (in the
#: viewport, not clipped by the notebook's scrolling area, not covered)?
HIT_JS = """
(e) => {
  const r = e.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight
    && document.elementFromPoint(x, y);
  return !!hit && e.contains(hit);
}
"""


def click_boxes(page: Any, pair: list[str]) -> tuple[dict[str, dict | None], dict]:
    """The boxes of ``pair``'s counters (:func:`counter_boxes`) and of the bare echo's
    button, all where a real click hits them with no scrolling between clicks.  The button's
    cell stands above the board's: when it is out of the notebook's view, the notebook is
    scrolled to bring it to the top of the view (the board just below it) and the counters
    are measured again there, without scrolling."""
    boxes = counter_boxes(page, pair)
    btn = page.locator(".hexplay-echo-click")
    if not btn.evaluate(HIT_JS):
        btn.evaluate("(e) => e.scrollIntoView({ block: 'start', inline: 'nearest' })")
        boxes = {}
        for u in pair:
            c = page.locator(f'.hexplay-board [data-unit="{u}"]')
            boxes[u] = c.bounding_box() if c.evaluate(HIT_JS) else None
        print("# notebook scrolled to show the bare echo's button above the board", flush=True)
    b = btn.bounding_box()
    if b is None or not btn.evaluate(HIT_JS) or None in boxes.values():
        raise RuntimeError(f"the echo button and both counters {pair} do not fit in one view")
    return boxes, b


def counter_boxes(page: Any, units: list[str]) -> dict[str, dict | None]:
    """The on-screen boxes of ``units``' counters, measured once all are scrolled into view
    (None for a counter that is then out of the viewport: it is found again at each click)."""
    page.locator(".hexplay-board").scroll_into_view_if_needed()
    for u in units:
        page.locator(f'.hexplay-board [data-unit="{u}"]').scroll_into_view_if_needed()
    view = page.viewport_size or {"width": 0, "height": 0}
    out: dict[str, dict | None] = {}
    for u in units:  # after every scroll: no box is measured before a later scroll moves it
        b = page.locator(f'.hexplay-board [data-unit="{u}"]').bounding_box()
        inside = b is not None and b["y"] >= 0 and b["y"] + b["height"] <= view["height"]
        out[u] = b if inside and b["x"] >= 0 and b["x"] + b["width"] <= view["width"] else None
    return out


def time_clicks(page: Any, pair: list[str], clicks: int, gap_ms: float) -> dict[str, list[float]]:
    """``clicks`` real clicks on the counters of ``pair`` (alternately, so every click changes
    the selection), each followed by one board echo (``BOARD_ECHO_JS``), one bare echo
    (``window.__hexplayEcho``) and one real click on the bare echo's button
    (:func:`click_echo_button`), each after ``gap_ms`` of quiet: the four series sample the
    same moments of a shared machine's load.  The button's click starts as a counter click
    does, its target focused and nothing else to draw: the pointer is moved onto the button
    and the button focused before the quiet time.  After it the pointer is moved back over
    the counter clicked last and the board focused again (and ``gap_ms`` passes), so every
    counter click starts from where it did without the button's (the pointer moving from the
    other counter, the board focused).
    Returns ms lists ``click``, ``echo``, ``bare`` and ``bare_click``."""
    out: dict[str, list[float]] = {"click": [], "echo": [], "bare": [], "bare_click": []}
    # the counters' places, found before the quiet time: Playwright's locator work (queries,
    # layout reads) right before a click would land in the page's busy time next to its own
    boxes, button = click_boxes(page, pair)
    moved = 0
    for i in range(clicks):
        unit = pair[i % 2]
        if i:  # the last answer may have moved it (a selection pans to its reach, the app's
            # first answer redraws the counters the update figure moved): where a click hits it
            c = page.locator(f'.hexplay-board [data-unit="{unit}"]')
            was, boxes[unit] = boxes[unit], c.bounding_box() if c.evaluate(HIT_JS) else None
            moved += was != boxes[unit]
        time.sleep(gap_ms / 1000)
        out["click"].append(click_counter(page, unit, boxes[unit]))
        out["echo"] += page.evaluate(BOARD_ECHO_JS, [1, gap_ms])
        out["bare"] += page.evaluate("([n, gap]) => window.__hexplayEcho(n, gap)", [1, gap_ms])
        # the pointer on the button and the button focused before the quiet time (leaving the
        # board would make it hide its tooltip, a frame drawn while the button's click travels)
        page.mouse.move(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
        page.evaluate(FOCUS_JS, ".hexplay-echo-click")
        time.sleep(gap_ms / 1000)
        out["bare_click"].append(click_echo_button(page, button))
        back = boxes[unit] or page.locator(f'.hexplay-board [data-unit="{unit}"]').bounding_box()
        if back is not None:
            page.mouse.move(back["x"] + back["width"] / 2, back["y"] + back["height"] / 2)
        page.evaluate(FOCUS_JS, ".hexplay-board")
    print(f"# counters moved between clicks: {moved} of {clicks - 1}", flush=True)
    return out


def python_click(page: Any, pair: list[str]) -> dict[str, float]:
    """The kernel side of a click (``PY_CLICK``), medians: ``ms`` / ``cpu_ms`` until the answer
    is sent, ``later_cpu_ms`` the queued panel work, ``messages`` (all widgets) and
    ``board_messages`` (the answer)."""
    ms, cpu, later, n_all, n_board = H.kernel(page, f"_PAIR = {pair!r}\n" + PY_CLICK)
    return {
        "ms": H.median(ms),
        "cpu_ms": H.median(cpu),
        "later_cpu_ms": H.median(later),
        "messages": H.median(n_all),
        "board_messages": H.median(n_board),
    }


def measure(page: Any, clicks: int, updates: int, gap_ms: float, prefix: str = "") -> None:
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

    # Click round trips, each followed by a board echo and a bare echo (time_clicks).
    pair = h.kernel(page, PICK)
    if len(pair) < 2:
        raise RuntimeError(f"need two own counters in separate hexes, got {pair}")
    h.kernel(page, "board.selected = None")
    t = time_clicks(page, pair, clicks, gap_ms)
    click, echo, bare = h.median(t["click"]), h.median(t["echo"]), h.median(t["bare"])
    bare_click = h.median(t["bare_click"])
    emit(f"{prefix}click_roundtrip_ms", click, "ms")
    print(
        f"# {prefix}click samples: min {min(t['click']):.1f} max {max(t['click']):.1f} n {clicks}"
    )
    print(f"# {prefix}samples {gap_ms:g} ms apart (back-to-back messages meet a ~48 ms stall)")

    py = python_click(page, pair)
    emit(f"{prefix}click_python_ms", py["ms"], "ms")
    emit(f"{prefix}click_python_cpu_ms", py["cpu_ms"], "ms")
    emit(f"{prefix}click_panels_cpu_ms", py["later_cpu_ms"], "ms")
    emit(f"{prefix}click_messages", py["messages"], "messages")
    emit(f"{prefix}click_board_messages", py["board_messages"], "messages")

    emit(f"{prefix}echo_roundtrip_ms", echo, "ms")
    emit(f"{prefix}bare_echo_roundtrip_ms", bare, "ms")
    emit(f"{prefix}click_vs_echo", click / echo, "x")
    emit(f"{prefix}click_vs_bare_echo", click / bare, "x")
    emit(f"{prefix}bare_click_echo_roundtrip_ms", bare_click, "ms")
    emit(f"{prefix}click_vs_bare_click_echo", click / bare_click, "x")
    paired = h.median(c - b for c, b in zip(t["click"], t["bare_click"], strict=True))
    print(f"# {prefix}click - bare click echo, median of the pairs: {paired:.2f} ms", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=CLICKS)
    ap.add_argument("--updates", type=int, default=10)
    ap.add_argument(
        "--gap-ms", type=float, default=200.0, help="quiet time before each click / echo"
    )
    ap.add_argument("--voila", action="store_true", help="also measure in Voila")
    ap.add_argument(
        "--games",
        default="skirmish,ambush,aggressor,naval",
        help="apps to measure (the SKIRMISH board and the apps of benchmarks/browser_<game>.py)",
    )
    args = ap.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    stop_on_sigterm()
    cells = [H.PROBE_CELL, BOARD_CELL, "probe", shown()]
    try:
        with Launch("bench_board.ipynb", cells) as run:
            if "skirmish" in games:
                page = run.lab_page()
                measure(page, args.clicks, args.updates, args.gap_ms)
                page.close()
            if args.voila:
                page = run.voila_page()
                measure(page, args.clicks, args.updates, args.gap_ms, prefix="voila_")
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
