// Scene painting on a canvas 2D context: game-agnostic, driven only by the scene display list.
// Item types: rect, circle, text, line, poly, icon (see README of the widget / Python svg.py,
// which renders the very same items to SVG with the same defaults).
import iconData from "../../illumi_widgets/widget/icons.json" with { type: "json" };

export const DEFAULT_W = 1000;
export const DEFAULT_H = 700;
export const FONT_FAMILY = "Helvetica, Arial, sans-serif";
export const LINE_HEIGHT = 1.2;

const ICONS = iconData.icons;
const UNKNOWN_ICON = iconData.unknown;

/** Finite number or the fallback. */
export function num(v, fallback = 0) {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

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

function fillAndStroke(ctx, it) {
  if (typeof it.fill === "string" && it.fill && it.fill !== "none") {
    ctx.fillStyle = it.fill;
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

const ALIGNS = { left: "left", center: "center", right: "right", start: "start", end: "end", middle: "center" };
const BASELINES = {
  top: "top", hanging: "hanging", middle: "middle", alphabetic: "alphabetic",
  ideographic: "ideographic", bottom: "bottom",
};

/** First-line y offset of a multi-line text block so the block honours its baseline. */
export function firstLineOffset(baseline, n, lineHeight) {
  if (n <= 1) return 0;
  if (baseline === "middle") return -((n - 1) * lineHeight) / 2;
  if (baseline === "bottom" || baseline === "alphabetic" || baseline === "ideographic") {
    return -(n - 1) * lineHeight;
  }
  return 0;
}

export const MIN_FONT_PX = 11; // no text is drawn smaller than this many CSS pixels
const MIN_SQUEEZE = 0.85; // a line may be narrowed to 85% of its width to fit its maxw, no more

/** The pieces of a line where it may break: at spaces, and after a hyphen ("Saxe-|Weimar"): [piece, joint]
 * (the joint is what joins it to the piece before: " " or ""). */
function breakPieces(line) {
  const out = [];
  for (const word of line.split(" ")) {
    const parts = word.match(/[^-]+-|[^-]+|-/g) || [""];
    parts.forEach((part, k) => out.push([part, k === 0 ? " " : ""]));
  }
  return out;
}

const BALANCE_STEPS = 10; // halvings of the width a wrapped text's lines are balanced to (textfit.py)

/** The pieces filled line by line into lines no wider than maxw: {lines, over (the last line, which takes
 * the rest once maxLines are reached, is wider)}. */
function greedy(measure, pieces, maxw, maxLines) {
  const out = [];
  let cur = "";
  for (let i = 0; i < pieces.length; i++) {
    const [part, joint] = pieces[i];
    const next = cur ? `${cur}${joint}${part}` : part;
    if (cur && measure(next) > maxw) {
      out.push(cur);
      if (out.length === maxLines - 1) {
        const rest = pieces.slice(i).map(([p, j], k) => (k ? j + p : p)).join("");
        out.push(rest);
        return { lines: out, over: measure(rest) > maxw };
      }
      cur = part;
    } else {
      cur = next;
    }
  }
  if (cur) out.push(cur);
  return { lines: out, over: false };
}

/** Split one line into at most `maxLines` lines of width <= maxw (at spaces, or after a hyphen); the last
 * line keeps the rest. Balanced: as many lines as filling them to maxw takes, each filled only to the
 * narrowest width that still needs no more lines (no word left alone on a last line). */
export function wrapLine(measure, line, maxw, maxLines) {
  if (!(maxw > 0) || maxLines <= 1 || measure(line) <= maxw) return [line];
  const pieces = breakPieces(line);
  const first = greedy(measure, pieces, maxw, maxLines);
  if (first.over || first.lines.length < 2) return first.lines;
  let lo = 0;
  let hi = maxw;
  for (let k = 0; k < BALANCE_STEPS; k++) {
    const mid = (lo + hi) / 2;
    const g = greedy(measure, pieces, mid, maxLines);
    if (!g.over && g.lines.length <= first.lines.length) hi = mid;
    else lo = mid;
  }
  return greedy(measure, pieces, hi, maxLines).lines;
}

/** `line` cut to fit `maxw` (with an ellipsis), when even squeezed it would not. */
export function fitLine(measure, line, maxw) {
  if (!(maxw > 0) || measure(line) * MIN_SQUEEZE <= maxw) return { text: line, cut: false };
  let lo = 0;
  let hi = line.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${line.slice(0, mid)}…`) * MIN_SQUEEZE <= maxw) lo = mid;
    else hi = mid - 1;
  }
  return { text: `${line.slice(0, lo).trimEnd()}…`, cut: true };
}

/** The lines a text item is drawn as, at font size `size` (scene units), and whether a line was cut. */
export function layoutText(measure, it, size) {
  const text = it.s === undefined || it.s === null ? "" : String(it.s);
  const maxw = num(it.maxw, 0);
  const base = num(it.size, 12);
  // a text given a maxw may take more lines when the painter had to enlarge it (min font); given a box
  // height `maxh` too, as many lines as that box holds at the size it is drawn at (and no more than `wrap`)
  const maxh = num(it.maxh, 0);
  const byBox = maxw > 0 && maxh > 0 ? Math.max(1, Math.floor(maxh / (size * LINE_HEIGHT) + 1e-6)) : 0;
  const wrap = Math.max(1, Math.trunc(byBox ? Math.min(byBox, num(it.wrap, byBox))
    : num(it.wrap, maxw > 0 ? (size > base ? 2 : 1) : 1)));
  const lines = [];
  let cut = false;
  for (const raw of text.split("\n")) {
    for (const line of wrapLine(measure, raw, maxw, wrap)) {
      const f = fitLine(measure, line, maxw);
      cut = cut || f.cut;
      lines.push(f.text);
    }
  }
  return { lines, cut };
}

// Widths of text lines as measured for a font (the font string -> line -> width), kept across paints: a board
// draws the same few hundred lines again on every update, and measuring them is most of a paint's text work.
const MEASURED = new Map();
const MEASURED_MAX = 20000; // lines kept (all fonts together) before the table starts afresh
let measuredLines = 0;

/** The width of `line` in `font` on `ctx` (measured once per font and line), or an estimate without one. */
export function measureWith(ctx, font, size) {
  let widths = MEASURED.get(font);
  if (!widths) MEASURED.set(font, (widths = new Map()));
  return (line) => {
    let w = widths.get(line);
    if (w === undefined) {
      const m = ctx.measureText(line);
      w = m && typeof m.width === "number" ? m.width : line.length * size * 0.55;
      if (++measuredLines > MEASURED_MAX) {
        MEASURED.clear();
        widths.clear();
        measuredLines = 1;
      }
      if (!MEASURED.has(font)) MEASURED.set(font, widths);
      widths.set(line, w);
    }
    return w;
  };
}

// The lines of each text as laid out (wrapped and cut) for a font, kept across paints like the widths: a board
// lays out the same few hundred texts again on every update. (The key holds all that layoutText reads.)
const LAID_OUT = new Map();
const LAID_OUT_MAX = 5000;
const EXPANDED = new WeakMap(); // an icon item -> its plain items (expandIcon), for as long as the item lives

function laidOut(measure, it, font, size, text) {
  const key = `${font}|${it.maxw}|${it.maxh}|${it.wrap}|${it.size}|${text}`;
  let r = LAID_OUT.get(key);
  if (r === undefined) {
    r = layoutText(measure, it, size);
    if (LAID_OUT.size >= LAID_OUT_MAX) LAID_OUT.clear();
    LAID_OUT.set(key, r);
  }
  return r;
}

function drawText(ctx, it, opts) {
  const text = it.s === undefined || it.s === null ? "" : String(it.s);
  if (!text) return;
  const given = Math.max(1, num(it.size, 12));
  const minSize = opts && opts.minSize > 0 ? opts.minSize : 0; // the smallest font, in scene units
  const size = Math.max(given, minSize);
  const font = `${it.italic ? "italic " : ""}${it.bold ? "bold " : ""}${size}px ${FONT_FAMILY}`; // (fontOf's)
  const align = ALIGNS[it.align] || "left";
  const baseline = BASELINES[it.baseline] || "alphabetic";
  // the context's text state is set only when it changes (a whole scene: most texts share a font), as
  // parsing a font or a colour is a good share of a text's cost
  const st = opts && opts.text;
  if (!st || st.font !== font) {
    ctx.font = font;
    if (st) st.font = font;
  }
  ctx.fillStyle = typeof it.color === "string" && it.color ? it.color : "#222";
  if (!st || st.align !== align) {
    ctx.textAlign = align;
    if (st) st.align = align;
  }
  if (!st || st.baseline !== baseline) {
    ctx.textBaseline = baseline;
    if (st) st.baseline = baseline;
  }
  const maxw = num(it.maxw, 0);
  const measure = measureWith(ctx, font, size);
  const { lines, cut } = laidOut(measure, it, font, size, text);
  const lh = size * LINE_HEIGHT;
  let y = num(it.y) + firstLineOffset(baseline, lines.length, lh);
  const x = num(it.x);
  const boxes = opts && opts.stats && Array.isArray(opts.stats.boxes) ? opts.stats.boxes : null;
  const id = boxes ? (opts.stats.texts + 1) : 0;
  for (const line of lines) {
    if (maxw > 0) ctx.fillText(line, x, y, maxw);
    else ctx.fillText(line, x, y);
    if (boxes && line) boxes.push({ ...lineBox(measure(line), maxw, align, baseline, x, y, size, id), s: line });
    y += lh;
  }
  if (opts && opts.stats) {
    const st = opts.stats;
    st.texts += 1;
    if (size < st.minSize) st.minSize = size;
    if (cut) st.cut += 1;
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

/** The ink box of one drawn line (scene units): its width as drawn (squeezed to `maxw`), from its alignment,
 * and the glyphs' height (~0.95 em: ascenders to descenders) from its baseline. */
export function lineBox(width, maxw, align, baseline, x, y, size, id = 0) {
  const w = maxw > 0 ? Math.min(width, maxw) : width;
  const x0 = align === "center" ? x - w / 2 : align === "right" || align === "end" ? x - w : x;
  const top = baseline === "top" || baseline === "hanging" ? y + 0.05 * size
    : baseline === "middle" ? y - 0.45 * size
      : baseline === "bottom" || baseline === "ideographic" ? y - 0.95 * size
        : y - 0.75 * size; // alphabetic: ascenders ~0.75 em above, descenders ~0.2 em below
  return { x0, y0: top, x1: x0 + w, y1: top + 0.95 * size, id };
}

/** How many pairs of line boxes (of different texts) overlap by more than `slack` each way; `sample`
 * collects the first few pairs' lines (their `s`). */
export function countOverlaps(boxes, slack = 0, sample = null) {
  const bs = [...boxes].sort((a, b) => a.x0 - b.x0);
  let n = 0;
  for (let i = 0; i < bs.length; i++) {
    const a = bs[i];
    for (let j = i + 1; j < bs.length; j++) {
      const b = bs[j];
      if (b.x0 >= a.x1 - slack) break;
      if (a.id === b.id) continue;
      if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > slack && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > slack) {
        n += 1;
        if (sample && sample.length < 3) sample.push([a.s, b.s]);
      }
    }
  }
  return n;
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
      fillAndStroke(ctx, it);
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
  const o = { minSize: num(opts.minSize, 0), stats, text: { font: null, align: null, baseline: null } };
  const { w, h } = size || sceneSize(scene);
  ctx.clearRect(0, 0, w, h);
  if (scene && typeof scene.bg === "string" && scene.bg) {
    ctx.fillStyle = scene.bg;
    ctx.fillRect(0, 0, w, h);
  }
  const items = scene && Array.isArray(scene.items) ? scene.items : [];
  for (const it of items) drawItem(ctx, it, o);
  stats.overlapSample = [];
  stats.overlaps = countOverlaps(stats.boxes, Math.max(0, num(opts.overlapSlack, 0)), stats.overlapSample);
  return stats; // (stats.boxes: every line drawn, {x0, y0, x1, y1, id, s}; the edge markers stay off them)
}
