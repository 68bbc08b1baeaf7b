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
import { MIN_FONT_PX, num } from "./paint.js";
import { hitTest } from "./hit.js";
import { injectStyle } from "./style.js";
import { groupOptions, overlaps } from "./layout.js";
import { confirmable, narrow } from "./compose.js";
import { button, buildDom, DISCONNECTED_TEXT, glyph, make } from "./dom.js";
import { buildTargets, createReader, createState, hasTargets, labelOf, selectionOf } from "./state.js";
import { createTransport, REPLY_TIMEOUT_MS } from "./transport.js";
import { createBots } from "./bots.js";
import { createConnection } from "./connection.js";
import { createSizing } from "./sizing.js";
import { createCanvas, LAST_FADE_MS, PICKED_COLOR, TARGET_HALO } from "./canvas.js";
import { createTips } from "./tooltip.js";
import { createBoard } from "./board.js";

export const PROTOCOL = 1;
const WATCHED = ["scene", "scene_patch", "decisions", "status", "version", "log_lines", "perspective", "game",
  "bot_seats", "bot_turn", "bot_delay", "bots_paused", "legend", "analysable", "analysis_progress"];
const MAX_ROUNDTRIPS = 1000;
const MAX_LOG_ROWS = 60; // Python sends the newest 60 lines (match.LOG_LIMIT); status.log_length counts all
export const MAX_BAR_BUTTONS = 5; // more plain options than this: the rest go into a "More" menu
const HOW_TO = "How to play on this board: click a thing outlined in orange to act on it; hover anything to "
  + "see what it is and why it cannot be used now. Choices that are not on the board are in the bar below it.";


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
  const { root, over, tip, chooser, legendBox, confirmBox, bar, statusLine, botInfo,
    lastLine, panel, errorLine, controls, helpBtn, undoBtn, redoBtn, firstBtn, prevBtn, range, histLabel, nextBtn,
    lastBtn, history, analyseBtn, botBtn, logBox, logSummary, logList, curtain } = dom;
  el.appendChild(root);
  // the shared view: every module reads the state and calls the others through it (wired below)
  const v = { model, el, doc, win, now, raf, perf, dom, s };

  // ------------------------------------------------------------------ state
  let scheduled = false;
  let legendRef;
  const stepperPick = new Map(); // stepper group -> chosen index (kept across updates)
  const readModel = createReader(s, model, { setScene: () => sizing.setScene(), now, perf });


  const sizing = createSizing(v);
  v.sizing = sizing;
  v.layout = sizing.layout;
  const layout = sizing.layout;
  const { inSight, place, openBoxes } = sizing;
  const canvas = createCanvas(v);
  const { paintOverlay } = canvas;
  const tips = createTips(v);
  const board = createBoard(v);
  const { setSelection } = board;

  let escClosed = false; // an Escape that closed a menu does not also clear a selection
  /** Did the last Escape close a menu or question? (asked once: the answer is then reset) */
  function escapeConsumed() {
    const was = escClosed;
    escClosed = false;
    return was;
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
      tips.unpin();
    }
    if (s.scene !== prevScene || s.decisionsRef !== prevDecisions) {
      closeChooser();
      closeConfirm();
      s.hover = s.lastPointer && !s.curtainName ? hitTest(s.index, s.lastPointer.x, s.lastPointer.y) : null;
      if (!s.hover) tip.hidden = true;
    }
    const t1 = now();
    canvas.paint();
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
    if (!sizing.observe(entries)) return;
    sizing.measureHeight();
    const t0 = now();
    canvas.paint();
    markPainted(t0);
  }


  // ------------------------------------------------------------------ wiring
  v.transport = transport;
  v.bots = bots;
  v.connection = connection;
  v.menus = { closeChooser, closeConfirm, choose, openChooser, escapeConsumed };
  v.bar = { renderError, renderPanel };
  v.tips = tips;
  v.canvas = canvas;
  v.board = board;
  const listeners = WATCHED.map((name) => [`change:${name}`, schedule]);
  listeners.push(["msg:custom", transport.onMessage]);
  listeners.push(["comm_live_update", connection.onCommLive]);
  for (const [name, fn] of listeners) model.on(name, fn);

  const domListeners = [
    [over, "mousemove", tips.onMove],
    [over, "mouseleave", tips.onLeave],
    [over, "click", board.onClick],
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
  doc.addEventListener("keydown", board.onSelectionKey);

  let ro = null;
  const onWinResize = () => onResize(null);
  sizing.measureHeight();
  if (typeof win.ResizeObserver === "function") {
    ro = new win.ResizeObserver(onResize);
    ro.observe(el);
    ro.observe(bar);
    if (sizing.scroller()) ro.observe(sizing.scroller());
  }
  win.addEventListener("resize", onWinResize);
  connection.start();

  flush();

  return () => {
    s.disposed = true;
    bots.clear();
    transport.dispose();

    tips.dispose();
    for (const [name, fn] of listeners) model.off(name, fn);
    for (const [node, type, fn] of domListeners) node.removeEventListener(type, fn);
    doc.removeEventListener("keydown", board.onSelectionKey);
    if (ro) ro.disconnect();
    connection.dispose();
    win.removeEventListener("resize", onWinResize);
    closeChooser();
    closeConfirm();
    root.remove();
    delete el.dataset.painted;
  };
}

export { buildTargets, DISCONNECTED_TEXT, glyph, LAST_FADE_MS, MIN_FONT_PX, overlaps, PICKED_COLOR, REPLY_TIMEOUT_MS, TARGET_HALO };
export default { render };
