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
//
// This module is the entry: it builds one view and wires the modules that each own one concern. They share
// one plain object `v` -- the environment (model, el, doc, win, now, raf, perf), the DOM tree (v.dom, dom.js),
// the state read from the model (v.s, state.js), the layout (v.layout, sizing.js) -- and reach one another
// through it at call time (v.menus.choose(...)), so no module imports another's factory and each is tested
// on its own with stubs for the others (js/testlib/view.mjs). One update of the traits = one flush() per
// microtask: read the model, repaint the canvases, re-render the bar.
import { MIN_FONT_PX } from "./paint.js";
import { injectStyle } from "./style.js";
import { overlaps } from "./layout.js";
import { buildDom, DISCONNECTED_TEXT, glyph } from "./dom.js";
import { buildTargets, createReader, createState } from "./state.js";
import { createTransport, REPLY_TIMEOUT_MS } from "./transport.js";
import { createConnection } from "./connection.js";
import { createBots } from "./bots.js";
import { createSizing } from "./sizing.js";
import { createCanvas, LAST_FADE_MS, PICKED_COLOR, TARGET_HALO } from "./canvas.js";
import { createTips } from "./tooltip.js";
import { createBoard } from "./board.js";
import { createMenus } from "./menus.js";
import { createLegend } from "./legend.js";
import { createBar, MAX_BAR_BUTTONS } from "./bar.js";
import { createHistory } from "./history.js";
import { createAnalysis } from "./analysis.js";
import { createLog } from "./log.js";
import { createCurtain } from "./curtain.js";
import { createEndScreen } from "./endscreen.js";
import { createCue } from "./cue.js";
import { createSight } from "./sight.js";
import { createA11y } from "./a11y.js";
import { createKeyboard } from "./keyboard.js";
import { createAnnounce } from "./announce.js";
import { createCommand } from "./command.js";

export const PROTOCOL = 1;
const WATCHED = ["scene", "scene_patch", "decisions", "status", "version", "log_lines", "perspective", "game",
  "bot_seats", "bot_turn", "bot_delay", "bots_paused", "legend", "analysable", "analysis_progress"];
const MAX_ROUNDTRIPS = 1000;
export const NOTICE_MS = 6000; // "The choice you were making changed." stays this long in the bar

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

  const perf = { paints: 0, lastPaintMs: 0, roundTrips: [], patchesIgnored: 0, a11yMs: [] };
  el.__illumi = perf;

  const s = createState();
  const dom = buildDom(doc);
  el.appendChild(dom.root);

  // ------------------------------------------------------------------ the shared view and its modules
  const v = { model, el, doc, win, now, raf, perf, dom, s };
  v.sizing = createSizing(v);
  v.layout = v.sizing.layout;
  v.canvas = createCanvas(v);
  v.transport = createTransport(v);
  v.connection = createConnection(v);
  v.bots = createBots(v);
  v.tips = createTips(v);
  v.board = createBoard(v);
  v.menus = createMenus(v);
  v.legend = createLegend(v);
  v.bar = createBar(v);
  v.history = createHistory(v);
  v.analysis = createAnalysis(v);
  v.log = createLog(v);
  v.curtain = createCurtain(v);
  v.endscreen = createEndScreen(v);
  v.cue = createCue(v);
  v.sight = createSight(v);
  perf.sight = () => v.sight.report(); // (what a test reads: the targets' hit boxes, in sight or marked)
  v.a11y = createA11y(v); // the board in words (a hidden tree from the same scene) and keyboard play on it
  v.keyboard = createKeyboard(v);
  v.announce = createAnnounce(v);
  v.command = createCommand(v); // the typed-command box (off until the `c` key or the legend opens it)
  const { sizing, canvas, transport, connection, bots, tips, board, menus, legend, bar } = v;
  const readModel = createReader(s, model, { setScene: sizing.setScene, now, perf });

  // ------------------------------------------------------------------ paint cycle
  function markPainted(t0) {
    perf.paints += 1;
    perf.lastPaintMs = now() - t0;
    el.dataset.version = String(s.version);
    el.dataset.painted = "1";
  }

  function renderControls() {
    dom.controls.hidden = !!s.curtainName;
    v.history.render();
    bots.renderButton();
    v.analysis.render();
  }

  let scheduled = false;
  function flush() {
    scheduled = false;
    if (s.disposed) return;
    const t0 = now();
    const prevScene = s.scene;
    const prevDecisions = s.decisionsRef;
    const prevSig = s.decisionsSig;
    const prevSigs = s.sigs;
    const picked = [...s.selections.keys()];
    readModel();
    if (s.version !== s.lastVersion) {
      s.lastVersion = s.version;
      if (s.lastError && s.lastError.code !== "disconnected") s.lastError = null; // a new position: old error gone
      tips.unpin();
    }
    if (s.scene !== prevScene || s.decisionsRef !== prevDecisions) {
      // an open menu, question or half-composed choice survives an update that does not change its own
      // decision; when that changes, it is closed and the bar says so
      const lost = !menus.stillValid() || picked.some((id) => prevSigs.get(id) !== s.sigs.get(id));
      if (!menus.stillValid()) {
        menus.closeChooser();
        menus.closeConfirm();
      }
      if (lost) s.notice = { text: "The choice you were making changed.", until: now() + NOTICE_MS };
      s.hover = s.lastPointer && !s.curtainName ? sizing.hitAt(s.lastPointer.x, s.lastPointer.y) : null;
      if (!s.hover) dom.tip.hidden = true;
    }
    const t1 = now();
    canvas.paint();
    const t2 = now();
    bar.renderStatus();
    if (s.decisionsSig !== prevSig || !dom.panel.childNodes.length || s.curtainName) bar.renderPanel(true);
    bar.renderError();
    renderControls();
    v.log.render();
    v.curtain.render();
    v.endscreen.render();
    v.cue.render();
    v.sight.render();
    if (!dom.legendBox.hidden) legend.render();
    const t3 = now();
    v.a11y.render();
    v.keyboard.render();
    v.announce.render();
    v.command.render();
    const t4 = now();
    markPainted(t0);
    // (the accessible tree's share of the update: the widget figures test reports it)
    perf.lastFlush = { read: t1 - t0, canvas: t2 - t1, dom: t3 - t2, a11y: t4 - t3 };
    perf.a11yMs.push(t4 - t3);
    if (perf.a11yMs.length > MAX_ROUNDTRIPS) perf.a11yMs.shift();
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

  let ro = null;
  let watched = null; // the notebook's scroller as watched by `ro`
  /** Watch the notebook's scroller once it is known (a view is rendered before it is in the page): a change
   * of the visible height with no window resize (a panel opened, a screenshot) then fits the board anew. */
  function watchScroller() {
    const found = sizing.scroller();
    if (!ro || found === watched) return;
    if (watched) ro.unobserve(watched);
    watched = found;
    if (found) ro.observe(found);
  }

  function onResize(entries) {
    if (s.disposed) return;
    if (!sizing.observe(entries)) return;
    sizing.measureHeight();
    watchScroller();
    const t0 = now();
    canvas.paint();
    v.sight.renderMarkers();
    markPainted(t0);
  }

  // ------------------------------------------------------------------ wiring
  const listeners = WATCHED.map((name) => [`change:${name}`, schedule]);
  listeners.push(["msg:custom", transport.onMessage]);
  listeners.push(["comm_live_update", connection.onCommLive]);
  for (const [name, fn] of listeners) model.on(name, fn);

  const domListeners = [
    [dom.over, "mousemove", tips.onMove],
    [dom.over, "mouseleave", tips.onLeave],
    [dom.over, "click", board.onClick],
    ...v.history.listeners,
    ...v.keyboard.listeners,
    [dom.curtain, "click", v.curtain.onButton],
    [dom.endBtn, "click", v.endscreen.reopen],
    [dom.scrollBox, "scroll", v.sight.onScroll],
    [dom.botBtn, "click", bots.onButton],
    [dom.helpBtn, "click", legend.onHelp],
    [dom.analyseBtn, "click", v.analysis.onButton],
    [dom.logBox, "toggle", v.log.onToggle],
  ];
  for (const [node, type, fn] of domListeners) node.addEventListener(type, fn);
  doc.addEventListener("keydown", board.onSelectionKey);

  const onWinResize = () => onResize(null);
  sizing.measureHeight();
  if (typeof win.ResizeObserver === "function") {
    ro = new win.ResizeObserver(onResize);
    ro.observe(el);
    ro.observe(dom.bar);
    watchScroller();
  }
  win.addEventListener("resize", onWinResize);
  connection.start();

  flush();

  return () => {
    s.disposed = true;
    v.cue.dispose();
    bots.clear();
    transport.dispose();
    tips.dispose();
    for (const [name, fn] of listeners) model.off(name, fn);
    for (const [node, type, fn] of domListeners) node.removeEventListener(type, fn);
    doc.removeEventListener("keydown", board.onSelectionKey);
    if (ro) ro.disconnect();
    connection.dispose();
    win.removeEventListener("resize", onWinResize);
    menus.closeChooser();
    menus.closeConfirm();
    dom.root.remove();
    delete el.dataset.painted;
  };
}

export {
  buildTargets, DISCONNECTED_TEXT, glyph, LAST_FADE_MS, MAX_BAR_BUTTONS, MIN_FONT_PX, overlaps, PICKED_COLOR,
  REPLY_TIMEOUT_MS, TARGET_HALO,
};
export default { render };
