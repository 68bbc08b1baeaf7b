import { test } from "node:test";
import assert from "node:assert/strict";

import widget, { TARGET_HALO } from "../src/index.js";
import { DECISIONS, FakeModel, initialValues, names, SCENE, setup, STATUS, tick } from "../testlib/helpers.mjs";

function mount(opts = {}, values = {}) {
  const env = setup(opts);
  const model = new FakeModel(initialValues(values));
  const cleanup = widget.render({ model, el: env.el });
  env.placeOverlay();
  return { ...env, model, cleanup };
}

const glowed = (calls) => calls.some((c) => c[0] === "set" && c[1] === "strokeStyle" && c[2] === TARGET_HALO);

test("render paints at once, sets data-version / data-painted and paint timings", () => {
  const { el, model, calls } = mount();
  assert.equal(el.dataset.version, "7");
  assert.equal(el.dataset.painted, "1");
  assert.equal(el.__illumi.paints, 1);
  assert.equal(typeof el.__illumi.lastPaintMs, "number");
  assert.deepEqual(el.__illumi.roundTrips, []);
  const n = names(calls("base"));
  for (const m of ["fillRect", "arcTo", "arc", "fillText", "lineTo", "closePath"]) assert.ok(n.includes(m), m);
  // Every legal target gets an outline on the overlay; the panel shows the prompt.
  assert.ok(names(calls("overlay")).includes("stroke"));
  assert.match(el.textContent, /Choose an action/);
  assert.match(el.querySelector(".illumi-status").textContent, /Red to act/);
  assert.equal(model.listenerCount(), 17); // 15 traits (scene_patch, legend, 4 bot traits, 2 analysis) + msg:custom + comm_live
});

test("canvas is scaled to the cell width with a devicePixelRatio backing store", () => {
  const { el, calls } = mount({ width: 500, dpr: 2 });
  const base = el.querySelector("canvas.illumi-base");
  assert.equal(base.style.width, "500px");
  assert.equal(base.style.height, "350px");
  assert.equal(base.width, 1000);
  assert.equal(base.height, 700);
  const t = calls("base").filter((c) => c[0] === "setTransform").pop();
  assert.deepEqual(t, ["setTransform", 1, 0, 0, 1, 0, 0]); // 0.5 scale x 2 dpr
});

test("hit-testing maps client coordinates through scaling and HiDPI", () => {
  const env = mount({ width: 500, dpr: 2 });
  env.placeOverlay(100, 40); // the canvas sits at (100, 40) on the page
  // region:A is the triangle (200,200)-(300,200)-(250,280) in scene units => CSS (100..150, 100..140).
  env.mouse("click", 100 + 125, 40 + 110);
  assert.equal(env.el.querySelector(".illumi-chooser").hidden, false); // region:A has two options
  env.key("Escape");
  // The same CSS point unscaled would be scene (125,110): nothing there.
  env.mouse("click", 100 + 250, 40 + 220); // scene (500, 440) = card:plain, not a target: asks why not
  assert.deepEqual(env.model.sent, [{ type: "why", version: 7, entity: "card:plain" }]);
});

test("hover highlights targets only, and shows tips", () => {
  const env = mount();
  const tip = env.el.querySelector(".illumi-tip");
  env.clearCalls();
  env.mouse("mousemove", 20, 100); // cell:C3 (target) away from the disk
  assert.ok(glowed(env.calls("overlay")), "target glows");
  assert.equal(tip.hidden, false);
  assert.equal(tip.textContent, "Click: Move to C3Cell C3\nInfluence 2"); // what a click does, then the tip
  assert.ok(env.el.querySelector("canvas.illumi-overlay").classList.contains("illumi-pointer"));
  env.clearCalls();
  env.mouse("mousemove", 450, 450); // card:plain: tip, not a target
  assert.equal(glowed(env.calls("overlay")), false, "non-target does not glow");
  assert.equal(tip.hidden, false);
  assert.equal(tip.textContent, "Not a target");
  assert.ok(!env.el.querySelector("canvas.illumi-overlay").classList.contains("illumi-pointer"));
  env.clearCalls();
  env.mouse("mousemove", 750, 450); // cell:D4: not a target, no tip
  assert.equal(tip.hidden, true);
  assert.equal(glowed(env.calls("overlay")), false);
  env.mouse("mousemove", 20, 100);
  env.mouse("mouseleave", 0, 0);
  assert.equal(tip.hidden, true);
});

test("an update under a still pointer re-reads the hover: a thing no longer a target loses its click text", async () => {
  const env = mount();
  const tip = env.el.querySelector(".illumi-tip");
  const overlay = env.el.querySelector("canvas.illumi-overlay");
  env.mouse("mousemove", 20, 100); // cell:C3, a target
  assert.equal(tip.textContent, "Click: Move to C3Cell C3\nInfluence 2");
  env.model.update({ version: 8, decisions: [] }); // the move was made (the mouse did not move)
  await tick();
  assert.equal(tip.hidden, false);
  assert.equal(tip.textContent, "Cell C3\nInfluence 2"); // its tip, no longer what a click would do
  assert.ok(!overlay.classList.contains("illumi-pointer"));
});

test("a click on a single-option target sends the exact act message", () => {
  const env = mount();
  env.mouse("click", 50, 50); // the disk lies on top of cell:C3
  assert.deepEqual(env.model.sent, [{ type: "act", version: 7, decision: "d1", option: "take-disk" }]);
});

test("a click on a non-target entity asks why not (no act); on the empty board sends nothing", () => {
  const env = mount();
  env.mouse("click", 450, 450);
  env.mouse("click", 990, 690);
  assert.deepEqual(env.model.sent, [{ type: "why", version: 7, entity: "card:plain" }]);
  const tip = env.el.querySelector(".illumi-tip");
  env.mouse("click", 450, 450); // asked already: not again
  assert.equal(env.model.sent.length, 1);
  env.model.receive({ type: "why", entity: "card:plain", version: 7, reason: "B3 is face-down: Influence targets a face-up card" });
  assert.equal(tip.hidden, false);
  assert.match(tip.textContent, /Not a target/);
  assert.match(tip.querySelector(".illumi-why").textContent, /^Not now: B3 is face-down/);
});

test("a multi-option target opens the chooser and sends the chosen option", () => {
  const env = mount();
  env.mouse("click", 250, 220);
  const chooser = env.el.querySelector(".illumi-chooser");
  assert.equal(chooser.hidden, false);
  const items = [...chooser.querySelectorAll("button")];
  assert.deepEqual(items.map((b) => b.textContent), ["Flip region A", "Claim region A"]);
  assert.deepEqual(env.model.sent, []);
  items[1].click();
  assert.deepEqual(env.model.sent, [{ type: "act", version: 7, decision: "d1", option: "claim-A" }]);
  assert.equal(chooser.hidden, true);
});

test("the chooser closes on Escape and on a click elsewhere (which does nothing else)", () => {
  const env = mount();
  const chooser = env.el.querySelector(".illumi-chooser");
  env.mouse("click", 250, 220);
  env.key("Escape");
  assert.equal(chooser.hidden, true);
  env.mouse("click", 250, 220);
  assert.equal(chooser.hidden, false);
  env.mouse("mousedown", 50, 50);
  env.mouse("click", 50, 50);
  assert.equal(chooser.hidden, true);
  assert.deepEqual(env.model.sent, []);
  env.mouse("click", 50, 50);
  assert.equal(env.model.sent.length, 1);
});

test("bar buttons send act; options on the board are one menu away, never a wall of buttons", () => {
  const env = mount();
  const buttons = [...env.el.querySelectorAll(".illumi-panel button[data-option]")];
  assert.deepEqual(buttons.map((b) => b.dataset.option), ["pass"]);
  const onBoard = env.el.querySelector(".illumi-panel button.illumi-onboard");
  assert.match(onBoard.textContent, /On the board \(4\)/);
  onBoard.click();
  const menu = [...env.el.querySelectorAll(".illumi-chooser button[data-option]")].map((b) => b.dataset.option);
  assert.deepEqual(menu, ["move-C3", "take-disk", "flip-A", "claim-A"]);
  env.key("Escape");
  const pass = env.el.querySelector('.illumi-panel button[data-option="pass"]');
  assert.ok(pass.classList.contains("illumi-primary"));
  pass.click();
  assert.deepEqual(env.model.sent, [{ type: "act", version: 7, decision: "d1", option: "pass" }]);
  // A second act for the same version while the first is in flight is ignored...
  pass.click();
  assert.equal(env.model.sent.length, 1);
  // ...but after an error reply the player may try again.
  env.model.receive({ type: "error", code: "illegal", message: "No." });
  pass.click();
  assert.deepEqual(env.model.sent[1], { type: "act", version: 7, decision: "d1", option: "pass" });
});

test("hovering a board option in the menu highlights its targets", () => {
  const env = mount();
  env.el.querySelector(".illumi-panel button.illumi-onboard").click();
  env.clearCalls();
  const chip = env.el.querySelector('.illumi-chooser button[data-option="move-C3"]');
  chip.dispatchEvent(new env.win.MouseEvent("mouseenter"));
  assert.ok(glowed(env.calls("overlay")));
});

test("many board options collapse into a list that keeps them reachable", () => {
  const options = Array.from({ length: 30 }, (_, i) => ({ id: `o${i}`, label: `O${i}`, targets: ["cell:D4"], group: i % 2 ? "odd" : "even" }));
  options.push({ id: "done", label: "Done", targets: [], group: null });
  const env = mount({}, { decisions: [{ id: "big", seat: 1, prompt: "Pick", options }] });
  assert.equal(env.el.querySelectorAll(".illumi-panel button").length, 2); // Done + one menu
  env.el.querySelector(".illumi-panel button.illumi-onboard").click();
  assert.equal(env.el.querySelectorAll(".illumi-chooser button[data-option]").length, 30);
});

test("undo, redo and history controls send their messages and follow status", async () => {
  const env = mount();
  const q = (s) => env.el.querySelector(s);
  assert.equal(q(".illumi-undo").disabled, false);
  assert.equal(q(".illumi-redo").disabled, true);
  assert.equal(q(".illumi-history-label").textContent, "3 / 5");
  q(".illumi-undo").click();
  q(".illumi-redo").click(); // disabled: no message
  q(".illumi-hist-prev").click();
  q(".illumi-hist-next").click();
  q(".illumi-hist-first").click();
  q(".illumi-hist-last").click();
  const range = q(".illumi-range");
  range.value = "1";
  range.dispatchEvent(new env.win.Event("change"));
  assert.deepEqual(env.model.sent, [
    { type: "undo", version: 7 },
    { type: "goto", version: 7, index: 2 },
    { type: "goto", version: 7, index: 4 },
    { type: "goto", version: 7, index: 0 },
    { type: "goto", version: 7, index: 5 },
    { type: "goto", version: 7, index: 1 },
  ]);
  assert.equal(q(".illumi-undo").title, "Undo the last action");
  const why = "The last decision was Blue's: you can take back only your own.";
  env.model.update({ status: { ...STATUS, can_undo: false, can_redo: true, undo_why: why, history: { index: 5, length: 5 } }, version: 8 });
  await tick(); // the update is painted in a microtask
  assert.equal(q(".illumi-undo").disabled, true);
  assert.equal(q(".illumi-undo").title, why); // a disabled button says why
  assert.equal(q(".illumi-redo").title, "Redo the action undone");
  assert.equal(q(".illumi-redo").disabled, false);
  assert.equal(q(".illumi-hist-next").disabled, true);
  assert.equal(q(".illumi-hist-prev").disabled, false);
  q(".illumi-redo").click();
  assert.deepEqual(env.model.sent.at(-1), { type: "redo", version: 8 });
  env.model.update({ status: { ...STATUS, can_undo: false, can_redo: false, history: { index: 5, length: 5 } }, version: 9 });
  await tick();
  assert.equal(q(".illumi-redo").title, "Redo is not available now."); // (no words from Python: still not mute)
});

test("the privacy curtain hides board and panel, and a click sends the curtain message", async () => {
  const env = mount({}, { status: { ...STATUS, curtain: "Red" } });
  const curtain = env.el.querySelector(".illumi-curtain");
  assert.equal(curtain.hidden, false);
  assert.equal(curtain.textContent, "Pass to Red — click to reveal");
  assert.equal(env.el.querySelector(".illumi-panel").hidden, true);
  assert.equal(env.el.querySelectorAll(".illumi-panel button").length, 0);
  assert.ok(!names(env.calls("base")).includes("fillText"), "the board is not painted");
  env.mouse("click", 50, 50); // the board does not act under the curtain
  assert.deepEqual(env.model.sent, []);
  curtain.click();
  assert.deepEqual(env.model.sent, [{ type: "curtain", open: true }]);
  env.model.set("status", { ...STATUS, curtain: null });
  await tick();
  assert.equal(curtain.hidden, true);
  assert.ok(env.el.querySelectorAll(".illumi-panel button").length > 0);
});

test("repaints once on change:scene / change:version and updates data-version", async () => {
  const env = mount();
  env.clearCalls();
  const paints = env.el.__illumi.paints;
  const scene = { ...SCENE, items: [{ t: "text", x: 1, y: 1, s: "new board" }] };
  env.model.update({ scene, decisions: [], version: 8, log_lines: ["x"] }); // one synced update
  assert.equal(env.el.dataset.version, "7"); // painted in a microtask, once
  await tick();
  assert.equal(env.el.__illumi.paints, paints + 1);
  assert.equal(env.el.dataset.version, "8");
  assert.ok(env.calls("base").some((c) => c[0] === "fillText" && c[1] === "new board"));
  env.model.set("version", 9);
  await tick();
  assert.equal(env.el.dataset.version, "9");
  assert.equal(env.el.__illumi.paints, paints + 2);
});

test("round trips are measured from an act to the painted next version", async () => {
  const env = mount();
  env.mouse("click", 50, 50);
  assert.equal(env.model.sent.length, 1);
  env.model.receive({ type: "ok", version: 8 });
  env.model.update({ version: 8, decisions: [] });
  await tick();
  assert.equal(env.el.__illumi.roundTrips.length, 1);
  assert.ok(env.el.__illumi.roundTrips[0] >= 0);
});

test("an error reply is shown, and status.error too; a new version clears the reply", async () => {
  const env = mount();
  const line = env.el.querySelector(".illumi-error");
  assert.equal(line.textContent, "");
  env.model.receive({ type: "error", code: "stale", message: "The board changed." });
  assert.equal(line.textContent, "The board changed.");
  assert.equal(line.dataset.code, "stale");
  env.model.set("version", 8);
  await tick();
  assert.equal(line.textContent, "");
  env.model.set("status", { ...STATUS, error: { code: "illegal", message: "Not now." } });
  await tick();
  assert.equal(line.textContent, "Not now.");
});

test("the log panel shows the entries, newest last", () => {
  const env = mount();
  const items = [...env.el.querySelectorAll(".illumi-log li")].map((li) => li.textContent);
  assert.deepEqual(items, ["Red passes", "Blue moves to C3"]);
  assert.match(env.el.querySelector(".illumi-log summary").textContent, /Log \(2\) — Blue moves to C3/);
});

test("resize repaints at the new width", () => {
  const env = mount();
  env.setWidth(400);
  env.observers[0].fire(400);
  const base = env.el.querySelector("canvas.illumi-base");
  assert.equal(base.style.width, "400px");
  assert.equal(base.style.height, "280px");
});

test("clean-up removes every model listener, DOM listener and the ResizeObserver", async () => {
  const env = mount();
  assert.ok(env.model.listenerCount() > 0);
  env.mouse("click", 250, 220); // chooser open: document listeners active
  const paints = env.el.__illumi.paints;
  env.cleanup();
  assert.equal(env.model.listenerCount(), 0);
  assert.equal(env.observers.length, 1);
  assert.equal(env.observers[0].disconnected, true);
  assert.equal(env.el.children.length, 0);
  env.model.set("version", 99);
  env.key("Escape");
  await tick();
  assert.equal(env.el.__illumi.paints, paints);
});

test("a widget without a scene still paints (empty board, no decisions)", () => {
  const env = setup();
  const model = new FakeModel({ protocol: 1, version: 0, scene: {}, decisions: [], log_lines: [], status: {} });
  widget.render({ model, el: env.el });
  assert.equal(env.el.dataset.painted, "1");
  assert.equal(env.el.dataset.version, "0");
});

// ------------------------------------------------------------------ scene patches
const STAMPED = { ...SCENE, stamp: 4 };
const DISK_AT_D4 = { ...SCENE.items[1], x: 750, y: 450 };
const EXTRA_C3 = { t: "rect", x: 900, y: 600, w: 50, h: 50, fill: "#abc", id: "cell:C3", tip: "C3 annex" };
// Move the disk from index 1 to the end (on top of cell:D4), drop region:A, add a second cell:C3 shape.
const MOVE_PATCH = { base: 4, ops: [[1, 1, []], [3, 1, []], [7, 0, [DISK_AT_D4, EXTRA_C3]]] };

function withWarnings(fn) {
  const warned = [];
  const errors = [];
  const { warn, error } = console;
  console.warn = (...args) => warned.push(args.join(" "));
  console.error = (...args) => errors.push(args.join(" "));
  return Promise.resolve()
    .then(fn)
    .finally(() => {
      console.warn = warn;
      console.error = error;
    })
    .then(() => ({ warned, errors }));
}

test("change:scene_patch alone repaints once, with the patched scene", async () => {
  const env = mount({}, { scene: STAMPED, scene_patch: { base: 4, ops: [] } });
  env.clearCalls();
  const paints = env.el.__illumi.paints;
  env.model.set("scene_patch", { base: 4, ops: [[2, 1, [{ t: "text", x: 5, y: 5, s: "patched text" }]]] });
  await tick();
  assert.equal(env.el.__illumi.paints, paints + 1);
  const texts = env.calls("base").filter((c) => c[0] === "fillText").map((c) => c[1]);
  assert.ok(texts.includes("patched text"));
  assert.ok(!texts.includes("Influence"), "the replaced item is gone");
  assert.equal(env.el.__illumi.patchesIgnored, 0);
});

test("hit-testing, hover and targets follow a patch that moves, adds and removes entities", async () => {
  const env = mount({}, { scene: STAMPED, scene_patch: { base: 4, ops: [] } });
  env.mouse("click", 50, 50); // the disk on cell:C3
  assert.deepEqual(env.model.sent.at(-1), { type: "act", version: 7, decision: "d1", option: "take-disk" });
  env.model.update({ scene_patch: MOVE_PATCH, version: 8 });
  await tick();
  env.mouse("click", 50, 50); // the disk has gone: cell:C3 itself
  assert.deepEqual(env.model.sent.at(-1), { type: "act", version: 8, decision: "d1", option: "move-C3" });
  env.model.receive({ type: "error", code: "x", message: "again" }); // lift the in-flight guard
  env.mouse("click", 750, 450); // the disk now lies on top of cell:D4
  assert.deepEqual(env.model.sent.at(-1), { type: "act", version: 8, decision: "d1", option: "take-disk" });
  env.model.receive({ type: "error", code: "x", message: "again" });
  env.mouse("click", 925, 625); // the added cell:C3 shape
  assert.deepEqual(env.model.sent.at(-1), { type: "act", version: 8, decision: "d1", option: "move-C3" });
  env.model.receive({ type: "error", code: "x", message: "again" });
  const n = env.model.sent.length;
  env.mouse("click", 250, 220); // region:A was removed: no chooser, nothing sent
  assert.equal(env.el.querySelector(".illumi-chooser").hidden, true);
  assert.equal(env.model.sent.length, n);
  env.clearCalls();
  env.mouse("mousemove", 925, 625);
  const tip = env.el.querySelector(".illumi-tip");
  assert.equal(tip.hidden, false);
  assert.equal(tip.textContent, "Click: Move to C3C3 annex");
  assert.ok(glowed(env.calls("overlay")), "the added shape of a target glows");
  env.mouse("mousemove", 750, 450);
  assert.equal(tip.textContent, "Click: Take the diskA red disk");
});

test("a patch for another base is ignored with a console.warn, and the full scene is painted", async () => {
  const { warned, errors } = await withWarnings(async () => {
    const env = mount({}, { scene: STAMPED, scene_patch: MOVE_PATCH });
    env.model.update({ scene: { ...SCENE, stamp: 5 } }); // a new full scene; the old patch no longer applies
    await tick();
    env.mouse("click", 50, 50); // the unpatched scene: the disk is back on cell:C3
    assert.deepEqual(env.model.sent.at(-1), { type: "act", version: 7, decision: "d1", option: "take-disk" });
    assert.equal(env.el.__illumi.patchesIgnored, 1);
    env.model.set("scene_patch", { base: 5, ops: [[99, 0, []]] }); // malformed
    await tick();
    assert.equal(env.el.__illumi.patchesIgnored, 2);
    assert.equal(env.el.dataset.painted, "1");
    env.model.set("scene_patch", { base: 5, ops: [] }); // fine again: nothing to warn about
    await tick();
    assert.equal(env.el.__illumi.patchesIgnored, 2);
  });
  assert.equal(warned.length, 2);
  assert.match(warned[0], /scene patch ignored .*for scene 4, not 5/);
  assert.match(warned[1], /scene patch ignored .*does not fit/);
  assert.deepEqual(errors, []);
});

test("a view opened later renders the effective scene from the two traits", () => {
  const env = mount({}, { scene: STAMPED, scene_patch: MOVE_PATCH });
  env.mouse("click", 750, 450);
  assert.deepEqual(env.model.sent, [{ type: "act", version: 7, decision: "d1", option: "take-disk" }]);
  assert.equal(env.el.__illumi.patchesIgnored, 0);
});

test("patches one after another, each against the scene the one before made; a view opened after them", async () => {
  const model = new FakeModel(initialValues({ scene: STAMPED, scene_patch: { base: 4, ops: [] } }));
  widget.initialize({ model }); // (anywidget: once per model, before any view)
  // two patches while no view is open (a cell that plays, then shows the board): the disk moves to D4, then
  // everything from index 1 on is drawn 10 further right
  model.update({ scene_patch: { ...MOVE_PATCH, stamp: 5 }, version: 8 });
  model.update({ scene_patch: { base: 5, stamp: 6, ops: [[1, 8, { dx: 10 }]] }, version: 9 });
  const env = setup();
  const cleanup = widget.render({ model, el: env.el });
  env.placeOverlay();
  env.mouse("click", 765, 455); // the disk, moved to D4 and then 10 further right
  assert.deepEqual(model.sent.at(-1), { type: "act", version: 9, decision: "d1", option: "take-disk" });
  assert.equal(env.el.__illumi.patchesIgnored, 0);
  // the model's scene in the page is the one shown (what a saved widget state holds), the patch its own
  assert.equal(model.get("scene").stamp, 6);
  assert.equal(model.get("scene").items.length, 9);
  assert.equal(model.sent.filter((m) => m.scene !== undefined).length, 0, "nothing of it goes to Python");
  model.receive({ type: "error", code: "x", message: "again" }); // lift the in-flight guard
  model.update({ scene_patch: { base: 6, stamp: 7, ops: [[1, 8, { dx: -10 }]] }, version: 10 }); // and back
  await tick();
  env.mouse("click", 755, 455);
  assert.deepEqual(model.sent.at(-1), { type: "act", version: 10, decision: "d1", option: "take-disk" });
  assert.equal(env.el.__illumi.patchesIgnored, 0);
  cleanup();
});

test("the log panel counts every line (status.log_length) but shows the newest it was sent", () => {
  const log = Array.from({ length: 60 }, (_, i) => `line ${i + 191}`);
  const env = mount({}, { log_lines: log, status: { ...STATUS, log_length: 250 } });
  const list = env.el.querySelector(".illumi-log ol");
  assert.equal(list.children.length, 60);
  assert.equal(list.start, 191);
  assert.match(env.el.querySelector(".illumi-log summary").textContent, /^Log \(250\) — line 250$/);
});

test("an update that leaves the scene alone does not repaint the board; a new scene does", async () => {
  const env = mount();
  env.clearCalls();
  env.model.update({ version: 8, log_lines: ["Red passes", "Blue moves to C3", "Red passes"], status: { ...STATUS } });
  await tick();
  assert.equal(env.el.dataset.version, "8");
  assert.equal(names(env.calls("base")).includes("fillText"), false, "base canvas untouched");
  assert.ok(names(env.calls("overlay")).includes("stroke"), "the target outlines are redrawn");
  env.model.update({ version: 9, scene: { ...SCENE, bg: "#000" } });
  await tick();
  assert.ok(names(env.calls("base")).includes("fillText"), "a new scene is painted");
});

test("once the ResizeObserver reported a width, updates do not read el.clientWidth (no forced layout)", async () => {
  const env = mount({ width: 500 });
  env.observers[0].fire(500);
  let reads = 0;
  Object.defineProperty(env.el, "clientWidth", { get: () => { reads += 1; return 500; }, configurable: true });
  env.model.update({ version: 8, scene: { ...SCENE, bg: "#000" } });
  await tick();
  assert.equal(env.el.dataset.version, "8");
  assert.equal(reads, 0);
  assert.equal(env.el.querySelector("canvas.illumi-base").style.width, "500px");
});

test("the Analyse button shows when Python offers it, sends an analyse intent and shows progress", async () => {
  const { el, model } = mount();
  const btn = el.querySelector(".illumi-analyse");
  assert.ok(btn.hidden); // no trait: no button
  model.set("analysable", true);
  await tick();
  assert.ok(!btn.hidden);
  assert.equal(btn.textContent, "Analyse");
  btn.click();
  const sent = model.sent.filter((m) => m.type === "analyse");
  assert.equal(sent.length, 1);
  assert.equal(sent[0].version, 7);
  model.set("analysis_progress", { running: true, done: 30, total: 120, version: 7 });
  await tick();
  assert.equal(btn.textContent, "Analysing 25%");
  assert.equal(btn.dataset.state, "running");
});

test("a board rendered before it is in the page follows the notebook's visible height once it is", async () => {
  // JupyterLab renders a widget's view before putting it in the notebook: the notebook's scroller is found
  // later, and must then be watched, or a change of the visible height with no window resize (a panel
  // opened, a screenshot taken) leaves the board at whatever size it had then
  const env = setup({ width: 1000 });
  env.el.remove();
  const model = new FakeModel(initialValues());
  const cleanup = widget.render({ model, el: env.el });
  const scroller = env.doc.createElement("div");
  scroller.className = "jp-WindowedPanel-outer";
  let visible = 600;
  Object.defineProperty(scroller, "clientHeight", { get: () => visible, configurable: true });
  env.doc.body.append(scroller);
  scroller.append(env.el);
  const ro = env.observers[0];
  ro.fire(1000); // the cell is laid out: its width is known
  assert.ok(ro.targets.has(scroller), "the notebook's scroller is watched");
  const base = env.el.querySelector("canvas.illumi-base");
  const tall = parseFloat(base.style.height);
  visible = 400; // the notebook shows less (no window resize)
  ro.cb([{ target: scroller, contentRect: { width: 1000, height: visible } }], ro);
  assert.ok(parseFloat(base.style.height) < tall - 150, [tall, base.style.height]);
  visible = 600; // and more again
  ro.cb([{ target: scroller, contentRect: { width: 1000, height: visible } }], ro);
  assert.equal(parseFloat(base.style.height), tall);
  cleanup();
});
