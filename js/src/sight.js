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
    for (const [list, up] of [[above, true], [below, false]]) {
      if (!list.length) continue;
      const n = list.length;
      const m = button(doc, `${up ? "▲" : "▼"} ${n} to click ${up ? "above" : "below"}`, `illumi-marker illumi-marker-${up ? "up" : "down"}`,
        `Scroll to ${n === 1 ? "the thing" : "the nearest of the things"} you can click ${up ? "above" : "below"}`);
      m.dataset.target = list[0].id;
      const cx = Math.min(Math.max(8, list[0].left + list[0].width / 2 - 60), Math.max(8, layout.cssW - 150));
      m.style.left = `${Math.round(cx)}px`;
      m.style.top = `${Math.round(up ? band.top + 6 : band.top + band.height - 40)}px`;
      m.addEventListener("click", () => scrollTo(list[0]));
      markers.append(m);
    }
  }

  function render() {
    onDecisions();
    renderMarkers();
  }

  /** What a test reads: every target's hit rectangle, whether it is in sight, and the markers shown. */
  const report = () => ({ targets: targets(), markers: [...markers.children].map((m) => m.dataset.target), scrolls: layout.scrolls });

  return { render, renderMarkers, onScroll: renderMarkers, targets, report, scrollTo };
}
