// Unit tests of the view's core modules: state.js, dom.js, transport.js, bots.js (pacing), connection.js.
// One file per concern group (each file is a node process that loads jsdom: fewer files, a faster suite).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { JSDOM } from "jsdom";
import { botDelayMs, createBots, MAX_BOT_DELAY_MS } from "../src/bots.js";
import { createConnection } from "../src/connection.js";
import { buildDom, button, ctxOf, DISCONNECTED_TEXT, glyph, make } from "../src/dom.js";
import { buildTargets, createReader, createState, hasTargets, isTarget, labelOf, selectionOf } from "../src/state.js";
import { ACT_GUARD_MS, createTransport, REPLY_TIMEOUT_MS } from "../src/transport.js";
import { DECISIONS, FakeModel, initialValues, SCENE } from "../testlib/helpers.mjs";
import { called, stubView } from "../testlib/view.mjs";

// state.js: what the board reads from the model (effective scene, targets, compose selections, last move).
describe("state", () => {
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
    const r = reader({ status: { text: "x", curtain: "Blue", last: { version: 6, touched: ["cell:C3", 4], color: "#c0392b" } } });
    r.read();
    assert.equal(r.s.curtainName, "Blue");
    assert.equal(r.s.version, 7);
    assert.deepEqual(r.s.lastMove, { version: 6, touched: ["cell:C3"], color: "#c0392b", t0: -Infinity });
    r.s.lastVersion = 7;
    r.setNow(900);
    r.model.values.status = { text: "y", curtain: "", last: { version: 8, touched: [] } };
    r.read();
    assert.equal(r.s.curtainName, null);
    assert.deepEqual(r.s.lastMove, { version: 8, touched: [], color: null, t0: 900 });
    r.model.values.status = "nonsense";
    r.read();
    assert.deepEqual(r.s.status, {});
  });
});

// dom.js: the element builders and the fixed node tree of one view.
describe("dom", () => {
  const doc = () => new JSDOM("<!doctype html><html><body></body></html>").window.document;

  test("make and button", () => {
    const d = doc();
    const n = make(d, "span", "a b", 5);
    assert.equal(n.tagName, "SPAN");
    assert.equal(n.className, "a b");
    assert.equal(n.textContent, "5");
    assert.equal(make(d, "div", null, null).textContent, "");
    const b = button(d, "Go", "illumi-primary", "Do it");
    assert.equal(b.type, "button");
    assert.equal(b.className, "illumi-btn illumi-primary");
    assert.equal(b.title, "Do it");
    assert.equal(button(d, "X").className, "illumi-btn");
  });

  test("glyph draws a pause (two bars) or a play triangle as inline SVG", () => {
    const d = doc();
    const pause = glyph(d, "pause");
    assert.equal(pause.getAttribute("class"), "illumi-glyph illumi-glyph-pause");
    assert.equal(pause.querySelectorAll("rect").length, 2);
    const play = glyph(d, "play");
    assert.equal(play.querySelectorAll("polygon").length, 1);
    assert.equal(play.getAttribute("aria-hidden"), "true");
  });

  test("the node tree: canvases and boxes on the stage, the bar's controls, log and curtain; the boxes start hidden", () => {
    const d = doc();
    const dom = buildDom(d);
    assert.equal(dom.root.className, "illumi-widget");
    assert.deepEqual([...dom.root.children].map((c) => c.className), ["illumi-scroll", "illumi-bar", "illumi-log", "illumi-curtain"]);
    assert.deepEqual([...dom.stage.children].map((c) => c.className),
      ["illumi-base", "illumi-overlay", "illumi-tip", "illumi-chooser", "illumi-legend", "illumi-confirm", "illumi-end",
        "illumi-markers", "illumi-offline"]);
    for (const k of ["tip", "chooser", "legendBox", "confirmBox", "endBox", "endBtn", "offline", "botBtn", "analyseBtn", "curtain"]) {
      assert.equal(dom[k].hidden, true, k);
    }
    assert.equal(dom.offline.textContent, DISCONNECTED_TEXT);
    assert.equal(dom.range.type, "range");
    assert.deepEqual([...dom.controls.children].map((c) => c.className.replace("illumi-btn ", "")),
      ["illumi-undo", "illumi-redo", "illumi-history", "illumi-bots", "illumi-analyse", "illumi-results", "illumi-help"]);
    assert.equal(ctxOf({ getContext: () => { throw new Error("no canvas"); } }), null);
  });
});

// transport.js: every intent gets a reply or a visible timeout; one act per version in flight.
describe("transport", () => {
  function view() {
    const v = stubView({ stubs: { bar: ["renderError"], connection: ["showOffline"], tips: ["onWhy"] } });
    v.transport = createTransport(v);
    return v;
  }

  test("an act is sent with the model's version; a second one for the same version waits for the guard", () => {
    const v = view();
    assert.equal(v.transport.sendAct("d1", "pass"), true);
    assert.deepEqual(v.model.sent, [{ type: "act", version: 7, decision: "d1", option: "pass" }]);
    assert.deepEqual(v.s.pending, { t: 1000, version: 7 });
    assert.equal(v.transport.sendAct("d1", "pass"), false);
    v.advance(ACT_GUARD_MS);
    assert.equal(v.transport.sendAct("d1", "pass"), true);
    assert.equal(v.model.sent.length, 2);
  });

  test("no reply in time: every waiting intent is given up and the board says so", () => {
    const v = view();
    v.transport.sendSimple("undo");
    v.transport.sendAct("d1", "pass");
    assert.deepEqual([...v.clock.timers.values()].map((t) => t.ms), [REPLY_TIMEOUT_MS, REPLY_TIMEOUT_MS]);
    v.transport.onMessage({ type: "ok", version: 7 }); // the undo's reply: its watchdog goes
    assert.equal(v.clock.timers.size, 1);
    v.clock.fire();
    assert.equal(v.s.lastError.code, "no-reply");
    assert.match(v.s.lastError.message, /No answer from Python after 6 s/);
    assert.equal(v.s.pending, null);
    assert.equal(called(v).filter((c) => c === "bar.renderError").length, 2);
    v.transport.onMessage({ type: "ok" }); // a late reply clears the no-reply error
    assert.equal(v.s.lastError, null);
  });

  test("replies: an error is shown and allows another try; a why goes to the tooltips; bot errors and hello are ignored", () => {
    const v = view();
    v.transport.sendAct("d1", "pass");
    v.transport.onMessage({ type: "error", code: "illegal", message: "Not your turn" });
    assert.deepEqual(v.s.lastError, { code: "illegal", message: "Not your turn" });
    assert.equal(v.s.pending, null);
    assert.equal(v.clock.timers.size, 0);
    v.calls.length = 0;
    v.transport.onMessage({ type: "error", code: "bot-stale" });
    v.transport.onMessage({ type: "hello" });
    v.transport.onMessage(null);
    assert.deepEqual(v.calls, []);
    v.transport.onMessage({ type: "why", entity: "x", reason: "no" });
    assert.deepEqual(v.calls, [["tips.onWhy", { type: "why", entity: "x", reason: "no" }]]);
  });

  test("disconnected: nothing is sent and the veil shows; abandon and dispose clear the watchdogs", () => {
    const v = view();
    v.s.connected = false;
    assert.equal(v.transport.sendSimple("redo"), false);
    assert.deepEqual(v.model.sent, []);
    assert.deepEqual(called(v), ["connection.showOffline"]);
    v.s.connected = true;
    v.transport.sendSimple("redo");
    v.transport.abandon();
    assert.equal(v.clock.timers.size, 0);
    v.transport.sendSimple("redo");
    v.transport.dispose();
    assert.equal(v.clock.timers.size, 0);
  });
});

// bots.js on its own: one bot step per version after bot_delay, and the pause/resume button.
describe("pacing", () => {
  function view(values) {
    const v = stubView({ values: { bot_seats: [1], bot_turn: true, bot_delay: 0.25, bots_paused: false, ...values },
      stubs: { transport: ["sendIntent"] } });
    v.s.version = 7;
    v.bots = createBots(v);
    return v;
  }

  test("botDelayMs: seconds to ms, bounded; 0.8 s when not a number", () => {
    assert.equal(botDelayMs(0.25), 250);
    assert.equal(botDelayMs(-1), 0);
    assert.equal(botDelayMs(1e9), MAX_BOT_DELAY_MS);
    assert.equal(botDelayMs("x"), 800);
  });

  test("one step per version; none while paused, disconnected or disposed; stop forgets the version", () => {
    const v = view();
    v.bots.schedule();
    v.bots.schedule();
    assert.deepEqual(v.clock.fire(), [250]);
    assert.deepEqual(v.model.sent, [{ type: "bot_step", version: 7 }]);
    v.bots.schedule(); // already sent for version 7
    assert.equal(v.clock.timers.size, 0);
    v.s.version = 8;
    v.model.values.bots_paused = true;
    v.bots.schedule();
    assert.equal(v.clock.timers.size, 0);
    v.model.values.bots_paused = false;
    v.bots.schedule();
    v.s.connected = false; // the timer finds the kernel gone: nothing sent
    v.clock.fire();
    assert.equal(v.model.sent.length, 1);
    v.s.connected = true;
    v.bots.stop();
    v.bots.schedule(); // after stop, version 8 is scheduled again
    v.s.version = 9; // ...but the position moved on before the timer
    v.clock.fire();
    assert.equal(v.model.sent.length, 1);
  });

  test("the button shows for bot seats, says pause or resume, and sends pause_bots", () => {
    const v = view();
    v.bots.renderButton();
    const b = v.dom.botBtn;
    assert.equal(b.hidden, false);
    assert.equal(b.textContent, "Pause bots");
    assert.equal(b.getAttribute("aria-pressed"), "false");
    assert.ok(b.classList.contains("illumi-bot-turn"));
    assert.equal(b.dataset.seats, "1");
    v.bots.onButton();
    assert.deepEqual(v.calls, [["transport.sendIntent", { type: "pause_bots", paused: true }]]);
    v.model.values.bots_paused = true;
    v.model.values.bot_seats = [];
    v.bots.renderButton();
    assert.equal(b.hidden, true);
    assert.equal(b.textContent, "Resume bots");
    assert.ok(b.querySelector(".illumi-glyph-play"));
  });
});

// connection.js: the disconnected veil, the kernel watch, and the one "hello" of a live view.
describe("connection", () => {
  function view(manager) {
    const v = stubView({ stubs: { menus: ["closeChooser", "closeConfirm"], bots: ["stop", "schedule"],
      transport: ["abandon"], bar: ["renderError"] } });
    if (manager !== undefined) v.model.widget_manager = manager;
    v.connection = createConnection(v);
    return v;
  }

  function kernel(status = "idle") {
    const handlers = { status: [], disposed: [] };
    const sig = (name) => ({ connect: (fn) => handlers[name].push(fn), disconnect: (fn) => handlers[name].splice(handlers[name].indexOf(fn), 1) });
    return { status, statusChanged: sig("status"), disposed: sig("disposed"), handlers };
  }

  test("a live view with a widget manager says hello once; a page without one (a test, a static page) does not", () => {
    const k = kernel();
    const v = view({ kernel: k });
    v.connection.start();
    assert.equal(v.el.dataset.connected, "1");
    assert.deepEqual(v.model.sent, [{ type: "hello", version: 7 }]);
    v.connection.sayHello();
    assert.equal(v.model.sent.length, 1);
    const bare = view();
    bare.connection.start();
    assert.deepEqual(bare.model.sent, []);
  });

  test("a kernel restart greys the view for good: menus closed, bots stopped, intents abandoned", () => {
    const k = kernel();
    const v = view({ kernel: k });
    v.connection.start();
    k.handlers.status[0](k, "restarting");
    assert.equal(v.s.connected, false);
    assert.equal(v.dom.offline.hidden, false);
    assert.ok(v.dom.root.classList.contains("illumi-disconnected"));
    assert.equal(v.el.dataset.connected, "0");
    assert.deepEqual(called(v), ["menus.closeChooser", "menus.closeConfirm", "bots.stop", "transport.abandon"]);
    v.connection.check(); // the page has no mark, but the kernel is gone: still disconnected
    assert.equal(v.s.connected, false);
    v.connection.dispose();
    assert.equal(k.handlers.status.length, 0);
    assert.equal(k.handlers.disposed.length, 0);
  });

  test("a saved notebook opened without a kernel: disconnected from the start, nothing sent", () => {
    const v = view({ kernel: null });
    v.connection.start();
    assert.equal(v.s.connected, false);
    assert.equal(v.el.dataset.connected, "0");
    assert.deepEqual(v.model.sent, []);
    const dead = view({ kernel: kernel("dead") });
    dead.connection.start();
    assert.equal(dead.s.connected, false);
  });

  test("JupyterLab's mark on the view or its parent: disconnected; the mark gone: connected, hello, bots rescheduled", () => {
    const v = view({ kernel: kernel() });
    v.el.classList.add("jupyter-widgets-disconnected");
    v.connection.start();
    assert.equal(v.s.connected, false);
    assert.deepEqual(v.model.sent, []); // no hello while not live
    v.calls.length = 0;
    v.el.classList.remove("jupyter-widgets-disconnected");
    v.connection.onCommLive();
    v.clock.fire();
    assert.equal(v.s.connected, true);
    assert.deepEqual(called(v), ["bots.schedule"]);
    assert.deepEqual(v.model.sent, [{ type: "hello", version: 7 }]);
    v.el.parentElement.classList.add("jupyter-widgets-disconnected");
    v.connection.check();
    assert.equal(v.s.connected, false);
  });

  test("showOffline: the veil and the error line say the kernel is gone", () => {
    const v = view();
    v.connection.showOffline();
    assert.equal(v.dom.offline.hidden, false);
    assert.deepEqual(v.s.lastError, { code: "disconnected", message: DISCONNECTED_TEXT });
    assert.deepEqual(called(v), ["bar.renderError"]);
  });
});
