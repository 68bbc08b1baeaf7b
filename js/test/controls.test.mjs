// history.js, analysis.js, log.js, curtain.js: the bar's controls, the log and the hot-seat curtain.
import { test } from "node:test";
import assert from "node:assert/strict";

import { analyseLabel, createAnalysis } from "../src/analysis.js";
import { createCurtain } from "../src/curtain.js";
import { createHistory, historyOf } from "../src/history.js";
import { createLog, MAX_LOG_ROWS } from "../src/log.js";
import { createReader } from "../src/state.js";
import { stubView } from "../testlib/view.mjs";

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
