// illumi_widgets: ONE generic painter for every game. It draws whatever SCENE the Python side sends,
// highlights the entities that are targets of pending DECISIONS, and sends intents back with
// model.send(...). It never knows any game rule. anywidget >= 0.9 API: export default { render }.
import { drawScene, num, sceneSize, tracePath } from "./paint.js";
import { buildIndex, hitTest } from "./hit.js";
import { applyPatch } from "./patch.js";
import { injectStyle } from "./style.js";

export const PROTOCOL = 1;
const WATCHED = ["scene", "scene_patch", "decisions", "status", "version", "log_lines", "perspective", "game",
  "bot_seats", "bot_turn", "bot_delay", "bots_paused"];
const MAX_BOT_DELAY_MS = 60000;
const TARGET_COLOR = "#ff8c00";
const TARGET_FILL = "rgba(255,140,0,0.20)";
export const TARGET_HALO = "rgba(255,140,0,0.35)"; // the hover glow
const ACT_GUARD_MS = 4000; // a second act for the same version is ignored while the first is in flight
const MAX_ROUNDTRIPS = 1000;
const MAX_LOG_ROWS = 60; // Python sends the newest 60 lines (match.LOG_LIMIT); status.log_length counts all
const COLLAPSE_BOARD_OPTIONS = 12; // more board options than this: the chips go into a <details>

function make(doc, tag, cls, text) {
  const node = doc.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function button(doc, label, cls, title) {
  const b = make(doc, "button", `illumi-btn${cls ? " " + cls : ""}`, label);
  b.type = "button";
  if (title) b.title = title;
  return b;
}

function hasTargets(o) {
  return Array.isArray(o.targets) && o.targets.some((t) => typeof t === "string" && t);
}

/** Entity id -> [{decision, option}] over every pending decision. */
export function buildTargets(decisions) {
  const map = new Map();
  for (const d of decisions) {
    if (!d || typeof d !== "object" || !Array.isArray(d.options)) continue;
    for (const o of d.options) {
      if (!o || typeof o !== "object" || !Array.isArray(o.targets)) continue;
      for (const t of new Set(o.targets)) {
        if (typeof t !== "string" || !t) continue;
        if (!map.has(t)) map.set(t, []);
        map.get(t).push({ decision: d, option: o });
      }
    }
  }
  return map;
}

function render({ model, el }) {
  const doc = el.ownerDocument || document;
  const win = doc.defaultView || globalThis;
  const perfClock = win.performance && typeof win.performance.now === "function" ? win.performance : null;
  const now = () => (perfClock ? perfClock.now() : Date.now());
  const microtask = typeof win.queueMicrotask === "function"
    ? (fn) => win.queueMicrotask(fn)
    : (fn) => Promise.resolve().then(fn);
  injectStyle(doc);

  const perf = { paints: 0, lastPaintMs: 0, roundTrips: [], patchesIgnored: 0 };
  el.__illumi = perf;

  // ------------------------------------------------------------------ DOM
  const root = make(doc, "div", "illumi-widget");
  const stage = make(doc, "div", "illumi-stage");
  const base = make(doc, "canvas", "illumi-base");
  const over = make(doc, "canvas", "illumi-overlay");
  over.setAttribute("aria-hidden", "true"); // every option is reachable from the panel below
  const tip = make(doc, "div", "illumi-tip");
  tip.hidden = true;
  const chooser = make(doc, "div", "illumi-chooser");
  chooser.hidden = true;
  chooser.setAttribute("role", "menu");
  stage.append(base, over, tip, chooser);

  const statusLine = make(doc, "div", "illumi-status");
  statusLine.setAttribute("aria-live", "polite");
  const panel = make(doc, "div", "illumi-panel");
  const errorLine = make(doc, "div", "illumi-error");
  errorLine.setAttribute("role", "alert");

  const controls = make(doc, "div", "illumi-controls");
  const undoBtn = button(doc, "↶ Undo", "illumi-undo", "Undo the last action");
  const redoBtn = button(doc, "↷ Redo", "illumi-redo", "Redo");
  const firstBtn = button(doc, "«", "illumi-hist-first", "Go to the start of the history");
  const prevBtn = button(doc, "‹", "illumi-hist-prev", "Step back through the history");
  const range = make(doc, "input", "illumi-range");
  range.type = "range";
  range.min = "0";
  range.step = "1";
  range.setAttribute("aria-label", "History position");
  const histLabel = make(doc, "span", "illumi-history-label");
  const nextBtn = button(doc, "›", "illumi-hist-next", "Step forward through the history");
  const lastBtn = button(doc, "»", "illumi-hist-last", "Go to the latest position");
  const botBtn = button(doc, "⏸ Pause bots", "illumi-bots", "Pause or resume the bots' decisions");
  botBtn.hidden = true;
  controls.append(undoBtn, redoBtn, make(doc, "span", "illumi-sep"), firstBtn, prevBtn, range, histLabel,
    nextBtn, lastBtn, botBtn);

  const logBox = make(doc, "details", "illumi-log");
  const logSummary = make(doc, "summary", null, "Log");
  const logList = make(doc, "ol");
  logBox.append(logSummary, logList);

  const curtain = button(doc, "", "illumi-curtain");
  curtain.className = "illumi-curtain"; // not styled as a small button
  curtain.hidden = true;

  root.append(stage, statusLine, panel, errorLine, controls, logBox, curtain);
  el.appendChild(root);

  let baseCtx = null;
  let overCtx = null;
  const ctxOf = (canvas) => {
    try {
      return canvas.getContext("2d");
    } catch (_err) {
      return null;
    }
  };

  // ------------------------------------------------------------------ state
  let scene = {}; // the EFFECTIVE scene: the full scene with the patch applied
  let sceneRef;
  let patchRef;
  let size = sceneSize(scene);
  let index = buildIndex(scene);
  let decisions = [];
  let decisionsRef;
  let targets = new Map();
  let status = {};
  let version = null;
  let lastVersion;
  let curtainName = null;
  const layout = { availW: 0, cssW: 0, cssH: 0, scale: 1, dpr: 1 };
  let hover = null; // hit entry under the pointer
  let lastPointer = null; // {x, y, cssX, cssY} of the last pointer position on the board
  let emph = null; // Set of entity ids emphasised from the panel (option hover)
  let pending = null; // {t, version} of the last act sent
  let lastError = null; // {code, message} of the last error reply
  let swallowClick = false;
  const openMore = new Set(); // decision ids whose "all options" list is open
  let scheduled = false;
  let disposed = false;
  let botTimer = null; // the pending bot_step request
  let botVersion = null; // the version a bot_step was scheduled (or sent) for

  function readModel() {
    const s = model.get("scene");
    const p = model.get("scene_patch");
    if (s !== sceneRef || p !== patchRef) {
      sceneRef = s;
      patchRef = p;
      const eff = applyPatch(s, p);
      if (eff.problem) {
        perf.patchesIgnored += 1;
        console.warn(`illumi_widgets: scene patch ignored (${eff.problem}); painting the full scene`);
      }
      scene = eff.scene;
      size = sceneSize(scene);
      index = buildIndex(scene);
    }
    const d = model.get("decisions");
    if (d !== decisionsRef) {
      decisionsRef = d;
      decisions = Array.isArray(d) ? d.filter((x) => x && typeof x === "object") : [];
      targets = buildTargets(decisions);
    }
    const st = model.get("status");
    status = st && typeof st === "object" ? st : {};
    version = model.get("version");
    curtainName = typeof status.curtain === "string" && status.curtain ? status.curtain : null;
  }

  // ------------------------------------------------------------------ canvas
  // The cell's width: from the ResizeObserver once it reported (reading el.clientWidth on every update
  // would force a synchronous layout of the whole JupyterLab page inside the round trip).
  let observedWidth = 0;

  /** Size the canvases for the scene and the cell's width; true if the canvases were resized (cleared). */
  function measureLayout() {
    let avail = observedWidth > 0 ? observedWidth : el.clientWidth || root.clientWidth || 0;
    if (!(avail > 0)) avail = size.w;
    const dpr = num(win.devicePixelRatio, 1) > 0 ? num(win.devicePixelRatio, 1) : 1;
    const cssW = Math.max(1, Math.round(avail));
    const scale = cssW / size.w;
    const cssH = Math.max(1, Math.round(size.h * scale));
    const changed = cssW !== layout.cssW || cssH !== layout.cssH || dpr !== layout.dpr || scale !== layout.scale;
    Object.assign(layout, { availW: avail, cssW, cssH, scale, dpr });
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
    if (curtainName) {
      // Privacy: the board is not painted at all under the curtain.
      ctx.fillStyle = "#23262d";
      ctx.fillRect(0, 0, size.w, size.h);
      return;
    }
    drawScene(ctx, scene, size);
  }

  function paintOverlay() {
    if (!overCtx) overCtx = ctxOf(over);
    const ctx = overCtx;
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, over.width, over.height);
    if (curtainName || disposed) return;
    sceneTransform(ctx);
    const px = 1 / layout.scale; // one CSS pixel in scene units
    // Every legal target: a thin dashed outline.
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = TARGET_COLOR;
    if (ctx.setLineDash) ctx.setLineDash([5 * px, 3 * px]);
    for (const id of targets.keys()) {
      for (const e of index.byId.get(id) || []) {
        tracePath(ctx, e.item);
        ctx.stroke();
      }
    }
    if (ctx.setLineDash) ctx.setLineDash([]);
    // Hovered target (or the targets of the option hovered in the panel): outline glow.
    const glow = new Set(emph || []);
    if (hover && hover.id && targets.has(hover.id)) glow.add(hover.id);
    if (!glow.size) return;
    // A wide translucent halo, not shadowBlur: a blur is rasterised on the CPU without a GPU and costs
    // milliseconds on the page's thread right when the click's reply comes in.
    ctx.lineJoin = "round";
    for (const id of glow) {
      for (const e of index.byId.get(id) || []) {
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

  let paintedScene = null; // what the base canvas shows: repainted only when it changes
  let paintedCurtain = null;

  function paintCanvases() {
    const resized = measureLayout();
    if (resized || scene !== paintedScene || curtainName !== paintedCurtain) {
      paintBase();
      paintedScene = scene;
      paintedCurtain = curtainName;
    }
    paintOverlay();
  }

  // ------------------------------------------------------------------ board interaction
  function pointerOf(ev) {
    const r = over.getBoundingClientRect();
    const w = r.width || layout.cssW;
    const h = r.height || layout.cssH;
    const cssX = ev.clientX - r.left;
    const cssY = ev.clientY - r.top;
    return { cssX, cssY, x: (cssX * size.w) / w, y: (cssY * size.h) / h };
  }

  function tipFor(entry) {
    if (!entry) return null;
    if (entry.tip) return entry.tip;
    for (const e of (entry.id && index.byId.get(entry.id)) || []) if (e.tip) return e.tip;
    return null;
  }

  function showTip(text, p) {
    if (!text) {
      tip.hidden = true;
      return;
    }
    tip.textContent = text;
    tip.hidden = false;
    const tw = tip.offsetWidth || 0;
    let left = p.cssX + 14;
    if (tw && left + tw > layout.cssW) left = Math.max(0, p.cssX - 14 - tw);
    tip.style.left = `${Math.round(left)}px`;
    tip.style.top = `${Math.round(p.cssY + 16)}px`;
  }

  function updateHover(p) {
    const prev = hover;
    hover = p && !curtainName ? hitTest(index, p.x, p.y) : null;
    const isTarget = !!(hover && hover.id && targets.has(hover.id));
    over.classList.toggle("illumi-pointer", isTarget);
    showTip(p ? tipFor(hover) : null, p || { cssX: 0, cssY: 0 });
    const prevTarget = !!(prev && prev.id && targets.has(prev.id));
    if ((prev && prev.id) !== (hover && hover.id) && (isTarget || prevTarget)) paintOverlay();
  }

  function onMove(ev) {
    lastPointer = pointerOf(ev);
    updateHover(lastPointer);
  }

  function onLeave() {
    lastPointer = null;
    updateHover(null);
  }

  function onClick(ev) {
    if (swallowClick) {
      swallowClick = false;
      return;
    }
    if (curtainName) return;
    const p = pointerOf(ev);
    const hit = hitTest(index, p.x, p.y);
    if (!hit || !hit.id) return;
    const choices = targets.get(hit.id);
    if (!choices || !choices.length) return;
    if (choices.length === 1) {
      sendAct(choices[0].decision.id, choices[0].option.id);
    } else {
      openChooser(choices, p, hit.id);
    }
  }

  // ------------------------------------------------------------------ chooser
  function onDocKey(ev) {
    if (ev.key === "Escape") closeChooser();
  }

  function onDocDown(ev) {
    if (chooser.contains(ev.target)) return;
    if (ev.target === over) swallowClick = true; // the click that closes the menu does nothing else
    closeChooser();
  }

  function openChooser(choices, p, entityId) {
    closeChooser();
    chooser.textContent = "";
    const several = new Set(choices.map((c) => c.decision.id)).size > 1;
    chooser.append(make(doc, "div", "illumi-chooser-title", entityId));
    for (const { decision, option } of choices) {
      const label = several ? `${option.label ?? option.id} — ${decision.prompt ?? decision.id}` : option.label ?? option.id;
      const b = button(doc, label, "illumi-choice");
      b.setAttribute("role", "menuitem");
      b.dataset.decision = String(decision.id);
      b.dataset.option = String(option.id);
      b.addEventListener("click", () => {
        closeChooser();
        sendAct(decision.id, option.id);
      });
      chooser.append(b);
    }
    chooser.hidden = false;
    const left = Math.max(0, Math.min(p.cssX + 4, layout.cssW - 170));
    const top = Math.max(0, Math.min(p.cssY + 4, layout.cssH - 40));
    chooser.style.left = `${Math.round(left)}px`;
    chooser.style.top = `${Math.round(top)}px`;
    doc.addEventListener("keydown", onDocKey, true);
    doc.addEventListener("mousedown", onDocDown, true);
    const first = chooser.querySelector("button");
    if (first && first.focus) first.focus({ preventScroll: true });
  }

  function closeChooser() {
    doc.removeEventListener("keydown", onDocKey, true);
    doc.removeEventListener("mousedown", onDocDown, true);
    if (chooser.hidden) return;
    chooser.hidden = true;
    chooser.textContent = "";
  }

  // ------------------------------------------------------------------ intents
  function sendAct(decisionId, optionId) {
    const v = model.get("version");
    if (pending && pending.version === v && now() - pending.t < ACT_GUARD_MS) return false;
    model.send({ type: "act", version: v, decision: decisionId, option: optionId });
    pending = { t: now(), version: v };
    return true;
  }

  const sendSimple = (type, extra) => model.send({ type, version: model.get("version"), ...extra });
  const goto = (i) => sendSimple("goto", { index: i });
  const onUndo = () => sendSimple("undo");
  const onRedo = () => sendSimple("redo");
  const histOf = () => {
    const h = status.history && typeof status.history === "object" ? status.history : {};
    const length = Math.max(0, Math.trunc(num(h.length, 0)));
    const idx = Math.max(0, Math.min(length, Math.trunc(num(h.index, length))));
    return { index: idx, length };
  };
  const onFirst = () => goto(0);
  const onPrev = () => goto(Math.max(0, histOf().index - 1));
  const onNext = () => goto(Math.min(histOf().length, histOf().index + 1));
  const onLast = () => goto(histOf().length);
  const onRange = () => goto(Math.trunc(Number(range.value)));
  const onCurtain = () => model.send({ type: "curtain", open: true });
  const onBots = () => model.send({ type: "pause_bots", paused: model.get("bots_paused") !== true });

  // ------------------------------------------------------------------ bot seats
  // When a bot seat must decide and the bots are not paused, ask Python for ONE bot decision after
  // bot_delay seconds (a pace a person can follow); Python checks the version, the pause and the turn.
  function clearBotTimer() {
    if (botTimer !== null) win.clearTimeout(botTimer);
    botTimer = null;
  }

  function scheduleBot() {
    const paused = model.get("bots_paused") === true;
    const wanted = model.get("bot_turn") === true && !paused && !disposed ? version : null;
    if (wanted === botVersion) return; // already scheduled or sent for this version (or nothing to do)
    clearBotTimer();
    botVersion = wanted;
    if (wanted === null) return;
    const delay = Math.max(0, Math.min(MAX_BOT_DELAY_MS, num(model.get("bot_delay"), 0.8) * 1000));
    botTimer = win.setTimeout(() => {
      botTimer = null;
      if (disposed || version !== wanted || model.get("bots_paused") === true) return;
      model.send({ type: "bot_step", version: wanted });
    }, delay);
  }
  const onLogToggle = () => {
    if (logBox.open) logList.scrollTop = logList.scrollHeight;
  };

  function onCustom(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "error" && String(msg.code).startsWith("bot-")) return; // a bot step not taken
    if (msg.type === "error") {
      lastError = { code: String(msg.code ?? "error"), message: String(msg.message ?? "") };
      pending = null; // allow another try at once
      renderError();
    } else if (msg.type === "ok") {
      lastError = null;
      renderError();
    }
  }

  // ------------------------------------------------------------------ panels
  function optionButton(d, o, boardOption) {
    const b = button(doc, o.label ?? o.id, boardOption ? "illumi-chip" : "illumi-primary",
      boardOption ? `${o.label ?? o.id} (on the board: ${o.targets.join(", ")})` : undefined);
    b.dataset.decision = String(d.id);
    b.dataset.option = String(o.id);
    b.addEventListener("click", () => sendAct(d.id, o.id));
    if (boardOption) {
      const on = () => {
        emph = new Set(o.targets);
        paintOverlay();
      };
      const off = () => {
        emph = null;
        paintOverlay();
      };
      b.addEventListener("mouseenter", on);
      b.addEventListener("focus", on);
      b.addEventListener("mouseleave", off);
      b.addEventListener("blur", off);
    }
    return b;
  }

  function groupRow(label) {
    const row = make(doc, "div", "illumi-group");
    if (label) row.append(make(doc, "span", "illumi-group-label", `${label}:`));
    return row;
  }

  function renderPanel() {
    emph = null;
    panel.textContent = "";
    panel.hidden = !!curtainName;
    if (curtainName) return;
    for (const d of decisions) {
      const box = make(doc, "div", "illumi-decision");
      box.dataset.decision = String(d.id);
      const prompt = make(doc, "div", "illumi-prompt", d.prompt ?? "");
      if (Number.isInteger(d.seat)) prompt.append(make(doc, "span", "illumi-seat", `seat ${d.seat}`));
      box.append(prompt);
      const options = Array.isArray(d.options) ? d.options.filter((o) => o && typeof o === "object") : [];
      const groups = new Map();
      for (const o of options) {
        const g = typeof o.group === "string" ? o.group : "";
        if (!groups.has(g)) groups.set(g, []);
        groups.get(g).push(o);
      }
      const boardCount = options.filter(hasTargets).length;
      const collapse = boardCount > COLLAPSE_BOARD_OPTIONS;
      let more = null;
      if (collapse) {
        more = make(doc, "details", "illumi-more");
        more.open = openMore.has(d.id);
        more.addEventListener("toggle", () => {
          if (more.open) openMore.add(d.id);
          else openMore.delete(d.id);
        });
        more.append(make(doc, "summary", null, `All ${boardCount} options on the board, by group`));
      }
      for (const [g, list] of groups) {
        const plain = list.filter((o) => !hasTargets(o));
        const onBoard = list.filter(hasTargets);
        if (plain.length || (onBoard.length && !collapse)) {
          const row = groupRow(g);
          for (const o of plain) row.append(optionButton(d, o, false));
          if (!collapse) for (const o of onBoard) row.append(optionButton(d, o, true));
          box.append(row);
        }
        if (collapse && onBoard.length) {
          const row = groupRow(g);
          for (const o of onBoard) row.append(optionButton(d, o, true));
          more.append(row);
        }
      }
      if (more) box.append(more);
      panel.append(box);
    }
  }

  function renderStatus() {
    statusLine.textContent = typeof status.text === "string" ? status.text : "";
    statusLine.classList.toggle("illumi-terminal", !!status.terminal);
    statusLine.title = `${model.get("game") || ""} · ${model.get("perspective") || ""}`;
  }

  function renderError() {
    const err = lastError || (status.error && typeof status.error === "object" ? status.error : null);
    errorLine.textContent = err ? `${err.message || "Error"}${err.code ? ` [${err.code}]` : ""}` : "";
  }

  function renderControls() {
    controls.hidden = !!curtainName;
    undoBtn.disabled = !status.can_undo;
    redoBtn.disabled = !status.can_redo;
    const { index: i, length } = histOf();
    const none = length === 0;
    firstBtn.disabled = prevBtn.disabled = none || i <= 0;
    nextBtn.disabled = lastBtn.disabled = none || i >= length;
    range.max = String(length);
    range.value = String(i);
    range.disabled = none;
    histLabel.textContent = `${i} / ${length}`;
    const bots = model.get("bot_seats");
    botBtn.hidden = !(Array.isArray(bots) && bots.length);
    const paused = model.get("bots_paused") === true;
    botBtn.textContent = paused ? "▶ Resume bots" : "⏸ Pause bots";
    botBtn.setAttribute("aria-pressed", paused ? "true" : "false");
    botBtn.classList.toggle("illumi-bot-turn", model.get("bot_turn") === true);
    if (botBtn.dataset) botBtn.dataset.seats = Array.isArray(bots) ? bots.join(",") : "";
  }

  function renderLog() {
    logBox.hidden = !!curtainName;
    const log = curtainName ? [] : model.get("log_lines");
    const entries = Array.isArray(log) ? log.map((x) => String(x)) : [];
    const shown = entries.slice(-MAX_LOG_ROWS);
    // The log sent is the newest lines only; status.log_length (if given) counts every line.
    const given = Math.trunc(num(status.log_length, -1));
    const total = curtainName ? 0 : Math.max(entries.length, given);
    const last = entries.length ? entries[entries.length - 1] : "";
    logSummary.textContent = `Log (${total})${last ? ` — ${last}` : ""}`;
    logList.textContent = "";
    logList.start = total - shown.length + 1;
    for (const line of shown) logList.append(make(doc, "li", null, line));
    if (logBox.open) logList.scrollTop = logList.scrollHeight;
  }

  function renderCurtain() {
    curtain.hidden = !curtainName;
    if (curtainName) {
      curtain.textContent = `Pass to ${curtainName} — click to reveal`;
      tip.hidden = true;
      closeChooser();
    }
  }

  // ------------------------------------------------------------------ paint cycle
  function markPainted(t0) {
    perf.paints += 1;
    perf.lastPaintMs = now() - t0;
    el.dataset.version = String(version);
    el.dataset.painted = "1";
  }

  function flush() {
    scheduled = false;
    if (disposed) return;
    const t0 = now();
    const prevScene = scene;
    const prevDecisions = decisionsRef;
    readModel();
    if (version !== lastVersion) {
      lastVersion = version;
      lastError = null; // a new position: an older error is no longer relevant
    }
    if (scene !== prevScene || decisionsRef !== prevDecisions) {
      closeChooser();
      hover = lastPointer && !curtainName ? hitTest(index, lastPointer.x, lastPointer.y) : null;
      if (!hover) tip.hidden = true;
    }
    const t1 = now();
    paintCanvases();
    const t2 = now();
    renderStatus();
    renderPanel();
    renderError();
    renderControls();
    renderLog();
    renderCurtain();
    markPainted(t0);
    perf.lastFlush = { read: t1 - t0, canvas: t2 - t1, dom: now() - t2 };
    scheduleBot();
    if (pending && version !== pending.version) {
      perf.roundTrips.push(now() - pending.t);
      if (perf.roundTrips.length > MAX_ROUNDTRIPS) perf.roundTrips.shift();
      pending = null;
    }
  }

  function schedule() {
    if (scheduled || disposed) return;
    scheduled = true;
    microtask(flush);
  }

  function onResize(entries) {
    if (disposed) return;
    const entry = entries && entries[0];
    const w = entry && entry.contentRect ? entry.contentRect.width : el.clientWidth;
    if (w > 0) observedWidth = w;
    if (!(w > 0) || Math.abs(w - layout.availW) < 1) return;
    const t0 = now();
    paintCanvases();
    markPainted(t0);
  }

  // ------------------------------------------------------------------ wiring
  const listeners = WATCHED.map((name) => [`change:${name}`, schedule]);
  listeners.push(["msg:custom", onCustom]);
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
    [botBtn, "click", onBots],
    [logBox, "toggle", onLogToggle],
  ];
  for (const [node, type, fn] of domListeners) node.addEventListener(type, fn);

  let ro = null;
  const onWinResize = () => onResize(null);
  if (typeof win.ResizeObserver === "function") {
    ro = new win.ResizeObserver(onResize);
    ro.observe(el);
  } else {
    win.addEventListener("resize", onWinResize);
  }

  flush();

  return () => {
    disposed = true;
    clearBotTimer();
    for (const [name, fn] of listeners) model.off(name, fn);
    for (const [node, type, fn] of domListeners) node.removeEventListener(type, fn);
    if (ro) ro.disconnect();
    else win.removeEventListener("resize", onWinResize);
    closeChooser();
    root.remove();
    delete el.dataset.painted;
  };
}

export { render };
export default { render };
