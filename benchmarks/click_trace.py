"""Where a click's milliseconds go: a board click and a bare echo, stage by stage, in the page.

Opens an app (``--game skirmish|ambush|aggressor|naval``, the notebooks of ``browser*.py``) in
JupyterLab in headless Chromium with every WebSocket of the page wrapped (an init script): each
frame sent and received is timestamped (``performance.now``) and sized, and the kernel's comm
messages are picked out by their content.  For each real click on an own counter it splits the
round trip into

- ``pre_send``: ``pointerup`` until the click message leaves on the socket (hit test, send);
- ``wire_kernel``: the click leaving until the frame holding the board's answer (``_answer``)
  arrives (network, server, kernel: Python's handler included);
- ``draw``: that frame's arrival until the board marks the answer drawn (deserialising, the
  change handlers, the SVG layers redrawn); ``board_update`` / ``board_overlays``: the board's
  own last layer update and overlays redraw in it (``el.dataset.updateMs`` / ``overlaysMs``);
  and, from the board's stage marks (``performance.mark("hexplay:answer-…")``, board.js),
  ``frame_to_board`` (the frame's arrival until the board's handler has the answer: the
  page's deserialising and the widget manager), ``board_wait`` (until its traits are being
  set), ``board_draw`` (setting them: every change handler, every layer redrawn) and
  ``drawn_to_done`` (until the timer's observer saw it);

and the same for the bare echo (``send`` until its reply frame, then the reply frame until the
promise resolves).  It also prints the bytes of the answer frame and how many kernel frames
arrive between the click and the answer.  Medians; prints ``# `` context lines and
``trace_<stage>_ms: value ms`` figures.  Not part of ``run.py``: a tool to look with.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser as B  # noqa: E402
from launch import H, Launch, stop_on_sigterm  # noqa: E402

# Every WebSocket frame in and out, timestamped, with its size and whether it holds a marker.
WS_HOOK = r"""
(() => {
  const Orig = window.WebSocket;
  const log = [];
  window.__hexplayWs = log;
  const text = (d) => {
    if (typeof d === "string") return d;
    try { return new TextDecoder().decode(d instanceof ArrayBuffer ? d : d.buffer || d); }
    catch (_e) { return ""; }
  };
  const tag = (s) => s.includes('"_answer"') ? "answer"
    : s.includes('"kind":"echo"') || s.includes('"kind": "echo"') ? "echo"
    : s.includes('"type":"click"') || s.includes('"type": "click"') ? "click"
    : s.includes('"comm_msg"') ? "comm" : "other";
  function Wrapped(url, protocols) {
    const ws = protocols === undefined ? new Orig(url) : new Orig(url, protocols);
    ws.addEventListener("message", (e) => {
      const t = performance.now();
      const d = e.data;
      const size = typeof d === "string" ? d.length : (d.byteLength || d.size || 0);
      if (d instanceof Blob) { log.push({ t, dir: "in", size, tag: "blob" }); return; }
      log.push({ t, dir: "in", size, tag: tag(text(d)) });
    });
    const send = ws.send.bind(ws);
    ws.send = (d) => {
      const size = typeof d === "string" ? d.length : (d.byteLength || 0);
      log.push({ t: performance.now(), dir: "out", size, tag: tag(text(d)) });
      return send(d);
    };
    return ws;
  }
  Wrapped.prototype = Orig.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Wrapped[k] = Orig[k];
  window.WebSocket = Wrapped;
})();
"""

# A click timed as browser.ARM_JS does, plus the pointerup time, read back with the log.
ARM_JS = B.ARM_JS.replace(
    "const onUp = () => { if (t0 === null) t0 = performance.now(); };",
    "const onUp = () => { if (t0 === null) { t0 = performance.now(); window.__hexplayUp = t0; } };",
).replace("resolve(t1 - t0);", "window.__hexplayDone = t1; resolve(t1 - t0);")

ECHO_ONE_JS = """
async () => {
  const n0 = window.__hexplayWs.length;
  const times = await window.__hexplayEcho(1, 0);
  return { n0, done: performance.now(), total: times[0] };
}
"""

GAMES = {
    "skirmish": ("browser", "BOARD_CELL", "PICK", "board"),
    "aggressor": ("browser_aggressor", "APP_CELL", "PICK", "app"),
    "naval": ("browser_naval", "NAVAL_CELL", "PICK_SHIPS", "app"),
    "ambush": ("browser_ambush", "AMBUSH_CELL", "PICK_UNITS", "app"),
}


#: The board's last answer stage marks (``board.js`` ``stageMark``), as {stage: ms}.
MARKS_JS = (
    "Object.fromEntries(['answer-in', 'answer-apply', 'answer-drawn'].map((s) => "
    "[s, (performance.getEntriesByName('hexplay:' + s).at(-1) || {}).startTime]))"
)


def split_click(
    log: list[dict], n0: int, up: float, done: float, marks: dict | None = None
) -> dict[str, float] | None:
    """The stages of one click from the frames logged after index ``n0`` (and the board's
    stage marks, when given)."""
    frames = log[n0:]
    out = next((f for f in frames if f["dir"] == "out" and f["tag"] == "click"), None)
    ans = next((f for f in frames if f["dir"] == "in" and f["tag"] == "answer"), None)
    if out is None or ans is None:
        return None
    between = [f for f in frames if f["dir"] == "in" and out["t"] <= f["t"] < ans["t"]]
    stages: dict[str, float] = {}
    m = marks or {}
    have = all(
        isinstance(m.get(k), (int, float)) for k in ("answer-in", "answer-apply", "answer-drawn")
    )
    if have and m["answer-in"] >= ans["t"]:  # this click's marks, not an older answer's
        stages = {
            "frame_to_board": m["answer-in"] - ans["t"],
            "board_wait": m["answer-apply"] - m["answer-in"],
            "board_draw": m["answer-drawn"] - m["answer-apply"],
            "drawn_to_done": done - m["answer-drawn"],
        }
    return stages | {
        "pre_send": out["t"] - up,
        "wire_kernel": ans["t"] - out["t"],
        "draw": done - ans["t"],
        "answer_bytes": float(ans["size"]),
        "frames_before_answer": float(len(between)),
    }


def split_echo(log: list[dict], n0: int, done: float) -> dict[str, float] | None:
    frames = log[n0:]
    out = next((f for f in frames if f["dir"] == "out" and f["tag"] == "echo"), None)
    back = next((f for f in frames if f["dir"] == "in" and f["tag"] == "echo"), None)
    if out is None or back is None:
        return None
    return {"echo_wire_kernel": back["t"] - out["t"], "echo_after": done - back["t"]}


def trace(page: Any, pick: str, clicks: int, gap_ms: float, dump: int = 0) -> dict[str, float]:
    page.wait_for_selector(".hexplay-board[data-ready='true']", timeout=60_000)
    page.locator(".hexplay-board").scroll_into_view_if_needed()
    pair = H.kernel(page, pick)
    H.kernel(page, "board.selected = None")
    rows: list[dict[str, float]] = []
    boxes = B.counter_boxes(page, pair)
    for i in range(clicks):
        time.sleep(gap_ms / 1000)
        unit = pair[i % 2]
        box = boxes[unit]
        n0 = page.evaluate("() => window.__hexplayWs.length")
        page.evaluate(ARM_JS, unit)
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        time.sleep(B.QUIET_MS / 1000)  # no harness traffic while the click is in flight
        total = float(page.evaluate(B.WAIT_CLICK_JS))
        log, up, done, marks = page.evaluate(
            "() => [window.__hexplayWs, window.__hexplayUp, window.__hexplayDone, " + MARKS_JS + "]"
        )
        row = split_click(log, n0, up, done, marks)
        board_ms = page.eval_on_selector(
            ".hexplay-board", "el => [+el.dataset.updateMs, +el.dataset.overlaysMs]"
        )
        if dump and i >= clicks - dump:  # the frames of the last clicks, ms from pointerup
            frames = [f"{f['dir']} {f['tag']} {f['size']}B @{f['t'] - up:.1f}" for f in log[n0:]]
            print(f"# click {i}: " + ", ".join(frames) + f"; drawn @{done - up:.1f}", flush=True)
        if row is not None:
            row["total"] = total
            row["board_update"], row["board_overlays"] = board_ms
            rows.append(row)
    echoes: list[dict[str, float]] = []
    for i in range(clicks):
        time.sleep(gap_ms / 1000)
        r = page.evaluate(ECHO_ONE_JS)
        log = page.evaluate("() => window.__hexplayWs")
        row = split_echo(log, r["n0"], r["done"])
        if dump and i >= clicks - dump and log[r["n0"] :]:
            t0 = log[r["n0"]]["t"]
            frames = [
                f"{f['dir']} {f['tag']} {f['size']}B @{f['t'] - t0:.1f}" for f in log[r["n0"] :]
            ]
            print(f"# echo {i}: " + ", ".join(frames), flush=True)
        if row is not None:
            row["echo_total"] = r["total"]
            echoes.append(row)
    out = {k: H.median([r[k] for r in rows]) for k in rows[0]} if rows else {}
    out.update({k: H.median([r[k] for r in echoes]) for k in echoes[0]} if echoes else {})
    print(f"# {len(rows)} clicks and {len(echoes)} echoes traced", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(GAMES), default="skirmish")
    ap.add_argument("--clicks", type=int, default=20)
    ap.add_argument("--gap-ms", type=float, default=200.0)
    ap.add_argument("--dump", type=int, default=0, help="print the frames of the last N clicks")
    args = ap.parse_args(argv)
    stop_on_sigterm()
    mod_name, cell, pick, shown = GAMES[args.game]
    mod = __import__(mod_name)
    cells = [H.PROBE_CELL, getattr(mod, cell), "probe", "echo", shown]
    with Launch(f"trace_{args.game}.ipynb", cells, prefix="hexplay-trace-") as run:
        run.ctx.add_init_script(WS_HOOK)
        figures = trace(
            run.lab_page(90_000), getattr(mod, pick), args.clicks, args.gap_ms, args.dump
        )
    for k, v in figures.items():
        unit = "bytes" if k.endswith("bytes") else "frames" if k.startswith("frames") else "ms"
        B.emit(f"trace_{k}" + ("_ms" if unit == "ms" else ""), v, unit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
