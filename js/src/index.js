// illumi_widgets: ONE generic painter for every game. It draws whatever SCENE the Python side sends,
// highlights the entities that are targets of pending DECISIONS, and sends intents back with
// model.send(...). It never knows any game rule. anywidget module shape: export default { render }.
//
// What a player meets: the board (fitted to the cell's width AND the notebook's visible height, no text
// under 11 CSS px), a compact sticky action bar under it (status, bots, the decisions that are not on the
// board as a few buttons, steppers and overflow menus, undo, history, the "?" legend), tooltips that say
// why a thing cannot be used now (asked from Python: the rules' own reason), a fading highlight of the
// last move, a confirmation for irreversible choices, and a grey "Kernel disconnected" veil when the
// kernel is gone. Every intent gets a reply or a visible timeout.
import { drawScene, MIN_FONT_PX, num, sceneSize, tracePath } from "./paint.js";
import { buildIndex, hitTest } from "./hit.js";
import { injectStyle } from "./style.js";
import { fitBoard, groupOptions, minFontSize, overlaps, placeBox, reflow } from "./layout.js";
import { confirmable, narrow, tagOf, toggle } from "./compose.js";
import { button, buildDom, ctxOf, DISCONNECTED_TEXT, glyph, make } from "./dom.js";
import { buildTargets, createReader, createState, hasTargets, isTarget, labelOf, selectionOf } from "./state.js";
import { createTransport, REPLY_TIMEOUT_MS } from "./transport.js";
import { createBots } from "./bots.js";
import { createConnection } from "./connection.js";

export const PROTOCOL = 1;
const WATCHED = ["scene", "scene_patch", "decisions", "status", "version", "log_lines", "perspective", "game",
  "bot_seats", "bot_turn", "bot_delay", "bots_paused", "legend", "analysable", "analysis_progress"];
const TARGET_COLOR = "#ff8c00";
const TARGET_FILL = "rgba(255,140,0,0.20)";
export const PICKED_COLOR = "#2fbf71"; // an entity in a compose selection
const PICKED_FILL = "rgba(47,191,113,0.28)";
export const TARGET_HALO = "rgba(255,140,0,0.35)"; // the hover glow
const LAST_COLOR = [30, 110, 230]; // the last move's highlight (fading)
export const LAST_FADE_MS = 3500;
const SCROLLBAR_PX = 16; // room for the scroll bar of a scrolling narrow layout
const WHY_DELAY_MS = 120; // hover this long on a thing before its reason is asked
const MAX_ROUNDTRIPS = 1000;
const MAX_LOG_ROWS = 60; // Python sends the newest 60 lines (match.LOG_LIMIT); status.log_length counts all
export const MAX_BAR_BUTTONS = 5; // more plain options than this: the rest go into a "More" menu
const BAR_RESERVE_PX = 96; // the action bar's height until it was measured
const HOW_TO = "How to play on this board: click a thing outlined in orange to act on it; hover anything to "
  + "see what it is and why it cannot be used now. Choices that are not on the board are in the bar below it.";


/** The OUTERMOST ancestor that scrolls vertically (the notebook's scroller in JupyterLab), or null. An inner
 * scrolling box (an output area) may be as tall as its content -- the board itself -- and must not size it. */
function scrollerOf(el, win) {
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

function render({ model, el }) {
  const doc = el.ownerDocument || document;
  const win = doc.defaultView || globalThis;
  const perfClock = win.performance && typeof win.performance.now === "function" ? win.performance : null;
  const now = () => (perfClock ? perfClock.now() : Date.now());
  const microtask = typeof win.queueMicrotask === "function"
    ? (fn) => win.queueMicrotask(fn)
    : (fn) => Promise.resolve().then(fn);
  const raf = typeof win.requestAnimationFrame === "function" ? (fn) => win.requestAnimationFrame(fn) : (fn) => win.setTimeout(fn, 16);
  injectStyle(doc);

  const perf = { paints: 0, lastPaintMs: 0, roundTrips: [], patchesIgnored: 0 };
  el.__illumi = perf;

  const s = createState();
  const dom = buildDom(doc);
  const { root, stage, scrollBox, base, over, tip, chooser, legendBox, confirmBox, bar, statusLine, botInfo,
    lastLine, panel, errorLine, controls, helpBtn, undoBtn, redoBtn, firstBtn, prevBtn, range, histLabel, nextBtn,
    lastBtn, history, analyseBtn, botBtn, logBox, logSummary, logList, curtain } = dom;
  el.appendChild(root);
  // the shared view: every module reads the state and calls the others through it (wired below)
  const v = { model, el, doc, win, now, raf, perf, dom, s };

  let baseCtx = null;
  let overCtx = null;

  // ------------------------------------------------------------------ state
  let scheduled = false;
  const whyCache = new Map(); // `${version}|${entity}` -> reason (null: usable) or undefined while asked
  let whyTimer = null;
  let pinned = null; // {text, until} a reason shown after a click, kept a moment
  let fadeFrame = null;
  let legendRef;
  const stepperPick = new Map(); // stepper group -> chosen index (kept across updates)
  const layout = { availW: 0, availH: 0, cssW: 0, cssH: 0, scale: 1, dpr: 1, scrolls: false };
  const readModel = createReader(s, model, { setScene: () => setScene(), now, perf });


  function availHeight() {
    const reserve = (barHeight > 0 ? barHeight : BAR_RESERVE_PX) + 12;
    return observedHeight > 0 ? Math.max(160, observedHeight - reserve) : 0;
  }

  function setScene() {
    s.scene = reflow(s.rawScene, layout.availW || 0, availHeight());
    s.size = sceneSize(s.scene);
    s.index = buildIndex(s.scene);
  }

  // ------------------------------------------------------------------ canvas size: width AND visible height
  let observedWidth = 0;
  let observedHeight = 0; // the visible height of the notebook's scroller (or the window)
  let barHeight = 0;
  let scroller = null;

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
    base.dataset.minFontPx = stats.texts ? (stats.minSize * layout.scale).toFixed(2) : "";
    base.dataset.textsCut = String(stats.cut);
    base.dataset.textsOverlap = String(stats.overlaps); // pairs of text lines drawn over one another
    base.dataset.textsOverlapSample = JSON.stringify(stats.overlapSample); // (the first few, for a test)
    base.dataset.layout = (s.scene.narrow ? "narrow" : "wide") + (layout.scrolls ? "-scroll" : "");
    base.dataset.scale = layout.scale.toFixed(4);
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
    // The last move, fading: a blue outline on the things it touched.
    const fade = s.lastMove && s.lastMove.touched.length ? 1 - (now() - s.lastMove.t0) / LAST_FADE_MS : 0;
    if (fade > 0) {
      const [r, g, b] = LAST_COLOR;
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
      if (fadeFrame === null) {
        fadeFrame = raf(() => {
          fadeFrame = null;
          if (!s.disposed) paintOverlay();
        });
      }
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

  let paintedScene = null; // what the base canvas shows: repainted only when it changes
  let paintedCurtain = null;

  function paintCanvases() {
    const resized = measureLayout();
    if (resized || s.scene !== paintedScene || s.curtainName !== paintedCurtain) {
      paintBase();
      paintedScene = s.scene;
      paintedCurtain = s.curtainName;
    }
    paintOverlay();
  }

  // ------------------------------------------------------------------ boxes on the board: never overlapping
  const rectOf = (node) => ({ left: num(parseFloat(node.style.left), 0), top: num(parseFloat(node.style.top), 0),
    width: node.offsetWidth || 0, height: node.offsetHeight || 0 });
  const openBoxes = (except) => [chooser, legendBox, confirmBox].filter((n) => n !== except && !n.hidden).map(rectOf);

  /** The part of the board in sight (CSS px on the stage): all of it, or what its scroll box shows. */
  function inSight() {
    if (!layout.scrolls) return { top: 0, height: layout.cssH };
    const top = Math.max(0, num(scrollBox.scrollTop, 0));
    const height = Math.min(layout.cssH - top, num(scrollBox.clientHeight, 0) || layout.availH || layout.cssH);
    return { top, height: Math.max(1, height) };
  }

  function place(node, at, avoid) {
    const band = inSight(); // (a scrolling narrow layout: boxes go where the player looks)
    const r = placeBox(node.offsetWidth || 160, node.offsetHeight || 24, { x: at.x, y: num(at.y) - band.top },
      { width: layout.cssW, height: band.height }, avoid.map((a) => ({ ...a, top: a.top - band.top })));
    node.style.left = `${Math.round(r.left)}px`;
    node.style.top = `${Math.round(r.top + band.top)}px`;
    if ((node.offsetHeight || 0) > r.height) node.style.maxHeight = `${Math.floor(r.height)}px`;
    return r;
  }

  // ------------------------------------------------------------------ board interaction
  function pointerOf(ev) {
    const r = over.getBoundingClientRect();
    const w = r.width || layout.cssW;
    const h = r.height || layout.cssH;
    const cssX = ev.clientX - r.left;
    const cssY = ev.clientY - r.top;
    return { cssX, cssY, x: (cssX * s.size.w) / w, y: (cssY * s.size.h) / h };
  }

  function tipFor(entry) {
    if (!entry) return null;
    if (entry.tip) return entry.tip;
    for (const e of (entry.id && s.index.byId.get(entry.id)) || []) if (e.tip) return e.tip;
    return null;
  }

  function showTip(text, p, why) {
    if (!text || !chooser.hidden || !confirmBox.hidden) {
      tip.hidden = true; // a tooltip never covers an open menu or question
      return;
    }
    tip.textContent = "";
    if (typeof text === "string") tip.append(make(doc, "div", null, text));
    if (why) tip.append(make(doc, "div", "illumi-why", why));
    tip.hidden = false;
    tip.style.maxHeight = "";
    place(tip, { x: p.cssX, y: p.cssY }, openBoxes(tip));
  }

  function whyKey(id) {
    return `${s.version}|${id}`;
  }

  /** Ask Python why `id` cannot be used now (once per version and entity). */
  function askWhy(id) {
    const key = whyKey(id);
    if (whyCache.has(key)) return;
    if (!s.connected) return;
    whyCache.set(key, undefined);
    if (whyCache.size > 200) whyCache.delete(whyCache.keys().next().value);
    sendIntent({ type: "why", version: model.get("version"), entity: id });
  }

  function reasonOf(id) {
    const key = whyKey(id);
    return whyCache.has(key) ? whyCache.get(key) : undefined;
  }

  function refreshTip() {
    const p = s.lastPointer;
    if (pinned && pinned.until > now()) {
      showTip(pinned.tip, pinned.p, pinned.text);
      return;
    }
    pinned = null;
    if (!p || !s.hover) {
      showTip(null, p || { cssX: 0, cssY: 0 });
      return;
    }
    const target = isTarget(s, s.hover.id);
    const reason = s.hover.id && !target ? reasonOf(s.hover.id) : null;
    showTip(tipFor(s.hover), p, reason ? `Not now: ${reason}` : null);
  }

  function updateHover(p) {
    const prev = s.hover;
    s.hover = p && !s.curtainName ? hitTest(s.index, p.x, p.y) : null;
    const onTarget = isTarget(s, s.hover && s.hover.id);
    over.classList.toggle("illumi-pointer", onTarget);
    if ((prev && prev.id) !== (s.hover && s.hover.id)) pinned = null;
    refreshTip();
    if (whyTimer !== null) win.clearTimeout(whyTimer);
    whyTimer = null;
    if (s.hover && s.hover.id && !onTarget && reasonOf(s.hover.id) === undefined && !whyCache.has(whyKey(s.hover.id))) {
      const id = s.hover.id;
      whyTimer = win.setTimeout(() => {
        whyTimer = null;
        if (!s.disposed && s.hover && s.hover.id === id) askWhy(id);
      }, WHY_DELAY_MS);
    }
    const prevTarget = isTarget(s, prev && prev.id);
    if ((prev && prev.id) !== (s.hover && s.hover.id) && (onTarget || prevTarget)) paintOverlay();
  }

  function onMove(ev) {
    s.lastPointer = pointerOf(ev);
    updateHover(s.lastPointer);
  }

  function onLeave() {
    s.lastPointer = null;
    pinned = null;
    updateHover(null);
  }

  function onClick(ev) {
    if (s.swallowClick) {
      s.swallowClick = false;
      return;
    }
    if (s.curtainName) return;
    const p = pointerOf(ev);
    const hit = hitTest(s.index, p.x, p.y);
    if (!hit || !hit.id) return;
    const m = s.composeOf.get(hit.id);
    if (m) {
      pick(m, hit.id);
      return;
    }
    const choices = s.targets.get(hit.id);
    if (!choices || !choices.length) {
      // not a legal target: say why, on the board (asked from Python if not known yet)
      s.lastPointer = p;
      s.hover = hit;
      const reason = reasonOf(hit.id);
      const text = reason ? `Not now: ${reason}` : reason === null ? "Nothing to do with this now." : "…";
      pinned = { until: now() + 4000, p, tip: tipFor(hit), text, id: hit.id };
      if (reason === undefined) {
        if (!whyCache.has(whyKey(hit.id))) askWhy(hit.id);
      }
      refreshTip();
      return;
    }
    if (choices.length === 1) {
      choose(choices[0].decision, choices[0].option);
    } else {
      openChooser(choices.map(({ decision, option }) => ({ decision, option })), p, "Choose");
    }
  }

  // ------------------------------------------------------------------ compose: picking entities into a selection
  function pick(m, id) {
    const r = toggle(m, selectionOf(s, m), id);
    if (!r.changed) return;
    setSelection(m, r.selection);
  }

  function setSelection(m, sel) {
    if (sel.length) s.selections.set(m.decision.id, sel);
    else s.selections.delete(m.decision.id);
    renderPanel();
    paintOverlay();
  }

  let escClosed = false; // an Escape that closed a menu does not also clear a selection
  function onSelectionKey(ev) {
    if (ev.key !== "Escape") return;
    if (escClosed) {
      escClosed = false;
      return;
    }
    if (!chooser.hidden || !confirmBox.hidden || !s.selections.size) return;
    s.selections.clear();
    renderPanel();
    paintOverlay();
  }

  // ------------------------------------------------------------------ menus (the chooser)
  function onDocKey(ev) {
    if (ev.key === "Escape") {
      escClosed = !chooser.hidden || !confirmBox.hidden;
      closeChooser();
      closeConfirm();
    }
  }

  function onDocDown(ev) {
    if (chooser.contains(ev.target) || confirmBox.contains(ev.target)) return;
    if (ev.target === over) s.swallowClick = true; // the click that closes the menu does nothing else
    closeChooser();
  }

  /** A menu of options inside the board near `p` (CSS px on the stage): every entry sends its option. */
  function openChooser(choices, p, title) {
    closeChooser();
    tip.hidden = true;
    chooser.textContent = "";
    const several = new Set(choices.map((c) => c.decision.id)).size > 1;
    if (title) chooser.append(make(doc, "div", "illumi-chooser-title", title));
    // options that differ only by an amount: one stepper (per decision), not a button per number
    const steppers = new Map();
    for (const { decision, option } of choices) {
      if (typeof option.amount === "number" && typeof option.group === "string" && option.group) {
        const key = `${decision.id}|${option.group}`;
        if (!steppers.has(key)) steppers.set(key, { decision, options: [] });
        steppers.get(key).options.push(option);
      }
    }
    const stepped = new Set();
    for (const { decision, options } of steppers.values()) {
      if (options.length < 2) continue;
      for (const o of options) stepped.add(o);
      const row = groupOptions(options).find((r) => r.kind === "stepper");
      if (row) {
        const line = make(doc, "div", "illumi-chooser-row");
        line.append(stepper(decision, row));
        chooser.append(line);
      }
    }
    for (const { decision, option } of choices) {
      if (stepped.has(option)) continue;
      const label = several ? `${labelOf(option)} — ${decision.prompt ?? ""}` : labelOf(option);
      const b = button(doc, label, "illumi-choice");
      b.setAttribute("role", "menuitem");
      b.dataset.decision = String(decision.id);
      b.dataset.option = String(option.id);
      if (option.notation) b.title = String(option.notation);
      b.addEventListener("click", () => {
        closeChooser();
        choose(decision, option);
      });
      if (hasTargets(option)) {
        b.addEventListener("mouseenter", () => {
          s.emph = new Set(option.targets);
          paintOverlay();
        });
        b.addEventListener("mouseleave", () => {
          s.emph = null;
          paintOverlay();
        });
      }
      chooser.append(b);
    }
    chooser.hidden = false;
    chooser.style.maxHeight = `${Math.max(60, layout.cssH - 8)}px`;
    place(chooser, { x: p.cssX, y: p.cssY }, openBoxes(chooser));
    doc.addEventListener("keydown", onDocKey, true);
    doc.addEventListener("mousedown", onDocDown, true);
    const first = chooser.querySelector("button");
    if (first && first.focus) first.focus({ preventScroll: true });
  }

  function closeChooser() {
    if (confirmBox.hidden) {
      doc.removeEventListener("keydown", onDocKey, true);
      doc.removeEventListener("mousedown", onDocDown, true);
    }
    if (chooser.hidden) return;
    chooser.hidden = true;
    chooser.textContent = "";
    if (s.emph) {
      s.emph = null;
      paintOverlay();
    }
  }

  // ------------------------------------------------------------------ confirmation of irreversible choices
  function choose(decision, option) {
    if (typeof option.confirm === "string" && option.confirm) {
      openConfirm(decision, option);
      return;
    }
    sendAct(decision.id, option.id);
  }

  function openConfirm(decision, option) {
    closeChooser();
    toggleLegend(false);
    tip.hidden = true;
    confirmBox.textContent = "";
    confirmBox.append(make(doc, "div", "illumi-confirm-text", option.confirm));
    const yes = button(doc, labelOf(option), "illumi-primary illumi-confirm-yes");
    const no = button(doc, "Cancel", "illumi-confirm-no");
    yes.addEventListener("click", () => {
      closeConfirm();
      sendAct(decision.id, option.id);
    });
    no.addEventListener("click", closeConfirm);
    const row = make(doc, "div", "illumi-confirm-row");
    row.append(yes, no);
    confirmBox.append(row);
    confirmBox.hidden = false;
    confirmBox.dataset.option = String(option.id);
    const w = confirmBox.offsetWidth || 260;
    const h = confirmBox.offsetHeight || 80;
    confirmBox.style.left = `${Math.round(Math.max(0, (layout.cssW - w) / 2))}px`;
    confirmBox.style.top = `${Math.round(Math.max(0, (layout.cssH - h) / 2))}px`;
    doc.addEventListener("keydown", onDocKey, true);
    if (no.focus) no.focus({ preventScroll: true });
  }

  function closeConfirm() {
    if (confirmBox.hidden) return;
    confirmBox.hidden = true;
    confirmBox.textContent = "";
    if (chooser.hidden) doc.removeEventListener("keydown", onDocKey, true);
  }

  // ------------------------------------------------------------------ legend
  function renderLegend() {
    const entries = model.get("legend");
    if (entries === legendRef && legendBox.childNodes.length) return;
    legendRef = entries;
    legendBox.textContent = "";
    const close = button(doc, "×", "illumi-legend-close", "Close the legend");
    close.addEventListener("click", () => toggleLegend(false));
    legendBox.append(close, make(doc, "div", "illumi-legend-title", "Legend"), make(doc, "p", "illumi-howto", HOW_TO));
    const list = make(doc, "dl", "illumi-legend-list");
    for (const e of Array.isArray(entries) ? entries : []) {
      if (!e || typeof e !== "object" || typeof e.text !== "string") continue;
      const dt = make(doc, "dt", null, typeof e.symbol === "string" ? e.symbol : "");
      if (typeof e.color === "string" && e.color) {
        const sw = make(doc, "span", "illumi-swatch");
        sw.style.background = e.color;
        dt.prepend(sw);
      }
      list.append(dt, make(doc, "dd", null, e.text));
    }
    legendBox.append(list);
  }

  function toggleLegend(open) {
    const show = open === undefined ? legendBox.hidden : open;
    if (show) {
      renderLegend();
      closeChooser();
      tip.hidden = true;
      legendBox.hidden = false;
      legendBox.style.left = `${Math.max(0, layout.cssW - (legendBox.offsetWidth || 300) - 8)}px`;
      legendBox.style.top = "8px";
    } else {
      legendBox.hidden = true;
    }
    helpBtn.setAttribute("aria-expanded", show ? "true" : "false");
  }

  const transport = createTransport(v);
  const bots = createBots(v);
  const connection = createConnection(v);
  const { sendIntent, sendAct, sendSimple } = transport;

  const goto = (i) => sendSimple("goto", { index: i });
  const onUndo = () => sendSimple("undo");
  const onRedo = () => sendSimple("redo");
  const histOf = () => {
    const h = s.status.history && typeof s.status.history === "object" ? s.status.history : {};
    const length = Math.max(0, Math.trunc(num(h.length, 0)));
    const idx = Math.max(0, Math.min(length, Math.trunc(num(h.index, length))));
    return { index: idx, length };
  };
  const onFirst = () => goto(0);
  const onPrev = () => goto(Math.max(0, histOf().index - 1));
  const onNext = () => goto(Math.min(histOf().length, histOf().index + 1));
  const onLast = () => goto(histOf().length);
  const onRange = () => goto(Math.trunc(Number(range.value)));
  const onCurtain = () => sendIntent({ type: "curtain", open: true });
  const onHelp = () => toggleLegend();
  const onAnalyse = () => sendSimple("analyse");

  const onLogToggle = () => {
    if (logBox.open) logList.scrollTop = logList.scrollHeight;
  };

  /** A "why" reply: the reason an entity cannot be used now (null: it can). */
  function onWhy(msg) {
    if (typeof msg.entity !== "string") return;
    const reason = typeof msg.reason === "string" && msg.reason ? msg.reason : null;
    whyCache.set(`${msg.version}|${msg.entity}`, reason);
    if (msg.asked !== undefined) whyCache.set(`${msg.asked}|${msg.entity}`, reason);
    if (pinned && pinned.id === msg.entity) {
      pinned.text = reason ? `Not now: ${reason}` : "Nothing to do with this now.";
      pinned.until = now() + 4000;
    }
    if ((s.hover && s.hover.id === msg.entity) || (pinned && pinned.id === msg.entity)) refreshTip();
  }


  // ------------------------------------------------------------------ the action bar
  function optionButton(d, o, primary) {
    const b = button(doc, labelOf(o), primary ? "illumi-primary" : "illumi-chip",
      o.notation ? String(o.notation) : undefined);
    b.dataset.decision = String(d.id);
    b.dataset.option = String(o.id);
    b.addEventListener("click", () => choose(d, o));
    if (hasTargets(o)) {
      const on = () => {
        s.emph = new Set(o.targets);
        paintOverlay();
      };
      const off = () => {
        s.emph = null;
        paintOverlay();
      };
      b.addEventListener("mouseenter", on);
      b.addEventListener("focus", on);
      b.addEventListener("mouseleave", off);
      b.addEventListener("blur", off);
    }
    return b;
  }

  /** One stepper for options that differ only by an amount: − amount + and one button naming the choice
   * (a slider too when there are many amounts). */
  function stepper(d, row) {
    const box = make(doc, "span", "illumi-stepper");
    box.dataset.group = row.group;
    const opts = row.options;
    const key = `${d.id}|${row.group}`;
    let i = Math.min(opts.length - 1, Math.max(0, stepperPick.get(key) ?? 0));
    const label = row.group.replace("…", "amount");
    const minus = button(doc, "−", "illumi-step-minus", `Less (${label})`);
    const plus = button(doc, "+", "illumi-step-plus", `More (${label})`);
    const shown = make(doc, "output", "illumi-amount-value", String(opts[i].amount));
    const go = button(doc, labelOf(opts[i]), "illumi-primary illumi-step-go");
    let slider = null;
    if (opts.length > 12) {
      slider = make(doc, "input", "illumi-amount");
      slider.type = "range";
      slider.min = "0";
      slider.max = String(opts.length - 1);
      slider.step = "1";
      slider.setAttribute("aria-label", label);
      slider.addEventListener("input", () => set(Math.trunc(Number(slider.value))));
    }
    function set(k) {
      i = Math.min(opts.length - 1, Math.max(0, k));
      stepperPick.set(key, i);
      if (slider) slider.value = String(i);
      shown.textContent = String(opts[i].amount);
      go.textContent = labelOf(opts[i]);
      go.dataset.option = String(opts[i].id);
      go.title = opts[i].notation ? String(opts[i].notation) : "";
      minus.disabled = i <= 0;
      plus.disabled = i >= opts.length - 1;
    }
    minus.addEventListener("click", () => set(i - 1));
    plus.addEventListener("click", () => set(i + 1));
    go.dataset.decision = String(d.id);
    go.addEventListener("click", () => {
      closeChooser();
      choose(d, opts[i]);
    });
    set(i);
    box.append(minus);
    if (slider) box.append(slider);
    box.append(shown, plus, go);
    return box;
  }

  function menuButton(label, cls, entries) {
    const b = button(doc, `${label} ▾`, cls);
    b.setAttribute("aria-haspopup", "menu");
    b.addEventListener("click", () => {
      if (!chooser.hidden) {
        closeChooser();
        return;
      }
      // the menu opens inside the board, above the bar (never below the fold)
      const band = inSight();
      openChooser(entries, { cssX: layout.cssW / 2, cssY: band.top + band.height }, label);
    });
    return b;
  }

  function renderPanel() {
    s.emph = null;
    panel.textContent = "";
    panel.hidden = !!s.curtainName;
    if (s.curtainName) return;
    for (const d of s.decisions) {
      const box = make(doc, "div", "illumi-decision");
      box.dataset.decision = String(d.id);
      box.append(make(doc, "span", "illumi-prompt", d.prompt ?? ""));
      const cm = s.composes.get(d.id);
      if (cm) {
        box.append(composeRow(cm));
        panel.append(box);
        continue;
      }
      const options = Array.isArray(d.options) ? d.options.filter((o) => o && typeof o === "object") : [];
      const onBoard = options.filter(hasTargets);
      const rows = groupOptions(options.filter((o) => !hasTargets(o)));
      const row = make(doc, "span", "illumi-group");
      const overflow = [];
      let shown = 0;
      for (const r of rows) {
        if (r.kind === "stepper") {
          row.append(stepper(d, r));
        } else if (shown < MAX_BAR_BUTTONS) {
          row.append(optionButton(d, r.option, true));
          shown += 1;
        } else {
          overflow.push({ decision: d, option: r.option });
        }
      }
      if (overflow.length) row.append(menuButton(`More (${overflow.length})`, "illumi-more", overflow));
      if (onBoard.length) {
        const entries = onBoard.map((o) => ({ decision: d, option: o }));
        row.append(menuButton(`On the board (${onBoard.length})`, "illumi-onboard", entries));
      }
      box.append(row);
      panel.append(box);
    }
  }

  /** The bar's row of a compose decision: what to click, how many choices still fit, Confirm, Clear, and a
   * menu of every choice (so each stays reachable without the board). */
  function composeRow(m) {
    const row = make(doc, "span", "illumi-group illumi-compose");
    const sel = selectionOf(s, m);
    const fit = narrow(m, sel);
    const one = confirmable(m, sel);
    const hint = typeof m.compose.hint === "string" ? m.compose.hint : "Click things on the board to choose.";
    const said = sel.length ? `${sel.length} picked — ${fit.length} choice${fit.length === 1 ? "" : "s"} fit` : hint;
    row.append(make(doc, "span", "illumi-compose-state", said));
    const go = button(doc, one ? `Confirm: ${labelOf(one)}` : "Confirm", "illumi-primary illumi-compose-go",
      one ? (one.notation ? String(one.notation) : undefined) : "Pick on the board until exactly one choice fits");
    go.disabled = !one;
    go.dataset.decision = String(m.decision.id);
    if (one) go.dataset.option = String(one.id);
    go.addEventListener("click", () => {
      if (!one) return;
      choose(m.decision, one);
    });
    const clear = button(doc, "Clear", "illumi-compose-clear", "Put every picked thing back (Esc)");
    clear.disabled = !sel.length;
    clear.addEventListener("click", () => setSelection(m, []));
    row.append(go, clear);
    const shown = sel.length ? fit : m.decision.options.filter((o) => o && typeof o === "object");
    if (shown.length) {
      const entries = shown.map((o) => ({ decision: m.decision, option: o }));
      row.append(menuButton(`${sel.length ? "Fitting" : "All"} choices (${shown.length})`, "illumi-onboard", entries));
    }
    return row;
  }

  function renderStatus() {
    statusLine.textContent = typeof s.status.text === "string" ? s.status.text : "";
    statusLine.classList.toggle("illumi-terminal", !!s.status.terminal);
    const bots = Array.isArray(s.status.bots) ? s.status.bots.filter((b) => b && typeof b === "object") : [];
    botInfo.textContent = "";
    for (const b of bots) {
      const chip = make(doc, "span", "illumi-botchip", `${b.name ?? ""}: ${b.bot ?? "bot"} bot`);
      const acting = Array.isArray(s.status.to_act) && s.status.to_act.includes(b.seat);
      chip.classList.toggle("illumi-bot-acting", acting);
      if (acting) chip.append(make(doc, "span", "illumi-thinking", model.get("bots_paused") === true ? " (paused)" : " …"));
      botInfo.append(chip);
    }
    const last = s.status.last && typeof s.status.last === "object" ? s.status.last : null;
    lastLine.textContent = "";
    if (last && typeof last.text === "string" && last.text && !s.curtainName) {
      const who = make(doc, "span", "illumi-last-who", `${last.name ?? ""}${last.bot ? " (bot)" : ""}`);
      lastLine.append(make(doc, "span", "illumi-last-label", "Last move: "), who,
        make(doc, "span", null, ` — ${last.text}`));
    }
  }

  function renderError() {
    const err = s.lastError || (s.status.error && typeof s.status.error === "object" ? s.status.error : null);
    errorLine.textContent = err ? `${err.message || "Error"}` : "";
    if (err && err.code) errorLine.dataset.code = String(err.code);
    else delete errorLine.dataset.code;
  }

  function renderControls() {
    controls.hidden = !!s.curtainName;
    undoBtn.disabled = !s.status.can_undo;
    redoBtn.disabled = !s.status.can_redo;
    const { index: i, length } = histOf();
    const none = length === 0;
    history.hidden = none && s.status.mode === "play";
    firstBtn.disabled = prevBtn.disabled = none || i <= 0;
    nextBtn.disabled = lastBtn.disabled = none || i >= length;
    range.max = String(length);
    range.value = String(i);
    range.disabled = none;
    histLabel.textContent = `${i} / ${length}`;
    bots.renderButton();
    const ap = model.get("analysis_progress");
    const prog = ap && typeof ap === "object" ? ap : {};
    analyseBtn.hidden = model.get("analysable") !== true || !!s.curtainName || s.status.terminal === true;
    const running = prog.running === true && prog.version === s.version;
    const total = num(prog.total, 0);
    analyseBtn.textContent = running
      ? (total > 0 ? `Analysing ${Math.min(99, Math.floor((100 * num(prog.done, 0)) / total))}%` : "Analysing …")
      : (prog.version === s.version && !prog.cancelled && !prog.error && prog.done > 0 ? "Analysed ✓" : "Analyse");
    analyseBtn.setAttribute("aria-busy", running ? "true" : "false");
    if (analyseBtn.dataset) analyseBtn.dataset.state = running ? "running" : "idle";
  }

  function renderLog() {
    logBox.hidden = !!s.curtainName;
    const log = s.curtainName ? [] : model.get("log_lines");
    const entries = Array.isArray(log) ? log.map((x) => String(x)) : [];
    const shown = entries.slice(-MAX_LOG_ROWS);
    // The log sent is the newest lines only; status.log_length (if given) counts every line.
    const given = Math.trunc(num(s.status.log_length, -1));
    const total = s.curtainName ? 0 : Math.max(entries.length, given);
    const last = entries.length ? entries[entries.length - 1] : "";
    logSummary.textContent = `Log (${total})${last ? ` — ${last}` : ""}`;
    logList.textContent = "";
    logList.start = total - shown.length + 1;
    for (const line of shown) logList.append(make(doc, "li", null, line));
    if (logBox.open) logList.scrollTop = logList.scrollHeight;
  }

  function renderCurtain() {
    curtain.hidden = !s.curtainName;
    if (s.curtainName) {
      curtain.textContent = `Pass to ${s.curtainName} — click to reveal`;
      tip.hidden = true;
      closeChooser();
      closeConfirm();
      legendBox.hidden = true;
    }
  }

  // ------------------------------------------------------------------ paint cycle
  function markPainted(t0) {
    perf.paints += 1;
    perf.lastPaintMs = now() - t0;
    el.dataset.version = String(s.version);
    el.dataset.painted = "1";
  }

  function flush() {
    scheduled = false;
    if (s.disposed) return;
    const t0 = now();
    const prevScene = s.scene;
    const prevDecisions = s.decisionsRef;
    readModel();
    if (s.version !== s.lastVersion) {
      s.lastVersion = s.version;
      if (s.lastError && s.lastError.code !== "disconnected") s.lastError = null; // a new position: old error gone
      pinned = null;
    }
    if (s.scene !== prevScene || s.decisionsRef !== prevDecisions) {
      closeChooser();
      closeConfirm();
      s.hover = s.lastPointer && !s.curtainName ? hitTest(s.index, s.lastPointer.x, s.lastPointer.y) : null;
      if (!s.hover) tip.hidden = true;
    }
    const t1 = now();
    paintCanvases();
    const t2 = now();
    renderStatus();
    if (s.decisionsRef !== prevDecisions || !panel.childNodes.length || s.curtainName) renderPanel();
    renderError();
    renderControls();
    renderLog();
    renderCurtain();
    if (!legendBox.hidden) renderLegend();
    markPainted(t0);
    perf.lastFlush = { read: t1 - t0, canvas: t2 - t1, dom: now() - t2 };
    bots.schedule();
    if (s.pending && s.version !== s.pending.version) {
      perf.roundTrips.push(now() - s.pending.t);
      if (perf.roundTrips.length > MAX_ROUNDTRIPS) perf.roundTrips.shift();
      s.pending = null;
    }
  }

  function schedule() {
    if (scheduled || s.disposed) return;
    scheduled = true;
    microtask(flush);
  }

  function onResize(entries) {
    if (s.disposed) return;
    let changed = false;
    for (const entry of entries || []) {
      const r = entry && entry.contentRect;
      if (!r) continue;
      if ((entry.target === el || !entry.target) && r.width > 0 && Math.abs(r.width - observedWidth) >= 1) {
        observedWidth = r.width;
        barHeight = bar.offsetHeight || 0; // a new width wraps the bar anew
        changed = true;
      } else if (entry.target === bar && r.height > barHeight + 1) {
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
    if (!changed) return;
    measureHeight();
    const t0 = now();
    paintCanvases();
    markPainted(t0);
  }

  // ------------------------------------------------------------------ wiring
  v.transport = transport;
  v.bots = bots;
  v.connection = connection;
  v.menus = { closeChooser, closeConfirm };
  v.bar = { renderError };
  v.tips = { onWhy };
  const listeners = WATCHED.map((name) => [`change:${name}`, schedule]);
  listeners.push(["msg:custom", transport.onMessage]);
  listeners.push(["comm_live_update", connection.onCommLive]);
  for (const [name, fn] of listeners) model.on(name, fn);

  const domListeners = [
    [over, "mousemove", onMove],
    [over, "mouseleave", onLeave],
    [over, "click", onClick],
    [undoBtn, "click", onUndo],
    [redoBtn, "click", onRedo],
    [firstBtn, "click", onFirst],
    [prevBtn, "click", onPrev],
    [nextBtn, "click", onNext],
    [lastBtn, "click", onLast],
    [range, "change", onRange],
    [curtain, "click", onCurtain],
    [botBtn, "click", bots.onButton],
    [helpBtn, "click", onHelp],
    [analyseBtn, "click", onAnalyse],
    [logBox, "toggle", onLogToggle],
  ];
  for (const [node, type, fn] of domListeners) node.addEventListener(type, fn);
  doc.addEventListener("keydown", onSelectionKey);

  let ro = null;
  const onWinResize = () => onResize(null);
  measureHeight();
  if (typeof win.ResizeObserver === "function") {
    ro = new win.ResizeObserver(onResize);
    ro.observe(el);
    ro.observe(bar);
    if (scroller) ro.observe(scroller);
  }
  win.addEventListener("resize", onWinResize);
  connection.start();

  flush();

  return () => {
    s.disposed = true;
    bots.clear();
    transport.dispose();

    if (whyTimer !== null) win.clearTimeout(whyTimer);
    for (const [name, fn] of listeners) model.off(name, fn);
    for (const [node, type, fn] of domListeners) node.removeEventListener(type, fn);
    doc.removeEventListener("keydown", onSelectionKey);
    if (ro) ro.disconnect();
    connection.dispose();
    win.removeEventListener("resize", onWinResize);
    closeChooser();
    closeConfirm();
    root.remove();
    delete el.dataset.painted;
  };
}

export { buildTargets, DISCONNECTED_TEXT, glyph, MIN_FONT_PX, overlaps, REPLY_TIMEOUT_MS };
export default { render };
