// The painter's text rules (paint.js draws with them; Python's illumi_widgets/textfit.py is their twin): how a
// text item is wrapped and cut to its box, the widths of lines as measured (kept across paints), and each drawn
// line's ink box (what the painter's overlap count, overlaps.js, and sight.js read).

/** Finite number or the fallback. */
export function num(v, fallback = 0) {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

export const LINE_HEIGHT = 1.2;
export const FONT_FAMILY = "Helvetica, Arial, sans-serif";
const ALIGNS = { left: "left", center: "center", right: "right", start: "start", end: "end", middle: "center" };
const BASELINES = {
  top: "top", hanging: "hanging", middle: "middle", alphabetic: "alphabetic",
  ideographic: "ideographic", bottom: "bottom",
};

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

export function laidOut(measure, it, font, size, text) {
  const key = `${font}|${it.maxw}|${it.maxh}|${it.wrap}|${it.size}|${text}`;
  let r = LAID_OUT.get(key);
  if (r === undefined) {
    r = layoutText(measure, it, size);
    if (LAID_OUT.size >= LAID_OUT_MAX) LAID_OUT.clear();
    LAID_OUT.set(key, r);
  }
  return r;
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

// How each text item is drawn, kept for as long as the item lives (an item of a scene is never changed: a new
// one replaces it), at the size it was last drawn at: its font, alignment and baseline, and once measured its
// lines with their y and ink boxes. A board's repaint draws mostly the same items again, which then are neither
// laid out nor measured (nor looked up by their text) again.
const PLANS = new WeakMap();

/** The plan of text item `it` drawn at font size `size` (scene units): {size, text, font, align, baseline, x,
 * maxw, lines (null until planLines), cut}. */
export function textPlan(it, size) {
  let p = PLANS.get(it);
  if (p !== undefined && p.size === size) return p;
  const text = it.s === undefined || it.s === null ? "" : String(it.s);
  p = {
    size, text, font: `${it.italic ? "italic " : ""}${it.bold ? "bold " : ""}${size}px ${FONT_FAMILY}`, // (fontOf's)
    align: ALIGNS[it.align] || "left", baseline: BASELINES[it.baseline] || "alphabetic",
    x: num(it.x), maxw: num(it.maxw, 0), lines: null, cut: false,
  };
  PLANS.set(it, p);
  return p;
}

/** The plan's lines, laid out with `ctx` (its font the plan's): [{s, y, box (null until lineBoxOf)}]. */
export function planLines(ctx, it, p) {
  if (p.lines !== null) return p.lines;
  const { lines, cut } = laidOut(measureWith(ctx, p.font, p.size), it, p.font, p.size, p.text);
  const lh = p.size * LINE_HEIGHT;
  let y = num(it.y) + firstLineOffset(p.baseline, lines.length, lh);
  p.lines = [];
  for (const s of lines) {
    p.lines.push({ s, y, box: null });
    y += lh;
  }
  p.cut = cut;
  return p.lines;
}

/** The ink box of one of the plan's lines, {x0, y0, x1, y1} (measured once). */
export function lineBoxOf(ctx, p, line) {
  if (line.box === null) {
    const w = measureWith(ctx, p.font, p.size)(line.s);
    line.box = lineBox(w, p.maxw, p.align, p.baseline, p.x, line.y, p.size);
  }
  return line.box;
}

/** First-line y offset of a multi-line text block so the block honours its baseline. */
export function firstLineOffset(baseline, n, lineHeight) {
  if (n <= 1) return 0;
  if (baseline === "middle") return -((n - 1) * lineHeight) / 2;
  if (baseline === "bottom" || baseline === "alphabetic" || baseline === "ideographic") {
    return -(n - 1) * lineHeight;
  }
  return 0;
}
