// Unit tests of the bar's modules: menus.js, legend.js, bar.js, and history.js, analysis.js, log.js, curtain.js (controls).
// One file per concern group (each file is a node process that loads jsdom: fewer files, a faster suite).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { analyseLabel, createAnalysis } from "../src/analysis.js";
import { createBar, MAX_BAR_BUTTONS } from "../src/bar.js";
import { createCurtain } from "../src/curtain.js";
import { createHistory, historyOf } from "../src/history.js";
import { createLegend, HOW_TO } from "../src/legend.js";
import { createLog, MAX_LOG_ROWS } from "../src/log.js";
import { createMenus } from "../src/menus.js";
import { createSizing } from "../src/sizing.js";
import { createReader } from "../src/state.js";
import { DECISIONS } from "../testlib/helpers.mjs";
import { called, stubView } from "../testlib/view.mjs";

// menus.js: the chooser, steppers, the bar's menu buttons and the confirmation of irreversible choices.
describe("menus", () => {
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
});

// legend.js: the "?" box: how to play and what the symbols mean.
describe("legend", () => {
  function view(legend) {
    const v = stubView({ values: { legend }, stubs: { menus: ["closeChooser"] } });
    v.layout = { cssW: 800 };
    v.legend = createLegend(v);
    return v;
  }

  test("opening fills the box from the trait (skipping malformed entries), closes menus and the tip", () => {
    const v = view([{ symbol: "●", color: "#c33", text: "A red disk" }, { text: 5 }, null, { text: "Plain" }]);
    v.dom.tip.hidden = false;
    v.legend.toggle(true);
    const box = v.dom.legendBox;
    assert.equal(box.hidden, false);
    assert.equal(v.dom.tip.hidden, true);
    assert.equal(v.dom.helpBtn.getAttribute("aria-expanded"), "true");
    assert.equal(box.querySelector(".illumi-howto").textContent, HOW_TO);
    assert.deepEqual([...box.querySelector("dl").querySelectorAll("dd")].map((d) => d.textContent), ["A red disk", "Plain"]);
    // the keys (keyboard.js) follow, after the trait's entries
    const keys = [...box.querySelectorAll(".illumi-legend-keys dt")].map((d) => d.textContent);
    assert.deepEqual(keys.slice(-7), ["u", "r", "a", "?", ".", "l", "c"]);
    assert.equal(box.querySelector(".illumi-swatch").style.background, "rgb(204, 51, 51)");
    assert.equal(box.style.top, "8px");
    assert.deepEqual(called(v), ["menus.closeChooser"]);
  });

  test("the help button flips it; its close button closes it; an unchanged trait is not re-rendered", () => {
    const v = view([{ text: "One" }]);
    v.legend.onHelp();
    const first = v.dom.legendBox.querySelector("dl");
    v.legend.render();
    assert.equal(v.dom.legendBox.querySelector("dl"), first);
    v.model.values.legend = [{ text: "Two" }];
    v.legend.render();
    assert.equal(v.dom.legendBox.querySelector("dd").textContent, "Two");
    v.dom.legendBox.querySelector(".illumi-legend-close").click();
    assert.equal(v.dom.legendBox.hidden, true);
    assert.equal(v.dom.helpBtn.getAttribute("aria-expanded"), "false");
    v.legend.onHelp();
    assert.equal(v.dom.legendBox.hidden, false);
    v.legend.onHelp();
    assert.equal(v.dom.legendBox.hidden, true);
  });
});

// bar.js: the status, bot chips, last move, the decisions' buttons / steppers / menus, and the error line.
describe("bar", () => {
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
    const v = view({ status: { text: "Blue to act", to_act: [1], terminal: false, bots: [{ seat: 1, name: "Blue", bot: "search" }, 3],
      last: { text: "moved to C3", name: "Red", bot: true } }, bots_paused: true });
    v.bar.renderStatus();
    assert.equal(text(v, ".illumi-status"), "Blue to act");
    assert.ok(!v.dom.statusLine.classList.contains("illumi-terminal"));
    assert.equal(text(v, ".illumi-botinfo"), "Blue: search bot (paused)");
    assert.equal(text(v, ".illumi-last"), "Last move: Red (bot) — moved to C3");
    // at the end nothing looks live: no seat acting, and the status says who won (the final's headline)
    v.s.status = { ...v.s.status, terminal: true, final: { headline: "Red wins with 12 VP.", standings: [] } };
    v.bar.renderStatus();
    assert.equal(text(v, ".illumi-status"), "Red wins with 12 VP.");
    assert.ok(v.dom.statusLine.classList.contains("illumi-terminal"));
    assert.equal(text(v, ".illumi-botinfo"), "Blue: search bot");
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
});

// history.js, analysis.js, log.js, curtain.js: the bar's controls, the log and the hot-seat curtain.
describe("controls", () => {
  function view(values = {}) {
    const v = stubView({ values, stubs: { transport: ["sendSimple", "sendIntent"], menus: ["closeChooser", "closeConfirm"] } });
    createReader(v.s, v.model, { setScene: () => {}, now: v.now, perf: v.perf })();
    return v;
  }

  test("historyOf clamps the position; the stepper's buttons and slider follow it and send goto", () => {
    assert.deepEqual(historyOf({}), { index: 0, length: 0 });
    assert.deepEqual(historyOf({ history: { length: 5 } }), { index: 5, length: 5 });
    assert.deepEqual(historyOf({ history: { length: 5, index: 9 } }), { index: 5, length: 5 });
    const v = view(); // STATUS: history 3 of 5, can undo, cannot redo
    const h = createHistory(v);
    h.render();
    const d = v.dom;
    assert.equal(d.histLabel.textContent, "3 / 5");
    assert.deepEqual([d.undoBtn.disabled, d.redoBtn.disabled, d.firstBtn.disabled, d.lastBtn.disabled], [false, true, false, false]);
    for (const [node, type, fn] of h.listeners) node.addEventListener(type, fn);
    d.prevBtn.click();
    d.nextBtn.click();
    d.firstBtn.click();
    d.lastBtn.click();
    d.undoBtn.click();
    d.range.value = "1";
    d.range.dispatchEvent(new v.win.Event("change"));
    assert.deepEqual(v.calls.map((c) => c.slice(1)), [["goto", { index: 2 }], ["goto", { index: 4 }], ["goto", { index: 0 }],
      ["goto", { index: 5 }], ["undo"], ["goto", { index: 1 }]]);
    v.s.status = { mode: "play" };
    h.render();
    assert.equal(d.history.hidden, true); // play mode without a history: no stepper
  });

  test("analyseLabel and the Analyse button: hidden unless offered; progress for this version only", () => {
    assert.deepEqual(analyseLabel({ version: 7, running: true, done: 3, total: 4 }, 7), { text: "Analysing 75%", running: true });
    assert.deepEqual(analyseLabel({ version: 7, running: true, done: 4, total: 4 }, 7).text, "Analysing 99%");
    assert.equal(analyseLabel({ version: 7, running: true }, 7).text, "Analysing …");
    assert.equal(analyseLabel({ version: 7, done: 4, total: 4 }, 7).text, "Analysed ✓");
    assert.equal(analyseLabel({ version: 6, done: 4, total: 4 }, 7).text, "Analyse");
    assert.equal(analyseLabel({ version: 7, done: 4, cancelled: true }, 7).text, "Analyse");
    assert.equal(analyseLabel(null, 7).text, "Analyse");
    const v = view({ analysable: true, analysis_progress: { version: 7, running: true, done: 1, total: 2 } });
    const a = createAnalysis(v);
    a.render();
    const b = v.dom.analyseBtn;
    assert.equal(b.hidden, false);
    assert.equal(b.textContent, "Analysing 50%");
    assert.equal(b.getAttribute("aria-busy"), "true");
    assert.equal(b.dataset.state, "running");
    a.onButton();
    assert.deepEqual(v.calls, [["transport.sendSimple", "analyse"]]);
    v.s.status = { terminal: true };
    a.render();
    assert.equal(b.hidden, true);
  });

  test("the log shows the newest lines, numbered from the whole log's length; hidden under the curtain", () => {
    const lines = Array.from({ length: MAX_LOG_ROWS + 5 }, (_, i) => `line ${i + 1}`);
    const v = view({ log_lines: lines, status: { log_length: 200 } });
    const log = createLog(v);
    log.render();
    assert.equal(v.dom.logSummary.textContent, `Log (200) — line ${MAX_LOG_ROWS + 5}`);
    assert.equal(v.dom.logList.children.length, MAX_LOG_ROWS);
    assert.equal(v.dom.logList.start, 200 - MAX_LOG_ROWS + 1);
    v.s.curtainName = "Blue";
    log.render();
    assert.equal(v.dom.logBox.hidden, true);
    assert.equal(v.dom.logSummary.textContent, "Log (0)");
    assert.equal(v.dom.logList.children.length, 0);
  });

  test("the curtain hides the board's boxes and asks to pass; its button lifts it", () => {
    const v = view({ status: { curtain: "Blue" } });
    const c = createCurtain(v);
    v.dom.tip.hidden = false;
    v.dom.legendBox.hidden = false;
    c.render();
    assert.equal(v.dom.curtain.hidden, false);
    assert.equal(v.dom.curtain.textContent, "Pass to Blue — click to reveal");
    assert.equal(v.dom.tip.hidden, true);
    assert.equal(v.dom.legendBox.hidden, true);
    c.onButton();
    assert.deepEqual(v.calls.map((x) => x[0]), ["menus.closeChooser", "menus.closeConfirm", "transport.sendIntent"]);
    assert.deepEqual(v.calls[2][1], { type: "curtain", open: true });
    v.s.curtainName = null;
    c.render();
    assert.equal(v.dom.curtain.hidden, true);
  });
});
