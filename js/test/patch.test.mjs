import { test } from "node:test";
import assert from "node:assert/strict";

import { applyPatch, followPatch, movedItem } from "../src/patch.js";

const item = (i) => ({ t: "rect", x: i, y: 0, w: 1, h: 1, id: `e${i}` });
const base = (n = 5, stamp = 3) => ({ w: 100, h: 50, bg: "#fff", stamp, items: Array.from({ length: n }, (_, i) => item(i)) });
const xs = (scene) => scene.items.map((it) => it.x);

test("splices apply in order, each on the list the previous ones left", () => {
  const s = base();
  const frozen = JSON.stringify(s);
  const r = applyPatch(s, { base: 3, ops: [[0, 1, [item(10), item(11)]], [3, 2, []], [4, 0, [item(12)]]] });
  assert.equal(r.applied, true);
  assert.equal(r.problem, null);
  // [0..4] -> [10, 11, 1, 2, 3, 4] -> [10, 11, 1, 4] -> [10, 11, 1, 4, 12]
  assert.deepEqual(xs(r.scene), [10, 11, 1, 4, 12]);
  assert.equal(r.scene.stamp, 3);
  assert.equal(JSON.stringify(s), frozen, "the base scene is not mutated");
  assert.notEqual(r.scene, s);
});

test("insertions and deletions at both ends; top-level overrides", () => {
  const r = applyPatch(base(), { base: 3, ops: [[0, 2, []], [3, 0, [item(7), item(8)]], [0, 0, [item(9)]]], set: { bg: "#000", stamp: 99, items: [] } });
  assert.deepEqual(xs(r.scene), [9, 2, 3, 4, 7, 8]);
  assert.equal(r.scene.bg, "#000");
  assert.equal(r.scene.stamp, 3, "set never replaces stamp or items");
  assert.equal(r.scene.w, 100);
});

test("no patch or an empty patch paints the base scene, silently", () => {
  const s = base();
  for (const p of [undefined, null, {}, { base: 3, ops: [] }, { base: 1, ops: [] }]) {
    const r = applyPatch(s, p);
    assert.equal(r.scene, s);
    assert.equal(r.applied, false);
    assert.equal(r.problem, null, JSON.stringify(p));
  }
});

test("a patch for another base is ignored", () => {
  const s = base();
  const r = applyPatch(s, { base: 2, ops: [[0, 1, []]] });
  assert.equal(r.scene, s);
  assert.match(r.problem, /for scene 2, not 3/);
  const noStamp = { w: 10, h: 10, items: [item(0)] };
  assert.equal(applyPatch(noStamp, { base: 3, ops: [[0, 1, []]] }).scene, noStamp);
  assert.equal(applyPatch(noStamp, { base: undefined, ops: [[0, 1, []]] }).applied, false);
});

test("malformed patches are ignored as a whole", () => {
  const s = base();
  const bad = [
    "patch",
    [1, 2],
    { base: 3, ops: "x" },
    { base: 3, ops: [[0, 1]] },
    { base: 3, ops: [[-1, 0, []]] },
    { base: 3, ops: [[0.5, 0, []]] },
    { base: 3, ops: [["0", 0, []]] },
    { base: 3, ops: [[0, -1, []]] },
    { base: 3, ops: [[0, 0, "items"]] },
    { base: 3, ops: [[6, 0, []]] },
    { base: 3, ops: [[4, 2, []]] },
    { base: 3, ops: [[0, 5, []], [0, 1, []]] }, // the second op no longer fits
    { base: 3, ops: [null] },
    { base: 3, ops: [], set: [1] },
  ];
  for (const p of bad) {
    const r = applyPatch(s, p);
    assert.equal(r.scene, s, JSON.stringify(p));
    assert.equal(r.applied, false);
    assert.ok(r.problem, JSON.stringify(p));
  }
  assert.deepEqual(xs(applyPatch(s, { base: 3, ops: [[5, 0, [item(5)]]] }).scene), [0, 1, 2, 3, 4, 5]);
});

test("a scene that is not an object counts as empty", () => {
  assert.deepEqual(applyPatch(null, undefined).scene, {});
  assert.deepEqual(applyPatch("x", { base: 1, ops: [[0, 0, [item(1)]]] }).scene, {});
});

test("a patch against the scene the previous patch made applies to that one; its stamp is the patch's", () => {
  const full = base();
  const first = applyPatch(full, { base: 3, stamp: 4, ops: [[0, 1, [item(10)]]] });
  assert.equal(first.scene.stamp, 4);
  const second = applyPatch(full, { base: 4, stamp: 5, ops: [[1, 1, [item(11)]]] }, first.scene);
  assert.equal(second.applied, true);
  assert.deepEqual(xs(second.scene), [10, 11, 2, 3, 4]);
  assert.equal(second.scene.stamp, 5);
  // without the scene it was made against: ignored, said so
  const lost = applyPatch(full, { base: 4, stamp: 5, ops: [[1, 1, [item(11)]]] }, null);
  assert.equal(lost.scene, full);
  assert.match(lost.problem, /for scene 4, not 3/);
  // a full scene whose stamp is the patch's own is the scene itself (a view opened later gets this pair)
  const current = { ...second.scene };
  const same = applyPatch(current, { base: 4, stamp: 5, ops: [[1, 1, [item(11)]]] });
  assert.equal(same.scene, current);
  assert.equal(same.problem, null);
});

test("followPatch follows each patch of a model in turn, shared by every reader of it", () => {
  const values = { scene: base(), scene_patch: { base: 3, ops: [] } };
  const model = { get: (k) => values[k] };
  const other = { get: (k) => values[k] }; // another view's proxy of the same model
  assert.equal(followPatch(model).scene, values.scene);
  values.scene_patch = { base: 3, stamp: 4, ops: [[0, 1, [item(10)]]] };
  assert.deepEqual(xs(followPatch(model).scene), [10, 1, 2, 3, 4]);
  values.scene_patch = { base: 4, stamp: 5, ops: [[4, 1, [item(14)]]] };
  assert.deepEqual(xs(followPatch(model).scene), [10, 1, 2, 3, 14]);
  values.scene_patch = { base: 5, stamp: 6, ops: [[0, 0, [item(9)]]] };
  followPatch(model); // one reader follows the patch as it comes ...
  const seen = followPatch(other); // ... and another, reading later, sees the same scene
  assert.deepEqual(xs(seen.scene), [9, 10, 1, 2, 3, 14]);
  assert.equal(seen.scene.stamp, 6);
  assert.equal(seen.problem, null);
  // a new full scene starts afresh
  values.scene = base(2, 7);
  values.scene_patch = { base: 7, ops: [] };
  assert.deepEqual(xs(followPatch(other).scene), [0, 1]);
});

test("a move op draws the items it covers further (x, y and pts), the rest untouched", () => {
  const s = { w: 100, h: 50, stamp: 3, items: [item(0), { t: "poly", pts: [[1, 2], [3, 4]] }, { t: "text", x: 5, y: 6, s: "a" }, item(3)] };
  const frozen = JSON.stringify(s);
  const r = applyPatch(s, { base: 3, stamp: 4, ops: [[0, 1, [item(9)]], [1, 2, { dy: 20.3 }], [3, 1, { dx: -2, dy: 1 }]] });
  assert.equal(r.problem, null);
  assert.deepEqual(r.scene.items, [item(9), { t: "poly", pts: [[1, 22.3], [3, 24.3]] }, { t: "text", x: 5, y: 26.3, s: "a" },
    { ...item(3), x: 1, y: 1 }]);
  assert.equal(JSON.stringify(s), frozen, "the base scene is not mutated");
  assert.deepEqual(movedItem({ t: "rect", x: 1, y: 2, w: 3 }, 0, 5), { t: "rect", x: 1, y: 7, w: 3 });
  for (const bad of [{}, { dy: "1" }, { dy: NaN }, { dz: 1 }, { dy: 1, extra: 2 }]) {
    const b = applyPatch(s, { base: 3, ops: [[0, 1, bad]] });
    assert.equal(b.scene, s, JSON.stringify(bad));
    assert.ok(b.problem);
  }
  assert.ok(applyPatch(s, { base: 3, ops: [[3, 2, { dy: 1 }]] }).problem, "a move past the end does not fit");
});
