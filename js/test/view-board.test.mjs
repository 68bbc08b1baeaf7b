// Unit tests of the board's modules: sizing.js, canvas.js, tooltip.js, board.js (clicks).
// One file per concern group (each file is a node process that loads jsdom: fewer files, a faster suite).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createBoard } from "../src/board.js";
import { createCanvas, LAST_FADE_MS, PICKED_COLOR, TARGET_COLOR, TARGET_HALO } from "../src/canvas.js";
import { BAR_RESERVE_PX, createSizing, scrollerOf } from "../src/sizing.js";
import { createReader } from "../src/state.js";
import { MOTION_MS } from "../src/motion.js";
import { createTips, PIN_MS, tipFor, WHY_DELAY_MS } from "../src/tooltip.js";
import { DECISIONS, names, SCENE } from "../testlib/helpers.mjs";
import { called, stubView } from "../testlib/view.mjs";

// sizing.js: the board fitted to the width and the visible height; boxes placed in sight; pointer mapping.
describe("sizing", () => {
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

  test("a scene a little taller or shorter after a move keeps the board's size; a new space starts again", () => {
    // (a hand or a list a line longer must not make the whole board jump in scale, move after move)
    const v = view({ width: 1000, height: 500 + BAR_RESERVE_PX + 12 });
    v.sizing.measureHeight();
    v.sizing.measureLayout();
    const first = { ...v.sizing.layout };
    const at = (h) => {
      v.s.rawScene = { ...SCENE, h };
      v.sizing.setScene();
      const resized = v.sizing.measureLayout();
      return { resized, scale: v.sizing.layout.scale, cssH: v.sizing.layout.cssH, sizeH: v.s.size.h };
    };
    const taller = at(SCENE.h + 40); // taller than ever: the board is fitted anew (once)
    assert.equal(taller.resized, true);
    assert.ok(taller.scale < first.scale, [taller.scale, first.scale]);
    const back = at(SCENE.h); // shorter again: the same size and scale, the bottom drawn as background
    assert.deepEqual([back.resized, back.scale, back.cssH, back.sizeH], [false, taller.scale, taller.cssH, SCENE.h + 40]);
    assert.equal(at(SCENE.h + 20).resized, false);
    // the space changes (a window resize): the tallest height starts again from the scene now shown
    Object.defineProperty(v.win, "innerHeight", { value: 700 + BAR_RESERVE_PX + 12, configurable: true });
    v.sizing.measureHeight();
    assert.equal(v.sizing.measureLayout(), true);
    assert.equal(v.s.size.h, SCENE.h + 20);
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

  test("a bar measured while its cell is hidden (no width: a word a line) does not shrink the board", () => {
    const v = view({ width: 1000, height: 800 });
    v.sizing.observe([{ target: v.el, contentRect: { width: 1000, height: 10 } }]);
    assert.equal(v.sizing.observe([{ target: v.dom.bar, contentRect: { width: 980, height: 120 } }]), true);
    v.sizing.measureHeight();
    v.sizing.measureLayout();
    const { cssH } = v.sizing.layout;
    assert.equal(cssH, 800 - 120 - 12);
    // JupyterLab hides a cell out of view: the bar is laid out at no width, or a sliver, and is very tall
    assert.equal(v.sizing.observe([{ target: v.dom.bar, contentRect: { width: 0, height: 1364 } }]), false);
    assert.equal(v.sizing.observe([{ target: v.dom.bar, contentRect: { width: 300, height: 600 } }]), false);
    v.sizing.measureLayout();
    assert.equal(v.sizing.layout.cssH, cssH);
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
});

// canvas.js: the base canvas (the scene, repainted only when it changes; dark under the curtain) and the
// overlay (the last move fading, dashed targets, compose selections, the hover glow).
describe("canvas", () => {
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

  test("with the page's reduced-motion preference the last move shows without fading, then goes", () => {
    const v = view();
    v.win.matchMedia = (q) => ({ matches: q === "(prefers-reduced-motion: reduce)" });
    v.s.lastMove = { version: 7, touched: ["cell:D4"], t0: v.now() };
    v.advance(LAST_FADE_MS / 2);
    v.canvas.paintOverlay();
    assert.equal(sets(v.calls("over"), "strokeStyle")[0], "rgba(30,110,230,0.900)"); // not half faded
    // nothing changes until it goes: one repaint then, not a step every FADE_STEP_MS
    assert.deepEqual([...v.clock.timers.values()].map((t) => t.ms), [LAST_FADE_MS / 2 + 1]);
    v.advance(LAST_FADE_MS);
    v.calls("over").length = 0;
    v.clock.fire();
    assert.equal(sets(v.calls("over"), "strokeStyle")[0], TARGET_COLOR); // gone
  });

  test("a move animates: its first frame is the whole scene, the frames after copy a backdrop and draw only what moves", () => {
    const v = view();
    v.canvas.paint();
    const before = v.s.scene;
    // card:plain slides 60 units to the right; nothing else changes
    v.s.scene = { ...before, items: before.items.map((it) => (it.id === "card:plain" ? { ...it, x: it.x + 60 } : it)) };
    v.calls("base").length = 0;
    v.canvas.paint();
    assert.equal(v.dom.base.dataset.motion, "1");
    const first = v.calls("base");
    assert.ok(names(first).includes("fillText")); // the first frame: the whole scene
    assert.ok(!names(first).includes("drawImage"));
    first.length = 0;
    v.advance(MOTION_MS / 2);
    v.clock.fire(); // the second frame: the backdrop (the scene without card:plain) is made, then copied
    const backdrop = [...v.contexts.keys()].find((c) => c !== v.dom.base && c !== v.dom.over);
    assert.ok(backdrop, "a backdrop canvas");
    const drawnOnBackdrop = v.contexts.get(backdrop).calls;
    assert.ok(names(drawnOnBackdrop).includes("fillText")); // (the scene's text is on the backdrop)
    assert.ok(!drawnOnBackdrop.some((c) => c[0] === "rect" && c[1] === 460)); // not the card, at either place
    assert.ok(!drawnOnBackdrop.some((c) => c[0] === "rect" && c[1] === 400));
    const frame = v.calls("base");
    assert.ok(names(frame).includes("drawImage"));
    assert.ok(!names(frame).includes("fillText")); // only the card: no text of the scene drawn again
    const rects = frame.filter((c) => c[0] === "rect");
    assert.equal(rects.length, 1);
    assert.ok(rects[0][1] > 400 && rects[0][1] < 460, `the card on its way: x ${rects[0][1]}`);
    frame.length = 0;
    drawnOnBackdrop.length = 0;
    v.advance(MOTION_MS / 4);
    v.clock.fire(); // a later frame: the backdrop is not drawn again
    assert.deepEqual(drawnOnBackdrop, []);
    assert.ok(names(v.calls("base")).includes("drawImage"));
    v.calls("base").length = 0;
    v.advance(MOTION_MS);
    v.clock.fire(); // the last frame: the new scene itself, with its text checks
    assert.ok(names(v.calls("base")).includes("fillText"));
    assert.ok(v.calls("base").some((c) => c[0] === "rect" && c[1] === 460));
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
});

// tooltip.js: hover tips, the reason a thing cannot be used now (asked once, after a short hover), pinned
// reasons after a click, and no tooltip over an open menu.
describe("tooltip", () => {
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
    assert.equal(tipText(v), "Click: Move to C3Cell C3\nInfluence 2"); // what a click does, then the tip
    assert.ok(v.dom.over.classList.contains("illumi-pointer"));
    assert.deepEqual(called(v), ["canvas.paintOverlay"]);
    assert.equal(v.clock.timers.size, 0);
    v.tips.onLeave();
    assert.equal(tipText(v), null);
    assert.equal(v.dom.over.classList.contains("illumi-pointer"), false);
  });

  test("the board changes under a resting pointer: the hover first (no page change), then the words, then the place", () => {
    const v = view();
    move(v, 20, 100); // cell:C3, a target
    assert.match(tipText(v), /^Click: Move to C3/);
    const placed = [];
    const place = v.sizing.place;
    v.sizing.place = (...args) => { placed.push(args[0]); return place(...args); };
    // a new position in which C3 is no longer a target
    v.s.targets = new Map();
    v.tips.rehit(v.s.lastPointer); // before the canvases are painted: the state only
    assert.equal(v.s.hover.id, "cell:C3");
    assert.ok(v.dom.over.classList.contains("illumi-pointer"), "rehit changes nothing on the page");
    assert.match(tipText(v), /^Click: Move to C3/);
    v.tips.updateHover(v.s.lastPointer, true); // after the paint: the cursor and the words at once ...
    assert.equal(v.dom.over.classList.contains("illumi-pointer"), false);
    assert.equal(tipText(v), "Cell C3\nInfluence 2");
    assert.deepEqual(placed, []); // ... its place (read from the page's layout) just after the next frame
    v.clock.fire(); // the frame
    v.clock.fire(); // the task after it
    assert.deepEqual(placed, [v.dom.tip]);
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
});

// board.js: a click on the board acts on a target, opens a menu for several, picks into a compose
// selection, or asks the tooltips to say why not; Escape clears the selections.
describe("clicks", () => {
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
});
