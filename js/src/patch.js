// Scene patches: the `scene` trait is a FULL scene with a `stamp`; `scene_patch` =
// {base: stamp, ops: [[start, deleteCount, [items...]], ...], set: {...}} turns it into the scene to paint.
// The splices apply to scene.items in order (each start an index into the list as the previous splices left
// it, as Array.prototype.splice); `set` overrides top-level keys. Python's apply_scene_patch is the twin.

function isCount(n) {
  return typeof n === "number" && Number.isInteger(n) && n >= 0;
}

/**
 * The effective scene: { scene, applied, problem }.
 * - no patch, or an empty one for this base: the base scene itself (applied: false, problem: null);
 * - a patch for another base, or one that does not apply cleanly: the base scene, with `problem` set;
 * - else a NEW scene object (the base is never mutated) with applied: true.
 */
export function applyPatch(scene, patch) {
  const base = scene && typeof scene === "object" && !Array.isArray(scene) ? scene : {};
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
  if (!("stamp" in base) || patch.base !== base.stamp) {
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
    if (!isCount(start) || !isCount(count) || !Array.isArray(add) || start + count > items.length) {
      return { scene: base, applied: false, problem: `op ${i} does not fit the ${items.length} items` };
    }
    items = items.slice(0, start).concat(add, items.slice(start + count)); // no spread: no argument limit
  }
  const out = { ...base };
  for (const [k, v] of Object.entries(top)) if (k !== "items" && k !== "stamp") out[k] = v;
  out.items = items;
  return { scene: out, applied: true, problem: null };
}
