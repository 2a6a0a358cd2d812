/**
 * hexplay board edit mode (the map and scenario editors): gestures become intent messages.
 *
 * Active while the model's ``edit_tool`` trait is one of paint, hexside, road, elevation,
 * place, unit (an ordinary HexBoard has no such trait: nothing here runs).  Python decides
 * every edit (hexplay.widgets.editor_board / hexplay.maps.edit) and sends the new map back;
 * the page only reports what the designer did:
 *
 *   press-drag-release over hexes   {type: "stroke", hexes: [labels, in order entered], seq}
 *                                   (paint, road, elevation, place; a fast drag's skipped
 *                                   hexes are filled in along the hex line)
 *   click near a hexside            {type: "side", hex, dir: 0..5, seq}   (hexside tool)
 *   drag a roster chip or a placed  {type: "drop", unit, hex, seq}        (unit tool)
 *   counter onto a hex
 *
 * While a tool is active a drag edits instead of panning (wheel zoom and the toolbar stay).
 * The map redrawn after an edit keeps the zoom and pan (when its size is unchanged).
 *
 * Stable hooks for browser tests: stroke preview <polygon class="hexplay-edit-preview">,
 * roster strip <div class="hexplay-roster"> with chips <div class="hexplay-roster-chip"
 * data-roster="<id>"> (class "hexplay-roster-placed" once placed); el.dataset.editTool.
 */

import { cubeRound } from "./hexmath.js";

const EDIT_TOOLS = new Set(["paint", "hexside", "road", "elevation", "place", "unit"]);
const STYLE = `
.hexplay-edit-preview { fill: rgba(255, 200, 0, 0.35); stroke: #c98a00; stroke-width: 1.5; pointer-events: none; }
.hexplay-roster { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; font: 12px sans-serif; }
.hexplay-roster-chip { padding: 2px 8px; border-radius: 10px; color: #fff; cursor: grab; user-select: none; touch-action: none; }
.hexplay-roster-chip.hexplay-roster-placed { opacity: 0.55; }
.hexplay-roster-ghost { position: fixed; pointer-events: none; z-index: 1000; opacity: 0.8; }
.hexplay-editing .hexplay-frame { cursor: crosshair; }
`;

function injectStyle() {
  if (document.getElementById("hexplay-edit-style")) return;
  const s = document.createElement("style");
  s.id = "hexplay-edit-style";
  s.textContent = STYLE;
  document.head.appendChild(s);
}

/** Hexes from axial (q0, r0) to (q1, r1), both included (cube lerp + rounding). */
function hexLine(q0, r0, q1, r1) {
  const n = Math.max(Math.abs(q1 - q0), Math.abs(r1 - r0), Math.abs(q1 + r1 - q0 - r0));
  const out = [];
  for (let k = 1; k <= n; k++) {
    const t = k / n;
    const fq = q0 + (q1 - q0) * t + 1e-6;
    const fr = r0 + (r1 - r0) * t + 1e-6;
    out.push(cubeRound(fq, fr));
  }
  return out;
}

export function installEdit(board, model) {
  if (!model.get("edit_tool") && model.get("edit_tool") !== "") return () => {};
  injectStyle();
  const el = board.el;
  const root = board.root;
  const tool = () => model.get("edit_tool") || "";
  const editing = () => EDIT_TOOLS.has(tool());
  const preview = document.createElementNS("http://www.w3.org/2000/svg", "g");
  preview.setAttribute("class", "hexplay-layer-edit");
  preview.setAttribute("pointer-events", "none");
  board.svg.appendChild(preview);
  const roster = document.createElement("div");
  roster.className = "hexplay-roster";
  root.insertBefore(roster, board.frame);
  let stroke = null; // {ids: [hex indices], id: pointerId}
  let unitDrag = null; // {unit, ghost}
  let pending = null; // the view box to keep over a map redraw

  const send = (msg) => {
    board.clickSeq += 1;
    board.clickSentAt = performance.now();
    el.dataset.clickSeq = String(board.clickSeq);
    model.send({ ...msg, seq: board.clickSeq });
  };
  const hexAt = (e) => {
    if (!board.geom) return -1;
    const [x, y] = board.svgPoint(e);
    return board.geom.hexAt(x, y);
  };
  const addPreview = (i) => {
    const p = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
    p.setAttribute("class", "hexplay-edit-preview");
    p.setAttribute("points", board.geom.points(i));
    preview.appendChild(p);
  };
  const clearPreview = () => {
    preview.textContent = "";
  };

  const extend = (i) => {
    const g = board.geom;
    const ids = stroke.ids;
    const last = ids[ids.length - 1];
    if (i < 0 || i === last) return;
    const steps = last === undefined ? [[g.q[i], g.r[i]]] : hexLine(g.q[last], g.r[last], g.q[i], g.r[i]);
    for (const [q, r] of steps) {
      const j = g.indexQR(q, r);
      if (j < 0 || j === ids[ids.length - 1]) continue;
      // a road is a path (it may come back); the other tools take each hex once per stroke
      if (tool() !== "road" && ids.includes(j)) continue;
      ids.push(j);
      addPreview(j);
    }
  };

  /** The side of hex i nearest to the pointer: 0 N, 1 NE, ... 5 NW (clockwise). */
  const sideAt = (e, i) => {
    const g = board.geom;
    const [x, y] = board.svgPoint(e);
    const dx = x - g.x[i];
    const dy = y - g.y[i];
    const c = g.cornersQR(g.q[i], g.r[i]);
    const size = Math.hypot(c[0][0] - g.x[i], c[0][1] - g.y[i]);
    if (Math.hypot(dx, dy) < 0.35 * size) return -1; // too near the centre to say which
    const deg = ((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360;
    return Math.round((((deg - 270) % 360) + 360) % 360 / 60) % 6;
  };

  const onDown = (e) => {
    if (!editing() || e.button !== 0 || board.toolbar.contains(e.target) || roster.contains(e.target)) return;
    if (!board.geom) return;
    e.stopPropagation();
    e.preventDefault();
    el.focus({ preventScroll: true });
    if (tool() === "unit") {
      const c = e.target.closest ? e.target.closest("[data-unit]") : null;
      const id = c && board.gUnits.contains(c) ? c.getAttribute("data-unit") : null;
      if (id && (model.get("roster") || []).some((r) => String(r.id) === id)) startUnitDrag(e, id, c.textContent || id);
      return;
    }
    stroke = { ids: [], id: e.pointerId };
    try {
      board.frame.setPointerCapture(e.pointerId);
    } catch (_err) {
      /* ignore */
    }
    if (tool() !== "hexside") extend(hexAt(e));
  };
  const onMove = (e) => {
    if (unitDrag) {
      moveGhost(e);
      return;
    }
    if (!stroke || e.pointerId !== stroke.id) return;
    e.stopPropagation();
    if (tool() !== "hexside") extend(hexAt(e));
  };
  const onUp = (e) => {
    if (unitDrag) {
      endUnitDrag(e);
      return;
    }
    if (!stroke || e.pointerId !== stroke.id) return;
    e.stopPropagation();
    const s = stroke;
    stroke = null;
    if (e.type !== "pointerup") {
      clearPreview();
      return;
    }
    const g = board.geom;
    if (tool() === "hexside") {
      const i = hexAt(e);
      const d = i >= 0 ? sideAt(e, i) : -1;
      if (d >= 0) send({ type: "side", hex: g.labels[i], dir: d });
      return;
    }
    if (s.ids.length) send({ type: "stroke", hexes: s.ids.map((i) => g.labels[i]) });
    else clearPreview();
  };

  // ---- the roster (unit tool): drag a chip, or a placed counter, onto a hex ------------------
  const startUnitDrag = (e, unit, text) => {
    const ghost = document.createElement("div");
    ghost.className = "hexplay-roster-chip hexplay-roster-ghost";
    ghost.textContent = text;
    const r = (model.get("roster") || []).find((x) => String(x.id) === unit);
    ghost.style.background = board.sideColour(r ? r.side : "");
    document.body.appendChild(ghost);
    unitDrag = { unit, ghost, id: e.pointerId };
    moveGhost(e);
  };
  const moveGhost = (e) => {
    unitDrag.ghost.style.left = e.clientX + 8 + "px";
    unitDrag.ghost.style.top = e.clientY + 8 + "px";
  };
  const endUnitDrag = (e) => {
    const d = unitDrag;
    unitDrag = null;
    d.ghost.remove();
    if (e.type !== "pointerup") return;
    const i = hexAt(e);
    const r = board.frame.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    if (i >= 0 && inside) send({ type: "drop", unit: d.unit, hex: board.geom.labels[i] });
  };
  const renderRoster = () => {
    roster.textContent = "";
    const items = model.get("roster") || [];
    roster.style.display = tool() === "unit" && items.length ? "" : "none";
    for (const it of items) {
      const chip = document.createElement("div");
      chip.className = "hexplay-roster-chip" + (it.hex ? " hexplay-roster-placed" : "");
      chip.dataset.roster = String(it.id);
      chip.textContent = it.label || it.id;
      chip.title = it.hex ? `${it.label || it.id} at ${it.hex}: drag to move` : "drag onto the map";
      chip.style.background = board.sideColour(it.side);
      chip.addEventListener("pointerdown", (e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.stopPropagation();
        try {
          chip.setPointerCapture(e.pointerId);
        } catch (_err) {
          /* ignore */
        }
        startUnitDrag(e, String(it.id), chip.textContent);
      });
      chip.addEventListener("pointermove", (e) => unitDrag && moveGhost(e));
      chip.addEventListener("pointerup", (e) => unitDrag && endUnitDrag(e));
      chip.addEventListener("pointercancel", (e) => unitDrag && endUnitDrag(e));
      roster.appendChild(chip);
    }
  };

  const applyTool = () => {
    el.dataset.editTool = tool();
    el.classList.toggle("hexplay-editing", editing());
    renderRoster();
  };

  root.addEventListener("pointerdown", onDown, true);
  root.addEventListener("pointermove", onMove, true);
  root.addEventListener("pointerup", onUp, true);
  root.addEventListener("pointercancel", onUp, true);
  // a redrawn map of the same size keeps the designer's zoom and pan (registered before the
  // board's own handlers: this runs first and saves the view box; "change" restores it)
  const handlers = [
    ["change:_map", () => {
      const g = board.geom;
      pending = g && board.vb ? { vb: { ...board.vb }, cols: g.cols, rows: g.rows } : null;
    }],
    ["change", () => {
      if (pending && board.geom && board.geom.cols === pending.cols && board.geom.rows === pending.rows) {
        board.vb = pending.vb;
        board.applyViewBox();
        // the hex under the pointer may have just been painted: its tooltip says so
        if (board.hoverIndex >= 0 && board.hoverIndex < board.geom.n) board.tooltip.innerHTML = board.tooltipHtml(board.hoverIndex);
      }
      pending = null;
      const a = model.get("_answer");
      if (preview.childNodes.length && a && Number(a.seq) >= board.clickSeq) clearPreview();
    }],
    ["change:edit_tool", applyTool],
    ["change:roster", renderRoster],
  ];
  for (const [ev, fn] of handlers) model.on(ev, fn);
  applyTool();
  return () => {
    for (const [ev, fn] of handlers) model.off(ev, fn);
    root.removeEventListener("pointerdown", onDown, true);
    root.removeEventListener("pointermove", onMove, true);
    root.removeEventListener("pointerup", onUp, true);
    root.removeEventListener("pointercancel", onUp, true);
  };
}
