// tooltip.js: hover tips, the reason a thing cannot be used now (asked once, after a short hover), pinned
// reasons after a click, and no tooltip over an open menu.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createSizing } from "../src/sizing.js";
import { createReader } from "../src/state.js";
import { createTips, PIN_MS, tipFor, WHY_DELAY_MS } from "../src/tooltip.js";
import { SCENE } from "../testlib/helpers.mjs";
import { called, stubView } from "../testlib/view.mjs";

function view() {
  const v = stubView({ stubs: { transport: ["sendIntent"], canvas: ["paintOverlay"] } });
  Object.defineProperty(v.el, "clientWidth", { get: () => 1000, configurable: true });
  v.sizing = createSizing(v);
  createReader(v.s, v.model, { setScene: v.sizing.setScene, now: v.now, perf: v.perf })();
  v.sizing.measureLayout();
  v.dom.over.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1000, height: 700 });
  v.tips = createTips(v);
  return v;
}

const move = (v, x, y) => v.tips.onMove({ clientX: x, clientY: y });
const tipText = (v) => (v.dom.tip.hidden ? null : v.dom.tip.textContent);

test("tipFor: the entry's tip, else another item's of the same entity", () => {
  const v = view();
  assert.equal(tipFor(v.s.index, null), null);
  assert.equal(tipFor(v.s.index, { tip: "own" }), "own");
  assert.equal(tipFor(v.s.index, { id: "cell:C3" }), "Cell C3\nInfluence 2");
  assert.equal(tipFor(v.s.index, { id: "cell:D4" }), null);
});

test("hovering a target shows its tip and glows (a repaint); no reason is asked", () => {
  const v = view();
  move(v, 20, 100); // cell:C3
  assert.equal(tipText(v), "Cell C3\nInfluence 2");
  assert.ok(v.dom.over.classList.contains("illumi-pointer"));
  assert.deepEqual(called(v), ["canvas.paintOverlay"]);
  assert.equal(v.clock.timers.size, 0);
  v.tips.onLeave();
  assert.equal(tipText(v), null);
  assert.equal(v.dom.over.classList.contains("illumi-pointer"), false);
});

test("hovering a thing that is not a target asks why once, after a short delay, and shows the reason", () => {
  const v = view();
  move(v, 450, 450); // card:plain
  assert.equal(tipText(v), "Not a target");
  assert.deepEqual([...v.clock.timers.values()].map((t) => t.ms), [WHY_DELAY_MS]);
  v.clock.fire();
  assert.deepEqual(v.calls.at(-1), ["transport.sendIntent", { type: "why", version: 7, entity: "card:plain" }]);
  v.tips.onWhy({ type: "why", version: 7, entity: "card:plain", reason: "Your turn is over" });
  assert.equal(tipText(v), "Not a targetNot now: Your turn is over");
  move(v, 455, 455);
  assert.equal(v.clock.timers.size, 0); // known: not asked again
  v.dom.chooser.hidden = false; // a menu is open: no tooltip over it
  move(v, 460, 460);
  assert.equal(tipText(v), null);
});

test("a click on a thing that cannot be used pins its reason for a while; a new position unpins it", () => {
  const v = view();
  const p = v.sizing.pointerOf({ clientX: 450, clientY: 450 });
  v.tips.explain({ id: "card:plain", tip: "Not a target" }, p);
  assert.equal(tipText(v), "Not a target…");
  assert.equal(v.calls.filter((c) => c[0] === "transport.sendIntent").length, 1);
  v.tips.onWhy({ type: "why", version: 7, entity: "card:plain", reason: "" }); // usable after all
  assert.equal(tipText(v), "Not a targetNothing to do with this now.");
  v.s.hover = null;
  v.tips.refresh();
  assert.equal(tipText(v), "Not a targetNothing to do with this now."); // still pinned
  v.advance(PIN_MS + 1);
  v.tips.refresh();
  assert.equal(tipText(v), null);
  v.tips.explain({ id: "cell:D4" }, p);
  v.tips.unpin();
  v.s.hover = null;
  v.tips.refresh();
  assert.equal(tipText(v), null);
});

test("nothing is asked while disconnected; dispose drops the pending question", () => {
  const v = view();
  v.s.connected = false;
  v.tips.askWhy("card:plain");
  assert.deepEqual(v.calls, []);
  v.s.connected = true;
  move(v, 450, 450);
  assert.equal(v.clock.timers.size, 1);
  v.tips.dispose();
  assert.equal(v.clock.timers.size, 0);
  assert.ok(SCENE);
});
