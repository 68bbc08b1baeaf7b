// A "compose" decision: each option names a SET of board entities (its `targets`), and the player builds the
// choice by clicking entities into a selection on the board; the selection narrows the options consistent
// with it, and when exactly one option matches it the bar offers "Confirm: <label>". Pure functions (no DOM),
// so the selection is local to the painter: no kernel round trip per click. The option chosen is sent as a
// normal act that Python validates as always.
//
// decision.compose = {
//   alike: {entity: class}   entities that are interchangeable (three Messengers in a hand: one class); an
//                            entity not listed is its own class. Options match by the MULTISET of classes.
//   hint: "Click ..."        what to do, in words (shown in the bar)
//   tags: {entity: [on, off]} optional words drawn on an entity: `on` when selected, `off` when not (shown
//                            once the selection is not empty)
// }

export const classOf = (compose, id) => {
  const alike = compose && compose.alike && typeof compose.alike === "object" ? compose.alike : null;
  const c = alike && Object.prototype.hasOwnProperty.call(alike, id) ? alike[id] : null;
  return typeof c === "string" && c ? c : id;
};

function counts(compose, ids) {
  const m = new Map();
  for (const id of ids) {
    const c = classOf(compose, id);
    m.set(c, (m.get(c) || 0) + 1);
  }
  return m;
}

export function isCompose(d) {
  return !!(d && typeof d === "object" && d.compose && typeof d.compose === "object" && Array.isArray(d.options));
}

/** The compose model of a decision: its options with their class multisets, and every selectable entity. */
export function composeModel(d) {
  const compose = d.compose;
  const options = [];
  for (const o of d.options) {
    if (!o || typeof o !== "object" || !Array.isArray(o.targets)) continue;
    const ids = o.targets.filter((t) => typeof t === "string" && t);
    if (!ids.length) continue;
    options.push({ option: o, need: counts(compose, ids), size: ids.length });
  }
  const classes = new Set();
  for (const { need } of options) for (const c of need.keys()) classes.add(c);
  const selectable = new Set();
  for (const { option } of options) for (const t of option.targets) if (typeof t === "string" && t) selectable.add(t);
  const alike = compose.alike && typeof compose.alike === "object" ? compose.alike : {};
  for (const id of Object.keys(alike)) if (classes.has(classOf(compose, id))) selectable.add(id);
  return { decision: d, compose, options, selectable };
}

function fits(need, have) {
  for (const [c, n] of have) if ((need.get(c) || 0) < n) return false;
  return true;
}

/** The options consistent with a selection (array of entity ids): each holds at least the selection. */
export function narrow(m, selection) {
  const have = counts(m.compose, selection);
  return m.options.filter((x) => fits(x.need, have)).map((x) => x.option);
}

/** The options the selection names exactly (same multiset of classes). */
export function exact(m, selection) {
  const have = counts(m.compose, selection);
  return m.options.filter((x) => x.size === selection.length && fits(x.need, have)).map((x) => x.option);
}

/** The single option to confirm, or null (none or several match exactly). */
export function confirmable(m, selection) {
  const ex = exact(m, selection);
  return ex.length === 1 ? ex[0] : null;
}

/** Toggle `id` in the selection: a selected entity is taken out; an unselected one is added. When adding it
 * leaves no option possible, the OLDEST selected entity whose removal makes room is replaced (a second
 * Intent replaces the first; a fourth host replaces the first host); when none does, the selection starts
 * again with `id` alone, if that is possible. Returns {selection, changed, refused}. */
export function toggle(m, selection, id) {
  if (selection.includes(id)) return { selection: selection.filter((x) => x !== id), changed: true, refused: false };
  if (!m.selectable.has(id)) return { selection, changed: false, refused: true };
  const added = [...selection, id];
  if (narrow(m, added).length) return { selection: added, changed: true, refused: false };
  for (let k = 0; k < selection.length; k++) {
    const trial = [...selection.slice(0, k), ...selection.slice(k + 1), id];
    if (narrow(m, trial).length) return { selection: trial, changed: true, refused: false };
  }
  if (narrow(m, [id]).length) return { selection: [id], changed: true, refused: false };
  return { selection, changed: false, refused: true };
}

/** A selection kept across updates of the decision: dropped entities that are gone, or all of it if it no
 * longer fits an option. */
export function keepSelection(m, selection) {
  const kept = (selection || []).filter((id) => m.selectable.has(id));
  return kept.length && narrow(m, kept).length ? kept : [];
}

/** The word to draw on an entity (its tag), or null. */
export function tagOf(m, selection, id) {
  const tags = m.compose.tags && typeof m.compose.tags === "object" ? m.compose.tags[id] : null;
  if (!Array.isArray(tags)) return null;
  if (selection.includes(id)) return typeof tags[0] === "string" && tags[0] ? tags[0] : null;
  return selection.length && typeof tags[1] === "string" && tags[1] ? tags[1] : null;
}
