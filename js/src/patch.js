// Scene patches: each scene has a `stamp`; `scene_patch` = {base: stamp, stamp: stamp, ops: [[start, deleteCount,
// [items...]], ...], set: {...}} turns the scene `base` (the previous one) into the scene `stamp`. The splices
// apply to the base's items in order (each start an index into the list as the previous splices left it, as
// Array.prototype.splice); an op [start, count, {dx, dy}] moves the count items at start instead (the same items
// drawn further: a row that grew moves what is below it); `set` overrides top-level keys. Python sends the
// `scene` trait (a FULL scene) only now and then; the page applies each patch to the scene the one before made
// and keeps that as the model's `scene` (keepPatched). A patch whose `stamp` is the full scene's own says the
// full scene is the current one (a view opened later, a saved widget state). Python's apply_scene_patch is the
// twin.

function isCount(n) {
  return typeof n === "number" && Number.isInteger(n) && n >= 0;
}

const isNum = (v) => typeof v === "number" && Number.isFinite(v);

/** A move op's third element: {dy} or {dx, dy} (numbers), the items it covers drawn that much further. */
function isMove(m) {
  if (!m || typeof m !== "object" || Array.isArray(m)) return false;
  const keys = Object.keys(m);
  return keys.length > 0 && keys.every((k) => (k === "dx" || k === "dy") && isNum(m[k]));
}

/** `it` drawn dx, dy further: its numeric x, y and pts points (a new object; Python's moved_item). */
export function movedItem(it, dx, dy) {
  if (!it || typeof it !== "object" || Array.isArray(it)) return it;
  const out = { ...it };
  if (dx && isNum(out.x)) out.x += dx;
  if (dy && isNum(out.y)) out.y += dy;
  if (Array.isArray(out.pts)) {
    out.pts = out.pts.map((p) => (Array.isArray(p) && p.length === 2 && isNum(p[0]) && isNum(p[1]) ? [p[0] + dx, p[1] + dy] : p));
  }
  return out;
}

/**
 * The effective scene: { scene, applied, problem }, from the full scene `scene`, the patch and `shown` (the
 * scene the previous patch made, or null).
 * - no patch, an empty one for this base, or one whose stamp is the full scene's: the full scene itself
 *   (applied: false, problem: null);
 * - a patch for another base than the full scene's or `shown`'s, or one that does not apply cleanly: the full
 *   scene, with `problem` set;
 * - else a NEW scene object (nothing is mutated; its stamp the patch's, if it has one) with applied: true.
 */
export function applyPatch(scene, patch, shown = null) {
  let base = scene && typeof scene === "object" && !Array.isArray(scene) ? scene : {};
  if (patch === undefined || patch === null) return { scene: base, applied: false, problem: null };
  if (typeof patch !== "object" || Array.isArray(patch)) {
    return { scene: base, applied: false, problem: "the patch is not an object" };
  }
  const ops = patch.ops === undefined ? [] : patch.ops;
  const top = patch.set === undefined || patch.set === null ? {} : patch.set;
  if (Object.keys(patch).length === 0) return { scene: base, applied: false, problem: null };
  if (!Array.isArray(ops)) return { scene: base, applied: false, problem: "ops is not a list" };
  if (typeof top !== "object" || Array.isArray(top)) {
    return { scene: base, applied: false, problem: "set is not an object" };
  }
  if ("stamp" in base && patch.stamp !== undefined && patch.stamp === base.stamp) {
    return { scene: base, applied: false, problem: null }; // the full scene is the patch's own
  }
  if ("stamp" in base && patch.base !== base.stamp && shown && typeof shown === "object"
    && "stamp" in shown && patch.base === shown.stamp) {
    base = shown; // the patch is against the scene the previous patch made
  } else if (!("stamp" in base) || patch.base !== base.stamp) {
    // An empty patch for another base changes nothing: not worth a warning.
    const empty = ops.length === 0 && Object.keys(top).length === 0;
    return { scene: base, applied: false, problem: empty ? null : `the patch is for scene ${JSON.stringify(patch.base)}, not ${JSON.stringify(base.stamp)}` };
  }
  if (ops.length === 0 && Object.keys(top).length === 0) return { scene: base, applied: false, problem: null };
  let items = Array.isArray(base.items) ? base.items : [];
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (!Array.isArray(op) || op.length !== 3) return { scene: base, applied: false, problem: `op ${i} is not [start, count, items]` };
    const [start, count, add] = op;
    const move = isMove(add);
    if (!isCount(start) || !isCount(count) || !(Array.isArray(add) || move) || start + count > items.length) {
      return { scene: base, applied: false, problem: `op ${i} does not fit the ${items.length} items` };
    }
    const put = move ? items.slice(start, start + count).map((it) => movedItem(it, add.dx ?? 0, add.dy ?? 0)) : add;
    items = items.slice(0, start).concat(put, items.slice(start + count)); // no spread: no argument limit
  }
  const out = { ...base };
  for (const [k, v] of Object.entries(top)) if (k !== "items" && k !== "stamp") out[k] = v;
  out.items = items;
  if (patch.stamp !== undefined) out.stamp = patch.stamp;
  return { scene: out, applied: true, problem: null };
}

// full scene (the `scene` trait's value: one object per model) -> {patch, result} of the last patch applied
// on it, so the next patch can apply to the scene that one made. Every view of a model, and the model's own
// listener (index.js: initialize), share it: a patch is followed once even with no view open.
const FOLLOWED = new WeakMap();

/** The effective scene of `model` now (applyPatch's result), following the patches one after another: call
 * it on every change of the patch (a patch missed would leave the next one without its base). */
export function followPatch(model) {
  const sc = model.get("scene");
  const p = model.get("scene_patch");
  const keyed = sc !== null && typeof sc === "object";
  const last = keyed ? FOLLOWED.get(sc) : undefined;
  if (last && last.patch === p) return last.result;
  const result = applyPatch(sc, p, last ? last.result.scene : null);
  if (keyed && !result.problem) FOLLOWED.set(sc, { patch: p, result });
  return result;
}

/** Follow a new patch (followPatch) and keep the scene it made as the model's `scene` in the page (not sent to
 * Python): what JupyterLab saves as the widget's state (its "save widget state") is then the scene shown, with
 * the patch whose stamp is its own, and a notebook reopened without its kernel shows the last position. */
export function keepPatched(model) {
  const r = followPatch(model);
  if (r.applied) model.set("scene", r.scene);
  return r;
}
