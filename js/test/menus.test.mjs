// menus.js: the chooser, steppers, the bar's menu buttons and the confirmation of irreversible choices.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createMenus } from "../src/menus.js";
import { createSizing } from "../src/sizing.js";
import { called, stubView } from "../testlib/view.mjs";

function view() {
  const v = stubView({ stubs: { transport: ["sendAct"], canvas: ["paintOverlay"], legend: ["toggle"] } });
  Object.defineProperty(v.el, "clientWidth", { get: () => 1000, configurable: true });
  v.sizing = createSizing(v);
  v.layout = v.sizing.layout;
  v.s.rawScene = { w: 1000, h: 700, items: [] };
  v.sizing.setScene();
  v.sizing.measureLayout();
  v.menus = createMenus(v);
  return v;
}

const D = { id: "d1", prompt: "Act" };
const E = { id: "d2", prompt: "Pay" };
const opt = (id, extra = {}) => ({ id, label: `Label ${id}`, ...extra });
const acts = (v) => v.calls.filter((c) => c[0] === "transport.sendAct").map((c) => [c[1], c[2]]);
const key = (v, k) => v.doc.dispatchEvent(new v.win.KeyboardEvent("keydown", { key: k, bubbles: true }));

test("the chooser lists the options (with the prompt when several decisions), and an entry sends its act", () => {
  const v = view();
  v.dom.tip.hidden = false;
  v.menus.openChooser([{ decision: D, option: opt("a") }, { decision: E, option: opt("b") }], { cssX: 100, cssY: 100 }, "Choose");
  const { chooser } = v.dom;
  assert.equal(chooser.hidden, false);
  assert.equal(v.dom.tip.hidden, true);
  assert.equal(chooser.querySelector(".illumi-chooser-title").textContent, "Choose");
  const entries = [...chooser.querySelectorAll("button.illumi-choice")];
  assert.deepEqual(entries.map((b) => b.textContent), ["Label a — Act", "Label b — Pay"]);
  entries[1].click();
  assert.equal(chooser.hidden, true);
  assert.deepEqual(acts(v), [["d2", "b"]]);
});

test("hovering an entry with targets emphasises them; closing the menu drops the emphasis", () => {
  const v = view();
  v.menus.openChooser([{ decision: D, option: opt("a", { targets: ["cell:C3"] }) }], { cssX: 10, cssY: 10 });
  const b = v.dom.chooser.querySelector("button");
  b.dispatchEvent(new v.win.MouseEvent("mouseenter"));
  assert.deepEqual([...v.s.emph], ["cell:C3"]);
  v.menus.closeChooser();
  assert.equal(v.s.emph, null);
  assert.deepEqual(called(v), ["canvas.paintOverlay", "canvas.paintOverlay"]);
});

test("Escape closes the menu (and says so once); a mousedown outside closes it, swallowing a click on the board", () => {
  const v = view();
  v.menus.openChooser([{ decision: D, option: opt("a") }], { cssX: 10, cssY: 10 });
  key(v, "Escape");
  assert.equal(v.dom.chooser.hidden, true);
  assert.equal(v.menus.escapeConsumed(), true);
  assert.equal(v.menus.escapeConsumed(), false);
  v.menus.openChooser([{ decision: D, option: opt("a") }], { cssX: 10, cssY: 10 });
  v.dom.over.dispatchEvent(new v.win.MouseEvent("mousedown", { bubbles: true }));
  assert.equal(v.dom.chooser.hidden, true);
  assert.equal(v.s.swallowClick, true);
});

test("options that differ by an amount are one stepper; its pick is kept across renders", () => {
  const v = view();
  const opts = [1, 2, 3].map((n) => opt(`pay${n}`, { amount: n, group: "Pay …" }));
  const box = v.menus.stepper(D, { kind: "stepper", group: "Pay …", options: opts });
  const [minus, plus, go] = ["minus", "plus", "go"].map((k) => box.querySelector(`.illumi-step-${k}`));
  assert.equal(minus.disabled, true);
  assert.equal(box.querySelector("output").textContent, "1");
  plus.click();
  plus.click();
  assert.equal(plus.disabled, true);
  assert.equal(go.textContent, "Label pay3");
  assert.equal(plus.title, "More (Pay amount)");
  const again = v.menus.stepper(D, { kind: "stepper", group: "Pay …", options: opts });
  assert.equal(again.querySelector("output").textContent, "3");
  again.querySelector(".illumi-step-go").click();
  assert.deepEqual(acts(v), [["d1", "pay3"]]);
  const many = Array.from({ length: 13 }, (_, n) => opt(`b${n}`, { amount: n, group: "Bid" }));
  assert.ok(v.menus.stepper(D, { kind: "stepper", group: "Bid", options: many }).querySelector("input.illumi-amount"));
  v.menus.openChooser(opts.map((o) => ({ decision: D, option: o })), { cssX: 0, cssY: 0 }); // in a menu too
  assert.equal(v.dom.chooser.querySelectorAll(".illumi-stepper").length, 1);
  assert.equal(v.dom.chooser.querySelectorAll("button.illumi-choice").length, 0);
});

test("a menu button opens its entries above the bar, and closes them on a second click", () => {
  const v = view();
  const b = v.menus.menuButton("More (2)", "illumi-more", [{ decision: D, option: opt("a") }, { decision: D, option: opt("b") }]);
  assert.equal(b.textContent, "More (2) ▾");
  b.click();
  assert.equal(v.dom.chooser.hidden, false);
  assert.equal(v.dom.chooser.querySelector(".illumi-chooser-title").textContent, "More (2)");
  b.click();
  assert.equal(v.dom.chooser.hidden, true);
});

test("an irreversible choice asks first: Cancel sends nothing, the confirming button sends the act", () => {
  const v = view();
  const o = opt("burn", { confirm: "Burn the card? This cannot be undone." });
  v.menus.choose(D, o);
  const { confirmBox } = v.dom;
  assert.equal(confirmBox.hidden, false);
  assert.match(confirmBox.textContent, /cannot be undone/);
  assert.deepEqual(v.calls.filter((c) => c[0] === "legend.toggle"), [["legend.toggle", false]]);
  confirmBox.querySelector(".illumi-confirm-no").click();
  assert.equal(confirmBox.hidden, true);
  assert.deepEqual(acts(v), []);
  v.menus.choose(D, o);
  confirmBox.querySelector(".illumi-confirm-yes").click();
  assert.deepEqual(acts(v), [["d1", "burn"]]);
  v.menus.choose(D, opt("pass"));
  assert.deepEqual(acts(v), [["d1", "burn"], ["d1", "pass"]]);
});
