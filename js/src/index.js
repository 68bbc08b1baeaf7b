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
import { keepPatched } from "./patch.js";
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

  // What a test (tests/browser/test_widget_figures.py) reads: paints, and for each round trip (an act sent ->
  // the next version painted) its marks on the page's clock: the person's input (click or key), the send, the
  // first trait change that came back, the flush (read, canvas, DOM, words) and the frame after it.
  const perf = { paints: 0, lastPaintMs: 0, roundTrips: [], patchesIgnored: 0, a11yMs: [], trips: [], trip: null,
    rendered: now(), firstPaint: null }; // (when this view was made, and painted first)
  let lastInput = null; // the person's last click or key in the widget: [event time, handler start]
  let pointing = false; // that input was a pointer's click (not a key, nor a screen reader's click: detail 0)
  perf.inputAt = (t) => (lastInput !== null && lastInput[0] <= t && t - lastInput[0] < 1000 ? lastInput : [t, t]);
  const onInput = (ev) => {
    const ts = Number(ev.timeStamp);
    const t = now();
    lastInput = [Number.isFinite(ts) && ts > 0 && ts <= t && t - ts < 1000 ? ts : t, t];
    pointing = ev.type === "click" && Number(ev.detail) > 0;
  };
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

  let wordsDue = null; // the timer of the words deferred to after the frame
  function words() {
    if (wordsDue !== null) win.clearTimeout(wordsDue);
    wordsDue = null;
    if (s.disposed) return;
    const t = now();
    v.a11y.render();
    v.keyboard.render();
    v.announce.render();
    perf.a11yMs.push(now() - t);
    if (perf.a11yMs.length > MAX_ROUNDTRIPS) perf.a11yMs.shift();
  }
  v.wordsNow = () => {
    if (wordsDue !== null) words();
  };
  let wordsFrame = false;
  function deferWords() {
    if (wordsFrame || wordsDue !== null) return;
    wordsFrame = true;
    raf(() => {
      wordsFrame = false;
      if (wordsDue === null) wordsDue = win.setTimeout(words, 0);
    });
  }
  const focusHere = () => {
    const a = doc.activeElement;
    return !!a && a !== doc.body && dom.root.contains(a);
  };

  let scheduled = false;
  function flush() {
    scheduled = false;
    if (s.disposed) return;
    const t0 = now();
    const prevScene = s.scene;
    const prevVersion = s.version;
    const prevDecisions = s.decisionsRef;
    const prevSig = s.decisionsSig;
    const prevSigs = s.sigs;
    const picked = [...s.selections.keys()];
    let rehover = false;
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
      // the pointer has not moved but the board has: what is under it is read anew (a thing just played is
      // no longer a target: its glow, its "Click: …" line and the pointer cursor go); the canvases are painted
      // with it first, and the page's own changes (cursor, tooltip) come after, so that the paint does not
      // wait for the page's style to be worked out again
      tips.rehit(s.lastPointer);
      rehover = true;
    }
    const t1 = now();
    canvas.paint();
    const t2 = now();
    if (rehover) tips.updateHover(s.lastPointer, true);
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
    v.command.render();
    const t3 = now();
    // the board in words (the accessible tree, the keyboard's ring, the announcement): at once while the
    // keyboard is on the widget, else (a pointer's click, or the focus elsewhere) just after the frame that
    // shows the new position, never delaying it
    if (!pointing && (focusHere() || v.keyboard.needsFocus())) words();
    else deferWords();
    const t4 = now();
    markPainted(t0);
    // (the accessible tree's share of the update: the widget figures test reports it)
    perf.lastFlush = { read: t1 - t0, canvas: t2 - t1, dom: t3 - t2, a11y: t4 - t3 };
    if (s.version !== prevVersion) menus.afterUpdate(); // (a menu picked with the pointer closes after the frame)
    bots.schedule();
    if (s.pending && s.version !== s.pending.version) {
      const end = now();
      const trip = { ...perf.trip, flush: t0, read: t1, canvas: t2, dom: t3, a11y: t4, end };
      perf.roundTrips.push(end - (trip.input ?? s.pending.t));
      perf.trips.push(trip);
      if (perf.roundTrips.length > MAX_ROUNDTRIPS) perf.roundTrips.shift();
      if (perf.trips.length > MAX_ROUNDTRIPS) perf.trips.shift();
      // the frame: the next animation frame's start, and the end of its rendering (a task posted from it)
      raf(() => {
        trip.frame = now();
        win.setTimeout(() => { trip.frameDone = now(); }, 0);
      });
      s.pending = null;
      perf.trip = null;
    }
  }

  function schedule() {
    if (perf.trip && perf.trip.change === undefined) perf.trip.change = now();
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
  // (each patch is followed at once, in its change: the next one applies to the scene it made)
  const onPatch = () => {
    keepPatched(model);
    schedule();
  };
  const listeners = WATCHED.map((name) => [`change:${name}`, name === "scene_patch" ? onPatch : schedule]);
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
  dom.root.addEventListener("click", onInput, true);
  dom.root.addEventListener("keydown", onInput, true);

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
  perf.firstPaint = now();

  return () => {
    s.disposed = true;
    if (wordsDue !== null) win.clearTimeout(wordsDue);
    v.cue.dispose();
    bots.clear();
    transport.dispose();
    tips.dispose();
    for (const [name, fn] of listeners) model.off(name, fn);
    for (const [node, type, fn] of domListeners) node.removeEventListener(type, fn);
    doc.removeEventListener("keydown", board.onSelectionKey);
    dom.root.removeEventListener("click", onInput, true);
    dom.root.removeEventListener("keydown", onInput, true);
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
/** Once per model (anywidget): follow its scene patches even while no view of it is open (a cell that plays
 * and then shows the board: the patches sent before the view exists), keeping the scene shown as the model's. */
function initialize({ model }) {
  model.on("change:scene_patch", () => keepPatched(model));
  keepPatched(model);
}

export default { initialize, render };
