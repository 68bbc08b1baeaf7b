// Keyboard play. The board's targets are buttons of the accessible tree (a11y.js) with ONE roving tab stop:
// Tab enters the board on the target focused last, the arrow keys move between targets (Left / Right: previous
// / next in reading order, region by region; Up / Down: the nearest target above / below; Home / End), Enter or Space
// (the button's own click) acts as a click (the same chooser menu when a target has several actions), Escape closes a menu and returns
// focus to where it was. A ring in two colours (dark inside, light outside: visible on any board) is drawn
// around the focused target. Shortcuts anywhere in the widget: u undo, r redo, a analyse, ? legend, . the next
// decision's first target, l the log, c the typed-command box (command.js). When the update an action caused
// removes the focused element (a bar button whose decision is gone), the focus comes back to the board.
// Forced colours (high contrast): the ring and every focus outline are drawn in system colours (CSS below). Keys pressed inside the board never reach JupyterLab (its command mode
// would move or add cells): keydown stops at the widget's root; Tab and Shift-Tab still leave.
//
// createKeyboard(v) uses v.doc, v.dom (root, stage, chooser, confirmBox, undoBtn, redoBtn, analyseBtn, helpBtn,
// logBox, logSummary), v.layout, v.s, v.a11y, v.menus (choose, openChooser), v.board (pick, onSelectionKey),
// v.tips.explain.
import { make } from "./dom.js";

export const SHORTCUTS = [
  ["Tab", "enter the board (Shift-Tab or Tab again leaves it)"],
  ["Arrow keys", "move between the things you can act on"],
  ["Enter or Space", "act on the thing focused (a menu when there are several choices)"],
  ["Escape", "close a menu and go back"],
  ["u", "undo"], ["r", "redo"], ["a", "analyse"], ["?", "this legend"],
  [".", "the next decision's first thing on the board"], ["l", "the log"],
  ["c", "typed commands: type an action's name or notation (Escape closes)"],
];
const RING_PAD = 3; // CSS px between a target and its ring
const RING_MIN = 24; // the ring is at least this wide and high (CSS px)
const NAV_KEYS = new Set(["Enter", " ", "Escape", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End",
  "PageUp", "PageDown"]);
const STYLE_ID = "illumi-keyboard-style";
const CSS = `
.illumi-chooser.illumi-closing{opacity:0;pointer-events:none}
.illumi-sr{position:absolute;left:0;top:0;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;line-height:normal}
.illumi-focus-ring{position:absolute;pointer-events:none;box-sizing:border-box;border:3px solid #111;outline:3px solid #fff;border-radius:4px;z-index:3}
.illumi-widget .illumi-amount-value:focus-visible,.illumi-widget .illumi-log>summary:focus-visible,
.illumi-widget .illumi-command-input:focus-visible{outline:2px solid var(--jp-brand-color1,#1976d2);outline-offset:1px}
.illumi-widget .illumi-history{flex-wrap:wrap}
.illumi-command{display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin:3px 0 0}
.illumi-command[hidden]{display:none}
.illumi-command-input{flex:1 1 14em;min-width:8em;font:inherit;padding:2px 6px}
.illumi-command-toggle{margin-top:6px}
@media (forced-colors: active){
.illumi-focus-ring{border-color:CanvasText;outline-color:Highlight}
.illumi-widget .illumi-btn,.illumi-widget .illumi-marker{border:1px solid ButtonText}
.illumi-widget .illumi-btn:disabled{border-color:GrayText;color:GrayText}
.illumi-widget .illumi-btn:focus-visible,.illumi-widget .illumi-amount-value:focus-visible,
.illumi-widget .illumi-log>summary:focus-visible,.illumi-widget .illumi-command-input:focus-visible,
.illumi-widget .illumi-sr-target:focus{outline:3px solid Highlight;outline-offset:2px}
.illumi-widget .illumi-chooser,.illumi-widget .illumi-legend,.illumi-widget .illumi-confirm,.illumi-widget .illumi-end,
.illumi-widget .illumi-tip,.illumi-widget .illumi-bar,.illumi-widget .illumi-stepper{border:2px solid CanvasText}
.illumi-widget .illumi-stage canvas{forced-color-adjust:none}
}
`;

/** The ring's box (CSS px on the stage) around scene bounds `b`, at `k` CSS px per scene unit. */
export function ringBox(b, k) {
  let left = b[0] * k - RING_PAD;
  let top = b[1] * k - RING_PAD;
  let width = (b[2] - b[0]) * k + 2 * RING_PAD;
  let height = (b[3] - b[1]) * k + 2 * RING_PAD;
  if (width < RING_MIN) {
    left -= (RING_MIN - width) / 2;
    width = RING_MIN;
  }
  if (height < RING_MIN) {
    top -= (RING_MIN - height) / 2;
    height = RING_MIN;
  }
  return { left, top, width, height };
}

/** The target to go to from `cur` (an entry of `order`, reading order) by `key`: Left / Right the previous /
 * next in reading order, Up / Down the nearest target above / below (straight lines count double sideways);
 * null when there is none. */
export function nextTarget(order, cur, key) {
  if (!order.length) return null;
  const i = cur ? order.findIndex((t) => t.id === cur.id) : -1;
  if (i < 0 || key === "Home") return order[0];
  if (key === "End") return order[order.length - 1];
  if (key === "ArrowRight") return order[Math.min(order.length - 1, i + 1)];
  if (key === "ArrowLeft") return order[Math.max(0, i - 1)];
  const up = key === "ArrowUp" || key === "PageUp";
  const c = order[i].bounds;
  const cx = (b) => (b[0] + b[2]) / 2;
  const cy = (b) => (b[1] + b[3]) / 2;
  let best = null;
  let bestScore = Infinity;
  for (const t of order) {
    const dy = cy(t.bounds) - cy(c);
    const beyond = up ? t.bounds[3] <= cy(c) && dy < 0 : t.bounds[1] >= cy(c) && dy > 0;
    if (t === order[i] || !beyond) continue;
    const score = Math.abs(dy) + 2 * Math.abs(cx(t.bounds) - cx(c));
    if (score < bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best || order[i];
}

export function createKeyboard(v) {
  const { doc, s } = v;
  const { root, stage, chooser, confirmBox } = v.dom;
  if (!doc.getElementById(STYLE_ID) && doc.head) {
    const style = make(doc, "style", null, CSS);
    style.id = STYLE_ID;
    doc.head.append(style);
  }
  const ring = make(doc, "div", "illumi-focus-ring");
  ring.hidden = true;
  ring.setAttribute("aria-hidden", "true");
  stage.append(ring);
  let current = null; // entity id of the target focused last
  let returnTo = null; // where focus goes back to when a menu closes
  let wanted = false; // an action started on the board: focus comes back to the board after the update
  let focusInMenu = false; // focus went into a menu (it stays so when the menu closes under it)
  let lastFocused = null; // the widget's element that had the focus last (a bar button, a target...)

  const inBoard = (node) => !!node && v.a11y.box.contains(node);
  const inMenu = (node) => !!node && (chooser.contains(node) || confirmBox.contains(node));
  const targets = () => v.a11y.targets();
  const entry = (id) => targets().find((t) => t.id === id) || null;

  function setRoving(id) {
    current = id;
    for (const t of targets()) {
      const b = v.a11y.buttonFor(t.id);
      if (b) b.tabIndex = t.id === id ? 0 : -1;
    }
  }

  function placeRing() {
    const focused = doc.activeElement;
    const on = inBoard(focused);
    ring.hidden = !on;
    if (!on) return;
    const t = focused === v.a11y.box ? null : entry(focused.dataset.entity);
    const k = s.size.w > 0 ? v.layout.cssW / s.size.w : 1;
    const r = t ? ringBox(t.bounds, k) : { left: 0, top: 0, width: v.layout.cssW, height: v.layout.cssH };
    Object.assign(ring.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    if (typeof ring.scrollIntoView === "function") ring.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  /** Focus target `id` on the board (or the board itself when there is no target). */
  function focusTarget(id) {
    const t = (id && entry(id)) || entry(current) || targets()[0];
    const node = t ? v.a11y.buttonFor(t.id) : v.a11y.box;
    if (t) setRoving(t.id);
    if (node && node.focus) node.focus({ preventScroll: true });
    placeRing();
  }

  /** After the tree was rebuilt: keep the roving stop, and the focus if it was on the board. */
  function refocus(had) {
    const t = entry(current) || targets()[0];
    if (t) setRoving(t.id);
    if (had) focusTarget(t ? t.id : null);
  }

  /** Every update: bring the focus back to the board after an action started there, and move the ring. */
  function render() {
    const a = doc.activeElement;
    const lost = !a || a === doc.body || !a.isConnected;
    // an action started on the board, or the focused bar button was removed by the update (its decision
    // is gone): the focus comes back to the board instead of falling to the page's top
    const removed = lastFocused && !lastFocused.isConnected;
    if ((wanted || removed) && !s.curtainName && lost && chooser.hidden && confirmBox.hidden) {
      wanted = false;
      lastFocused = null;
      focusTarget(current);
      return;
    }
    placeRing();
  }

  function centre(t) {
    const k = s.size.w > 0 ? v.layout.cssW / s.size.w : 1;
    const x = (t.bounds[0] + t.bounds[2]) / 2;
    const y = (t.bounds[1] + t.bounds[3]) / 2;
    return { x, y, cssX: x * k, cssY: y * k };
  }

  /** Enter or Space on target `id`: exactly what a click on it does. */
  function activate(id) {
    const t = entry(id);
    if (!t || s.curtainName) return;
    wanted = true;
    const m = s.composeOf.get(id);
    if (m) {
      v.board.pick(m, id);
      return;
    }
    const choices = s.targets.get(id) || [];
    if (choices.length === 1) v.menus.choose(choices[0].decision, choices[0].option);
    else if (choices.length > 1) {
      returnTo = v.a11y.buttonFor(id);
      v.menus.openChooser(choices.map(({ decision, option }) => ({ decision, option })), centre(t), "Choose");
    }
  }

  /** "." : the first target of the first decision that has one on the board. */
  function firstOfNextDecision() {
    for (const d of s.decisions) {
      for (const t of targets()) {
        const ds = (s.targets.get(t.id) || []).map((c) => c.decision);
        const m = s.composeOf.get(t.id);
        if (ds.includes(d) || (m && m.decision === d)) return t.id;
      }
    }
    return null;
  }

  const usable = (b) => b && !b.hidden && !b.disabled;
  const press = (b) => {
    if (usable(b)) b.click();
  };
  // u and r when Undo or Redo cannot be used: the screen reader says why (the button's tooltip: history.js)
  const pressOrSayWhy = (b) => {
    if (usable(b)) b.click();
    else if (b && !b.hidden && b.title && v.announce) v.announce.polite.textContent = b.title;
  };

  function shortcut(key) {
    const d = v.dom;
    if (key === "u") pressOrSayWhy(d.undoBtn);
    else if (key === "r") pressOrSayWhy(d.redoBtn);
    else if (key === "a") press(d.analyseBtn);
    else if (key === "?") press(d.helpBtn);
    else if (key === "c" && v.command) v.command.toggle(true);
    else if (key === "l") {
      if (d.logBox.hidden) return true;
      d.logBox.open = !d.logBox.open;
      if (d.logSummary.focus) d.logSummary.focus();
    } else if (key === ".") {
      const id = firstOfNextDecision();
      if (!id) return true;
      focusTarget(id);
    } else return false;
    return true;
  }

  /** Arrow keys (and Home / End) inside an open menu move between its entries. */
  function menuArrow(ev) {
    const items = [...chooser.querySelectorAll("button")].filter((b) => !b.disabled);
    const i = items.indexOf(doc.activeElement);
    if (!items.length) return;
    const j = ev.key === "Home" ? 0 : ev.key === "End" ? items.length - 1
      : ev.key === "ArrowDown" ? (i + 1) % items.length : (i - 1 + items.length) % items.length;
    items[j].focus();
    ev.preventDefault();
  }

  function onKeyDown(ev) {
    if (v.wordsNow) v.wordsNow(); // (the words of an update not written yet: now, before a key moves on them)
    const t = ev.target;
    const board = inBoard(t);
    const menu = inMenu(t) || (focusInMenu && !t.isConnected); // (a closed menu's entry is detached)
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return; // the browser's and JupyterLab's own shortcuts
    if (ev.key === "Tab") {
      if (board || menu) ev.stopPropagation(); // Tab leaves: its default (moving focus) is kept
      return;
    }
    const typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
    let handled = false;
    if (board && t !== v.a11y.box && ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"].includes(ev.key)) {
      const next = nextTarget(targets(), entry(t.dataset.entity), ev.key);
      if (next) focusTarget(next.id);
      handled = true;
    } else if (menu && chooser.contains(t) && ["ArrowDown", "ArrowUp", "Home", "End"].includes(ev.key)) {
      menuArrow(ev);
      handled = true;
    } else if (ev.key === "Escape") {
      v.board.onSelectionKey(ev); // (it listens on the document, which this key no longer reaches)
      if (menu && returnTo && returnTo.isConnected) returnTo.focus({ preventScroll: true });
      else if (menu && current) focusTarget(current);
      if (menu) wanted = false;
      placeRing();
      handled = true;
    } else if (!typing && !(ev.key === " " || ev.key === "Enter")) {
      handled = shortcut(ev.key);
    }
    if (handled) ev.preventDefault();
    if (handled || board || menu || NAV_KEYS.has(ev.key)) ev.stopPropagation();
  }

  /** Enter or Space on a target's button (its native click), or a screen reader's click on it. */
  function onTreeClick(ev) {
    const b = ev.target && ev.target.closest ? ev.target.closest("button[data-entity]") : null;
    if (b) activate(b.dataset.entity);
  }

  function onFocusIn(ev) {
    if (v.wordsNow) v.wordsNow();
    const t = ev.target;
    const from = ev.relatedTarget;
    if (inMenu(t) && from && !inMenu(from)) returnTo = from;
    focusInMenu = inMenu(t);
    lastFocused = t;
    if (inBoard(t) && t.dataset && t.dataset.entity) setRoving(t.dataset.entity);
    if (!inBoard(t) && !inMenu(t)) wanted = false;
    placeRing();
  }

  function onFocusOut(ev) {
    if (!inBoard(ev.relatedTarget)) ring.hidden = true;
    if (ev.relatedTarget && !root.contains(ev.relatedTarget)) lastFocused = null; // left the widget on purpose
  }

  const listeners = [[root, "keydown", onKeyDown], [v.a11y.box, "click", onTreeClick], [root, "focusin", onFocusIn], [root, "focusout", onFocusOut]];
  /** Must the update's words be there at once: the focus is to come back to the board (an action started there,
   * or the focused bar button went with its decision)? */
  const needsFocus = () => wanted || !!(lastFocused && !lastFocused.isConnected);
  /** A menu's entry was picked with the pointer: the focus is not brought to the board (no ring where a mouse
   * clicked); the menu hands it on when it closes (toHost). */
  function pointerPicked() {
    wanted = false;
    lastFocused = null;
  }
  /** The focus, from a menu closing under it, to the focusable element around the widget (a notebook's cell),
   * not to the page's body: JupyterLab puts a focus that left the active cell back on it at the next mousedown,
   * and the focus entering the notebook from the body restyles the whole notebook twice there (about 1,465
   * elements each, 26-118 ms, traced); from the menu to the cell around it only the cell is restyled. */
  function toHost() {
    const host = root.parentElement && root.parentElement.closest ? root.parentElement.closest("[tabindex]") : null;
    if (host && host.focus && root.contains(doc.activeElement)) host.focus({ preventScroll: true });
  }
  return {
    listeners, render, refocus, focusTarget, activate, current: () => current, ring, needsFocus, pointerPicked, toHost,
  };
}
