// The two canvases: the base (the scene, repainted only when it or the curtain changes; a move animates on it
// alone, motion.js) and the overlay drawn over it on every update (the last move fading in blue, a dashed
// outline on every legal target, compose selections in green with their tags, and the hover glow on the target
// under the pointer or the targets of the option hovered in the bar). Under the curtain the base is a plain
// dark board and the overlay is empty.
//
// createCanvas(v) uses v.dom (base, over), v.layout (scale, dpr, scrolls), v.s (scene, size, index, targets,
// composes, selections, curtainName, lastMove, emph, hover, disposed), v.now, v.raf and v.sizing.measureLayout.
import { drawItem, drawScene, tracePath } from "./paint.js";
import { minFontSize } from "./layout.js";
import { tagOf } from "./compose.js";
import { ctxOf } from "./dom.js";
import { isTarget, selectionOf } from "./state.js";
import { frameScene, MOTION_MS, planMotion } from "./motion.js";

export const TARGET_COLOR = "#ff8c00";
export const TARGET_FILL = "rgba(255,140,0,0.20)";
export const PICKED_COLOR = "#2fbf71"; // an entity in a compose selection
export const PICKED_FILL = "rgba(47,191,113,0.28)";
export const TARGET_HALO = "rgba(255,140,0,0.35)"; // the hover glow
export const LAST_COLOR = [30, 110, 230]; // the last move's highlight (fading)
export const LAST_FADE_MS = 3500;
// the fade goes in steps this far apart (not a repaint of the overlay every frame: the page's thread stays free
// for the person's next click and the reply to it). Each step repaints and composites the whole overlay: at
// 100 ms apart the fade after each move was about half of a page's CPU per move (two seat pages, measured);
// 200 ms steps change the outline's opacity by 5% of its start, which reads as a smooth fade.
export const FADE_STEP_MS = 200;
export const PENDING_HOLD_MS = 1000; // the fade waits at most this long for a click's reply

/** [r, g, b] of a "#rgb" / "#rrggbb" colour, else null. */
export function rgbOf(hex) {
  if (typeof hex !== "string") return null;
  let m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  m = /^#([0-9a-f]{3})$/i.exec(hex);
  return m ? [...m[1]].map((c) => parseInt(c + c, 16)) : null;
}

export function createCanvas(v) {
  const { s } = v;
  const { base, over } = v.dom;
  const layout = v.layout;
  let baseCtx = null;
  let overCtx = null;
  let fadeFrame = null;
  let paintedScene = null; // what the base canvas shows: repainted only when it changes
  let paintedCurtain = null;
  let motion = null; // the animation running on the base canvas: {plan, t0, frame, first, backdrop, moving}
  // An animation's backdrop: the new scene without the things that move, drawn once, for the frames after the
  // first (in the update's paint); each of them copies it and draws only the moving things, not a whole scene
  let backdrop = null;

  function sceneTransform(ctx) {
    const k = layout.scale * layout.dpr;
    ctx.setTransform(k, 0, 0, k, 0, 0);
  }

  function paintBase() {
    if (!baseCtx) baseCtx = ctxOf(base);
    const ctx = baseCtx;
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, base.width, base.height);
    sceneTransform(ctx);
    if (s.curtainName) {
      // Privacy: the board is not painted at all under the curtain.
      ctx.fillStyle = "#23262d";
      ctx.fillRect(0, 0, s.size.w, s.size.h);
      return;
    }
    const stats = drawScene(ctx, s.scene, s.size, {
      minSize: minFontSize(layout.scale),
      overlapSlack: layout.scale > 0 ? 2 / layout.scale : 2, // 2 CSS px
    });
    // what a test (and a curious person) can read: the smallest text drawn, in CSS px, and lines cut short
    // (written only when they change: an attribute set is a change of the page's DOM, restyled in the frame)
    const data = base.dataset;
    const put = (key, value) => {
      if (data[key] !== value) data[key] = value;
    };
    put("minFontPx", stats.texts ? (stats.minSize * layout.scale).toFixed(2) : "");
    put("textsCut", String(stats.cut));
    put("textsOverlap", String(stats.overlaps)); // pairs of text lines drawn over one another
    put("textsOverlapSample", JSON.stringify(stats.overlapSample)); // (the first few, for a test)
    s.textBoxes = stats.boxes; // (sight.js keeps its edge markers off them)
    put("layout", (s.scene.narrow ? "narrow" : "wide") + (layout.scrolls ? "-scroll" : ""));
    put("scale", layout.scale.toFixed(4));
  }

  // the page's "reduce motion" preference (one media query list, live: asked on every update and fade step)
  let reduceMotion;
  const stillPage = () => {
    if (reduceMotion === undefined) {
      reduceMotion = typeof v.win.matchMedia === "function" ? v.win.matchMedia("(prefers-reduced-motion: reduce)") : null;
    }
    return !!(reduceMotion && reduceMotion.matches);
  };

  /** Draw one frame of the running animation on the base (its last frame is the new scene, checked). */
  function motionFrame() {
    if (!baseCtx) baseCtx = ctxOf(base);
    if (!motion || s.disposed || !baseCtx) return;
    const t = (v.now() - motion.t0) / MOTION_MS;
    motion.frame = null;
    if (t >= 1 || motion.scene !== s.scene) {
      motion = null;
      paintBase(); // the last frame is the scene itself
      return;
    }
    baseCtx.setTransform(1, 0, 0, 1, 0, 0);
    baseCtx.clearRect(0, 0, base.width, base.height);
    const opts = { minSize: minFontSize(layout.scale) };
    // the first frame (in the update's paint) draws the whole scene; the backdrop is made for the frames after
    // it, off the click's way
    if (motion.backdrop === undefined && !motion.first) motion.backdrop = drawBackdrop(motion.moving);
    if (motion.backdrop) {
      baseCtx.drawImage(motion.backdrop, 0, 0);
      sceneTransform(baseCtx);
      const items = frameScene(s.scene, motion.plan, t).items;
      for (const i of motion.moving) drawItem(baseCtx, items[i], opts);
    } else {
      sceneTransform(baseCtx);
      drawScene(baseCtx, frameScene(s.scene, motion.plan, t), s.size, opts);
    }
    motion.first = false;
    motion.frame = v.raf(motionFrame);
  }

  /** The backdrop of an animation: the scene without the items `list` (indices), or null where no canvas can be
   * made. */
  function drawBackdrop(list) {
    const moving = new Set(list);
    if (!backdrop && typeof v.doc.createElement === "function") backdrop = v.doc.createElement("canvas");
    const ctx = backdrop ? ctxOf(backdrop) : null;
    if (!ctx || typeof ctx.drawImage !== "function" || typeof baseCtx.drawImage !== "function") return null;
    if (backdrop.width !== base.width) backdrop.width = base.width;
    if (backdrop.height !== base.height) backdrop.height = base.height;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, backdrop.width, backdrop.height);
    sceneTransform(ctx);
    const items = Array.isArray(s.scene.items) ? s.scene.items.filter((_, i) => !moving.has(i)) : [];
    drawScene(ctx, { ...s.scene, items }, s.size, { minSize: minFontSize(layout.scale) });
    return backdrop;
  }

  /** Animate from the scene painted before to the new one (true: its first frame is drawn), unless the page
   * asks for reduced motion or an animation still runs (several updates in a row: each shows at once). The
   * new scene itself (and its text checks) is painted by the animation's last frame. */
  function animateFrom(before) {
    const busy = motion !== null;
    motion = null; // (a frame still asked for sees no animation and stops)
    if (busy || !before || s.curtainName || stillPage()) return false;
    const plan = planMotion(before, s.scene);
    if (!plan.length) return false;
    const moving = [...new Set(plan.flatMap((p) => p.members))].sort((a, b) => a - b);
    motion = { plan, t0: v.now(), scene: s.scene, frame: null, first: true, backdrop: undefined, moving };
    base.dataset.motion = String((Number(base.dataset.motion) || 0) + 1); // (how many ran: for a test)
    motionFrame();
    return true;
  }

  function paintOverlay() {
    if (!overCtx) overCtx = ctxOf(over);
    const ctx = overCtx;
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, over.width, over.height);
    if (s.curtainName || s.disposed) return;
    sceneTransform(ctx);
    const px = 1 / layout.scale; // one CSS pixel in scene units
    // The last move, fading: an outline in the acting seat's colour on the things it touched.
    const age = s.lastMove && s.lastMove.touched.length ? (v.now() - s.lastMove.t0) / LAST_FADE_MS : 1;
    // with the page's "reduce motion" preference the outline does not fade: it shows, then goes (WCAG 2.3.3)
    const still = stillPage();
    const fade = still ? (age < 1 ? 1 : 0) : 1 - age;
    if (fade > 0) {
      const [r, g, b] = rgbOf(s.lastMove.color) || LAST_COLOR; // the acting seat's colour
      ctx.lineWidth = 4 * px;
      ctx.strokeStyle = `rgba(${r},${g},${b},${(0.9 * fade).toFixed(3)})`;
      ctx.fillStyle = `rgba(${r},${g},${b},${(0.18 * fade).toFixed(3)})`;
      for (const id of s.lastMove.touched) {
        for (const e of s.index.byId.get(id) || []) {
          tracePath(ctx, e.item);
          ctx.fill();
          ctx.stroke();
        }
      }
      // (without fading, one repaint when the outline goes)
      const wait = still ? Math.max(0, LAST_FADE_MS - (v.now() - s.lastMove.t0)) + 1 : FADE_STEP_MS;
      if (fadeFrame === null) fadeFrame = v.win.setTimeout(fadeStep, wait);
    }
    // Every legal target: a thin dashed outline.
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = TARGET_COLOR;
    if (ctx.setLineDash) ctx.setLineDash([5 * px, 3 * px]);
    for (const id of [...s.targets.keys(), ...s.composeOf.keys()]) {
      for (const e of s.index.byId.get(id) || []) {
        tracePath(ctx, e.item);
        ctx.stroke();
      }
    }
    if (ctx.setLineDash) ctx.setLineDash([]);
    paintSelections(ctx, px);
    // Hovered target (or the targets of the option hovered in the bar): outline glow.
    const glow = new Set(s.emph || []);
    if (s.hover && isTarget(s, s.hover.id)) glow.add(s.hover.id);
    if (!glow.size) return;
    // A wide translucent halo, not shadowBlur: a blur is rasterised on the CPU without a GPU and costs
    // milliseconds on the page's thread right when the click's reply comes in.
    ctx.lineJoin = "round";
    for (const id of glow) {
      for (const e of s.index.byId.get(id) || []) {
        tracePath(ctx, e.item);
        ctx.fillStyle = TARGET_FILL;
        ctx.fill();
        ctx.strokeStyle = TARGET_HALO;
        ctx.lineWidth = 9 * px;
        ctx.stroke();
        ctx.strokeStyle = TARGET_COLOR;
        ctx.lineWidth = 3 * px;
        ctx.stroke();
      }
    }
  }

  /** One step of the last move's fade. While a click's act is on its way to Python (up to PENDING_HOLD_MS) the
   * step waits: the reply's repaint draws the overlay anyway, and a repaint of the whole overlay (and its
   * compositing) in between only takes the page's thread and the machine's CPU from the reply. */
  function fadeStep() {
    fadeFrame = null;
    if (s.disposed) return;
    if (s.pending && v.now() - s.pending.t < PENDING_HOLD_MS) {
      fadeFrame = v.win.setTimeout(fadeStep, FADE_STEP_MS);
      return;
    }
    paintOverlay();
  }

  /** Compose selections: picked entities filled green with a thick outline; each entity's tag (a word such
   * as "Host") on a small label at its top, at 12 CSS px. */
  function paintSelections(ctx, px) {
    for (const m of s.composes.values()) {
      const sel = selectionOf(s, m);
      ctx.lineJoin = "round";
      for (const id of sel) {
        for (const e of s.index.byId.get(id) || []) {
          tracePath(ctx, e.item);
          ctx.fillStyle = PICKED_FILL;
          ctx.fill();
          ctx.strokeStyle = PICKED_COLOR;
          ctx.lineWidth = 4 * px;
          ctx.stroke();
        }
      }
      const font = 12 * px;
      ctx.font = `bold ${font}px Helvetica, Arial, sans-serif`;
      if ("textAlign" in ctx) ctx.textAlign = "center";
      if ("textBaseline" in ctx) ctx.textBaseline = "middle";
      for (const id of m.selectable) {
        const word = tagOf(m, sel, id);
        if (!word) continue;
        const e = (s.index.byId.get(id) || [])[0];
        if (!e) continue;
        const [x0, y0, x1, y1] = e.bounds; // the tag in the middle: a card's name and numbers stay readable
        const w = Math.min(x1 - x0, (word.length * 7 + 10) * px);
        const cx = (x0 + x1) / 2;
        const cy = (y0 + y1) / 2;
        const on = sel.includes(id);
        ctx.fillStyle = on ? PICKED_COLOR : "rgba(40,40,48,0.85)";
        ctx.fillRect(cx - w / 2, cy - font * 0.7, w, font * 1.4);
        ctx.fillStyle = "#fff";
        ctx.fillText(word, cx, cy);
      }
    }
  }

  /** Fit the canvases, repaint the base if its picture changed, and the overlay. */
  function paint() {
    const resized = v.sizing.measureLayout();
    if (resized || s.scene !== paintedScene || s.curtainName !== paintedCurtain) {
      const before = !resized && s.curtainName === paintedCurtain && !paintedCurtain ? paintedScene : null;
      paintedScene = s.scene;
      paintedCurtain = s.curtainName;
      // a move that animates draws its first frame now (once, not the new scene first and then the frame)
      if (!animateFrom(before)) paintBase();
    }
    paintOverlay();
  }

  return { paint, paintBase, paintOverlay };
}
