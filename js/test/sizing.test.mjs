// sizing.js: the board fitted to the width and the visible height; boxes placed in sight; pointer mapping.
import { test } from "node:test";
import assert from "node:assert/strict";

import { BAR_RESERVE_PX, createSizing, scrollerOf } from "../src/sizing.js";
import { SCENE } from "../testlib/helpers.mjs";
import { stubView } from "../testlib/view.mjs";

function view({ width = 500, height = 0, dpr = 1 } = {}) {
  const v = stubView();
  Object.defineProperty(v.el, "clientWidth", { get: () => width, configurable: true });
  Object.defineProperty(v.win, "innerHeight", { value: height, configurable: true });
  Object.defineProperty(v.win, "devicePixelRatio", { value: dpr, configurable: true });
  v.sizing = createSizing(v);
  v.s.rawScene = SCENE;
  v.sizing.setScene();
  return v;
}

test("scrollerOf: JupyterLab's notebook scroller first, else the outermost scrolling ancestor", () => {
  const v = stubView();
  const outer = v.doc.createElement("div");
  const inner = v.doc.createElement("div");
  v.doc.body.append(outer);
  outer.append(inner);
  inner.append(v.el);
  for (const n of [outer, inner]) {
    n.style.overflowY = "auto";
    Object.defineProperty(n, "clientHeight", { value: 400 });
  }
  assert.equal(scrollerOf(v.el, v.win), outer);
  outer.className = "jp-Notebook";
  inner.className = "jp-WindowedPanel-outer";
  assert.equal(scrollerOf(v.el, v.win), inner);
  assert.equal(scrollerOf(v.doc.createElement("div"), v.win), null);
});

test("the canvases are sized to the width, with a devicePixelRatio backing store; unchanged: not resized", () => {
  const v = view({ width: 500, dpr: 2 });
  assert.equal(v.sizing.measureLayout(), true);
  const { base, over, stage } = v.dom;
  assert.deepEqual([base.width, base.height, over.width, over.height], [1000, 700, 1000, 700]);
  assert.equal(stage.style.width, "500px");
  assert.equal(stage.style.height, "350px");
  assert.equal(v.sizing.layout.scale, 0.5);
  assert.equal(v.sizing.measureLayout(), false);
});

test("the visible height less the bar's bounds the board; a short window never makes it a postage stamp", () => {
  const v = view({ width: 1000, height: 500 + BAR_RESERVE_PX + 12 });
  v.sizing.measureHeight();
  v.sizing.measureLayout();
  assert.equal(v.sizing.layout.availH, 500);
  assert.equal(v.sizing.layout.cssH, 500);
  assert.equal(v.sizing.layout.cssW, Math.round(1000 * (500 / 700)));
});

test("observe: a new width or a taller bar counts, the same width does not; a window resize always does", () => {
  const v = view();
  assert.equal(v.sizing.observe([{ target: v.el, contentRect: { width: 640, height: 10 } }]), true);
  assert.equal(v.sizing.observe([{ target: v.el, contentRect: { width: 640.5, height: 10 } }]), false);
  assert.equal(v.sizing.observe([{ target: v.dom.bar, contentRect: { width: 640, height: 80 } }]), true);
  assert.equal(v.sizing.observe([{ target: v.dom.bar, contentRect: { width: 640, height: 60 } }]), false);
  assert.equal(v.sizing.observe([{}]), false);
  assert.equal(v.sizing.observe(null), true);
  v.sizing.measureLayout();
  assert.equal(v.sizing.layout.cssW, 500); // (null: the cell's own width again)
});

test("place keeps a box on the board and off the open boxes; pointerOf maps client px to scene units", () => {
  const v = view({ width: 500 });
  v.sizing.measureLayout();
  const { chooser, tip, over } = v.dom;
  chooser.hidden = false;
  chooser.style.left = "0px";
  chooser.style.top = "0px";
  Object.defineProperty(chooser, "offsetWidth", { value: 200 });
  Object.defineProperty(chooser, "offsetHeight", { value: 100 });
  assert.deepEqual(v.sizing.openBoxes(tip), [{ left: 0, top: 0, width: 200, height: 100 }]);
  assert.deepEqual(v.sizing.openBoxes(chooser), []);
  Object.defineProperty(tip, "offsetWidth", { value: 120 });
  Object.defineProperty(tip, "offsetHeight", { value: 30 });
  v.sizing.place(tip, { x: 480, y: 340 }, v.sizing.openBoxes(tip));
  const left = parseFloat(tip.style.left);
  const top = parseFloat(tip.style.top);
  assert.ok(left >= 0 && left + 120 <= 500, `left ${left}`);
  assert.ok(top >= 0 && top + 30 <= 350, `top ${top}`);
  assert.ok(left >= 200 || top >= 100, "the tip is not over the open menu");
  over.getBoundingClientRect = () => ({ left: 100, top: 40, width: 500, height: 350 });
  assert.deepEqual(v.sizing.pointerOf({ clientX: 150, clientY: 75 }), { cssX: 50, cssY: 35, x: 100, y: 70 });
});

test("inSight: all the board, or the band its scroll box shows", () => {
  const v = view();
  v.sizing.measureLayout();
  assert.deepEqual(v.sizing.inSight(), { top: 0, height: 350 });
  Object.assign(v.sizing.layout, { scrolls: true, cssH: 900, availH: 300 });
  v.dom.scrollBox.scrollTop = 200;
  assert.deepEqual(v.sizing.inSight(), { top: 200, height: 300 });
});
