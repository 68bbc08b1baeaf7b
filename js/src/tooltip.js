// Hover and the tooltip: what the thing under the pointer is (its `tip`), and why it cannot be used now. The
// reason is asked from Python (a "why" intent, the rules' own words) after WHY_DELAY_MS on a thing that is not
// a target, once per version and entity; a click on such a thing pins its reason for a moment. A tooltip never
// covers an open menu or question.
//
// createTips(v) uses v.model, v.win, v.doc, v.now, v.dom (tip, over, chooser, confirmBox), v.s (index,
// version, hover, lastPointer, curtainName, connected, disposed), v.sizing (place, openBoxes, pointerOf),
// v.transport.sendIntent and v.canvas.paintOverlay.
import { make } from "./dom.js";
import { isTarget, labelOf } from "./state.js";

export const WHY_DELAY_MS = 120; // hover this long on a thing before its reason is asked
export const PIN_MS = 4000; // a reason shown after a click stays this long
const MAX_REASONS = 200;

/** The tip of a hit entry, or of another item with the same entity id. */
export function tipFor(index, entry) {
  if (!entry) return null;
  if (entry.tip) return entry.tip;
  for (const e of (entry.id && index.byId.get(entry.id)) || []) if (e.tip) return e.tip;
  return null;
}

/** What a click on target `id` does: "Click: <label>" (with "— ends your turn" / "— cannot be undone" when the
 * option says so); several options: "Click: choose between …"; a compose pick: "Click: pick it (<hint>)". */
export function clickText(s, id) {
  const choices = s.targets.get(id) || [];
  if (choices.length === 1) {
    const o = choices[0].option;
    const uses = typeof o.uses === "string" && o.uses ? o.uses : null; // ("uses 1 of your 2 main actions left")
    const more = [uses, o.ends_turn ? "ends your turn" : null, o.irreversible ? "cannot be undone" : null].filter(Boolean);
    return `Click: ${labelOf(o)}${more.length ? ` — ${more.join(", ")}` : ""}`;
  }
  if (choices.length > 1) {
    const names = choices.slice(0, 3).map((c) => labelOf(c.option));
    if (choices.length === 2) return `Click: choose between ${names[0]} and ${names[1]}`;
    return `Click: choose among ${names.join(", ")}${choices.length > 3 ? ` and ${choices.length - 3} more` : ""}`;
  }
  const m = s.composeOf.get(id);
  if (m) return (s.selections.get(m.decision.id) || []).includes(id) ? "Click: put it back" : "Click: pick it";
  return null;
}

export function createTips(v) {
  const { model, win, doc, s } = v;
  const { tip, over, chooser, confirmBox } = v.dom;
  const whyCache = new Map(); // `${version}|${entity}` -> reason (null: usable) or undefined while asked
  let whyTimer = null;
  let pinned = null; // {text, until} a reason shown after a click, kept a moment

  function show(text, p, why, click, placeLater = false) {
    if ((!text && !click) || !chooser.hidden || !confirmBox.hidden) {
      tip.hidden = true; // a tooltip never covers an open menu or question
      return;
    }
    tip.textContent = "";
    if (click) tip.append(make(doc, "div", "illumi-click", click));
    if (typeof text === "string" && text) tip.append(make(doc, "div", null, text));
    if (why) tip.append(make(doc, "div", "illumi-why", why));
    tip.hidden = false;
    if (placeLater) return; // (its words are new at once; its place, read from the page's layout, follows)
    tip.style.maxHeight = "";
    v.sizing.place(tip, { x: p.cssX, y: p.cssY }, v.sizing.openBoxes(tip));
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
    if (whyCache.size > MAX_REASONS) whyCache.delete(whyCache.keys().next().value);
    v.transport.sendIntent({ type: "why", version: model.get("version"), entity: id });
  }

  /** The reason `id` cannot be used now: a string, null (it can), or undefined (not known yet). */
  function reasonOf(id) {
    const key = whyKey(id);
    return whyCache.has(key) ? whyCache.get(key) : undefined;
  }

  /** The tooltip of what is under the pointer (or the pinned reason); `placeLater`: its words only, not
   * placed (placing reads the page's layout). */
  function refresh(placeLater = false) {
    const p = s.lastPointer;
    if (pinned && pinned.until > v.now()) {
      show(pinned.tip, pinned.p, pinned.text, null, placeLater);
      return;
    }
    pinned = null;
    if (!p || !s.hover) {
      show(null, p || { cssX: 0, cssY: 0 });
      return;
    }
    const target = isTarget(s, s.hover.id);
    const reason = s.hover.id && !target ? reasonOf(s.hover.id) : null;
    const click = target ? clickText(s, s.hover.id) : null; // a target: what a click does
    show(tipFor(s.index, s.hover) || (click ? "" : null), p, reason ? `Not now: ${reason}` : null, click,
      placeLater);
  }

  let refreshFrame = false; // a tooltip's placing waits for the frame that shows the new position
  /** refresh() just after the next frame (once, however many ask): a new position is painted first, and its
   * tooltip placed after it -- placing a box reads the page's layout, which would make the browser lay out
   * the whole page (and what JupyterLab changed meanwhile) on the way to the new position's paint. */
  function refreshAfterFrame() {
    if (refreshFrame) return;
    refreshFrame = true;
    v.raf(() => win.setTimeout(() => {
      refreshFrame = false;
      if (!s.disposed) refresh();
    }, 0));
  }

  /** What is under the resting pointer now, in the state only (no page change, no repaint): for a new
   * position, before the canvases are painted with it; updateHover(p, true) then does the rest. */
  function rehit(p) {
    s.hover = p && !s.curtainName ? v.sizing.hitAt(p.x, p.y) : null;
  }

  /** What is under the pointer `p` now (the board may have changed under it): the hover, the pointer cursor,
   * the target glow, and the tooltip (with `later`: its words now, its place just after the next frame, see
   * refreshAfterFrame). */
  function updateHover(p, later = false) {
    const prev = s.hover;
    s.hover = p && !s.curtainName ? v.sizing.hitAt(p.x, p.y) : null;
    const onTarget = isTarget(s, s.hover && s.hover.id);
    over.classList.toggle("illumi-pointer", onTarget);
    if ((prev && prev.id) !== (s.hover && s.hover.id)) pinned = null;
    if (later && p && typeof v.raf === "function") {
      refresh(true); // its words at once (the thing just played is no longer a target: its "Click: …" goes)
      refreshAfterFrame();
    } else refresh();
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
    if ((prev && prev.id) !== (s.hover && s.hover.id) && (onTarget || prevTarget)) v.canvas.paintOverlay();
  }

  function onMove(ev) {
    s.lastPointer = v.sizing.pointerOf(ev);
    updateHover(s.lastPointer);
  }

  function onLeave() {
    s.lastPointer = null;
    pinned = null;
    updateHover(null);
  }

  /** A click on `hit` (at `p`), not a legal target: say why on the board (asked from Python if not known). */
  function explain(hit, p) {
    s.lastPointer = p;
    s.hover = hit;
    const reason = reasonOf(hit.id);
    const text = reason ? `Not now: ${reason}` : reason === null ? "Nothing to do with this now." : "…";
    pinned = { until: v.now() + PIN_MS, p, tip: tipFor(s.index, hit), text, id: hit.id };
    if (reason === undefined) {
      if (!whyCache.has(whyKey(hit.id))) askWhy(hit.id);
    }
    refresh();
  }

  /** A "why" reply: the reason an entity cannot be used now (null: it can). */
  function onWhy(msg) {
    if (typeof msg.entity !== "string") return;
    const reason = typeof msg.reason === "string" && msg.reason ? msg.reason : null;
    whyCache.set(`${msg.version}|${msg.entity}`, reason);
    if (msg.asked !== undefined) whyCache.set(`${msg.asked}|${msg.entity}`, reason);
    if (pinned && pinned.id === msg.entity) {
      pinned.text = reason ? `Not now: ${reason}` : "Nothing to do with this now.";
      pinned.until = v.now() + PIN_MS;
    }
    if ((s.hover && s.hover.id === msg.entity) || (pinned && pinned.id === msg.entity)) refresh();
  }

  /** A new position: a pinned reason is no longer true. */
  function unpin() {
    pinned = null;
  }

  function dispose() {
    if (whyTimer !== null) win.clearTimeout(whyTimer);
  }

  return { show, refresh, rehit, updateHover, onMove, onLeave, explain, onWhy, askWhy, reasonOf, unpin, dispose };
}
