// Layout helpers of the generic board, pure functions (unit-tested with node --test): how large the board
// is drawn, where a menu or a tooltip goes, narrow layouts, and how decision options are grouped.
import { MIN_FONT_PX, num, sceneSize } from "./paint.js";

export const NARROW_PX = 900; // below this width (CSS px) a scene's "narrow" layout is used, if it has one
export const MIN_SCALE_PX = 320; // the board is never drawn narrower than this

/** CSS size of the board: the scene scaled to fit both the width and the visible height available --
 * but never below `minScale` (the smallest scale the layout's text is fitted for: its texts enlarged to
 * MIN_FONT_PX there still overlap nothing) because of the height: then it is as large as the width allows up
 * to that, taller than `availH` (the caller scrolls it in a box the visible height tall). */
export function fitBoard(size, availW, availH, minScale = 0) {
  const w = Math.max(1, num(availW, size.w));
  const h = num(availH, 0) > 0 ? availH : Infinity;
  let scale = Math.min(w / size.w, h / size.h);
  if (num(minScale, 0) > 0 && scale < minScale) scale = Math.min(minScale, w / size.w);
  scale = Math.max(scale, Math.min(w, MIN_SCALE_PX) / size.w); // never a postage stamp
  return { scale, cssW: Math.max(1, Math.round(size.w * scale)), cssH: Math.max(1, Math.round(size.h * scale)) };
}

export const WIDE_PX = 1400; // a cell at least this wide ...
export const WIDE_USE = 0.75; // ... whose board, fitted to the visible height, uses less of its width than this
export const WIDE_GROWTH = 1.3; // ... draws it up to this much larger (up to the width), scrolling in its box

/** A wide cell's larger board: when the height-fitted board `fit` leaves much of a wide cell's width unused,
 * the scene scaled to the width, at most `growth` (the scene's `grow`, default WIDE_GROWTH) times `fit`'s scale
 * (its box then scrolls); else null. A scene read as one picture (`grow: 1`) is never enlarged to scroll. */
export function widen(size, fit, availW, availH, growth = WIDE_GROWTH) {
  const most = num(growth, WIDE_GROWTH) > 0 ? num(growth, WIDE_GROWTH) : WIDE_GROWTH;
  if (!(availW >= WIDE_PX) || !(availH > 0) || fit.cssW >= WIDE_USE * availW || most <= 1.05) return null;
  const scale = Math.min(availW / size.w, fit.scale * most);
  if (scale <= fit.scale * 1.05) return null;
  return { scale, cssW: Math.max(1, Math.round(size.w * scale)), cssH: Math.max(1, Math.round(size.h * scale)) };
}

/** The smallest font size in scene units at this scale (MIN_FONT_PX CSS px). */
export function minFontSize(scale) {
  return scale > 0 ? MIN_FONT_PX / scale : MIN_FONT_PX;
}

function anchorOf(it) {
  if (Array.isArray(it.pts) && it.pts.length && Array.isArray(it.pts[0])) return [num(it.pts[0][0]), num(it.pts[0][1])];
  return [num(it.x), num(it.y)];
}

function moved(it, dx, dy) {
  const out = { ...it };
  if (Array.isArray(it.pts)) out.pts = it.pts.map((p) => (Array.isArray(p) ? [num(p[0]) + dx, num(p[1]) + dy] : p));
  if ("x" in it) out.x = num(it.x) + dx;
  if ("y" in it) out.y = num(it.y) + dy;
  return out;
}

/** The scene without the items drawn only in the other layout (`only: "wide"` / `only: "narrow"`). */
export function onlyIn(scene, layout) {
  if (!scene || !Array.isArray(scene.items)) return scene;
  if (!scene.items.some((it) => it && typeof it === "object" && it.only)) return scene;
  return { ...scene, items: scene.items.filter((it) => !it || typeof it !== "object" || !it.only || it.only === layout) };
}

/** The scene as drawn at `cssWidth` (x `cssHeight` visible): below NARROW_PX, a scene's `layouts.narrow` ({w, h, moves: [[x0, y0,
 * x1, y1, dx, dy], ...]}) moves every item whose anchor lies in a region by (dx, dy), e.g. the side panels
 * under the map -- when that draws the board at least as large. Without it (or when wide) the scene. */
export function reflow(scene, cssWidth, cssHeight = 0) {
  const narrow = scene && scene.layouts && typeof scene.layouts === "object" ? scene.layouts.narrow : null;
  if (!narrow || typeof narrow !== "object" || !(cssWidth > 0) || cssWidth >= NARROW_PX) return onlyIn(scene, "wide");
  // only when it draws the board at least as large (a short cell keeps the wide one); a narrow layout with
  // `scroll: true` is a tall stack fitted to the width alone (the notebook scrolls): always used when narrow
  if (cssHeight > 0 && !narrow.scroll) {
    const fit = (sz) => Math.min(cssWidth / sz.w, cssHeight / sz.h); // (without fitBoard's floor)
    const wide = fit(sceneSize(scene));
    const tall = fit(sceneSize({ w: narrow.w ?? scene.w, h: narrow.h ?? scene.h }));
    if (tall <= wide * 1.02) return onlyIn(scene, "wide");
  }
  const moves = Array.isArray(narrow.moves) ? narrow.moves.filter((m) => Array.isArray(m) && m.length === 6) : [];
  const own = Array.isArray(narrow.items) ? narrow.items : null; // a narrow layout drawn in full
  const items = own || onlyIn(scene, "narrow").items.map((it) => {
    if (!it || typeof it !== "object") return it;
    const [x, y] = anchorOf(it);
    for (const [x0, y0, x1, y1, dx, dy] of moves) {
      if (x >= x0 && x < x1 && y >= y0 && y < y1) return moved(it, num(dx), num(dy));
    }
    return it;
  });
  const size = sceneSize({ w: narrow.w ?? scene.w, h: narrow.h ?? scene.h });
  // (the narrow layout's own smallest scale for its text: `min_scale`, not the wide one's)
  return { ...scene, w: size.w, h: size.h, items, narrow: true, scroll: !!narrow.scroll, min_scale: num(narrow.min_scale, 0) };
}

function overlap(a, b) {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Where a box of `width` x `height` goes near the point `at` ({x, y}), inside `bounds` ({width, height})
 * and overlapping none of `avoid` (rects {left, top, width, height}) if any place allows: below-right,
 * below-left, above-right, above-left of the point, each clamped inside; else the least overlap.
 * The box is made to fit: {left, top, width, height} (height may shrink to the bounds). */
export function placeBox(width, height, at, bounds, avoid = [], gap = 12) {
  const bw = Math.max(0, num(bounds.width, 0));
  const bh = Math.max(0, num(bounds.height, 0));
  const w = Math.min(width, bw);
  const h = Math.min(height, bh);
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
  const x = num(at.x), y = num(at.y);
  const tries = [
    [x + gap, y + gap], [x - gap - w, y + gap], [x + gap, y - gap - h], [x - gap - w, y - gap - h],
    [x - w / 2, y + gap], [x - w / 2, y - gap - h],
  ].map(([l, t]) => ({ left: clamp(l, 0, bw - w), top: clamp(t, 0, bh - h), width: w, height: h }));
  // clamping may put the box over the point itself: that is allowed, covering another box is not
  let best = null;
  let bestCost = Infinity;
  for (const r of tries) {
    const cost = avoid.reduce((s, a) => s + overlap(r, a), 0);
    if (cost === 0) return r;
    if (cost < bestCost) {
      best = r;
      bestCost = cost;
    }
  }
  // every place overlaps: try the corners of the bounds
  for (const [l, t] of [[0, 0], [bw - w, 0], [0, bh - h], [bw - w, bh - h]]) {
    const r = { left: l, top: t, width: w, height: h };
    const cost = avoid.reduce((s, a) => s + overlap(r, a), 0);
    if (cost < bestCost) {
      best = r;
      bestCost = cost;
    }
  }
  return best;
}

/** True when two rects overlap. */
export function overlaps(a, b) {
  return overlap(a, b) > 0;
}

/** A decision's options as rows for the action bar: {kind: "stepper", group, options (by amount)} for
 * options that carry an `amount` and share a `group`, else {kind: "button", option}. Order kept (a
 * stepper stands where its first option was). */
export function groupOptions(options) {
  const rows = [];
  const steppers = new Map();
  for (const o of options) {
    if (!o || typeof o !== "object") continue;
    const amount = o.amount;
    const group = typeof o.group === "string" ? o.group : null;
    if (typeof amount === "number" && Number.isFinite(amount) && group) {
      let row = steppers.get(group);
      if (!row) {
        row = { kind: "stepper", group, options: [] };
        steppers.set(group, row);
        rows.push(row);
      }
      row.options.push(o);
    } else {
      rows.push({ kind: "button", option: o });
    }
  }
  for (const row of steppers.values()) row.options.sort((a, b) => a.amount - b.amount);
  // a "stepper" of one option is a button
  return rows.map((r) => (r.kind === "stepper" && r.options.length === 1 ? { kind: "button", option: r.options[0] } : r));
}
