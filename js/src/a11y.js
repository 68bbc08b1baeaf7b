// The board for a screen reader: beside the canvas, a visually hidden DOM tree built from the SAME scene the
// canvas draws (not a second layout): one list of the board's entities (scene items with an `id`) in reading
// order (region by region, then row by row: see readingOrder), each named by its tooltip text (else by
// the texts drawn inside it), and every target of a pending decision as a button whose name says what a click
// does. The keyboard (keyboard.js) moves a roving focus over these buttons.
//
// Hidden information: the tree is built only from `s.scene` and `s.decisions`, which are the seat's view
// (Python's `state.view(seat)` is the only filter, and the leak scan covers those traits and messages), so it
// cannot hold anything the canvas does not; under the curtain it holds nothing at all.
//
// createA11y(v) uses v.doc, v.dom.stage, v.s (scene, index, targets, composeOf, selections, curtainName) and
// v.keyboard.refocus.
import { make } from "./dom.js";
import { labelOf } from "./state.js";

/** Entity id -> {id, bounds: [x0, y0, x1, y1] (the union of its items), entries} over the hit index. */
export function entityBoxes(index) {
  const boxes = new Map();
  for (const e of index.entries) {
    if (!e.id) continue;
    const [x0, y0, x1, y1] = e.bounds;
    if (![x0, y0, x1, y1].every(Number.isFinite)) continue;
    const b = boxes.get(e.id);
    if (!b) boxes.set(e.id, { id: e.id, bounds: [x0, y0, x1, y1], entries: [e] });
    else {
      b.bounds = [Math.min(b.bounds[0], x0), Math.min(b.bounds[1], y0), Math.max(b.bounds[2], x1), Math.max(b.bounds[3], y1)];
      b.entries.push(e);
    }
  }
  return boxes;
}

/** The widest gap that the projections of `boxes` on one axis (0: x, 1: y) leave: {width, before, after}
 * (the boxes on each side), or null. */
function widestGap(boxes, axis) {
  const sorted = [...boxes].sort((a, b) => a.bounds[axis] - b.bounds[axis]);
  let reach = -Infinity;
  let best = null;
  sorted.forEach((b, i) => {
    if (i > 0 && b.bounds[axis] - reach > 0 && (!best || b.bounds[axis] - reach > best.width)) {
      best = { width: b.bounds[axis] - reach, before: sorted.slice(0, i), after: sorted.slice(i) };
    }
    reach = Math.max(reach, b.bounds[axis + 2]);
  });
  return best;
}

/** Rows (a box joins the row whose first box spans its vertical centre), each left to right. */
function rowsOf(boxes) {
  const cy = (b) => (b.bounds[1] + b.bounds[3]) / 2;
  const cx = (b) => (b.bounds[0] + b.bounds[2]) / 2;
  const rows = [];
  for (const b of [...boxes].sort((a, b) => cy(a) - cy(b) || cx(a) - cx(b))) {
    const row = rows.find((r) => cy(b) >= r.top && cy(b) <= r.bottom);
    if (row) row.items.push(b);
    else rows.push({ top: b.bounds[1], bottom: b.bounds[3], items: [b] });
  }
  rows.sort((a, b) => a.top - b.top);
  return rows.flatMap((r) => r.items.sort((a, b) => cx(a) - cx(b)));
}

/** Boxes in reading order, region by region: a recursive XY cut at the widest gap that crosses the whole group
 * of boxes (a gap across: the part above first; a gap down: the left part first); a group with no gap is read
 * in rows. The same order as describe.py's. */
export function readingOrder(boxes, depth = 0) {
  const all = [...boxes];
  if (all.length <= 1) return all;
  const y = widestGap(all, 1);
  const x = widestGap(all, 0);
  const cut = y && (!x || y.width >= x.width) ? y : x;
  if (!cut || depth > 200) return rowsOf(all);
  return [...readingOrder(cut.before, depth + 1), ...readingOrder(cut.after, depth + 1)];
}

/** A tooltip's lines as one line of words ("Tabloids. Power 2, Resistance 3"). */
export function oneLine(text) {
  return String(text).split("\n").map((l) => l.trim()).filter(Boolean)
    .map((l, i, all) => (i < all.length - 1 && !/[.!?:;,—…]$/.test(l) ? `${l}.` : l)).join(" ");
}

/** The words naming entity box `b`: its tooltip, else the texts drawn inside its box; "" when it has none. */
export function entityName(b, texts) {
  for (const e of b.entries) if (e.tip) return oneLine(e.tip);
  const [x0, y0, x1, y1] = b.bounds;
  const inside = texts.filter((t) => t.x >= x0 && t.x <= x1 && t.y >= y0 && t.y <= y1).map((t) => t.s);
  return oneLine(inside.join("\n"));
}

/** The scene's text items {x, y, s}. */
export function sceneTexts(scene) {
  const items = scene && Array.isArray(scene.items) ? scene.items : [];
  return items.filter((it) => it && it.t === "text" && typeof it.s === "string" && it.s.trim())
    .map((it) => ({ x: Number(it.x), y: Number(it.y), s: it.s }));
}

/** What activating target `id` does, in words, or null when it is not a target now. */
export function actionText(s, id) {
  const m = s.composeOf.get(id);
  if (m) return (s.selections.get(m.decision.id) || []).includes(id) ? "put it back" : "pick it";
  const choices = s.targets.get(id) || [];
  if (choices.length === 1) {
    const o = choices[0].option;
    const more = [o.ends_turn ? "ends your turn" : null, o.irreversible ? "cannot be undone" : null].filter(Boolean);
    return `${labelOf(o)}${more.length ? ` (${more.join(", ")})` : ""}`;
  }
  if (choices.length > 1) {
    const names = choices.map((c) => labelOf(c.option));
    return `choose between ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  }
  return null;
}

/** The accessible model of the board: [{id, name, action, bounds}] in reading order (no entity without
 * words: an id is never shown). */
export function boardModel(s) {
  if (s.curtainName) return [];
  const texts = sceneTexts(s.scene);
  const out = [];
  for (const b of readingOrder(entityBoxes(s.index).values())) {
    const name = entityName(b, texts);
    const action = actionText(s, b.id);
    if (!name && !action) continue;
    out.push({ id: b.id, name, action, bounds: b.bounds });
  }
  return out;
}

export function createA11y(v) {
  const { doc, s } = v;
  const box = make(doc, "div", "illumi-sr");
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", "The board in words");
  const list = make(doc, "ul", "illumi-sr-list");
  list.setAttribute("aria-label", "On the board");
  box.append(list);
  v.dom.stage.append(box);
  let built = null; // the signature of what the tree shows
  let model = [];
  const buttons = new Map(); // entity id -> its button

  const signature = () => [s.index, s.targets, s.composeOf, s.curtainName,
    JSON.stringify([...s.selections.entries()])];

  /** Rebuild the tree when the scene, the targets or the selections changed. */
  function render() {
    const sig = signature();
    if (built && sig.every((x, i) => x === built[i])) return false;
    built = sig;
    const had = box.contains(doc.activeElement);
    model = boardModel(s);
    list.textContent = "";
    buttons.clear();
    for (const m of model) {
      const li = make(doc, "li");
      if (m.action) {
        const b = make(doc, "button", "illumi-sr-target", m.name ? `${m.name} — ${m.action}` : m.action);
        b.type = "button";
        b.tabIndex = -1;
        b.dataset.entity = m.id;
        if ((s.targets.get(m.id) || []).length > 1) b.setAttribute("aria-haspopup", "menu");
        buttons.set(m.id, b);
        li.append(b);
      } else {
        li.textContent = m.name;
      }
      list.append(li);
    }
    box.tabIndex = buttons.size ? -1 : 0; // no target: the board itself is still a stop of Tab
    if (v.keyboard) v.keyboard.refocus(had);
    return true;
  }

  return {
    box,
    render,
    model: () => model,
    targets: () => model.filter((m) => m.action),
    buttonFor: (id) => buttons.get(id) || null,
  };
}
