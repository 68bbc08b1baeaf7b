// The board's size and places on it: the canvases are fitted to the cell's width AND the notebook's visible
// height (less the action bar's), a narrow cell gets the scene's narrow layout (reflow), a layout that would
// be drawn under its `min_scale` scrolls in a box as high as the visible notebook; boxes drawn over the board
// (tooltip, menus, legend) are placed in the part in sight, never over one another.
//
// createSizing(v) uses v.el, v.win, v.dom (root, stage, scrollBox, base, over, bar, chooser, legendBox,
// confirmBox) and v.s (rawScene -> scene, size, index); its `layout` is shared as v.layout.
import { num, sceneSize } from "./paint.js";
import { buildIndex, hitTest, MIN_HIT_PX } from "./hit.js";
import { fitBoard, placeBox, reflow, widen } from "./layout.js";

export const SCROLLBAR_PX = 16; // room for the scroll bar of a scrolling narrow layout
export const BAR_RESERVE_PX = 96; // the action bar's height until it was measured
export const BAR_MIN_SHARE = 0.5; // a bar narrower than this share of the cell is not laid out: its height is not kept

/** The OUTERMOST ancestor that scrolls vertically (the notebook's scroller in JupyterLab), or null. An inner
 * scrolling box (an output area) may be as tall as its content -- the board itself -- and must not size it. */
export function scrollerOf(el, win) {
  // JupyterLab's notebook scroller first (an outer box of the shell may scroll too, and be taller)
  const known = typeof el.closest === "function" ? el.closest(".jp-WindowedPanel-outer, .jp-Notebook") : null;
  if (known && known.clientHeight > 0) return known;
  let found = null;
  for (let n = el.parentElement; n && n !== n.ownerDocument.body; n = n.parentElement) {
    let oy = "";
    try {
      oy = win.getComputedStyle(n).overflowY;
    } catch (_err) {
      oy = "";
    }
    if ((oy === "auto" || oy === "scroll") && n.clientHeight > 0) found = n;
  }
  return found;
}

/** A box's rectangle on the stage (CSS px), from its style and size. */
const rectOf = (node) => ({ left: num(parseFloat(node.style.left), 0), top: num(parseFloat(node.style.top), 0),
  width: node.offsetWidth || 0, height: node.offsetHeight || 0 });

export function createSizing(v) {
  const { el, win, s } = v;
  const { root, stage, scrollBox, base, over, bar, chooser, legendBox, confirmBox } = v.dom;
  const layout = { availW: 0, availH: 0, cssW: 0, cssH: 0, scale: 1, dpr: 1, scrolls: false };
  let observedWidth = 0;
  let observedHeight = 0; // the visible height of the notebook's scroller (or the window)
  let barHeight = 0;
  let scroller = null;

  function availHeight() {
    const reserve = (barHeight > 0 ? barHeight : BAR_RESERVE_PX) + 12;
    return observedHeight > 0 ? Math.max(160, observedHeight - reserve) : 0;
  }

  // The board's height is the tallest its scene has been in this space (layout, width, space available): a
  // scene a line taller or shorter after a move (a hand, a list) does not change the board's size, which would
  // make the whole board jump in scale on move after move and redraw every text anew at the new scale.
  let kept = { key: "", h: 0 };

  /** The size the board is drawn at: the scene's width, and the tallest height of its scene in this space. */
  function keptSize() {
    const size = sceneSize(s.scene);
    const key = `${s.scene.narrow ? "narrow" : "wide"}|${size.w}|${Math.round(layout.availW || 0)}|${Math.round(availHeight())}`;
    kept = key === kept.key ? { key, h: Math.max(kept.h, size.h) } : { key, h: size.h };
    return { w: size.w, h: kept.h };
  }

  /** The scene to paint: the raw scene reflowed for the space available. */
  function setScene() {
    s.scene = reflow(s.rawScene, layout.availW || 0, availHeight());
    s.size = keptSize();
    s.index = buildIndex(s.scene);
  }

  function measureHeight() {
    if (!scroller || !scroller.isConnected) scroller = scrollerOf(el, win);
    const inner = num(win.innerHeight, 0);
    const h = scroller ? Math.min(scroller.clientHeight, inner > 0 ? inner : Infinity) : inner;
    observedHeight = h > 0 ? h : 0;
  }

  /** Size the canvases for the scene and the space available; true if the canvases were resized. */
  function measureLayout() {
    let avail = observedWidth > 0 ? observedWidth : el.clientWidth || root.clientWidth || 0;
    if (!(avail > 0)) avail = s.size.w;
    const wasNarrow = !!s.scene.narrow;
    layout.availW = avail;
    const availH = availHeight();
    if (!!reflow(s.rawScene, avail, availH).narrow !== wasNarrow) setScene();
    else s.size = keptSize(); // (the space changed: the tallest height starts again from this scene's)
    const dpr = num(win.devicePixelRatio, 1) > 0 ? num(win.devicePixelRatio, 1) : 1;
    // a scrolling narrow layout (a tall stack of blocks) is fitted to the width only, and scrolls in a box
    // as high as the visible notebook (the action bar stays in sight under it)
    let scrolls = !!(s.scene.narrow && s.scene.scroll && availH > 0);
    // a layout is never drawn smaller than its `min_scale` (its text is fitted for no less) because the
    // visible height is short: then it scrolls in that box too
    const least = num(s.scene.min_scale, 0);
    let fit = fitBoard(s.size, scrolls ? Math.max(1, avail - SCROLLBAR_PX) : avail, scrolls ? 0 : availH, least);
    if (!scrolls && availH > 0 && fit.cssH > availH + 1) {
      scrolls = true;
      fit = fitBoard(s.size, Math.max(1, avail - SCROLLBAR_PX), availH, least);
    }
    // a wide window: a board fitted to the height that leaves most of the width empty is drawn larger
    const wide = scrolls ? null : widen(s.size, fit, Math.max(1, avail - SCROLLBAR_PX), availH, s.scene.grow);
    if (wide) {
      scrolls = true;
      fit = wide;
    }
    const { scale, cssW, cssH } = fit;
    scrollBox.style.maxHeight = scrolls ? `${availH}px` : "";
    scrollBox.style.overflowY = scrolls ? "auto" : "";
    scrollBox.style.width = scrolls ? `${cssW + SCROLLBAR_PX}px` : "";
    const changed = cssW !== layout.cssW || cssH !== layout.cssH || dpr !== layout.dpr || scale !== layout.scale;
    Object.assign(layout, { availH, cssW, cssH, scale, dpr, scrolls });
    if (!changed) return false;
    const bw = Math.max(1, Math.round(cssW * dpr));
    const bh = Math.max(1, Math.round(cssH * dpr));
    for (const c of [base, over]) {
      if (c.width !== bw) c.width = bw;
      if (c.height !== bh) c.height = bh;
      c.style.width = `${cssW}px`;
      c.style.height = `${cssH}px`;
    }
    stage.style.width = `${cssW}px`;
    stage.style.height = `${cssH}px`;
    const seen = scrolls ? Math.min(cssH, availH) : cssH;
    chooser.style.maxHeight = `${Math.max(60, seen - 8)}px`;
    legendBox.style.maxHeight = `${Math.max(60, seen - 16)}px`;
    return true;
  }

  /** Whether the bar, `width` CSS px wide, is laid out across the cell: a cell hidden for a moment (JupyterLab
   * hides the cells out of view) lays it out at no width, every word on a line of its own, and that height,
   * kept as the tallest, would leave the board drawn at its smallest until the width changed. */
  const barLaidOut = (width) => width > 0 && width >= BAR_MIN_SHARE * observedWidth;

  /** ResizeObserver entries (or null: the window was resized); true if the space available changed. */
  function observe(entries) {
    let changed = false;
    for (const entry of entries || []) {
      const r = entry && entry.contentRect;
      if (!r) continue;
      if ((entry.target === el || !entry.target) && r.width > 0 && Math.abs(r.width - observedWidth) >= 1) {
        observedWidth = r.width;
        barHeight = bar.offsetHeight || 0; // a new width wraps the bar anew
        changed = true;
      } else if (entry.target === bar && r.height > barHeight + 1 && barLaidOut(r.width)) {
        // the bar's tallest height so far (until the width changes): the board does not jump in size
        // each time a decision has a row of options more or less
        barHeight = r.height;
        changed = true;
      } else if (entry.target === scroller) {
        changed = true;
      }
    }
    if (!entries) {
      const w = el.clientWidth;
      if (w > 0) observedWidth = w;
      changed = true;
    }
    return changed;
  }

  const openBoxes = (except) => [chooser, legendBox, confirmBox].filter((n) => n !== except && !n.hidden).map(rectOf);

  /** The part of the board in sight (CSS px on the stage): all of it, or what its scroll box shows. */
  function inSight() {
    if (!layout.scrolls) return { top: 0, height: layout.cssH };
    const top = Math.max(0, num(scrollBox.scrollTop, 0));
    const height = Math.min(layout.cssH - top, num(scrollBox.clientHeight, 0) || layout.availH || layout.cssH);
    return { top, height: Math.max(1, height) };
  }

  /** Put `node` near `at` (CSS px on the stage), in sight, off the boxes `avoid`. */
  function place(node, at, avoid) {
    const band = inSight(); // (a scrolling narrow layout: boxes go where the player looks)
    const r = placeBox(node.offsetWidth || 160, node.offsetHeight || 24, { x: at.x, y: num(at.y) - band.top },
      { width: layout.cssW, height: band.height }, avoid.map((a) => ({ ...a, top: a.top - band.top })));
    node.style.left = `${Math.round(r.left)}px`;
    node.style.top = `${Math.round(r.top + band.top)}px`;
    if ((node.offsetHeight || 0) > r.height) node.style.maxHeight = `${Math.floor(r.height)}px`;
    return r;
  }

  /** The entity (or tip) at scene point (x, y): small entities are hit over MIN_HIT_PX CSS px at this scale. */
  const hitAt = (x, y) => hitTest(s.index, x, y, layout.scale > 0 ? MIN_HIT_PX / layout.scale : 0);

  /** A pointer event's place: CSS px on the stage and scene units. */
  function pointerOf(ev) {
    const r = over.getBoundingClientRect();
    const w = r.width || layout.cssW;
    const h = r.height || layout.cssH;
    const cssX = ev.clientX - r.left;
    const cssY = ev.clientY - r.top;
    return { cssX, cssY, x: (cssX * s.size.w) / w, y: (cssY * s.size.h) / h };
  }

  return { layout, setScene, measureHeight, measureLayout, observe, openBoxes, inSight, place, pointerOf, hitAt,
    scroller: () => scroller };
}
