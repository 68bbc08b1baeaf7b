// canvas.js: the base canvas (the scene, repainted only when it changes; dark under the curtain) and the
// overlay (the last move fading, dashed targets, compose selections, the hover glow).
import { test } from "node:test";
import assert from "node:assert/strict";

import { createCanvas, LAST_FADE_MS, PICKED_COLOR, TARGET_COLOR, TARGET_HALO } from "../src/canvas.js";
import { createSizing } from "../src/sizing.js";
import { createReader } from "../src/state.js";
import { DECISIONS, names, SCENE } from "../testlib/helpers.mjs";
import { stubView } from "../testlib/view.mjs";

const PICK = {
  id: "plot", prompt: "Pick", options: [{ id: "ab", label: "A and B", targets: ["cell:D4", "card:plain"] }],
  compose: { tags: { "cell:D4": ["Host", "Visits"] } },
};

function view(values = {}) {
  const v = stubView({ values: { decisions: DECISIONS, ...values } });
  Object.defineProperty(v.el, "clientWidth", { get: () => 1000, configurable: true });
  v.sizing = createSizing(v);
  v.layout = v.sizing.layout;
  createReader(v.s, v.model, { setScene: v.sizing.setScene, now: v.now, perf: v.perf })();
  v.canvas = createCanvas(v);
  v.calls = (which) => v.contexts.get(v.dom[which]).calls;
  return v;
}

const sets = (calls, prop) => calls.filter((c) => c[0] === "set" && c[1] === prop).map((c) => c[2]);

test("the base is painted once per scene; the overlay every time", () => {
  const v = view();
  v.canvas.paint();
  assert.ok(names(v.calls("base")).includes("fillText"));
  assert.equal(v.dom.base.dataset.layout, "wide");
  assert.equal(v.dom.base.dataset.scale, "1.0000");
  v.calls("base").length = 0;
  v.calls("over").length = 0;
  v.canvas.paint();
  assert.deepEqual(v.calls("base"), []);
  assert.ok(v.calls("over").length > 0);
  v.s.scene = { ...v.s.scene };
  v.canvas.paint();
  assert.ok(v.calls("base").length > 0);
});

test("every legal target gets a dashed outline; the hovered one (or the emphasised ones) a glow", () => {
  const v = view();
  v.canvas.paintOverlay();
  const calls = v.calls("over");
  assert.deepEqual(sets(calls, "strokeStyle"), [TARGET_COLOR]);
  assert.equal(names(calls).filter((n) => n === "stroke").length, 3); // cell:C3, disk:C3:0, region:A
  calls.length = 0;
  v.s.hover = { id: "region:A" };
  v.s.emph = new Set(["cell:C3"]);
  v.canvas.paintOverlay();
  assert.equal(sets(calls, "strokeStyle").filter((c) => c === TARGET_HALO).length, 2);
  calls.length = 0;
  v.s.hover = { id: "card:plain" }; // not a target: no glow
  v.s.emph = null;
  v.canvas.paintOverlay();
  assert.equal(sets(calls, "strokeStyle").filter((c) => c === TARGET_HALO).length, 0);
});

test("the last move fades over LAST_FADE_MS, one animation frame at a time", () => {
  const v = view();
  v.s.lastMove = { version: 7, touched: ["cell:D4"], t0: v.now() };
  v.canvas.paintOverlay();
  const first = sets(v.calls("over"), "strokeStyle")[0];
  assert.equal(first, "rgba(30,110,230,0.900)");
  assert.equal(v.clock.timers.size, 1); // one frame asked (v.raf is a 16 ms timer here)
  v.canvas.paintOverlay();
  assert.equal(v.clock.timers.size, 1); // not a second one
  v.advance(LAST_FADE_MS / 2);
  v.calls("over").length = 0;
  v.clock.fire();
  assert.equal(sets(v.calls("over"), "strokeStyle")[0], "rgba(30,110,230,0.450)");
  v.advance(LAST_FADE_MS);
  v.calls("over").length = 0;
  v.clock.fire();
  assert.equal(sets(v.calls("over"), "strokeStyle")[0], TARGET_COLOR); // faded out
  assert.equal(v.clock.timers.size, 0);
});

test("compose selections are filled green and tagged; the curtain hides everything", () => {
  const v = view({ decisions: [PICK] });
  v.s.selections.set("plot", ["cell:D4"]);
  v.canvas.paint();
  const calls = v.calls("over");
  assert.ok(sets(calls, "strokeStyle").includes(PICKED_COLOR));
  assert.ok(calls.some((c) => c[0] === "fillText" && c[1] === "Host"));
  v.s.curtainName = "Blue";
  v.calls("base").length = 0;
  calls.length = 0;
  v.canvas.paint();
  assert.deepEqual(sets(v.calls("base"), "fillStyle"), ["#23262d"]);
  assert.ok(!names(v.calls("base")).includes("fillText"));
  assert.deepEqual(names(calls), ["setTransform", "clearRect"]);
});
