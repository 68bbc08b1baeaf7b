// bar.js: the status, bot chips, last move, the decisions' buttons / steppers / menus, and the error line.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createBar, MAX_BAR_BUTTONS } from "../src/bar.js";
import { createMenus } from "../src/menus.js";
import { createReader } from "../src/state.js";
import { DECISIONS } from "../testlib/helpers.mjs";
import { stubView } from "../testlib/view.mjs";

function view(values = {}) {
  const v = stubView({ values, stubs: { board: ["setSelection"], canvas: ["paintOverlay"], transport: ["sendAct"],
    sizing: ["place", "openBoxes", "inSight"], legend: ["toggle"] },
  returns: { "sizing.openBoxes": [], "sizing.inSight": { top: 0, height: 300 } } });
  v.layout = { cssW: 600, cssH: 300 };
  createReader(v.s, v.model, { setScene: () => {}, now: v.now, perf: v.perf })();
  v.menus = createMenus(v);
  v.bar = createBar(v);
  return v;
}

const text = (v, sel) => v.el.querySelector(sel).textContent;

test("the status line, the bot chips (acting: thinking or paused) and the last move", () => {
  const v = view({ status: { text: "Blue to act", to_act: [1], terminal: true, bots: [{ seat: 1, name: "Blue", bot: "search" }, 3],
    last: { text: "moved to C3", name: "Red", bot: true } }, bots_paused: true });
  v.bar.renderStatus();
  assert.equal(text(v, ".illumi-status"), "Blue to act");
  assert.ok(v.dom.statusLine.classList.contains("illumi-terminal"));
  assert.equal(text(v, ".illumi-botinfo"), "Blue: search bot (paused)");
  assert.equal(text(v, ".illumi-last"), "Last move: Red (bot) — moved to C3");
  v.s.curtainName = "Blue";
  v.bar.renderStatus();
  assert.equal(text(v, ".illumi-last"), ""); // not told under the curtain
});

test("a decision's plain options are buttons, the ones on the board one menu; a button sends its option", () => {
  const v = view();
  v.bar.renderPanel();
  const box = v.dom.panel.querySelector(".illumi-decision");
  assert.equal(box.dataset.decision, "d1");
  assert.equal(box.querySelector(".illumi-prompt").textContent, "Choose an action");
  const plain = [...box.querySelectorAll("button.illumi-primary")];
  assert.deepEqual(plain.map((b) => b.textContent), ["Pass"]);
  assert.equal(box.querySelector(".illumi-onboard").textContent, "On the board (4) ▾");
  plain[0].click();
  assert.deepEqual(v.calls.filter((c) => c[0] === "transport.sendAct"), [["transport.sendAct", "d1", "pass"]]);
});

test("more plain options than fit go into a More menu; options with an amount are one stepper", () => {
  const options = Array.from({ length: MAX_BAR_BUTTONS + 2 }, (_, i) => ({ id: `o${i}`, label: `Option ${i}` }));
  options.push({ id: "p1", label: "Pay 1", amount: 1, group: "Pay" }, { id: "p2", label: "Pay 2", amount: 2, group: "Pay" });
  const v = view({ decisions: [{ id: "d", prompt: "Pick", options }] });
  v.bar.renderPanel();
  assert.equal(v.dom.panel.querySelectorAll("button.illumi-primary:not(.illumi-step-go)").length, MAX_BAR_BUTTONS);
  assert.equal(text(v, ".illumi-more"), "More (2) ▾");
  assert.equal(v.dom.panel.querySelectorAll(".illumi-stepper").length, 1);
});

test("a compose decision's row: the hint, Confirm once one choice fits, Clear, and a menu of the choices", () => {
  const PICK = { id: "plot", prompt: "Pick", compose: { hint: "Click two" }, options: [
    { id: "ab", label: "A and B", targets: ["a", "b"] }, { id: "ac", label: "A and C", targets: ["a", "c"] }] };
  const v = view({ decisions: [PICK] });
  v.bar.renderPanel();
  assert.equal(text(v, ".illumi-compose-state"), "Click two");
  assert.equal(v.el.querySelector(".illumi-compose-go").disabled, true);
  assert.equal(text(v, ".illumi-onboard"), "All choices (2) ▾");
  v.s.selections.set("plot", ["a", "b"]);
  v.bar.renderPanel();
  assert.equal(text(v, ".illumi-compose-state"), "2 picked — 1 choice fit");
  const go = v.el.querySelector(".illumi-compose-go");
  assert.equal(go.textContent, "Confirm: A and B");
  go.click();
  assert.deepEqual(v.calls.filter((c) => c[0] === "transport.sendAct"), [["transport.sendAct", "plot", "ab"]]);
  v.el.querySelector(".illumi-compose-clear").click();
  assert.deepEqual(v.calls.find((c) => c[0] === "board.setSelection").slice(2), [[]]);
  v.s.curtainName = "Blue";
  v.bar.renderPanel();
  assert.equal(v.dom.panel.hidden, true);
  assert.equal(v.dom.panel.childNodes.length, 0);
});

test("the error line: the last error reply first, else the status's error", () => {
  const v = view({ status: { error: { code: "illegal", message: "Not now" } } });
  v.bar.renderError();
  assert.equal(text(v, ".illumi-error"), "Not now");
  assert.equal(v.dom.errorLine.dataset.code, "illegal");
  v.s.lastError = { code: "no-reply", message: "No answer" };
  v.bar.renderError();
  assert.equal(text(v, ".illumi-error"), "No answer");
  v.s.lastError = null;
  v.s.status = {};
  v.bar.renderError();
  assert.equal(text(v, ".illumi-error"), "");
  assert.equal(v.dom.errorLine.dataset.code, undefined);
  assert.ok(DECISIONS.length);
});
