// Hit-testing of scene entities in scene units. Only rect, circle and poly items are hit-testable.
// An item with an "id" is an ENTITY (clickable, may be a decision target); an item with only a "tip"
// shows a tooltip but never hides an entity below it. Later items win when they overlap.
import { num } from "./paint.js";

const SHAPES = new Set(["rect", "circle", "poly"]);

function boundsOf(it) {
  if (it.t === "rect") {
    const x = num(it.x), y = num(it.y), w = num(it.w), h = num(it.h);
    return [Math.min(x, x + w), Math.min(y, y + h), Math.max(x, x + w), Math.max(y, y + h)];
  }
  if (it.t === "circle") {
    const r = Math.abs(num(it.r));
    return [num(it.x) - r, num(it.y) - r, num(it.x) + r, num(it.y) + r];
  }
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of it.pts || []) {
    if (!Array.isArray(p)) continue;
    const px = num(p[0]), py = num(p[1]);
    if (px < x0) x0 = px;
    if (py < y0) y0 = py;
    if (px > x1) x1 = px;
    if (py > y1) y1 = py;
  }
  return [x0, y0, x1, y1];
}

/** Build the hit index of a scene: shapes with an id or a tip, in paint order. */
export function buildIndex(scene) {
  const entries = [];
  const byId = new Map();
  const items = scene && Array.isArray(scene.items) ? scene.items : [];
  for (const it of items) {
    if (!it || !SHAPES.has(it.t)) continue;
    const id = typeof it.id === "string" && it.id ? it.id : null;
    const tip = typeof it.tip === "string" && it.tip ? it.tip : null;
    if (!id && !tip) continue;
    const pts = it.t === "poly" ? (it.pts || []).filter((p) => Array.isArray(p)).map((p) => [num(p[0]), num(p[1])]) : null;
    const entry = { id, tip, item: it, bounds: boundsOf(it), pts };
    entries.push(entry);
    if (id) {
      if (!byId.has(id)) byId.set(id, []);
      byId.get(id).push(entry);
    }
  }
  return { entries, byId };
}

function inPolygon(pts, x, y) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function contains(entry, x, y) {
  const [x0, y0, x1, y1] = entry.bounds;
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const it = entry.item;
  if (it.t === "rect") return true;
  if (it.t === "circle") {
    const dx = x - num(it.x), dy = y - num(it.y), r = num(it.r);
    return dx * dx + dy * dy <= r * r;
  }
  return entry.pts.length >= 3 && inPolygon(entry.pts, x, y);
}

export const MIN_HIT_PX = 24; // every entity can be hit over at least 24 x 24 CSS px (WCAG 2.2, 2.5.8)

/** The rectangle an entity can be hit over (scene units): its bounds, enlarged about their centre to at least
 * `minSide` wide and high (the drawing is unchanged). */
export function hitBox(entry, minSide = 0) {
  const [x0, y0, x1, y1] = entry.bounds;
  const w = Math.max(x1 - x0, minSide);
  const h = Math.max(y1 - y0, minSide);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2];
}

/** Topmost entity (item with an id) at (x, y); else, with `minSide` (scene units, MIN_HIT_PX at the current
 * scale), the entity too small to be hit over minSide x minSide whose enlarged hit box holds the point (the
 * nearest centre); else the topmost tip-only item; else null. */
export function hitTest(index, x, y, minSide = 0) {
  let tipOnly = null;
  const entries = index.entries;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (!contains(e, x, y)) continue;
    if (e.id) return e;
    if (!tipOnly) tipOnly = e;
  }
  if (minSide > 0) {
    let best = null;
    let bestD = Infinity;
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      if (!e.id) continue;
      const [x0, y0, x1, y1] = e.bounds;
      if (x1 - x0 >= minSide && y1 - y0 >= minSide) continue;
      const [hx0, hy0, hx1, hy1] = hitBox(e, minSide);
      if (x < hx0 || x > hx1 || y < hy0 || y > hy1) continue;
      const d = (x - (x0 + x1) / 2) ** 2 + (y - (y0 + y1) / 2) ** 2;
      if (d < bestD) {
        best = e;
        bestD = d;
      }
    }
    if (best) return best;
  }
  return tipOnly;
}
