// Scene painting on a canvas 2D context: game-agnostic, driven only by the scene display list.
// Item types: rect, circle, text, line, poly, icon (see README of the widget / Python svg.py,
// which renders the very same items to SVG with the same defaults).
import iconData from "../../illumi_widgets/widget/icons.json" with { type: "json" };
import { countOverlaps } from "./overlaps.js";
import { FONT_FAMILY, lineBoxOf, num, planLines, textPlan } from "./textfit.js";

export { countOverlaps };
export {
  firstLineOffset, fitLine, FONT_FAMILY, LINE_HEIGHT, layoutText, lineBox, measureWith, num, wrapLine,
} from "./textfit.js";

export const DEFAULT_W = 1000;
export const DEFAULT_H = 700;

const ICONS = iconData.icons;
const UNKNOWN_ICON = iconData.unknown;

export function sceneSize(scene) {
  const w = num(scene && scene.w, DEFAULT_W);
  const h = num(scene && scene.h, DEFAULT_H);
  return { w: w > 0 ? w : DEFAULT_W, h: h > 0 ? h : DEFAULT_H };
}

function pointsOf(it) {
  const out = [];
  if (!Array.isArray(it.pts)) return out;
  for (const p of it.pts) {
    if (Array.isArray(p) && p.length >= 2) out.push([num(p[0]), num(p[1])]);
  }
  return out;
}

/** Trace the outline of a rect/circle/poly item as the current path (no fill or stroke). */
export function tracePath(ctx, it) {
  ctx.beginPath();
  if (it.t === "rect") {
    let x = num(it.x), y = num(it.y), w = num(it.w), h = num(it.h);
    if (w < 0) { x += w; w = -w; }
    if (h < 0) { y += h; h = -h; }
    const r = Math.max(0, Math.min(num(it.r), w / 2, h / 2));
    if (!r) {
      ctx.rect(x, y, w, h);
      return;
    }
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  } else if (it.t === "circle") {
    ctx.arc(num(it.x), num(it.y), Math.max(0, num(it.r)), 0, Math.PI * 2);
    ctx.closePath();
  } else if (it.t === "poly") {
    const pts = pointsOf(it);
    if (!pts.length) return;
    ctx.moveTo(pts[0][0], pts[0][1]);
    for (let i = 1; i < pts.length; i++) ctx.lineTo(pts[i][0], pts[i][1]);
    ctx.closePath();
  }
}

function setDash(ctx, dash) {
  if (typeof ctx.setLineDash !== "function") return;
  ctx.setLineDash(Array.isArray(dash) ? dash.filter((d) => typeof d === "number" && d >= 0) : []);
}

/** Set the fill colour unless this paint set it last (`st`: the paint's context state, drawScene's; parsing a
 * colour is a good share of a shape's or a text's cost, and most items of a scene share a few colours). */
function setFill(ctx, color, st) {
  if (!st || st.fill !== color) {
    ctx.fillStyle = color;
    if (st) st.fill = color;
  }
}

function fillAndStroke(ctx, it, st) {
  if (typeof it.fill === "string" && it.fill && it.fill !== "none") {
    setFill(ctx, it.fill, st);
    ctx.fill();
  }
  const lw = num(it.lw, 1);
  if (typeof it.stroke === "string" && it.stroke && it.stroke !== "none" && lw > 0) {
    ctx.lineWidth = lw;
    ctx.strokeStyle = it.stroke;
    setDash(ctx, it.dash);
    ctx.stroke();
    if (it.dash) setDash(ctx, []);
  }
}

export function fontOf(it) {
  const size = Math.max(1, num(it.size, 12));
  return `${it.italic ? "italic " : ""}${it.bold ? "bold " : ""}${size}px ${FONT_FAMILY}`;
}

export const MIN_FONT_PX = 11; // no text is drawn smaller than this many CSS pixels

const EXPANDED = new WeakMap(); // an icon item -> its plain items (expandIcon), for as long as the item lives

function drawText(ctx, it, opts) {
  const given = Math.max(1, num(it.size, 12));
  const minSize = opts && opts.minSize > 0 ? opts.minSize : 0; // the smallest font, in scene units
  const size = Math.max(given, minSize);
  const p = textPlan(it, size); // (kept per item: textfit.js)
  if (!p.text) return;
  const { font, align, baseline } = p;
  // the context's text state is set only when it changes (a whole scene: most texts share a font), as
  // parsing a font or a colour is a good share of a text's cost
  const st = opts && opts.text;
  if (!st || st.font !== font) {
    ctx.font = font;
    if (st) st.font = font;
  }
  setFill(ctx, typeof it.color === "string" && it.color ? it.color : "#222", st);
  if (!st || st.align !== align) {
    ctx.textAlign = align;
    if (st) st.align = align;
  }
  if (!st || st.baseline !== baseline) {
    ctx.textBaseline = baseline;
    if (st) st.baseline = baseline;
  }
  const { maxw, x } = p;
  const lines = planLines(ctx, it, p);
  const boxes = opts && opts.stats && Array.isArray(opts.stats.boxes) ? opts.stats.boxes : null;
  const id = boxes ? (opts.stats.texts + 1) : 0;
  for (const line of lines) {
    if (maxw > 0) ctx.fillText(line.s, x, line.y, maxw);
    else ctx.fillText(line.s, x, line.y);
    if (boxes && line.s) {
      const b = lineBoxOf(ctx, p, line);
      boxes.push({ x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1, id, s: line.s });
    }
  }
  if (opts && opts.stats) {
    const st = opts.stats;
    st.texts += 1;
    if (size < st.minSize) st.minSize = size;
    if (p.cut) st.cut += 1;
  }
}

function drawLine(ctx, it) {
  const pts = pointsOf(it);
  if (pts.length < 2) return;
  ctx.beginPath();
  ctx.moveTo(pts[0][0], pts[0][1]);
  for (let i = 1; i < pts.length; i++) ctx.lineTo(pts[i][0], pts[i][1]);
  ctx.lineWidth = Math.max(0, num(it.lw, 1));
  ctx.strokeStyle = typeof it.color === "string" && it.color ? it.color : "#000";
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  setDash(ctx, it.dash);
  ctx.stroke();
  if (it.dash) setDash(ctx, []);
  // (only a line is drawn round: the shapes after it keep the canvas's sharp joins, as the saved picture's SVG)
  ctx.lineCap = "butt";
  ctx.lineJoin = "miter";
}

/** Expand an icon item into plain items (same algorithm as svg.py's _expand_icon). */
export function expandIcon(it) {
  const name = typeof it.name === "string" ? it.name : "";
  const def = Object.prototype.hasOwnProperty.call(ICONS, name) ? ICONS[name] : UNKNOWN_ICON;
  const size = Math.max(0, num(it.size, 16));
  const cx = num(it.x), cy = num(it.y);
  const color = typeof it.color === "string" && it.color ? it.color : def.color;
  const label = (name.split(":").pop() || "?").slice(0, 2);
  const sub = (v) => (v === "$color" ? color : v === "$label" ? label : v);
  const out = [];
  for (const src of def.items) {
    const d = { t: src.t };
    for (const k of Object.keys(src)) {
      const v = src[k];
      if (k === "t") continue;
      if (k === "x") d.x = cx + v * size;
      else if (k === "y") d.y = cy + v * size;
      else if (k === "w" || k === "h" || k === "r" || k === "lw" || k === "size" || k === "maxw" || k === "maxh") d[k] = v * size;
      else if (k === "pts") d.pts = v.map((p) => [cx + p[0] * size, cy + p[1] * size]);
      else d[k] = sub(v);
    }
    if (it.alpha !== undefined) d.alpha = num(d.alpha, 1) * num(it.alpha, 1);
    out.push(d);
  }
  return out;
}

/** Paint one scene item (`opts`: {minSize, stats} of drawScene). */
export function drawItem(ctx, it, opts) {
  if (!it || typeof it !== "object") return;
  const alpha = num(it.alpha, 1);
  if (alpha <= 0) return;
  const withAlpha = alpha < 1 && it.t !== "icon"; // an icon's parts carry its alpha themselves
  if (withAlpha) ctx.globalAlpha = alpha;
  switch (it.t) {
    case "rect":
    case "circle":
    case "poly":
      tracePath(ctx, it);
      fillAndStroke(ctx, it, opts && opts.text);
      break;
    case "text":
      drawText(ctx, it, opts);
      break;
    case "line":
      drawLine(ctx, it);
      break;
    case "icon": {
      let parts = EXPANDED.get(it); // (an item of the scene is never changed: a new one replaces it)
      if (!parts) EXPANDED.set(it, (parts = expandIcon(it)));
      for (const sub of parts) drawItem(ctx, sub, opts);
      break;
    }
    default:
      break; // unknown item types are skipped (forward compatible)
  }
  if (withAlpha) ctx.globalAlpha = 1;
}

/** Paint a whole scene: background then the items in order. The transform is set by the caller.
 * `opts.minSize`: no text smaller than this (scene units; the caller passes MIN_FONT_PX / scale).
 * `opts.overlapSlack`: how far (scene units) two text lines may overlap each way before they count.
 * Returns stats: {texts, minSize (scene units of the smallest text drawn), cut (lines cut short),
 * overlaps (pairs of lines of different texts drawn over one another), boxes (each line's ink box)}. */
export function drawScene(ctx, scene, size, opts = {}) {
  const stats = { texts: 0, minSize: Infinity, cut: 0, overlaps: 0, boxes: [] };
  // (text: the context's font, alignment and baseline as drawText last set them in this paint)
  const o = { minSize: num(opts.minSize, 0), stats, text: { font: null, align: null, baseline: null, fill: null } };
  const { w, h } = size || sceneSize(scene);
  ctx.clearRect(0, 0, w, h);
  if (scene && typeof scene.bg === "string" && scene.bg) {
    setFill(ctx, scene.bg, o.text);
    ctx.fillRect(0, 0, w, h);
  }
  const items = scene && Array.isArray(scene.items) ? scene.items : [];
  for (const it of items) drawItem(ctx, it, o);
  stats.overlapSample = [];
  stats.overlaps = countOverlaps(stats.boxes, Math.max(0, num(opts.overlapSlack, 0)), stats.overlapSample);
  return stats; // (stats.boxes: every line drawn, {x0, y0, x1, y1, id, s}; the edge markers stay off them)
}
