// Targets in sight: a layout taller than the visible notebook scrolls in a box (sizing.js); when a decision
// arrives, the box scrolls its first target into view (the thing to click, else nothing moves), and each
// target outside the visible part is pointed at by an edge marker ("▲ 2 to click above") that scrolls to the
// nearest of them. Every target's hit box (hit.js: at least MIN_HIT_PX) is what must be in sight.
//
// createSight(v) uses v.dom (scrollBox, markers), v.layout (scale, cssW, scrolls), v.s (decisions, targets,
// composeOf, index, sigs, curtainName), v.sizing.inSight and v.doc.
import { hitBox, MIN_HIT_PX } from "./hit.js";
import { button } from "./dom.js";

const MARGIN_PX = 24; // a target scrolled into view stands this far from the box's edge
const EDGE_PX = 6; // a marker stands this far inside the visible part's edge, or further in (off the text)
const STEP_PX = 6; // ... tried in rows this many px apart, away from the edge
const CLEAR_PX = 3; // ... and this far from any text or target

/** Where an edge marker of `w` x `h` CSS px goes: at the top (`up`) or bottom edge of the visible part `band`
 * ({top, height}), inside the stage's width `stageW`, as near `prefX` (its left) as it can stand without
 * covering any of `avoid` (rects {left, top, width, height}: the text drawn, the targets in sight) or coming
 * within CLEAR_PX of them; moved along the edge first, then away from it, row by row, across the whole
 * visible part. None free: the edge place nearest `prefX` that covers the least. Returns {left, top}. */
export function edgeSpot(w, h, up, band, prefX, stageW, avoid = []) {
  const lo = 8;
  const hi = Math.max(lo, stageW - w - 8);
  const x0 = Math.min(Math.max(lo, prefX), hi);
  const edgeTop = up ? band.top + EDGE_PX : band.top + band.height - h - EDGE_PX;
  const rows = Math.max(0, Math.floor((band.height - h - 2 * EDGE_PX) / STEP_PX));
  const near = avoid.filter((a) => a.top < band.top + band.height && a.top + a.height > band.top);
  for (let k = 0; k <= rows; k++) {
    const top = up ? edgeTop + k * STEP_PX : edgeTop - k * STEP_PX;
    // the marker's lefts that would come too near each box on this row: open intervals
    const spans = near.filter((a) => a.top - CLEAR_PX < top + h && a.top + a.height + CLEAR_PX > top)
      .map((a) => [a.left - CLEAR_PX - w, a.left + a.width + CLEAR_PX]);
    const free = (x) => spans.every(([s0, s1]) => x <= s0 || x >= s1);
    let best = null;
    for (const x of [x0, ...spans.flat()]) {
      if (x < lo || x > hi || !free(x)) continue;
      if (best === null || Math.abs(x - x0) < Math.abs(best - x0)) best = x;
    }
    if (best !== null) return { left: best, top };
  }
  // nowhere free: the edge place that covers the least (the nearest of equals)
  const cover = (l) => near.reduce((sum, a) => {
    const dx = Math.min(l + w, a.left + a.width) - Math.max(l, a.left);
    const dy = Math.min(edgeTop + h, a.top + a.height) - Math.max(edgeTop, a.top);
    return dx > 0 && dy > 0 ? sum + dx * dy : sum;
  }, 0);
  let best = { left: x0, top: edgeTop };
  let least = cover(x0);
  for (let d = STEP_PX; x0 - d >= lo || x0 + d <= hi; d += STEP_PX) {
    for (const x of [x0 + d, x0 - d]) {
      if (x < lo || x > hi) continue;
      const c = cover(x);
      if (c < least) {
        best = { left: x, top: edgeTop };
        least = c;
      }
    }
  }
  return best;
}

/** The target entity ids of the pending decisions, in the decisions' order (options, then their targets). */
export function targetIds(decisions) {
  const out = [];
  const seen = new Set();
  for (const d of decisions) {
    for (const o of Array.isArray(d.options) ? d.options : []) {
      if (!o || !Array.isArray(o.targets)) continue;
      for (const t of o.targets) {
        if (typeof t === "string" && t && !seen.has(t)) {
          seen.add(t);
          out.push(t);
        }
      }
    }
  }
  return out;
}

/** The hit rectangle of entity `id` in CSS px on the stage ({id, left, top, width, height}), or null. */
export function cssRectOf(index, id, scale) {
  const entries = index.byId.get(id) || [];
  if (!entries.length || !(scale > 0)) return null;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const e of entries) {
    const [a, b, c, d] = hitBox(e, MIN_HIT_PX / scale);
    x0 = Math.min(x0, a);
    y0 = Math.min(y0, b);
    x1 = Math.max(x1, c);
    y1 = Math.max(y1, d);
  }
  return { id, left: x0 * scale, top: y0 * scale, width: (x1 - x0) * scale, height: (y1 - y0) * scale };
}

export function createSight(v) {
  const { doc, s } = v;
  const { scrollBox, markers } = v.dom;
  const layout = v.layout;
  let lastSig = null;

  /** Every target's hit rectangle (CSS px on the stage) and whether it is in sight now. */
  function targets() {
    const band = v.sizing.inSight();
    const bottom = band.top + band.height;
    return targetIds(s.decisions).map((id) => cssRectOf(s.index, id, layout.scale)).filter(Boolean).map((r) => {
      // in sight: enough of it to click shows (all of it, or MIN_HIT_PX of it); else above or below the middle
      const shown = Math.min(r.top + r.height, bottom) - Math.max(r.top, band.top);
      const inSight = shown >= Math.min(r.height, MIN_HIT_PX) - 1;
      const above = !inSight && r.top + r.height / 2 < band.top + band.height / 2;
      return { ...r, inSight, above, below: !inSight && !above };
    });
  }

  function scrollTo(r) {
    const band = v.sizing.inSight();
    const top = r.top < band.top ? r.top - MARGIN_PX : r.top + r.height - band.height + MARGIN_PX;
    scrollBox.scrollTop = Math.max(0, Math.round(top));
    renderMarkers();
  }

  /** A new decision: its first target scrolled into view (when the layout scrolls and it is out of sight). */
  function onDecisions() {
    const sig = s.decisionsSig;
    if (sig === lastSig) return;
    lastSig = sig;
    if (!layout.scrolls || s.curtainName || !s.decisions.length) return;
    const first = targets()[0];
    if (first && !first.inSight) scrollTo(first);
  }

  /** Edge markers for the targets out of sight: one at the top, one at the bottom of the visible part. */
  function renderMarkers() {
    markers.textContent = "";
    if (!layout.scrolls || s.curtainName) return;
    const all = targets();
    const band = v.sizing.inSight();
    const above = all.filter((r) => r.above).sort((a, b) => b.top - a.top);
    const below = all.filter((r) => r.below).sort((a, b) => a.top - b.top);
    const placed = [];
    for (const [list, up] of [[above, true], [below, false]]) {
      if (!list.length) continue;
      const n = list.length;
      const m = button(doc, `${up ? "▲" : "▼"} ${n} to click ${up ? "above" : "below"}`, `illumi-marker illumi-marker-${up ? "up" : "down"}`,
        `Scroll to ${n === 1 ? "the thing" : "the nearest of the things"} you can click ${up ? "above" : "below"}`);
      m.dataset.target = list[0].id;
      m.addEventListener("click", () => scrollTo(list[0]));
      markers.append(m);
      // off the text drawn and the targets in sight (and the other marker): never over what a player reads
      const w = m.offsetWidth || 150;
      const h = m.offsetHeight || 32;
      const spot = edgeSpot(w, h, up, band, list[0].left + list[0].width / 2 - w / 2, layout.cssW,
        [...textRects(), ...all.filter((r) => r.inSight), ...placed]);
      m.style.left = `${Math.round(spot.left)}px`;
      m.style.top = `${Math.round(spot.top)}px`;
      placed.push({ left: spot.left, top: spot.top, width: w, height: h });
    }
  }

  /** The lines of text the painter drew (CSS px on the stage; canvas.js keeps them as s.textBoxes). */
  function textRects() {
    const k = layout.scale;
    return (s.textBoxes || []).map((b) => ({ left: b.x0 * k, top: b.y0 * k, width: (b.x1 - b.x0) * k,
      height: (b.y1 - b.y0) * k, s: b.s }));
  }

  /** The text lines each marker covers (a test reads it: none). */
  function covered() {
    const rects = textRects();
    return [...markers.children].map((m) => {
      const l = parseFloat(m.style.left), t = parseFloat(m.style.top);
      const w = m.offsetWidth || 150, h = m.offsetHeight || 32;
      return rects.filter((a) => Math.min(l + w, a.left + a.width) - Math.max(l, a.left) > 1
        && Math.min(t + h, a.top + a.height) - Math.max(t, a.top) > 1).map((a) => a.s);
    }).flat();
  }

  function render() {
    onDecisions();
    renderMarkers();
  }

  /** What a test reads: every target's hit rectangle, whether it is in sight, and the markers shown. */
  const report = () => ({ targets: targets(), markers: [...markers.children].map((m) => m.dataset.target), scrolls: layout.scrolls,
    covered: covered() });

  return { render, renderMarkers, onScroll: renderMarkers, targets, report, scrollTo };
}
