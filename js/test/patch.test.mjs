import { test } from "node:test";
import assert from "node:assert/strict";

import { applyPatch } from "../src/patch.js";

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
