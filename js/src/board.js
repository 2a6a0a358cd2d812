/**
 * hexplay HexBoard — anywidget front end (built by esbuild into hexplay/static/board.js).
 *
 * The browser only draws and reports intents; every rule is decided in Python.
 *
 * Stable hooks for browser tests (tests/ui/) and benchmarks (benchmarks/browser.py):
 *   root element                 class "hexplay-board"
 *   hex polygon                  <polygon class="hexplay-hex" data-hex="0620" data-terrain="trees">
 *   unit counter                 <g class="hexplay-unit" data-unit="<id>" data-at="0620"
 *                                   data-side="adversary" data-status="fit|W|K">
 *   last-known enemy (not seen now) class "hexplay-stale" on its counter
 *   selected counter / hex       class "hexplay-selected" (on the counter or an outline polygon)
 *   LOS overlay line             <line class="hexplay-los" data-clear="true|false">
 *   visible-hex overlay          <g class="hexplay-visible" data-count="<visible hexes>"> with
 *                                   one <path class="hexplay-fog" data-fog-count="<hidden>"
 *                                   data-fog-mode="hexes|outline"> covering every *hidden*
 *                                   hex (fog): the hidden hexes, or the map's outline and the
 *                                   visible hexes filled even-odd (Board.drawFog)
 *   reachable overlay            <path class="hexplay-reach" data-reach-count="<hexes>"> (one
 *                                   path); zoomed in, also ONE <text class="hexplay-reach-text"
 *                                   data-reach="<labels>" data-cost="<costs>" data-count> (the
 *                                   hexes' figures, space-separated in the same order)
 *   plotted path / fire arrow    class "hexplay-path" data-path-unit / class "hexplay-fire"
 *                                   data-fire-unit data-target   ("data-unit" is only on counters)
 *   vehicle occupant pip         <circle class="hexplay-occupant" data-occupant="<id>"> inside
 *                                   its vehicle's counter (click it to name that man)
 *   tooltip                      <div class="hexplay-tooltip">
 *   legend                       <div class="hexplay-legend"> a strip below the map (never over
 *                                   a hex)
 *   timing (on the root el)      el.dataset.renderMs  first full render (ms, performance.now)
 *                                el.dataset.updateMs  last layer update (ms)
 *                                el.dataset.overlaysMs last overlays redraw (ms)
 *                                el.dataset.renders   count of renders (full + updates)
 *                                el.dataset.mapBuilds count of static map layer builds
 *                                el.dataset.ready     "true" once the first render is done
 *
 *                                el.dataset.clickSeq  seq of the last click sent to Python
 *                                el.dataset.answered  seq of the last click whose answer (every
 *                                   board change it caused, one message) has been drawn
 *
 * Counters (``units``) arrive whole in the first state, then as changes: {rev, base, set:
 * [changed counters], del: [ids], order}; a change that does not follow the last one applied
 * makes the board ask for all of them again ({type: "resync"}).
 *
 * Messages sent to Python (model.send): {type: "click", hex, unit, occupant, shift, seq,
 * answer_ms} (answer_ms: this view's last click, sent until drawn, in ms; once it has one),
 * {type: "hover", hex, unit, occupant} (hover only when the hex under the pointer changes) and
 * {type: "ping", seq} (the board's echo, on a "hexplay-ping" event dispatched on el);
 * ``occupant`` is the man aboard ``unit`` whose pip was clicked, else null.  Python answers a
 * click with one message carrying every board change it caused and ``_answer = {seq, n}``: a
 * custom message {type: "answer", state, buffer_paths} whose traits the page sets on the model
 * (answerChannel), so it is drawn by the same change handlers as a state update.
 *
 * Overlays ``visible`` ({dtype, data}: hex indices) and ``reachable`` ({hex, cost}: indices and
 * AP costs; cost {dtype, data, scale}: whole counts of 1/scale AP when scale is given) arrive
 * as binary buffers; label lists / {label: cost} dicts are read too.  A marking (``markings``
 * trait: [{name, hexes, colour, style}]) may give {ring: {centre, radius}} for its hexes: those
 * exactly radius from centre, found here.
 *
 * Size: the map keeps its aspect ratio, fills the available width and is at most 80vh tall
 * (or the ``height`` trait when set), in JupyterLab and Voila alike.
 */

import { installEdit } from "./edit.js";
import { DIRS, cubeRound } from "./hexmath.js";
import { ms, letterground, letterequipment, letterinstallations, lettersea, letterair } from "milsymbol-sets";

// only the symbol sets hexplay's games use (land units, equipment, installations, sea, air)
ms.addIcons([letterground, letterequipment, letterinstallations, lettersea, letterair]);

const SVGNS = "http://www.w3.org/2000/svg";
const SQ3 = Math.sqrt(3);
const SIZE = 30; // hex radius in SVG user units
/** The most a selection's follow zooms out (from the turn's framing) to bring the unit's
 * reach and targets in view. */
const FOLLOW_ZOOM_OUT = 1.6;

const SIDE_COLOURS = {
  adversary: "#b8322a",
  defender: "#2f5fa8",
  referee: "#555555",
};
const DEFAULT_SIDE_COLOUR = "#6b6b6b";
const WEAPON_LETTERS = { rifle: "R", shotgun: "S", pistol: "P" };

// --------------------------------------------------------------------------------------------
// small helpers
// --------------------------------------------------------------------------------------------

function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  if (attrs) for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function html(tag, cls, parent) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (parent) parent.appendChild(e);
  return e;
}

const DTYPES = {
  int8: Int8Array,
  uint8: Uint8Array,
  int16: Int16Array,
  uint16: Uint16Array,
  int32: Int32Array,
  float32: Float32Array,
  float64: Float64Array,
};

/** Decode {dtype, data} (data: DataView/ArrayBuffer/typed array/plain list) to a typed array. */
function decode(field) {
  if (field == null) return null;
  if (Array.isArray(field)) return Int32Array.from(field);
  const Ctor = DTYPES[field.dtype] || Int32Array;
  const d = field.data;
  if (d == null) return new Ctor(0);
  if (Array.isArray(d)) return Ctor.from(d);
  if (d instanceof DataView) {
    const copy = d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength);
    return new Ctor(copy);
  }
  if (d instanceof ArrayBuffer) return new Ctor(d.slice(0));
  if (ArrayBuffer.isView(d)) {
    const copy = d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength);
    return new Ctor(copy);
  }
  return new Ctor(0);
}

/** A short key for binary data (FNV-1a of its bytes), to tell overlay values apart. */
function bytesKey(x) {
  const u8 = x instanceof ArrayBuffer ? new Uint8Array(x) : new Uint8Array(x.buffer, x.byteOffset, x.byteLength);
  let h = 0x811c9dc5;
  for (let i = 0; i < u8.length; i++) h = Math.imul(h ^ u8[i], 0x01000193);
  return "#" + u8.length + ":" + (h >>> 0).toString(16);
}

/** The reach figures' font size (px, as board.css sets ``.hexplay-reach-text``) and glyph
 * advances in ems (tabular digits; the point and minus narrower): each glyph of the one
 * ``<text>`` of the figures is placed by itself, each figure centred on its hex. */
const REACH_FONT_PX = 8;
const REACH_DIGIT_EM = 0.56;
const REACH_GLYPH_EM = { ".": 0.28, "-": 0.33 };

/** A string that changes when an overlay value does (binary fields hashed). */
function overlayKey(v) {
  return JSON.stringify(v, (_k, x) => (x instanceof ArrayBuffer || ArrayBuffer.isView(x) ? bytesKey(x) : x));
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// --------------------------------------------------------------------------------------------
// geometry (mirrors hexplay.hexgrid: flat-topped, columns, even 1-based columns half a hex lower)
// --------------------------------------------------------------------------------------------

class Geometry {
  constructor(m) {
    this.cols = m.cols;
    this.rows = m.rows;
    this.evenLow = m.even_columns_low !== false;
    this.style = m.label_style || "ccrr";
    this.n = this.cols * this.rows;
    this.q = new Int32Array(this.n);
    this.r = new Int32Array(this.n);
    this.x = new Float64Array(this.n);
    this.y = new Float64Array(this.n);
    this.labels = new Array(this.n);
    this.byLabel = new Map();
    this.byQR = new Map();
    for (let c = 1; c <= this.cols; c++) {
      for (let w = 1; w <= this.rows; w++) {
        const i = (c - 1) * this.rows + (w - 1);
        const c0 = c - 1;
        const r0 = w - 1;
        const q = c0;
        const r = this.evenLow ? r0 - (c0 - (c0 & 1)) / 2 : r0 - (c0 + (c0 & 1)) / 2;
        this.q[i] = q;
        this.r[i] = r;
        this.x[i] = SIZE * 1.5 * q;
        this.y[i] = SIZE * SQ3 * (r + q / 2);
        const lab = this.format(c, w);
        this.labels[i] = lab;
        this.byLabel.set(lab, i);
        this.byQR.set(q + "," + r, i);
      }
    }
    if (Array.isArray(m.labels) && m.labels.length === this.n) {
      // labels sent by Python win (custom styles)
      this.byLabel.clear();
      for (let i = 0; i < this.n; i++) {
        this.labels[i] = m.labels[i];
        this.byLabel.set(m.labels[i], i);
      }
    }
  }

  format(col, row) {
    if (this.style === "letters") return "@" + String.fromCharCode(64 + col) + String.fromCharCode(64 + row);
    return String(col).padStart(2, "0") + String(row).padStart(2, "0");
  }

  index(label) {
    if (label == null) return -1;
    const i = this.byLabel.get(String(label));
    return i === undefined ? -1 : i;
  }

  indexQR(q, r) {
    const i = this.byQR.get(q + "," + r);
    return i === undefined ? -1 : i;
  }

  centreQR(q, r) {
    return [SIZE * 1.5 * q, SIZE * SQ3 * (r + q / 2)];
  }

  /** Corner k starts the side facing direction k (flat-topped: corner 0 upper-left). */
  cornersQR(q, r, scale = 1) {
    const [cx, cy] = this.centreQR(q, r);
    const out = [];
    for (let k = 0; k < 6; k++) {
      const a = ((240 + 60 * k) * Math.PI) / 180;
      out.push([cx + SIZE * scale * Math.cos(a), cy + SIZE * scale * Math.sin(a)]);
    }
    return out;
  }

  points(i, scale = 1) {
    if (scale === 1) {
      if (!this.pts) this.pts = new Array(this.n);
      const hit = this.pts[i];
      if (hit !== undefined) return hit;
    }
    const s = this.cornersQR(this.q[i], this.r[i], scale)
      .map((p) => p[0].toFixed(2) + "," + p[1].toFixed(2))
      .join(" ");
    if (scale === 1) this.pts[i] = s;
    return s;
  }

  /** Hex ``i`` (shrunk by ``scale``) as a closed SVG path ("M…L…Z"), cached per scale. */
  pathD(i, scale = 1) {
    if (!this.paths) this.paths = new Map();
    let cache = this.paths.get(scale);
    if (!cache) this.paths.set(scale, (cache = new Array(this.n)));
    let d = cache[i];
    if (d === undefined) {
      const c = this.cornersQR(this.q[i], this.r[i], scale);
      d = "M" + c.map((p) => p[0].toFixed(1) + "," + p[1].toFixed(1)).join("L") + "Z";
      cache[i] = d;
    }
    return d;
  }

  /** The map's outline, the edges of its hexes that face no other hex, chained into closed
   * SVG subpaths ("M…L…Z", corners written as :meth:`pathD` writes them, so a hex at the
   * edge shares its outer corners with it exactly); null when those edges do not chain into
   * loops.  Computed once per map. */
  outlineD() {
    if (this.outline !== undefined) return this.outline;
    this.outline = null;
    // (as pathD writes a corner; "-0.0" and "0.0", the same point, are one key)
    const f = (v) => (Math.abs(v) < 0.05 ? "0.0" : v.toFixed(1));
    const pt = (p) => f(p[0]) + "," + f(p[1]);
    const next = new Map(); // corner -> the next corner along the outline
    for (let i = 0; i < this.n; i++) {
      const c = this.cornersQR(this.q[i], this.r[i]);
      for (let k = 0; k < 6; k++) {
        if (this.indexQR(this.q[i] + DIRS[k][0], this.r[i] + DIRS[k][1]) >= 0) continue;
        const a = pt(c[k]);
        if (next.has(a)) return null; // two outer edges from one corner: no simple loops
        next.set(a, pt(c[(k + 1) % 6]));
      }
    }
    let d = "";
    const left = new Set(next.keys());
    for (const start of next.keys()) {
      if (!left.has(start)) continue;
      d += "M" + start;
      left.delete(start);
      for (let p = next.get(start); p !== start; p = next.get(p)) {
        if (!left.has(p)) return null; // an edge ends where no outer edge starts
        left.delete(p);
        d += "L" + p;
      }
      d += "Z";
    }
    this.outline = d;
    return d;
  }

  /** Indices of the map's hexes exactly ``radius`` from hex ``i`` (a ring: walked around
   * from the hex ``radius`` steps in direction 0, as hexplay.hexgrid.Hex.distance counts;
   * hexes off the map left out). */
  ring(i, radius) {
    if (i < 0 || !(radius >= 0)) return [];
    if (radius === 0) return [i];
    const out = [];
    let q = this.q[i] + DIRS[0][0] * radius;
    let r = this.r[i] + DIRS[0][1] * radius;
    for (let d = 0; d < 6; d++) {
      const [dq, dr] = DIRS[(d + 2) % 6];
      for (let k = 0; k < radius; k++) {
        const j = this.indexQR(q, r);
        if (j >= 0) out.push(j);
        q += dq;
        r += dr;
      }
    }
    return out;
  }

  /** Endpoints of hexside (q, r, d). */
  side(q, r, d) {
    const c = this.cornersQR(q, r);
    return [c[d], c[(d + 1) % 6]];
  }

  /** Hex index at SVG point (x, y), or -1 (cube rounding, as hexplay.hexgrid.cube_round). */
  hexAt(x, y) {
    const [q, r] = cubeRound(((2 / 3) * x) / SIZE, (-x / 3 + (SQ3 / 3) * y) / SIZE);
    return this.indexQR(q, r);
  }

  bounds() {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let i = 0; i < this.n; i++) {
      x0 = Math.min(x0, this.x[i] - SIZE);
      x1 = Math.max(x1, this.x[i] + SIZE);
      y0 = Math.min(y0, this.y[i] - (SIZE * SQ3) / 2);
      y1 = Math.max(y1, this.y[i] + (SIZE * SQ3) / 2);
    }
    if (!isFinite(x0)) return { x: 0, y: 0, w: 100, h: 100 };
    const pad = SIZE * 0.4;
    return { x: x0 - pad, y: y0 - pad, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad };
  }
}

// --------------------------------------------------------------------------------------------
// the board
// --------------------------------------------------------------------------------------------

class Board {
  constructor(model, el) {
    this.model = model;
    this.el = el;
    this.renders = 0;
    this.mapBuilds = 0;
    this.geom = null;
    this.map = null;
    this.unitsByHex = new Map();
    this.unitsById = new Map();
    this.hoverIndex = -1;
    const answer = model.get("_answer") || {};
    this.answerN = answer.n;
    this.clickSeq = Number(answer.seq) || 0;
    this.answeredSeq = this.clickSeq;
    this.clickSentAt = -Infinity;
    this.hoverEvt = null; // the last pointer position over the board, drawn at the next frame
    this.hoverRaf = 0;
    this.hoverDeferred = false;

    el.classList.add("hexplay-board");
    el.dataset.renders = "0";
    el.dataset.mapBuilds = "0";
    this.root = html("div", "hexplay-root", el);
    // Two stacked SVGs with one viewBox: the static map below (its own compositing layer, so
    // hover, selection and overlay changes never repaint the thousand hexes) and the dynamic
    // layers on top (transparent to the pointer except for the counters).
    this.frame = html("div", "hexplay-frame", this.root);
    this.svgMap = svg("svg", {
      class: "hexplay-svg hexplay-svg-map",
      preserveAspectRatio: "xMidYMid meet",
      role: "img",
    });
    this.svg = svg("svg", {
      class: "hexplay-svg hexplay-svg-top",
      preserveAspectRatio: "xMidYMid meet",
    });
    this.frame.appendChild(this.svgMap);
    this.frame.appendChild(this.svg);
    this.defs = svg("defs", null, this.svg);
    this.makeMarkers();
    this.gMap = svg("g", { class: "hexplay-layer-map" }, this.svgMap);
    this.gUnder = svg("g", { class: "hexplay-layer-under", "pointer-events": "none" }, this.svg);
    this.gUnits = svg("g", { class: "hexplay-layer-units", "pointer-events": "visiblePainted" }, this.svg);
    this.gOver = svg("g", { class: "hexplay-layer-over", "pointer-events": "none" }, this.svg);
    // one group per overlay, re-drawn only when that overlay's value changes
    this.ovGroups = {};
    for (const k of ["markings", "regions", "visible", "reachable", "highlight"]) this.ovGroups[k] = svg("g", { class: "hexplay-ov-" + k }, this.gUnder);
    for (const k of ["paths", "route", "fires", "los"]) this.ovGroups[k] = svg("g", { class: "hexplay-ov-" + k }, this.gOver);
    this.ovDrawn = {};
    this.layerPaths = {}; // overlay layer -> its one {group, path, geom} (layerPath)
    this.gSel = svg("g", { class: "hexplay-layer-selection", "pointer-events": "none" }, this.svg);
    this.gHover = svg("g", { class: "hexplay-layer-hover", "pointer-events": "none" }, this.svg);
    this.hoverPoly = svg("polygon", { class: "hexplay-hover", points: "" }, this.gHover);
    this.tooltip = html("div", "hexplay-tooltip", this.root);
    this.tooltip.style.display = "none";
    this.toolbar = html("div", "hexplay-toolbar", this.frame);
    // a notice over the map, below the toolbar (game over): nothing on the page moves for it
    this.notice = html("div", "hexplay-notice", this.frame);
    this.notice.style.display = "none";
    this.legend = html("div", "hexplay-legend", this.root);
    this.makeToolbar();
    this.installInteraction();
  }

  // ---- lifecycle ---------------------------------------------------------------------------

  fullRender() {
    const t0 = performance.now();
    this.buildMap();
    this.renderUnits();
    this.renderOverlays(true);
    this.renderSelection();
    this.applyToggles();
    this.renderLegend();
    this.renderNotice();
    this.renders += 1;
    this.el.dataset.renders = String(this.renders);
    this.el.dataset.renderMs = (performance.now() - t0).toFixed(2);
    this.el.dataset.ready = "true";
  }

  /** Re-render only the named layers, timing the update. */
  update(fn) {
    const t0 = performance.now();
    fn();
    this.renders += 1;
    this.el.dataset.renders = String(this.renders);
    this.el.dataset.updateMs = (performance.now() - t0).toFixed(2);
  }

  // ---- static map layer (built once per map) -------------------------------------------------

  buildMap() {
    const m = this.model.get("_map") || {};
    this.gMap.textContent = "";
    this.mapBuilds += 1;
    this.el.dataset.mapBuilds = String(this.mapBuilds);
    if (!m.cols || !m.rows) {
      this.geom = null;
      this.map = null;
      for (const e of [this.svgMap, this.svg]) e.setAttribute("viewBox", "0 0 100 60");
      return;
    }
    const g = new Geometry(m);
    this.geom = g;
    const terrain = decode(m.terrain) || new Uint8Array(g.n);
    const elevation = m.elevation ? decode(m.elevation) : null;
    const names = m.terrain_names || [];
    const palette = m.palette || {};
    const features = {};
    for (const k in m.hexside_features || {}) features[k] = decode(m.hexside_features[k]);
    const roads = decode(m.roads) || new Int32Array(0);
    this.map = { m, terrain, elevation, names, palette, features, roads };

    const gHex = svg("g", { class: "hexplay-hexes" }, this.gMap);
    const frag = document.createDocumentFragment();
    for (let i = 0; i < g.n; i++) {
      const t = names[terrain[i]] ?? "";
      const p = svg("polygon", {
        class: "hexplay-hex",
        points: g.points(i),
        fill: palette[t] || "#dddddd",
        "data-hex": g.labels[i],
        "data-terrain": t,
      });
      frag.appendChild(p);
    }
    gHex.appendChild(frag);

    // elevation contours: sides between hexes of different elevation
    this.gContours = svg("g", { class: "hexplay-contours", "pointer-events": "none" }, this.gMap);
    if (elevation) {
      let d = "";
      for (let i = 0; i < g.n; i++) {
        for (let k = 0; k < 3; k++) {
          const j = g.indexQR(g.q[i] + DIRS[k][0], g.r[i] + DIRS[k][1]);
          if (j < 0 || elevation[j] === elevation[i]) continue;
          const [a, b] = g.side(g.q[i], g.r[i], k);
          d += `M${a[0].toFixed(1)},${a[1].toFixed(1)}L${b[0].toFixed(1)},${b[1].toFixed(1)}`;
        }
      }
      if (d) svg("path", { d, class: "hexplay-contour" }, this.gContours);
    }

    // roads: a road hexside joins the centres of the two hexes it separates
    const gRoads = svg("g", { class: "hexplay-roads", "pointer-events": "none" }, this.gMap);
    if (roads.length) {
      let d = "";
      for (let k = 0; k + 2 < roads.length + 0; k += 3) {
        const q = roads[k];
        const r = roads[k + 1];
        const dd = roads[k + 2];
        const [ax, ay] = g.centreQR(q, r);
        const [bx, by] = g.centreQR(q + DIRS[dd][0], r + DIRS[dd][1]);
        d += `M${ax.toFixed(1)},${ay.toFixed(1)}L${bx.toFixed(1)},${by.toFixed(1)}`;
      }
      svg("path", { d, class: "hexplay-road-casing" }, gRoads);
      svg("path", { d, class: "hexplay-road" }, gRoads);
    }

    // hexside features (slopes as dark thick edges; others dashed)
    const gSides = svg("g", { class: "hexplay-hexsides", "pointer-events": "none" }, this.gMap);
    for (const name in features) {
      const arr = features[name];
      let d = "";
      for (let k = 0; k + 2 < arr.length + 0; k += 3) {
        const [a, b] = g.side(arr[k], arr[k + 1], arr[k + 2]);
        d += `M${a[0].toFixed(1)},${a[1].toFixed(1)}L${b[0].toFixed(1)},${b[1].toFixed(1)}`;
      }
      if (d) {
        const colour = (m.feature_palette || {})[name];
        const attrs = { d, class: `hexplay-feature hexplay-feature-${name}`, "data-feature": name };
        if (colour) attrs.stroke = colour;
        svg("path", attrs, gSides);
      }
    }

    // labels: ONE <text> with a positioned <tspan> per hex (a <text> per hex would make every
    // frame of the page pay for a thousand paint chunks at layerization, ~3 ms each frame)
    this.gLabels = svg("g", { class: "hexplay-labels", "pointer-events": "none" }, this.gMap);
    const lt = svg("text", { class: "hexplay-label" });
    for (let i = 0; i < g.n; i++) {
      const t = svg("tspan", { x: g.x[i].toFixed(1), y: (g.y[i] - SIZE * 0.58).toFixed(1) }, lt);
      t.textContent = g.labels[i];
    }
    this.gLabels.appendChild(lt);

    this.base = g.bounds();
    this.vb = { ...this.base };
    this.applyViewBox();
    this.applySize();
  }

  /** Keep the map's aspect ratio: full width, at most 80vh (or the height trait) tall. */
  applySize() {
    const b = this.base;
    const h = this.model.get("height");
    const maxH = h || "80vh";
    const st = this.svgMap.style;
    st.maxHeight = maxH;
    st.height = h ? h : "auto";
    if (b) {
      // a board that opens on its counters (fit_units) may be wider than a tall map: at least
      // square, so it fills the width it is given and shows part of the map (drag to pan)
      const a = this.viewAspect();
      st.aspectRatio = `${a.toFixed(4)} / 1`;
      // the frame (map + toolbar) and the legend strip are as wide as the map drawn
      const maxW = `calc(${maxH} * ${a.toFixed(4)})`;
      this.frame.style.maxWidth = maxW;
      this.legend.style.maxWidth = maxW;
    }
  }

  applyViewBox() {
    const v = this.vb;
    const vb = `${v.x.toFixed(2)} ${v.y.toFixed(2)} ${v.w.toFixed(2)} ${v.h.toFixed(2)}`;
    this.svgMap.setAttribute("viewBox", vb);
    this.svg.setAttribute("viewBox", vb);
    if (this.base) this.el.dataset.zoom = (this.base.w / v.w).toFixed(3); // 1: the whole map
    if (this.ovDrawn) this.onZoom();
  }

  applyToggles() {
    const on = (k) => this.model.get(k) !== false;
    if (this.gLabels) this.gLabels.style.display = on("show_labels") ? "" : "none";
    if (this.gContours) this.gContours.style.display = on("show_contours") ? "" : "none";
    this.legend.style.display = on("show_legend") ? "" : "none";
    this.applySize();
  }

  // ---- units ---------------------------------------------------------------------------------

  sideColour(side) {
    const custom = (this.model.get("side_colours") || {})[side];
    return custom || SIDE_COLOURS[side] || DEFAULT_SIDE_COLOUR;
  }

  renderUnits() {
    this.gUnits.textContent = "";
    this.unitsByHex = new Map();
    this.unitsById = new Map();
    this.counterAt = new Map(); // id -> [cx, cy, half side with the badges' margin]
    const g = this.geom;
    if (!g) return;
    const units = unitsStore(this.model).list;
    for (const u of units) this.unitsById.set(String(u.id), u);
    // units inside a vehicle are drawn on the vehicle's counter, not on their own
    const carried = new Set();
    for (const u of units) for (const o of u.occupants || []) carried.add(String(o));
    for (const u of units) {
      if (u.in_vehicle || carried.has(String(u.id))) continue;
      const i = g.index(u.hex);
      if (i < 0) continue;
      if (!this.unitsByHex.has(i)) this.unitsByHex.set(i, []);
      this.unitsByHex.get(i).push(u);
    }
    const fr = this.model.get("frame") || {};
    if (fr.seq != null && fr.seq !== this.framedSeq && this.unitsByHex.size && this.base) {
      this.framedSeq = fr.seq; // the side's units framed (asked by the app: a start, a turn)
      this.autoFitted = true;
      requestAnimationFrame(() => this.frameSide());
    } else if (!this.autoFitted && this.unitsByHex.size && this.base && this.model.get("fit_units")) {
      this.autoFitted = true;
      requestAnimationFrame(() => this.fitUnits());
    }
    const frag = document.createDocumentFragment();
    const C = SIZE * 0.92; // counter side
    // (corner badges and the selection stroke reach a little past the square: 30% margin)
    const half = (C / 2) * (Number(this.model.get("counter_scale")) || 1) * 1.3;
    for (const [i, stack] of this.unitsByHex) {
      // vehicles at the bottom, then fit men, then wounded, killed on top is least useful: below
      const order = { K: 0, W: 2, fit: 3 };
      stack.sort((a, b) => {
        const va = a.kind === "man" || !a.kind ? 1 : 0;
        const vb = b.kind === "man" || !b.kind ? 1 : 0;
        if (va !== vb) return va - vb;
        return (order[a.status] ?? 3) - (order[b.status] ?? 3);
      });
      const n = stack.length;
      const shown = Math.min(n, 4);
      // a man in a vehicle's hex (an attacker at the transporter) would hide its pips: such
      // a stack fans out wider, the vehicle's top edge (its pips) left uncovered
      const hasVehicle = stack.some((u) => u.kind && u.kind !== "man" && (u.occupants || []).length);
      const step = hasVehicle && n > 1 ? SIZE * 0.42 : SIZE * 0.12;
      for (let s = 0; s < n; s++) {
        const u = stack[s];
        const off = Math.min(s, shown - 1) - (shown - 1) / 2;
        const cx = g.x[i] + off * step;
        const cy = g.y[i] + off * step;
        this.counterAt.set(String(u.id), [cx, cy, half]);
        frag.appendChild(this.counter(u, cx, cy, C, g.labels[i], s === n - 1 ? n : 0));
      }
    }
    this.gUnits.appendChild(frag);
  }

  /** Place a counter centred at (cx, cy), scaled by the ``counter_scale`` trait (a game may
   * draw its counters larger than the default, up to what a hex holds). */
  counterTransform(cx, cy, C) {
    const k = Number(this.model.get("counter_scale")) || 1;
    if (k === 1) return `translate(${(cx - C / 2).toFixed(2)},${(cy - C / 2).toFixed(2)})`;
    return `translate(${cx.toFixed(2)},${cy.toFixed(2)}) scale(${k}) translate(${(-C / 2).toFixed(2)},${(-C / 2).toFixed(2)})`;
  }

  counter(u, cx, cy, C, label, stackCount) {
    const colour = this.sideColour(u.side);
    const status = u.status || "fit";
    const kind = u.kind || "man";
    const gu = svg("g", {
      class: `hexplay-unit hexplay-kind-${kind} hexplay-status-${status}` + (u.stale ? " hexplay-stale" : ""),
      "data-unit": String(u.id),
      "data-at": label,
      "data-side": u.side || "",
      "data-status": status,
      transform: this.counterTransform(cx, cy, C),
    });
    const glyphKind = (u.glyph && u.glyph.kind) || (kind === "man" ? "man" : kind === "escort" || kind === "transporter" ? kind : "vehicle");
    gu.setAttribute("data-glyph", glyphKind);
    const wide = glyphKind !== "man" && glyphKind !== "sidc" && glyphKind !== "none" && glyphKind !== "text";
    const w = wide ? C * 1.1 : C;
    const x0 = wide ? -C * 0.05 : 0;
    svg("rect", { x: x0, y: 0, width: w, height: C, rx: 2.5, class: "hexplay-counter", fill: colour }, gu);
    if (u.hidden) {
      // face-down: the side's colour only
      gu.classList.add("hexplay-hidden");
      return gu;
    }
    this.drawGlyph(gu, u, glyphKind, C);
    // short name and weapon letter
    const name = svg("text", { x: C * 0.5, y: C * 0.8, class: "hexplay-unit-name" }, gu);
    name.textContent = u.label || String(u.id).slice(0, 4);
    if (u.weapon) {
      const wl = svg("text", { x: C * 0.06, y: C * 0.96, class: "hexplay-weapon" }, gu);
      wl.textContent = WEAPON_LETTERS[u.weapon] || String(u.weapon).slice(0, 1).toUpperCase();
    }
    // corner figures (e.g. range-strength "3-3"); a ship's speed in the lower right by default
    const corners = { ...(u.corners || {}) };
    if (u.speed != null && corners.br == null) corners.br = String(u.speed);
    const at = { tl: [C * 0.04, C * 0.22, "start"], tr: [C * 0.96, C * 0.22, "end"], bl: [C * 0.04, C * 0.97, "start"], br: [C * 0.96, C * 0.97, "end"] };
    for (const k in corners) {
      const [x, y, anchor] = at[k] || at.bl;
      const t = svg("text", { x, y, class: "hexplay-corner", "text-anchor": anchor, "data-corner": k }, gu);
      t.textContent = String(corners[k]);
    }
    if (u.facing != null) {
      // the heading as an arrow from the counter toward hexside `facing` (0 up, clockwise)
      const a = ((-90 + 60 * u.facing) * Math.PI) / 180;
      const cxh = C / 2;
      const cyh = C / 2;
      svg("line", {
        x1: cxh + Math.cos(a) * C * 0.5,
        y1: cyh + Math.sin(a) * C * 0.5,
        x2: cxh + Math.cos(a) * C * 0.95,
        y2: cyh + Math.sin(a) * C * 0.95,
        class: "hexplay-facing",
        stroke: colour,
        "marker-end": `url(#${this.markerId(u.side)})`,
      }, gu);
      gu.setAttribute("data-facing", String(u.facing));
    }
    this.drawBadges(gu, u, C);
    // vehicle occupants: one clickable pip per man aboard along the counter's top edge
    // (fit white, wounded yellow, killed black); a click on a pip names that man
    const occ = u.occupants || [];
    const pips = [];
    if (occ.length) {
      // as big as the counter's top edge allows (a man aboard is picked from the roster too)
      const pr = Math.min(C * 0.19, (w * 1.04) / (2.2 * occ.length));
      const x1 = x0 + w / 2 - (pr * 2.2 * (occ.length - 1)) / 2;
      for (let k = 0; k < occ.length; k++) {
        const o = this.unitsById.get(String(occ[k]));
        const st = (o && o.status) || "fit";
        pips.push(svg("circle", {
          cx: (x1 + k * pr * 2.2).toFixed(2),
          cy: 0,
          r: pr.toFixed(2),
          class: `hexplay-occupant hexplay-status-${st}`,
          "data-occupant": String(occ[k]),
        }));
        svg("title", null, pips[k]).textContent = String(occ[k]);
      }
    }
    // casualty markers
    if (status === "W") {
      svg("rect", { x: C * 0.62, y: C * 0.62, width: C * 0.36, height: C * 0.36, class: "hexplay-wound" }, gu);
      const t = svg("text", { x: C * 0.8, y: C * 0.93, class: "hexplay-wound-text" }, gu);
      t.textContent = "W";
    } else if (status === "K") {
      svg("path", { d: `M0,0L${C},${C}M${C},0L0,${C}`, class: "hexplay-kill" }, gu);
    }
    if (stackCount > 1) {
      svg("circle", { cx: C, cy: 0, r: C * 0.2, class: "hexplay-stack" }, gu);
      const t = svg("text", { x: C, y: C * 0.07, class: "hexplay-stack-text" }, gu);
      t.textContent = String(stackCount);
    }
    for (const pip of pips) gu.appendChild(pip); // on top, so every pip can be clicked
    return gu;
  }

  /** The centre figure: SKIRMISH's men and vehicles, a ship's hull, a milsymbol SIDC, text. */
  drawGlyph(gu, u, kind, C) {
    const gx = C * 0.18;
    const gy = C * 0.14;
    const gw = C * 0.64;
    const gh = C * 0.4;
    const glyph = svg("g", { class: "hexplay-glyph" }, gu);
    if (kind === "sidc") {
      const node = this.sidcNode(u.glyph.sidc);
      if (node) {
        // the symbol fills the counter above its name (legible at the whole-map scale)
        node.setAttribute("x", (C * 0.04).toFixed(2));
        node.setAttribute("y", (C * 0.02).toFixed(2));
        node.setAttribute("width", (C * 0.92).toFixed(2));
        node.setAttribute("height", (C * 0.62).toFixed(2));
        node.setAttribute("class", "hexplay-sidc");
        glyph.appendChild(node);
        gu.setAttribute("data-sidc", u.glyph.sidc);
      }
      return;
    }
    if (kind === "none") return;
    if (kind === "text") {
      const t = svg("text", { x: C / 2, y: gy + gh * 0.8, class: "hexplay-glyph-text" }, glyph);
      t.textContent = (u.glyph && u.glyph.text) || "";
      return;
    }
    if (kind === "ship") {
      // a hull pointing along the facing (up when none), bow first
      const a = u.facing != null ? 60 * u.facing : 0;
      const cx = C / 2;
      const cy = gy + gh / 2;
      const L = C * 0.36;
      const B = C * 0.12;
      svg("path", {
        d: `M${cx},${cy - L}Q${cx + B * 1.6},${cy - L * 0.2} ${cx + B},${cy + L}L${cx - B},${cy + L}Q${cx - B * 1.6},${cy - L * 0.2} ${cx},${cy - L}Z`,
        transform: `rotate(${a} ${cx} ${cy})`,
        class: "hexplay-hull",
      }, glyph);
      return;
    }
    svg("rect", { x: gx, y: gy, width: gw, height: gh }, glyph);
    if (kind === "man") {
      svg("path", { d: `M${gx},${gy}L${gx + gw},${gy + gh}M${gx + gw},${gy}L${gx},${gy + gh}` }, glyph);
    } else if (kind === "escort" || kind === "vehicle") {
      svg("ellipse", { cx: gx + gw / 2, cy: gy + gh / 2, rx: gw * 0.34, ry: gh * 0.3 }, glyph);
    } else {
      svg("ellipse", { cx: gx + gw / 2, cy: gy + gh / 2, rx: gw * 0.34, ry: gh * 0.3 }, glyph);
      svg("path", { d: `M${gx},${gy + gh / 2}L${gx + gw},${gy + gh / 2}` }, glyph);
    }
  }

  /** A milsymbol symbol for `sidc` as an <svg> node (white on the counter), cached per code. */
  sidcNode(sidc) {
    if (!this.sidcCache) this.sidcCache = new Map();
    let tpl = this.sidcCache.get(sidc);
    if (tpl === undefined) {
      tpl = null;
      try {
        const sym = new ms.Symbol(sidc, { size: 30, monoColor: "#ffffff", fill: false, strokeWidth: 5, outlineWidth: 0 });
        if (sym.isValid()) {
          const doc = new DOMParser().parseFromString(sym.asSVG(), "image/svg+xml");
          tpl = document.importNode(doc.documentElement, true);
        }
      } catch (_e) {
        tpl = null;
      }
      this.sidcCache.set(sidc, tpl);
    }
    return tpl ? tpl.cloneNode(true) : null;
  }

  /** Badges from the game's style (W, K, P, spotted, dug in, frozen...) down the right edge. */
  drawBadges(gu, u, C) {
    const bs = u.badges || [];
    if (!bs.length) return;
    const lib = (this.model.get("counter_style") || {}).badges || {};
    const r = C * 0.16;
    gu.setAttribute("data-badges", bs.join(" "));
    for (let k = 0; k < Math.min(bs.length, 4); k++) {
      const b = lib[bs[k]] || { text: String(bs[k]).slice(0, 2), colour: "#555", title: bs[k] };
      const cx = C * 1.0;
      const cy = C * 0.14 + k * r * 2.05;
      const gb = svg("g", { class: "hexplay-badge", "data-badge": bs[k] }, gu);
      svg("circle", { cx, cy, r, fill: b.colour }, gb);
      const t = svg("text", { x: cx, y: cy, class: "hexplay-badge-text" }, gb);
      t.textContent = b.text;
      svg("title", null, gb).textContent = b.title || bs[k];
    }
  }

  // ---- overlays ------------------------------------------------------------------------------

  overlayOn(name) {
    const vis = this.model.get("overlay_visibility") || {};
    return vis[name] !== false;
  }

  centre(label) {
    const i = this.geom.index(label);
    return i < 0 ? null : [this.geom.x[i], this.geom.y[i]];
  }

  /** Redraw the overlays whose value (or on/off switch) changed since they were last drawn. */
  renderOverlays(force = false) {
    const t0 = performance.now();
    try {
      this.drawOverlays(force);
    } finally {
      this.el.dataset.overlaysMs = (performance.now() - t0).toFixed(2);
    }
  }

  drawOverlays(force) {
    const g = this.geom;
    // the game's markings (CBR hexes, sectors, the border) live in their own trait, sent only
    // when they change; they are drawn like overlays of the same names
    const ov = Object.assign({}, this.model.get("overlays") || {}, this.model.get("markings") || {});
    const todo = {};
    if (!this.ovSrc) this.ovSrc = {};
    for (const k in this.ovGroups) {
      const on = !!g && ov[k] != null && this.overlayOn(k);
      // the very value drawn last time (the markings trait unchanged, say): nothing to key
      const src = on ? ov[k] : null;
      if (!force && src !== null && this.ovSrc[k] === src && this.ovDrawn[k] !== "") continue;
      this.ovSrc[k] = src;
      const key = on ? overlayKey(ov[k]) : "";
      if (!force && this.ovDrawn[k] === key) continue;
      this.ovDrawn[k] = key;
      // the fog's and the reach's group and path stay (layerPath: drawFog / drawReach set
      // their attributes); such a group is emptied when its overlay is off
      if ((k !== "visible" && k !== "reachable") || key === "") this.ovGroups[k].textContent = "";
      todo[k] = key !== "";
    }
    if (!g) return;

    // visible hexes: fog over every hex NOT in the list, as ONE path (fast to redraw)
    if (todo.visible) this.drawFog(ov.visible);

    // reachable hexes with their cost
    // (one path for the fill; the cost figures, illegible at the whole-map scale, are drawn
    // when zoomed in, and always shown in the tooltip)
    if (todo.reachable) this.drawReach();

    // the game's hex markings (CBR hexes, land...): [{name, hexes, colour, style, label}];
    // a marking may name a ring instead of its hexes, {ring: {centre, radius}}: the hexes
    // exactly radius from centre (a range around a unit: a few labels sent, not hundreds)
    if (todo.markings) {
      for (const mk of ov.markings || []) {
        const parts = [];
        const scale = mk.style === "outline" ? 0.9 : 1;
        const ring = mk.ring;
        if (ring && ring.centre != null) {
          for (const i of g.ring(g.index(ring.centre), Number(ring.radius))) parts.push(g.pathD(i, scale));
        }
        for (const lab of mk.hexes || []) {
          const i = g.index(lab);
          if (i >= 0) parts.push(g.pathD(i, scale));
        }
        svg("path", {
          d: parts.join(""),
          class: `hexplay-marking hexplay-marking-${mk.style || "fill"}`,
          "data-marking": String(mk.name || ""),
          "data-count": String(parts.length),
          fill: mk.style === "outline" ? "none" : mk.colour || "#7d3c98",
          stroke: mk.colour || "#7d3c98",
        }, this.ovGroups.markings);
      }
    }

    // region boundaries (sectors, the border): edges between hexes of different regions,
    // [{name, regions: {id: [labels]}, colour, width, dash}]
    if (todo.regions) {
      for (const rg of ov.regions || []) {
        const of = new Int32Array(g.n).fill(-1);
        let k = 0;
        for (const id in rg.regions || {}) {
          for (const lab of rg.regions[id]) {
            const i = g.index(lab);
            if (i >= 0) of[i] = k;
          }
          k += 1;
        }
        let d = "";
        for (let i = 0; i < g.n; i++) {
          for (let dd = 0; dd < 6; dd++) {
            const j = g.indexQR(g.q[i] + DIRS[dd][0], g.r[i] + DIRS[dd][1]);
            if (j < 0 || of[j] === of[i] || (of[i] < 0) || (of[j] >= 0 && j < i)) continue;
            const [a, b] = g.side(g.q[i], g.r[i], dd);
            d += `M${a[0].toFixed(1)},${a[1].toFixed(1)}L${b[0].toFixed(1)},${b[1].toFixed(1)}`;
          }
        }
        const attrs = { d, class: "hexplay-region", "data-region": String(rg.name || ""), stroke: rg.colour || "#222", "stroke-width": String(rg.width || 2.5) };
        if (rg.dash) attrs["stroke-dasharray"] = String(rg.dash);
        svg("path", attrs, this.ovGroups.regions);
      }
    }

    // highlighted hexes (targets, ambush point…)
    if (todo.highlight) {
      const gh = svg("g", { class: "hexplay-highlight" }, this.ovGroups.highlight);
      for (const lab of ov.highlight) {
        const i = g.index(lab);
        if (i >= 0) svg("polygon", { points: g.points(i, 0.94), class: "hexplay-highlight-hex", "data-highlight": lab }, gh);
      }
    }

    // plotted movement paths
    if (todo.paths) {
      const gp = svg("g", { class: "hexplay-paths" }, this.ovGroups.paths);
      for (const p of ov.paths) {
        const pts = (p.hexes || []).map((l) => this.centre(l)).filter(Boolean);
        if (pts.length < 2) continue;
        const colour = this.sideColour(p.side);
        svg("polyline", {
          points: pts.map((q) => q[0].toFixed(1) + "," + q[1].toFixed(1)).join(" "),
          class: "hexplay-path",
          stroke: colour,
          "marker-end": `url(#${this.markerId(p.side)})`,
          "data-path-unit": String(p.unit ?? ""),
        }, gp);
        for (const q of pts.slice(1, -1)) svg("circle", { cx: q[0], cy: q[1], r: 2.2, fill: colour, class: "hexplay-path-step" }, gp);
      }
    }

    // the path being clicked: the cheapest route to the last hex clicked, dashed, its AP cost
    if (todo.route) {
      const p = ov.route;
      const pts = (p.hexes || []).map((l) => this.centre(l)).filter(Boolean);
      if (pts.length >= 2) {
        const gp = svg("g", { class: "hexplay-route-layer" }, this.ovGroups.route);
        svg("polyline", {
          points: pts.map((q) => q[0].toFixed(1) + "," + q[1].toFixed(1)).join(" "),
          class: "hexplay-route",
          stroke: this.sideColour(p.side),
          "marker-end": `url(#${this.markerId(p.side)})`,
          "data-route-unit": String(p.unit ?? ""),
          "data-route-hexes": String(pts.length - 1),
        }, gp);
        if (p.label) {
          const end = pts[pts.length - 1];
          const t = svg("text", { x: end[0], y: end[1] - SIZE * 0.55, class: "hexplay-route-text", "data-route-cost": p.label }, gp);
          t.textContent = p.label;
        }
      }
    }

    // fire arrows
    if (todo.fires) {
      const gf = svg("g", { class: "hexplay-fires" }, this.ovGroups.fires);
      for (const f of ov.fires) {
        const a = this.centre(f.from);
        const b = this.centre(f.to);
        if (!a || !b) continue;
        const colour = this.sideColour(f.side);
        const dx = b[0] - a[0];
        const dy = b[1] - a[1];
        const len = Math.hypot(dx, dy) || 1;
        const sh = SIZE * 0.35; // stop short of the centre so the counter stays readable
        svg("line", {
          x1: a[0] + (dx / len) * sh,
          y1: a[1] + (dy / len) * sh,
          x2: b[0] - (dx / len) * sh,
          y2: b[1] - (dy / len) * sh,
          class: "hexplay-fire",
          stroke: colour,
          "marker-end": `url(#${this.markerId(f.side)})`,
          "data-fire-unit": String(f.unit ?? ""),
          "data-target": String(f.target ?? ""),
        }, gf);
        if (f.label) {
          const t = svg("text", { x: (a[0] + b[0]) / 2, y: (a[1] + b[1]) / 2 - 3, class: "hexplay-fire-text" }, gf);
          t.textContent = f.label;
        }
      }
    }

    // line of sight
    const los = ov.los;
    if (todo.los) {
      const gl = svg("g", { class: "hexplay-los-layer" }, this.ovGroups.los);
      for (const lab of los.hexes || []) {
        const i = g.index(lab);
        if (i >= 0) svg("polygon", { points: g.points(i, 0.8), class: "hexplay-los-hex", "data-los-hex": lab }, gl);
      }
      const from = los.from ?? los.observer;
      const to = los.to ?? los.target;
      const a = this.centre(from);
      const b = this.centre(to);
      const clear = !!los.clear;
      if (a && b) {
        svg("line", {
          x1: a[0], y1: a[1], x2: b[0], y2: b[1],
          class: "hexplay-los " + (clear ? "hexplay-los-clear" : "hexplay-los-blocked"),
          "data-clear": clear ? "true" : "false",
          "data-from": String(from),
          "data-to": String(to),
        }, gl);
      }
      let blocked = los.blocked_at ?? (los.blocked_by || []).map((o) => o.where);
      if (blocked != null && !Array.isArray(blocked)) blocked = [blocked];
      for (const where of blocked || []) {
        let p = null;
        if (String(where).includes("/")) {
          const [l1, l2] = String(where).split("/");
          const c1 = this.centre(l1);
          const c2 = this.centre(l2);
          if (c1 && c2) p = [(c1[0] + c2[0]) / 2, (c1[1] + c2[1]) / 2];
        } else p = this.centre(where);
        if (!p) continue;
        const s = SIZE * 0.28;
        svg("path", {
          d: `M${p[0] - s},${p[1] - s}L${p[0] + s},${p[1] + s}M${p[0] + s},${p[1] - s}L${p[0] - s},${p[1] + s}`,
          class: "hexplay-los-block",
          "data-blocked-at": String(where),
        }, gl);
      }
    }
  }

  /** Overlay ``layer``'s one group (class ``groupClass``) holding one path (``pathClass``), as
   * {group, path}: made once, and again only when the layer was emptied (the overlay switched
   * off) or the geometry changed; the caller sets their attributes (drawFog, drawReach). */
  layerPath(layer, groupClass, pathClass) {
    const parent = this.ovGroups[layer];
    let lp = this.layerPaths[layer];
    if (!lp || lp.group.parentNode !== parent || lp.geom !== this.geom) {
      parent.textContent = "";
      const group = svg("g", { class: groupClass }, parent);
      lp = this.layerPaths[layer] = { group, path: svg("path", { class: pathClass }, group), geom: this.geom };
    }
    return lp;
  }

  /** The fog of the ``visible`` overlay (hex indices or labels): ONE path covering every
   * hex not in it.  With fewer visible hexes than hidden ones it is the map's outline plus
   * the visible hexes, filled even-odd (the same area in fewer subpaths: a selection seeing
   * a quarter of the map makes a path a third as long); else the hidden hexes themselves.
   * The group and path are made once and only their attributes change. */
  drawFog(visible) {
    const g = this.geom;
    const seen = new Uint8Array(g.n);
    let count = 0;
    const mark = (i) => {
      if (i >= 0 && i < g.n && !seen[i]) {
        seen[i] = 1;
        count += 1;
      }
    };
    if (Array.isArray(visible)) for (const lab of visible) mark(g.index(lab));
    else for (const i of decode(visible)) mark(i);
    const hidden = g.n - count;
    const outline = count < hidden ? g.outlineD() : null;
    let d = outline || "";
    for (let i = 0; i < g.n; i++) if (!seen[i] === !outline) d += g.pathD(i);
    const { group: gv, path: p } = this.layerPath("visible", "hexplay-visible", "hexplay-fog");
    gv.setAttribute("data-count", String(count));
    p.setAttribute("d", d);
    p.setAttribute("fill-rule", outline ? "evenodd" : "nonzero");
    p.setAttribute("data-fog-count", String(hidden));
    p.setAttribute("data-fog-mode", outline ? "outline" : "hexes");
  }

  /** Zoomed in enough for per-hex figures (reach costs) to be legible? */
  zoomedIn() {
    return !!(this.vb && this.base && this.vb.w <= this.base.w * 0.55);
  }

  /** The ``reachable`` overlay as {hexes: [index], costs: [AP], at: cost by hex index (NaN)}. */
  reachData() {
    const r = (this.model.get("overlays") || {}).reachable;
    const g = this.geom;
    if (r == null || !g) return null;
    if (this.reachCache && this.reachCache.src === r && this.reachCache.geom === g) return this.reachCache;
    const hexes = [];
    const costs = [];
    const at = new Float64Array(g.n).fill(NaN);
    const add = (i, c) => {
      if (i < 0 || i >= g.n || !isNaN(at[i])) return;
      at[i] = c;
      hexes.push(i);
      costs.push(c);
    };
    if (r.hex != null && r.cost != null) {
      const h = decode(r.hex);
      const c = decode(r.cost);
      const scale = Number(r.cost.scale) || 1; // (integer counts of 1/scale AP: Python's sixths)
      for (let k = 0; k < h.length; k++) add(h[k], scale === 1 ? c[k] : c[k] / scale);
    } else for (const lab in r) add(g.index(lab), Number(r[lab]));
    this.reachCache = { src: r, geom: g, hexes, costs, at };
    return this.reachCache;
  }

  /** The ``reachable`` overlay: ONE path over the reachable hexes (its group and path made
   * once and only their attributes changed, like the fog's), zoomed in also each hex's cost,
   * all in ONE ``<text class="hexplay-reach-text">`` whose glyphs are placed one by one
   * (``x``/``y`` lists; ``data-reach`` / ``data-cost``: the hexes and their costs, in order).
   * A text element per hex, a few hundred made and removed at each selection, took most of
   * a selection's drawing. */
  drawReach() {
    const g = this.geom;
    const { hexes, costs } = this.reachData() || { hexes: [], costs: [] };
    const { group: gr, path: p } = this.layerPath("reachable", "hexplay-reachable", "hexplay-reach");
    let d = "";
    for (const i of hexes) d += g.pathD(i, 0.9);
    p.setAttribute("d", d);
    p.setAttribute("data-reach-count", String(hexes.length));
    this.reachLabelled = this.zoomedIn();
    let t = p.nextSibling;
    if (!this.reachLabelled || !hexes.length) {
      if (t) t.remove();
      return;
    }
    if (!t) t = svg("text", { class: "hexplay-reach-text" }, gr);
    const xs = [];
    const ys = [];
    const labs = [];
    let text = "";
    for (let k = 0; k < hexes.length; k++) {
      const i = hexes[k];
      const c = costs[k];
      const s = Number.isInteger(c) ? String(c) : c.toFixed(1);
      let w = 0;
      for (const ch of s) w += REACH_GLYPH_EM[ch] ?? REACH_DIGIT_EM;
      let x = g.x[i] - (w * REACH_FONT_PX) / 2;
      const y = (g.y[i] + SIZE * 0.7).toFixed(1);
      for (const ch of s) {
        xs.push(x.toFixed(1));
        ys.push(y);
        x += (REACH_GLYPH_EM[ch] ?? REACH_DIGIT_EM) * REACH_FONT_PX;
      }
      text += s;
      labs.push(g.labels[i]);
    }
    t.setAttribute("x", xs.join(" "));
    t.setAttribute("y", ys.join(" "));
    t.setAttribute("data-reach", labs.join(" "));
    t.setAttribute("data-cost", costs.join(" "));
    t.setAttribute("data-count", String(hexes.length));
    t.textContent = text;
  }

  /** After a zoom: add or drop the reach figures when the zoom crosses the legibility line. */
  onZoom() {
    const ov = this.model.get("overlays") || {};
    if (ov.reachable && this.ovDrawn.reachable && this.zoomedIn() !== !!this.reachLabelled) this.drawReach();
  }

  /** Draw the selection: the selected counter marked (and brought to the top of its stack)
   * and its hex outlined.  Only what changed is touched: the counter marked before (if still
   * drawn) loses its mark, the outline is redrawn only when its hex changes. */
  renderSelection() {
    const sel = this.model.get("selected");
    if (this.selCounter && this.selCounter.isConnected) this.selCounter.classList.remove("hexplay-selected");
    this.selCounter = null;
    let label = null;
    if (sel && this.geom) {
      const counter = this.gUnits.querySelector(`[data-unit="${CSS.escape(String(sel))}"]`);
      if (counter) {
        counter.classList.add("hexplay-selected");
        // bring to the front of its stack: a move (the counter's subtree laid out again) only
        // when another counter drawn after it overlaps it
        if (counter.parentNode.lastChild !== counter && this.overlapped(String(sel))) {
          counter.parentNode.appendChild(counter);
        }
        this.selCounter = counter;
        label = counter.getAttribute("data-at");
      } else if (this.unitsById.has(String(sel))) {
        label = this.unitsById.get(String(sel)).hex;
      } else label = String(sel);
    }
    const i = label == null ? -1 : this.geom.index(label);
    const key = i >= 0 ? label : "";
    if (key === this.selHexDrawn && this.selGeom === this.geom && this.gSel.firstChild === this.selHexEl) return;
    this.selHexDrawn = key;
    this.selGeom = this.geom;
    if (i < 0) {
      this.gSel.textContent = "";
      this.selHexEl = null;
      return;
    }
    // the outline polygon made once, its attributes set for the new hex
    if (!this.selHexEl || this.gSel.firstChild !== this.selHexEl || this.gSel.childNodes.length !== 1) {
      this.gSel.textContent = "";
      this.selHexEl = svg("polygon", { class: "hexplay-selected hexplay-selected-hex" }, this.gSel);
    }
    this.selHexEl.setAttribute("points", this.geom.points(i, 0.97));
    this.selHexEl.setAttribute("data-selected", label);
  }

  /** Does any other counter overlap unit ``id``'s (their squares as renderUnits placed
   * them, badges' margin included, intersect)?  Only then may a selection need to bring it
   * to the top; a counter alone where it stands is drawn whole wherever it is in the layer. */
  overlapped(id) {
    const at = this.counterAt && this.counterAt.get(id);
    if (!at) return true; // (not placed by renderUnits: move it, as before)
    for (const [other, p] of this.counterAt) {
      if (other !== id && Math.abs(p[0] - at[0]) < p[2] + at[2] && Math.abs(p[1] - at[1]) < p[2] + at[2]) return true;
    }
    return false;
  }

  // ---- legend, toolbar, markers -------------------------------------------------------------

  renderLegend() {
    const leg = this.legend;
    leg.textContent = "";
    if (!this.map) return;
    const { names, palette, m } = this.map;
    const title = html("div", "hexplay-legend-title", leg);
    title.textContent = m.name || "map";
    const used = new Set(Array.from(this.map.terrain).map((t) => names[t]));
    for (const n of names) {
      if (!used.has(n)) continue;
      const row = html("div", "hexplay-legend-row", leg);
      const sw = html("span", "hexplay-swatch", row);
      sw.style.background = palette[n] || "#ddd";
      html("span", null, row).textContent = n;
    }
    const line = (cls, text) => {
      const row = html("div", "hexplay-legend-row", leg);
      html("span", "hexplay-swatch-line " + cls, row);
      html("span", null, row).textContent = text;
    };
    for (const f in this.map.features) if (this.map.features[f].length) line("hexplay-line-" + f, f + " hexside");
    if (this.map.roads.length) line("hexplay-line-road", "road");
    if (this.map.elevation) line("hexplay-line-contour", "contour");
    const style = this.model.get("counter_style") || {};
    const styled = style.sides || {};
    const sides = new Set(unitsStore(this.model).list.map((u) => u.side));
    for (const s of [...Object.keys(styled), "adversary", "defender", ...sides]) {
      if (!s || !sides.has(s)) continue;
      sides.delete(s);
      const row = html("div", "hexplay-legend-row", leg);
      row.dataset.legendSide = s;
      const sw = html("span", "hexplay-swatch", row);
      sw.style.background = this.sideColour(s);
      html("span", null, row).textContent = (styled[s] && styled[s].label) || s;
    }
    for (const [colour, text] of style.legend || []) {
      const row = html("div", "hexplay-legend-row", leg);
      const sw = html("span", "hexplay-swatch", row);
      sw.style.background = colour;
      html("span", null, row).textContent = text;
    }
    // what the selection overlays mean (their colours are the CSS classes' own)
    const ovRow = (cls, text, key) => {
      const row = html("div", "hexplay-legend-row", leg);
      row.dataset.legendOverlay = key;
      html("span", "hexplay-swatch " + cls, row);
      html("span", null, row).textContent = text;
    };
    ovRow("hexplay-swatch-fog", "dark: out of the selected unit's sight", "fog");
    ovRow("hexplay-swatch-reach", "blue: it can move there (its cost: tooltip, or zoom in)", "reach");
    ovRow("hexplay-swatch-stale", "faded, dashed, '?': enemy last seen there, not in sight now", "stale");
  }

  /** The ``notice`` trait over the map: its title (bold) and lines of text, as text. */
  renderNotice() {
    const n = this.model.get("notice") || {};
    const el = this.notice;
    el.textContent = "";
    el.className = "hexplay-notice" + (n.kind ? ` hexplay-notice-${String(n.kind)}` : "");
    el.style.display = n.title ? "" : "none";
    if (!n.title) return;
    html("div", "hexplay-notice-title", el).textContent = String(n.title);
    for (const line of n.lines || []) html("div", "hexplay-notice-line", el).textContent = String(line);
  }

  makeToolbar() {
    const mk = (text, title, fn) => {
      const b = html("button", "hexplay-tool", this.toolbar);
      b.type = "button";
      b.textContent = text;
      b.title = title;
      b.addEventListener("click", (e) => {
        e.stopPropagation();
        fn();
      });
      return b;
    };
    mk("+", "zoom in", () => this.zoomBy(1 / 1.25, ...this.focusPoint()));
    mk("−", "zoom out", () => this.zoomBy(1.25, ...this.focusPoint()));
    mk("◎", "zoom to the units", () => (this.model.get("frame") || {}).seq != null ? this.frameSide() : this.fitUnits());
    mk("⤢", "fit the whole map", () => {
      if (this.base) {
        this.vb = { ...this.base };
        this.applyViewBox();
      }
    });
  }

  makeMarkers() {
    for (const side of ["adversary", "defender", "other"]) {
      const mk = svg("marker", {
        id: this.markerId(side),
        viewBox: "0 0 10 10",
        refX: "8",
        refY: "5",
        markerWidth: "5",
        markerHeight: "5",
        orient: "auto-start-reverse",
      }, this.defs);
      svg("path", { d: "M0,0L10,5L0,10z", fill: SIDE_COLOURS[side] || DEFAULT_SIDE_COLOUR }, mk);
    }
  }

  /** Where the toolbar zooms: the selected unit (or hex), else the middle of the view. */
  focusPoint() {
    const sel = this.model.get("selected");
    if (sel == null || !this.geom) return [];
    const u = this.unitsById && this.unitsById.get(String(sel));
    const c = this.centre(u ? u.hex : String(sel));
    return c ? [c[0], c[1]] : [];
  }

  /** Width / height of the drawing: the map's, or at least square with ``fit_units``. */
  viewAspect() {
    const b = this.base;
    const a = b.w / b.h;
    return this.model.get("fit_units") ? Math.max(a, 1) : a;
  }

  /** Zoom to the counters on the board (with a margin of three hexes), no closer than
   * 45% of the map's width and no farther than its whole width: at the whole-map scale of
   * a tall map the counters are too small to read. */
  fitUnits() {
    const g = this.geom;
    if (!g || !this.base || !this.unitsByHex || !this.unitsByHex.size) return false;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const i of this.unitsByHex.keys()) {
      x0 = Math.min(x0, g.x[i]); x1 = Math.max(x1, g.x[i]);
      y0 = Math.min(y0, g.y[i]); y1 = Math.max(y1, g.y[i]);
    }
    const b = this.base;
    const a = this.viewAspect();
    const m = SIZE * 3;
    let w = Math.max(x1 - x0 + 2 * m, b.w * 0.45, (y1 - y0 + 2 * m) * a);
    // at most 3/4 of the width: counters stay legible (a unit out of view: drag, or roster)
    w = Math.min(w, b.w * 0.75);
    const h = w / a;
    const fit = (c, half, lo, len) => (2 * half >= len ? lo + len / 2 : Math.min(Math.max(c, lo + half), lo + len - half));
    const cx = fit((x0 + x1) / 2, w / 2, b.x, b.w);
    const cy = fit((y0 + y1) / 2, h / 2, b.y, b.h);
    this.vb = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.applyViewBox();
    return true;
  }

  /** Frame every counter of the ``frame`` trait's side (all counters when it names none):
   * the whole group in view with a margin of a hex and a half, and a band at the top as tall
   * as the toolbar kept clear (no counter under the zoom buttons); the view may reach past
   * the map's edge rather than leave a counter out. Sets ``data-framed`` (the seq framed). */
  frameSide() {
    const g = this.geom;
    if (!g || !this.base || !this.unitsById) return false;
    const fr = this.model.get("frame") || {};
    const hexes = [];
    for (const u of this.unitsById.values()) {
      if (fr.side != null && u.side !== fr.side) continue;
      const i = g.index(u.hex);
      if (i >= 0) hexes.push(i);
    }
    if (!hexes.length) return this.fitUnits();
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const i of hexes) {
      x0 = Math.min(x0, g.x[i]); x1 = Math.max(x1, g.x[i]);
      y0 = Math.min(y0, g.y[i]); y1 = Math.max(y1, g.y[i]);
    }
    const b = this.base;
    const a = this.viewAspect();
    const px = this.svg.getBoundingClientRect().width || 600; // the drawing's width on screen
    const bandPx = (this.toolbar.getBoundingClientRect().height || 22) + 12;
    const m = SIZE * 1.5;
    // no closer than 30% of the map's width (a lone counter stays in its surroundings)
    let w = Math.max(x1 - x0 + 2 * m, b.w * 0.3);
    for (let k = 0; k < 4; k++) w = Math.max(w, (y1 - y0 + 2 * m + (bandPx * w) / px) * a);
    const h = w / a;
    const band = (bandPx * w) / px;
    const cx = (x0 + x1) / 2;
    const top = y0 - m - band; // the band above the highest counter
    const tall = y1 + m - top; // the group with its margins and the band: centred in view
    this.vb = { x: cx - w / 2, y: top - (h - tall) / 2, w, h };
    this.framedW = w; // (a selection's follow zooms out at most FOLLOW_ZOOM_OUT times this)
    this.applyViewBox();
    this.el.dataset.framed = String(fr.seq ?? "");
    return true;
  }

  /** Bring the ``follow`` trait's counter, and the hexes it lists (``hexes``; with ``marks``
   * the selection's reach and highlighted targets as the overlays draw them), into view with a margin of a hex and a half, clear of a band at the top as
   * tall as the toolbar (nothing under the zoom buttons). Everything already there leaves the
   * view as it is; else the view pans the least that brings it all in, keeping the zoom, and
   * zooms out (to at most FOLLOW_ZOOM_OUT times the turn's framing, never past the whole map;
   * centred on them) only when they do not fit at this zoom; farther apart than that, the zoom is kept and the view
   * centred on them as far as the counter stays in view. With ``if_seen`` only a counter in
   * view now (below the band) brings them in: one outside leaves the view as it is. Only the viewBox
   * changes: nothing on the page moves. Sets ``data-followed`` (the seq followed). */
  followUnit() {
    const g = this.geom;
    const fo = this.model.get("follow") || {};
    if (!g || !this.vb || !this.unitsById || fo.unit == null) return false;
    const u = this.unitsById.get(String(fo.unit));
    const c = u ? this.centre(u.hex) : null;
    if (!c) return false;
    let x0 = c[0], x1 = c[0], y0 = c[1], y1 = c[1];
    const add = (x, y) => {
      x0 = Math.min(x0, x); x1 = Math.max(x1, x);
      y0 = Math.min(y0, y); y1 = Math.max(y1, y);
    };
    const marked = [...(fo.hexes || [])];
    if (fo.marks) {
      // the selection's marks as drawn: the reach overlay's hexes and the highlighted ones
      const r = this.reachData();
      for (const i of r ? r.hexes : []) add(g.x[i], g.y[i]);
      marked.push(...((this.model.get("overlays") || {}).highlight || []));
    }
    for (const h of marked) {
      const p = this.centre(String(h));
      if (p) add(p[0], p[1]);
    }
    const v = this.vb;
    const px = this.svg.getBoundingClientRect().width || 600; // the drawing's width on screen
    const bandPx = (this.toolbar.getBoundingClientRect().height || 22) + 12;
    const band = (bandPx * v.w) / px;
    const m = Math.min(SIZE * 1.5, v.w / 4, (v.h - band) / 4);
    const inside = x0 - m >= v.x && x1 + m <= v.x + v.w && y0 - m >= v.y + band && y1 + m <= v.y + v.h;
    // ``if_seen``: only for a counter in view now (else the view is left where it is)
    const seen = c[0] >= v.x && c[0] <= v.x + v.w && c[1] >= v.y + band && c[1] <= v.y + v.h;
    if (!inside && (seen || !fo.if_seen)) {
      const a = v.w / v.h;
      const mm = SIZE * 1.5;
      // the least width holding them: w >= span + 2m across, h - band(w) >= span + 2m down
      const perW = 1 / a - bandPx / px;
      let w = Math.max(v.w, x1 - x0 + 2 * mm, perW > 0 ? (y1 - y0 + 2 * mm) / perW : v.w);
      // zoom out to at most FOLLOW_ZOOM_OUT times the turn's framing (the view's, if none),
      // never past the whole map: selection after selection does not zoom out further
      const ref = this.framedW || v.w;
      const most = Math.max(v.w, Math.min(ref * FOLLOW_ZOOM_OUT, this.base ? this.base.w : v.w));
      if (w > most) {
        // too far apart: the zoom kept, the view centred on them, the counter kept in view
        const clamp = (x, lo, hi) => Math.min(Math.max(x, lo), hi);
        const x = clamp((x0 + x1) / 2 - v.w / 2, c[0] + m - v.w, c[0] - m);
        const y = clamp((y0 + y1) / 2 - (v.h + band) / 2, c[1] + m - v.h, c[1] - m - band);
        this.vb = { x, y, w: v.w, h: v.h };
      } else if (w > v.w) {
        const h = w / a;
        const bw = (bandPx * w) / px;
        const top = y0 - mm - bw; // the band above the highest one
        const tall = y1 + mm - top;
        this.vb = { x: (x0 + x1) / 2 - w / 2, y: top - (h - tall) / 2, w, h };
      } else {
        // the least pan: each edge moved only as far as needed
        const shift = (lo, hi, vlo, vhi) => (lo < vlo ? lo - vlo : hi > vhi ? hi - vhi : 0);
        const dx = shift(x0 - m, x1 + m, v.x, v.x + v.w);
        const dy = shift(y0 - m, y1 + m, v.y + band, v.y + v.h);
        this.vb = { x: v.x + dx, y: v.y + dy, w: v.w, h: v.h };
      }
      this.applyViewBox();
    }
    this.el.dataset.followed = String(fo.seq ?? "");
    return true;
  }

  markerId(side) {
    if (!this.uid) this.uid = "hp" + Math.random().toString(36).slice(2, 9);
    const s = side === "adversary" || side === "defender" ? side : "other";
    return `${this.uid}-arrow-${s}`;
  }

  // ---- interaction: zoom, pan, click, hover --------------------------------------------------

  svgPoint(evt) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return [0, 0];
    const p = this.svg.createSVGPoint();
    p.x = evt.clientX;
    p.y = evt.clientY;
    const q = p.matrixTransform(ctm.inverse());
    return [q.x, q.y];
  }

  zoomBy(f, cx, cy) {
    if (!this.vb || !this.base) return;
    const v = this.vb;
    const w = Math.min(Math.max(v.w * f, this.base.w / 12), this.base.w * 2);
    const k = w / v.w;
    if (cx === undefined) {
      cx = v.x + v.w / 2;
      cy = v.y + v.h / 2;
    }
    this.vb = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w: v.w * k, h: v.h * k };
    this.applyViewBox();
  }

  hitTest(evt) {
    const g = this.geom;
    if (!g) return { hex: null, unit: null, occupant: null, index: -1 };
    const el = evt.target && evt.target.closest ? evt.target : null;
    const target = el ? el.closest("[data-unit]") : null;
    let unit = null;
    let occupant = null;
    let index = -1;
    if (target && this.gUnits.contains(target)) {
      unit = target.getAttribute("data-unit");
      index = g.index(target.getAttribute("data-at"));
      const pip = el.closest("[data-occupant]");
      if (pip && target.contains(pip)) occupant = pip.getAttribute("data-occupant");
    }
    if (index < 0) {
      const [x, y] = this.svgPoint(evt);
      index = g.hexAt(x, y);
    }
    return { hex: index >= 0 ? g.labels[index] : null, unit, occupant, index };
  }

  installInteraction() {
    const s = this.frame; // both SVGs (and the toolbar, whose events are left alone)
    const own = (e) => !this.toolbar.contains(e.target);
    // the wheel scrolls the page (a notebook is read by scrolling); Ctrl/Alt/Cmd + wheel, a
    // pinch (reported as Ctrl + wheel) or the toolbar zooms
    this.onWheel = (e) => {
      if (!own(e) || !(e.ctrlKey || e.metaKey || e.altKey)) return;
      e.preventDefault();
      const [x, y] = this.svgPoint(e);
      this.zoomBy(e.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
    };
    s.addEventListener("wheel", this.onWheel, { passive: false });
    let drag = null;
    s.addEventListener("pointerdown", (e) => {
      if (e.button !== 0 || !this.vb || !own(e)) return;
      drag = { x: e.clientX, y: e.clientY, vb: { ...this.vb }, moved: false, id: e.pointerId };
    });
    s.addEventListener("pointermove", (e) => {
      if (drag && e.pointerId === drag.id) {
        const dx = e.clientX - drag.x;
        const dy = e.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) > 4) {
          drag.moved = true;
          try {
            s.setPointerCapture(e.pointerId);
          } catch (_err) {
            /* ignore */
          }
          s.classList.add("hexplay-panning");
        }
        if (drag.moved) {
          const r = this.svg.getBoundingClientRect();
          const scale = Math.max(drag.vb.w / r.width, drag.vb.h / r.height);
          this.vb = { ...drag.vb, x: drag.vb.x - dx * scale, y: drag.vb.y - dy * scale };
          this.applyViewBox();
          return;
        }
      }
      if (own(e)) this.hover(e);
    });
    const end = (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      const wasDrag = drag.moved;
      drag = null;
      s.classList.remove("hexplay-panning");
      if (e.type === "pointerup" && !wasDrag) this.click(e);
    };
    s.addEventListener("pointerup", end);
    s.addEventListener("pointercancel", end);
    s.addEventListener("pointerleave", () => {
      this.hoverEvt = null;
      this.hoverDeferred = false;
      this.tooltip.style.display = "none";
      this.hoverPoly.setAttribute("points", "");
      this.hoverIndex = -1;
    });
    // Keys 0-9 (AGGRESSOR's 1-6 directions, 0 the special feature): the focused board sends
    // {type: "key", key, seq}, answered like a click; JupyterLab's own shortcuts (1-6 would
    // make the cell a heading) are suppressed inside the board.
    this.onPing = () => this.ping();
    this.el.addEventListener("hexplay-ping", this.onPing);
    this.el.tabIndex = 0;
    this.el.setAttribute("data-lm-suppress-shortcuts", "true");
    // (only when it is not focused already: focus() brings the page's style up to date
    // first, a recalculation at every click while its message is on the way)
    this.el.addEventListener("pointerdown", () => {
      if (document.activeElement !== this.el) this.el.focus({ preventScroll: true });
    });
    this.el.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || !/^[0-9]$/.test(e.key)) return;
      e.preventDefault();
      e.stopPropagation();
      this.clickKind = "key";
      this.clickSeq += 1;
      this.clickSentAt = performance.now();
      this.el.dataset.clickSeq = String(this.clickSeq);
      this.model.send(this.withAnswerMs({ type: "key", key: e.key, seq: this.clickSeq }));
    });
  }

  /** The board's echo (a "hexplay-ping" event on el): a message answered at once by Python
   * with the click answer's marker alone, el.dataset.answered = its seq (benchmarks). */
  ping() {
    this.clickKind = "ping";
    this.clickSeq += 1;
    this.clickSentAt = performance.now();
    this.el.dataset.clickSeq = String(this.clickSeq);
    this.model.send({ type: "ping", seq: this.clickSeq });
  }

  click(e) {
    const { hex, unit, occupant } = this.hitTest(e);
    // a click's answer changes what the tip would say: it is written anew once the answer is
    // drawn (hiding it now would make the page draw a frame while the click is on its way)
    this.tipStale = true;
    if (this.hoverEvt) this.hoverDeferred = true;
    if (hex == null && unit == null) return;
    this.clickKind = "click";
    this.clickSeq += 1;
    this.clickSentAt = performance.now();
    this.el.dataset.clickSeq = String(this.clickSeq);
    const msg = { type: "click", hex, unit, occupant, shift: !!e.shiftKey, seq: this.clickSeq };
    this.model.send(this.withAnswerMs(msg));
  }

  /** ``msg`` with ``answer_ms``: how long this view's last click took from being sent to its
   * answer drawn (Python waits about as long before the panels' work: HexBoard). */
  withAnswerMs(msg) {
    if (this.lastAnswerMs != null) msg.answer_ms = Math.round(Math.min(this.lastAnswerMs, 60000));
    return msg;
  }

  /** After a whole message has been applied: mark a click's answer drawn. */
  onChange() {
    const a = this.model.get("_answer");
    if (!a || a.n === this.answerN) return;
    this.answerN = a.n;
    // this view's own click (not a ping) answered: remember how long it took
    if (Number(a.seq) === this.clickSeq && this.clickKind !== "ping" && isFinite(this.clickSentAt)) {
      this.lastAnswerMs = performance.now() - this.clickSentAt;
    }
    this.answeredSeq = Math.max(this.answeredSeq, Number(a.seq) || 0);
    stageMark("answer-drawn");
    this.el.dataset.answered = String(a.seq);
    if (this.hoverDeferred && !this.clickInFlight()) {
      this.hoverDeferred = false;
      this.scheduleHover();
    }
  }

  /** A click of this view still waits for Python's answer (for at most a second)? */
  clickInFlight() {
    return this.clickSeq > this.answeredSeq && performance.now() - this.clickSentAt < 1000;
  }

  /** Pointer moves are drawn once per frame; while a click waits for its answer, the hover
   * feedback (outline, tooltip) waits too, so the answer is not delayed by its rendering. */
  hover(e) {
    this.hoverEvt = { target: e.target, clientX: e.clientX, clientY: e.clientY };
    this.scheduleHover();
  }

  scheduleHover() {
    if (this.hoverRaf) return;
    this.hoverRaf = requestAnimationFrame(() => {
      this.hoverRaf = 0;
      if (!this.hoverEvt) return;
      if (this.clickInFlight()) {
        // drawn by onChange when the answer is in (or here again once the wait is over)
        this.hoverDeferred = true;
        setTimeout(() => this.hoverDeferred && this.scheduleHover(), 1000);
      } else {
        this.hoverDeferred = false;
        this.drawHover(this.hoverEvt);
      }
    });
  }

  drawHover(e) {
    const { hex, unit, occupant, index } = this.hitTest(e);
    // the layout read before any write of this frame (read after, it would be laid out twice)
    const r = index < 0 ? null : this.root.getBoundingClientRect();
    if (index < 0) {
      this.tooltip.style.display = "none";
      this.hoverPoly.setAttribute("points", "");
      this.hoverIndex = -1;
      return;
    }
    if (index !== this.hoverIndex || this.tipStale) {
      this.tipStale = false;
      this.tooltip.innerHTML = this.tooltipHtml(index);
    }
    if (index !== this.hoverIndex) {
      this.hoverIndex = index;
      this.hoverPoly.setAttribute("points", this.geom.points(index));
      if (this.model.get("send_hover")) this.model.send({ type: "hover", hex, unit, occupant });
    }
    this.tooltip.style.display = "";
    // well away from the pointer (below right) so it never covers the counters next to it
    let left = e.clientX - r.left + 28;
    const top = e.clientY - r.top + 30;
    if (left + 240 > r.width) left = Math.max(0, e.clientX - r.left - 260);
    this.tooltip.style.left = left + "px";
    this.tooltip.style.top = top + "px";
  }

  tooltipHtml(i) {
    const g = this.geom;
    const mp = this.map;
    const lab = g.labels[i];
    const t = mp.names[mp.terrain[i]] ?? "";
    let s = `<b>${escapeHtml(lab)}</b> ${escapeHtml(t)}`;
    if (mp.elevation) s += ` <span class="hexplay-tip-dim">elev ${mp.elevation[i]}</span>`;
    const sides = [];
    for (const f in mp.features) {
      const arr = mp.features[f];
      for (let k = 0; k + 2 < arr.length + 0; k += 3) {
        const q = arr[k];
        const r = arr[k + 1];
        const d = arr[k + 2];
        if ((q === g.q[i] && r === g.r[i]) || (q + DIRS[d][0] === g.q[i] && r + DIRS[d][1] === g.r[i])) {
          sides.push(f);
          break;
        }
      }
    }
    if (sides.length) s += `<br><span class="hexplay-tip-dim">${escapeHtml(sides.join(", "))} hexside</span>`;
    const reach = this.reachData();
    if (reach && !isNaN(reach.at[i]) && this.overlayOn("reachable")) s += `<br>reach: ${escapeHtml(reach.at[i])} AP`;
    const stack = this.unitsByHex.get(i) || [];
    for (const u of stack) {
      s += "<br>" + this.unitLine(u);
      for (const o of u.occupants || []) {
        const ou = this.unitsById.get(String(o));
        s += "<br>&nbsp;&nbsp;↳ " + (ou ? this.unitLine(ou) : escapeHtml(o));
      }
    }
    return s;
  }

  unitLine(u) {
    const bits = [u.label || u.id, u.kind && u.kind !== "man" ? u.kind : null, u.weapon, u.status && u.status !== "fit" ? u.status : null, u.seat];
    const txt = bits.filter(Boolean).map(escapeHtml).join(" · ");
    return `<span style="color:${this.sideColour(u.side)}">■</span> ${txt}`;
  }

  destroy() {
    if (this.hoverRaf) cancelAnimationFrame(this.hoverRaf);
    this.frame.removeEventListener("wheel", this.onWheel);
    this.el.removeEventListener("hexplay-ping", this.onPing);
  }
}

// --------------------------------------------------------------------------------------------
// counters on the wire: the first state holds them all, each later change only the counters
// that changed ({rev, base, set, del, order}); one store per model, shared by its views
// --------------------------------------------------------------------------------------------

const STORES = new WeakMap();

function unitsStore(model) {
  let st = STORES.get(model);
  if (!st) {
    st = { rev: null, byId: new Map(), order: [], list: [], resyncing: false };
    STORES.set(model, st);
    applyUnits(model, st, model.get("units"));
    model.on("change:units", () => applyUnits(model, st, model.get("units")));
  }
  return st;
}

function applyUnits(model, st, w) {
  if (w == null) return;
  if (Array.isArray(w)) w = { full: true, set: w, rev: null };
  if (w.full) {
    st.byId = new Map((w.set || []).map((u) => [String(u.id), u]));
    st.order = (w.set || []).map((u) => String(u.id));
    st.resyncing = false;
  } else if (st.rev === null || w.base !== st.rev) {
    // a change we cannot apply (we missed one): ask Python for every counter again
    if (!st.resyncing) {
      st.resyncing = true;
      model.send({ type: "resync" });
    }
    return;
  } else {
    for (const id of w.del || []) st.byId.delete(String(id));
    for (const u of w.set || []) st.byId.set(String(u.id), u);
    if (w.order) st.order = w.order.map(String);
    else {
      const known = new Set(st.order);
      st.order = st.order.filter((id) => st.byId.has(id));
      for (const u of w.set || []) if (!known.has(String(u.id))) st.order.push(String(u.id));
    }
  }
  st.rev = w.rev;
  st.list = st.order.map((id) => st.byId.get(id)).filter(Boolean);
}

// --------------------------------------------------------------------------------------------
// a click's answer: one custom message {type: "answer", state, buffer_paths} (with the state's
// binary buffers) whose traits the page sets on the model itself, once per model (every view
// redraws from the model's change events); after any state update still being applied, so
// the traits keep the order Python set them in
// --------------------------------------------------------------------------------------------

const ANSWERING = new WeakSet();

/** The stages of an answer in the page, as ``performance.mark("hexplay:<stage>")``:
 * ``answer-in`` (its message handed to the board), ``answer-apply`` (its traits being set),
 * ``answer-drawn`` (every layer redrawn); read by benchmarks/click_trace.py.  A mark costs
 * a few microseconds (3.5-5.4 us measured in JupyterLab's page; three an answer); the page
 * keeps the last MARKS_KEPT of each. */
const STAGES = ["answer-in", "answer-apply", "answer-drawn"];
const MARKS_KEPT = 100;
let marksMade = 0;
function stageMark(stage) {
  if (typeof performance === "undefined" || !performance.mark) return;
  performance.mark("hexplay:" + stage);
  if (++marksMade >= MARKS_KEPT * STAGES.length) {
    marksMade = 0;
    for (const s of STAGES) performance.clearMarks("hexplay:" + s);
  }
}

/** ipywidgets' put_buffers: each buffer back at its path in ``state``. */
function putBuffers(state, paths, buffers) {
  for (let k = 0; k < paths.length && k < buffers.length; k++) {
    const path = paths[k];
    let obj = state;
    for (let j = 0; j < path.length - 1; j++) obj = obj[path[j]];
    const b = buffers[k];
    obj[path[path.length - 1]] = b instanceof DataView ? b : ArrayBuffer.isView(b) ? new DataView(b.buffer, b.byteOffset, b.byteLength) : new DataView(b);
  }
}

function answerChannel(model) {
  if (ANSWERING.has(model)) return;
  ANSWERING.add(model);
  model.on("msg:custom", (msg, buffers) => {
    if (!msg || msg.type !== "answer" || !msg.state) return;
    stageMark("answer-in");
    const state = msg.state;
    putBuffers(state, msg.buffer_paths || [], buffers || []);
    // set_state (the widget manager's own, when the model has it): nothing to send back
    const apply = () => {
      stageMark("answer-apply");
      return typeof model.set_state === "function" ? model.set_state(state) : model.set(state);
    };
    const pending = model.state_change;
    if (pending && typeof pending.then === "function") pending.then(apply);
    else apply();
  });
}

// --------------------------------------------------------------------------------------------
// anywidget entry point
// --------------------------------------------------------------------------------------------

function render({ model, el }) {
  unitsStore(model); // before the view's own handlers: the store is updated first
  answerChannel(model);
  const board = new Board(model, el);
  board.fullRender();
  const edit = installEdit(board, model); // the editors' edit mode (a no-op on other boards)
  const handlers = [
    ["change:_map", () => board.fullRender()],
    ["change:units", () => board.update(() => {
      board.renderUnits();
      board.renderSelection();
      board.renderLegend();
    })],
    ["change:overlays", () => board.update(() => board.renderOverlays())],
    ["change:markings", () => board.update(() => board.renderOverlays())],
    ["change:overlay_visibility", () => board.update(() => board.renderOverlays())],
    ["change:selected", () => board.update(() => board.renderSelection())],
    ["change:counter_style", () => board.update(() => {
      board.renderUnits();
      board.renderSelection();
      board.renderLegend();
    })],
    ["change:side_colours", () => board.update(() => {
      board.renderUnits();
      board.renderOverlays(true);
      board.renderSelection();
      board.renderLegend();
    })],
    ["change:show_labels", () => board.update(() => board.applyToggles())],
    ["change:show_contours", () => board.update(() => board.applyToggles())],
    ["change:show_legend", () => board.update(() => board.applyToggles())],
    ["change:height", () => board.update(() => board.applyToggles())],
    ["change:fit_units", () => board.update(() => board.applyToggles())],
    ["change:frame", () => board.update(() => {
      const fr = model.get("frame") || {};
      if (fr.seq != null && fr.seq !== board.framedSeq && board.unitsByHex && board.unitsByHex.size) {
        board.framedSeq = fr.seq;
        board.autoFitted = true;
        requestAnimationFrame(() => board.frameSide());
      }
    })],
    ["change:follow", () => board.update(() => {
      const fo = model.get("follow") || {};
      if (fo.seq != null && fo.seq !== board.followedSeq) {
        board.followedSeq = fo.seq;
        // after this message's other changes (the counters, a frame asked with it)
        requestAnimationFrame(() => requestAnimationFrame(() => board.followUnit()));
      }
    })],
    ["change:notice", () => board.update(() => board.renderNotice())],
    ["change:counter_scale", () => board.update(() => {
      board.renderUnits();
      board.renderSelection();
    })],
    // after every change:* handler of the same message (Backbone fires "change" last)
    ["change", () => board.onChange()],
  ];
  for (const [ev, fn] of handlers) model.on(ev, fn);
  return () => {
    for (const [ev, fn] of handlers) model.off(ev, fn);
    edit();
    board.destroy();
  };
}

export default { render };
