// The board for a screen reader: beside the canvas, a visually hidden DOM tree built from the SAME scene the
// canvas draws (not a second layout), region by region: every thing drawn (a shape with an `id`, or with a
// tooltip) and every caption drawn outside the things, in reading order (a recursive XY cut, then rows: see
// readingOrder); a caption drawn large ("Court", "Your hand (4 cards)") heads a region (a <section> named by its
// <h3>: a landmark a screen reader jumps to). Each thing is named by its tooltip text (else by the texts drawn
// inside it), and every target of a pending decision is a button whose name says what a click does. The
// keyboard (keyboard.js) moves a roving focus over these buttons. describe.py reads the same parts in Python.
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

export const HEADING_SIZE = 12; // a caption drawn at least this large heads a region (describe.py: the same)
const LETTER = /\p{L}/gu;
const letters = (s) => (String(s).match(LETTER) || []).length;

/** About where a caption is drawn (describe.py's _text_box): its longest line at half an em a letter (at most
 * `maxw`), one em a line, placed by its `align` and `baseline`. */
export function textBox(it) {
  const x = Number(it.x) || 0;
  const y = Number(it.y) || 0;
  const size = Number(it.size) || 11;
  const lines = String(it.s).split("\n");
  let w = Math.max(...lines.map((l) => l.length)) * size * 0.5;
  const maxw = Number(it.maxw) || 0;
  if (maxw > 0) w = Math.min(w, maxw);
  const h = size * lines.length;
  const x0 = it.align === "center" ? x - w / 2 : it.align === "right" || it.align === "end" ? x - w : x;
  const y0 = it.baseline === "middle" ? y - h / 2 : it.baseline === "top" || it.baseline === "hanging" ? y : y - size;
  return [x0, y0, x0 + w, y0 + h];
}

/** The things of the hit index (shapes with an id, united by id, or with a tooltip) and the scene's captions
 * (texts drawn outside every thing, with a letter). */
export function thingsAndCaptions(index, scene) {
  const boxes = new Map();
  index.entries.forEach((e, n) => {
    const [x0, y0, x1, y1] = e.bounds;
    if (![x0, y0, x1, y1].every(Number.isFinite)) return;
    const key = e.id || `#${n}`;
    const b = boxes.get(key);
    if (!b) boxes.set(key, { id: e.id || null, bounds: [x0, y0, x1, y1], entries: [e] });
    else {
      b.bounds = [Math.min(b.bounds[0], x0), Math.min(b.bounds[1], y0), Math.max(b.bounds[2], x1), Math.max(b.bounds[3], y1)];
      b.entries.push(e);
    }
  });
  const things = [...boxes.values()];
  const items = scene && Array.isArray(scene.items) ? scene.items : [];
  const captions = [];
  for (const it of items) {
    if (!it || it.t !== "text" || typeof it.s !== "string" || !it.s.trim()) continue;
    const x = Number(it.x) || 0;
    const y = Number(it.y) || 0;
    if (things.some((b) => b.bounds[0] <= x && x <= b.bounds[2] && b.bounds[1] <= y && y <= b.bounds[3])) continue;
    if (!letters(it.s)) continue;
    captions.push({ caption: it.s, size: Number(it.size) || 11, bounds: textBox(it) });
  }
  return { things, captions };
}

const inside = (a, b) => b[0] <= a[0] && b[1] <= a[1] && a[2] <= b[2] && a[3] <= b[3];

/** The things of `order` whose box holds at least two other things (panels), each moved (in place) to just
 * before the first thing it holds (describe.py's _containers). */
export function containers(order) {
  const things = order.filter((b) => b.caption === undefined);
  const heads = [];
  for (const b of things) {
    const held = things.filter((c) => c !== b && inside(c.bounds, b.bounds) && !inside(b.bounds, c.bounds));
    if (held.length >= 2) heads.push([b, held]);
  }
  for (const [b, held] of heads) {
    const first = Math.min(...held.map((c) => order.indexOf(c)));
    const at = order.indexOf(b);
    if (first < at) order.splice(first, 0, ...order.splice(at, 1));
  }
  return new Set(heads.map(([b]) => b));
}

/** A panel's name as a heading: up to the first stop, colon or dash (at most 60 characters). */
export function shortHeading(words) {
  let w = words;
  for (const sep of [". ", ": ", " — ", " · "]) w = w.split(sep)[0];
  return w.length <= 60 ? w : `${w.slice(0, 59).trimEnd()}…`;
}

/** The accessible model of the board, region by region (describe.py's board_parts): [{heading, items: [{id,
 * name, action, bounds}]}] in reading order; a caption drawn large heads a region, other captions are items
 * without an id; nothing without words (an id is never shown). */
export function boardParts(s) {
  if (s.curtainName) return [];
  const texts = sceneTexts(s.scene);
  const { things, captions } = thingsAndCaptions(s.index, s.scene);
  const parts = [{ heading: "", items: [] }];
  const line = (name) => ({ id: null, name, action: null, bounds: null });
  const order = readingOrder([...things, ...captions]);
  const heads = containers(order);
  const headWith = (heading) => {
    const top = parts[parts.length - 1];
    if (!top.items.length && top.heading && parts.length > 1) parts[parts.length - 2].items.push(line(parts.pop().heading));
    parts.push({ heading, items: [] });
  };
  for (const b of order) {
    if (heads.has(b)) { // a panel holding other things ("Blue's table"): it heads their region
      const name = entityName(b, texts);
      if (name) {
        headWith(shortHeading(name));
        parts[parts.length - 1].items.push({ id: b.id, name, action: b.id ? actionText(s, b.id) : null, bounds: b.bounds });
        continue;
      }
    }
    if (b.caption !== undefined) {
      const words = oneLine(b.caption);
      if (b.size >= HEADING_SIZE && letters(words) >= 2) headWith(words);
      else if (words) parts[parts.length - 1].items.push(line(words));
      continue;
    }
    const name = entityName(b, texts);
    const action = b.id ? actionText(s, b.id) : null;
    if (!name && !action) continue;
    parts[parts.length - 1].items.push({ id: b.id, name, action, bounds: b.bounds });
  }
  if (parts.length > 1 && !parts[parts.length - 1].items.length) parts[parts.length - 2].items.push(line(parts.pop().heading));
  return parts.filter((p) => p.items.length);
}

/** The accessible model's things and captions in reading order, flat: [{id, name, action, bounds}]. */
export function boardModel(s) {
  return boardParts(s).flatMap((p) => p.items);
}

let headingIds = 0;

export function createA11y(v) {
  const { doc, s } = v;
  const box = make(doc, "div", "illumi-sr");
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", "The board in words");
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
    const parts = boardParts(s);
    model = parts.flatMap((p) => p.items);
    box.textContent = "";
    buttons.clear();
    for (const part of parts) {
      const list = make(doc, "ul", "illumi-sr-list");
      if (part.heading) {
        // a region a screen reader can jump to (a landmark named by its heading)
        const section = make(doc, "section", "illumi-sr-region");
        const h = make(doc, "h3", null, part.heading);
        h.id = `illumi-sr-h${++headingIds}`;
        section.setAttribute("aria-labelledby", h.id);
        section.append(h, list);
        box.append(section);
      } else {
        list.setAttribute("aria-label", "On the board");
        box.append(list);
      }
      for (const m of part.items) {
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
    }
    box.tabIndex = buttons.size ? -1 : 0; // no target: the board itself is still a stop of Tab
    if (v.keyboard) v.keyboard.refocus(had);
    return true;
  }

  return {
    box,
    render,
    model: () => model,
    targets: () => model.filter((m) => m.action && m.id),
    buttonFor: (id) => buttons.get(id) || null,
  };
}
