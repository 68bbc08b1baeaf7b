// state.js: what the board reads from the model (effective scene, targets, compose selections, last move).
import { test } from "node:test";
import assert from "node:assert/strict";

import { buildTargets, createReader, createState, hasTargets, isTarget, labelOf, selectionOf } from "../src/state.js";
import { DECISIONS, FakeModel, initialValues, SCENE } from "../testlib/helpers.mjs";

function reader(values = {}) {
  const model = new FakeModel(initialValues(values));
  const s = createState();
  const perf = { patchesIgnored: 0 };
  let scenes = 0;
  let t = 500;
  const read = createReader(s, model, { setScene: () => { scenes += 1; s.scene = s.rawScene; }, now: () => t, perf });
  return { model, s, perf, read, scenes: () => scenes, setNow: (x) => { t = x; } };
}

const PICK = {
  id: "plot", prompt: "Pick two", options: [
    { id: "ab", label: "A and B", targets: ["a", "b"] },
    { id: "ac", label: "A and C", targets: ["a", "c"] },
  ],
  compose: { hint: "Click two" },
};

test("buildTargets maps each entity to the options naming it, once per option; compose decisions are not targets", () => {
  const map = buildTargets([...DECISIONS, PICK, null, { id: "x" }]);
  assert.deepEqual([...map.keys()].sort(), ["cell:C3", "disk:C3:0", "region:A"]);
  assert.deepEqual(map.get("region:A").map((c) => c.option.id), ["flip-A", "claim-A"]);
  const dup = buildTargets([{ id: "d", options: [{ id: "o", targets: ["e", "e", "", 5] }] }]);
  assert.deepEqual([...dup.keys()], ["e"]);
  assert.equal(dup.get("e").length, 1);
});

test("hasTargets and labelOf", () => {
  assert.equal(hasTargets({ targets: [] }), false);
  assert.equal(hasTargets({ targets: ["", 3] }), false);
  assert.equal(hasTargets({ targets: ["cell:C3"] }), true);
  assert.equal(labelOf({ id: "pass" }), "pass");
  assert.equal(labelOf({ id: "pass", label: "Pass" }), "Pass");
});

test("the reader applies the scene patch once per change and counts a patch it had to ignore", () => {
  const base = { ...SCENE, stamp: 3 };
  const r = reader({ scene: base, scene_patch: { base: 3, ops: [[0, 1, []]] } });
  r.read();
  assert.equal(r.scenes(), 1);
  assert.equal(r.s.rawScene.items.length, SCENE.items.length - 1);
  r.read(); // nothing changed: not reflowed again
  assert.equal(r.scenes(), 1);
  const warn = console.warn;
  const said = [];
  console.warn = (m) => said.push(m);
  try {
    r.model.values.scene_patch = { base: 9, ops: [[0, 1, []]] };
    r.read();
  } finally {
    console.warn = warn;
  }
  assert.equal(r.perf.patchesIgnored, 1);
  assert.match(said[0], /scene patch ignored/);
  assert.equal(r.s.rawScene, base); // the full scene is painted
});

test("the reader derives targets and compose models, and keeps only the picks that still fit", () => {
  const r = reader({ decisions: [...DECISIONS, PICK] });
  r.read();
  assert.ok(isTarget(r.s, "cell:C3"));
  assert.ok(isTarget(r.s, "a")); // pickable into the compose selection
  assert.equal(isTarget(r.s, "card:plain"), false);
  assert.equal(isTarget(r.s, null), false);
  const m = r.s.composes.get("plot");
  assert.deepEqual(selectionOf(r.s, m), []);
  r.s.selections.set("plot", ["c"]);
  r.model.values.decisions = [...DECISIONS, { ...PICK }]; // a new list, the same compose decision
  r.read();
  assert.deepEqual(selectionOf(r.s, r.s.composes.get("plot")), ["c"]);
  r.model.values.decisions = DECISIONS; // the compose decision is gone: so is its selection
  r.read();
  assert.equal(r.s.selections.size, 0);
});

test("the reader reads the status, the curtain and the last move (not flashed on the first paint)", () => {
  const r = reader({ status: { text: "x", curtain: "Blue", last: { version: 6, touched: ["cell:C3", 4] } } });
  r.read();
  assert.equal(r.s.curtainName, "Blue");
  assert.equal(r.s.version, 7);
  assert.deepEqual(r.s.lastMove, { version: 6, touched: ["cell:C3"], t0: -Infinity });
  r.s.lastVersion = 7;
  r.setNow(900);
  r.model.values.status = { text: "y", curtain: "", last: { version: 8, touched: [] } };
  r.read();
  assert.equal(r.s.curtainName, null);
  assert.deepEqual(r.s.lastMove, { version: 8, touched: [], t0: 900 });
  r.model.values.status = "nonsense";
  r.read();
  assert.deepEqual(r.s.status, {});
});
