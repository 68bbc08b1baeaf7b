// board.js: a click on the board acts on a target, opens a menu for several, picks into a compose
// selection, or asks the tooltips to say why not; Escape clears the selections.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createBoard } from "../src/board.js";
import { createSizing } from "../src/sizing.js";
import { createReader } from "../src/state.js";
import { DECISIONS } from "../testlib/helpers.mjs";
import { called, stubView } from "../testlib/view.mjs";

const PICK = {
  id: "plot", prompt: "Pick", options: [{ id: "d4", label: "D4 alone", targets: ["cell:D4"] }], compose: {},
};

function view(consumed = false) {
  const v = stubView({
    values: { decisions: [...DECISIONS, PICK] },
    stubs: { tips: ["explain"], menus: ["choose", "openChooser", "escapeConsumed"], bar: ["renderPanel"], canvas: ["paintOverlay"] },
    returns: { "menus.escapeConsumed": consumed },
  });
  Object.defineProperty(v.el, "clientWidth", { get: () => 1000, configurable: true });
  v.sizing = createSizing(v);
  createReader(v.s, v.model, { setScene: v.sizing.setScene, now: v.now, perf: v.perf })();
  v.sizing.measureLayout();
  v.dom.over.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1000, height: 700 });
  v.board = createBoard(v);
  return v;
}

const click = (v, x, y) => v.board.onClick({ clientX: x, clientY: y });

test("one option on the thing: chosen; several: a menu; not a target: the reason; nothing there: nothing", () => {
  const v = view();
  click(v, 20, 100); // cell:C3: Move to C3
  assert.equal(v.calls[0][0], "menus.choose");
  assert.equal(v.calls[0][2].id, "move-C3");
  click(v, 250, 220); // region:A: two options
  assert.equal(v.calls[1][0], "menus.openChooser");
  assert.deepEqual(v.calls[1][1].map((c) => c.option.id), ["flip-A", "claim-A"]);
  assert.equal(v.calls[1][3], "Choose");
  click(v, 450, 450); // card:plain
  assert.equal(v.calls[2][0], "tips.explain");
  assert.equal(v.calls[2][1].id, "card:plain");
  click(v, 950, 50); // empty
  assert.equal(v.calls.length, 3);
});

test("the click that closed a menu does nothing else; under the curtain nothing is clickable", () => {
  const v = view();
  v.s.swallowClick = true;
  click(v, 20, 100);
  assert.equal(v.s.swallowClick, false);
  v.s.curtainName = "Blue";
  click(v, 20, 100);
  assert.deepEqual(v.calls, []);
});

test("a compose entity is picked and put back locally, nothing sent; Escape clears the selections", () => {
  const v = view();
  click(v, 750, 450); // cell:D4
  assert.deepEqual(v.s.selections.get("plot"), ["cell:D4"]);
  assert.deepEqual(called(v), ["bar.renderPanel", "canvas.paintOverlay"]);
  click(v, 750, 450);
  assert.equal(v.s.selections.has("plot"), false);
  click(v, 750, 450);
  v.calls.length = 0;
  v.board.onSelectionKey({ key: "Enter" });
  assert.deepEqual(v.calls, []);
  v.board.onSelectionKey({ key: "Escape" });
  assert.equal(v.s.selections.size, 0);
  assert.deepEqual(called(v), ["menus.escapeConsumed", "bar.renderPanel", "canvas.paintOverlay"]);
  assert.deepEqual(v.model.sent, []);
});

test("an Escape that closed a menu keeps the selection", () => {
  const v = view(true);
  click(v, 750, 450);
  v.board.onSelectionKey({ key: "Escape" });
  assert.deepEqual(v.s.selections.get("plot"), ["cell:D4"]);
});
