// The board as a game site: readable text at any size (min font, wrapping), menus and tooltips inside the
// board and never overlapping, steppers for amounts, confirmation, legend, the last move, bots' glyphs, the
// disconnected veil and a visible timeout for every intent.
import { test } from "node:test";
import assert from "node:assert/strict";

import widget, { DISCONNECTED_TEXT, REPLY_TIMEOUT_MS } from "../src/index.js";
import { drawScene, layoutText, MIN_FONT_PX, wrapLine } from "../src/paint.js";
import { fitBoard, groupOptions, minFontSize, overlaps, placeBox, reflow } from "../src/layout.js";
import { DECISIONS, FakeModel, initialValues, recordingContext, SCENE, setup, STATUS, tick } from "../testlib/helpers.mjs";

const measure = (t) => t.length * 6; // 6 units a character

function mount(opts = {}, values = {}) {
  const env = setup(opts);
  const timers = new Map();
  let next = 1;
  if (opts.fakeTimers) {
    env.win.setTimeout = (fn, ms) => {
      const id = next++;
      timers.set(id, { fn, ms });
      return id;
    };
    env.win.clearTimeout = (id) => timers.delete(id);
  }
  const model = new FakeModel(initialValues(values));
  const cleanup = widget.render({ model, el: env.el });
  env.placeOverlay();
  const fire = () => {
    const all = [...timers.values()];
    timers.clear();
    for (const t of all) t.fn();
  };
  return { ...env, model, cleanup, timers, fire };
}

// ------------------------------------------------------------------ painter: min font, wrapping
test("the painter never draws text under 11 CSS px and reports the smallest size drawn", () => {
  const { proxy, calls } = recordingContext({});
  const scene = { w: 1000, h: 700, items: [{ t: "text", x: 0, y: 10, s: "Tiny", size: 7 }, { t: "text", x: 0, y: 40, s: "Big", size: 30 }] };
  const scale = 0.5; // the board drawn at 500 px
  const stats = drawScene(proxy, scene, { w: 1000, h: 700 }, { minSize: minFontSize(scale) });
  const fonts = calls.filter((c) => c[0] === "set" && c[1] === "font").map((c) => c[2]);
  assert.deepEqual(fonts, ["22px Helvetica, Arial, sans-serif", "30px Helvetica, Arial, sans-serif"]);
  assert.equal(stats.minSize * scale, MIN_FONT_PX);
  assert.equal(stats.texts, 2);
});

test("a wrapped text's lines are balanced: no word left alone on its last line (textfit.wrap_line too)", () => {
  const m = (line) => line.length * 6;
  const text = "Deck 6 · Discard 0 · Intents 5 (used 0) · Secrets zone 6";
  // filled to 300 units the first line would take all but "Secrets zone 6"; balanced, half each
  assert.deepEqual(wrapLine(m, text, 300, 2), ["Deck 6 · Discard 0 · Intents", "5 (used 0) · Secrets zone 6"]);
  assert.deepEqual(wrapLine(m, text, 300, 3), ["Deck 6 · Discard 0 · Intents", "5 (used 0) · Secrets zone 6"]);
  // more than the lines allowed: the last line keeps the rest, as before
  assert.deepEqual(wrapLine(m, text, 60, 2), ["Deck 6 ·", "Discard 0 · Intents 5 (used 0) · Secrets zone 6"]);
});

test("a name enlarged by the min font wraps onto a second line instead of being cut", () => {
  assert.deepEqual(wrapLine(measure, "Gottlieb Hufeland", 60, 2), ["Gottlieb", "Hufeland"]);
  assert.deepEqual(wrapLine(measure, "Short", 60, 2), ["Short"]);
  // size 12 drawn at 16 (enlarged): two lines are allowed, nothing cut
  const big = layoutText(measure, { s: "Gottlieb Hufeland", size: 12, maxw: 60 }, 16);
  assert.deepEqual(big, { lines: ["Gottlieb", "Hufeland"], cut: false });
  // a name too long even on the lines allowed: the last line is cut with an ellipsis, and that is counted
  const cut = layoutText(measure, { s: "Johann Wolfgang von Goethe Senior", size: 12, maxw: 60, wrap: 2 }, 12);
  assert.equal(cut.lines.length, 2);
  assert.ok(cut.cut && cut.lines[1].endsWith("…"));
  assert.ok(cut.lines.every((l) => measure(l) * 0.85 <= 60));
});

test("the canvas exposes the smallest drawn font (CSS px) on its dataset, also on a small board", () => {
  const env = mount({ width: 400 });
  const base = env.el.querySelector("canvas.illumi-base");
  assert.ok(Number(base.dataset.minFontPx) >= MIN_FONT_PX - 1e-6, base.dataset.minFontPx);
  assert.equal(base.dataset.textsCut, "0");
});

// ------------------------------------------------------------------ fitting the board
test("the board fits min(width, visible height); never a postage stamp", () => {
  assert.deepEqual(fitBoard({ w: 1000, h: 700 }, 1400, 350), { scale: 0.5, cssW: 500, cssH: 350 });
  assert.deepEqual(fitBoard({ w: 1000, h: 700 }, 800, 10000), { scale: 0.8, cssW: 800, cssH: 560 });
  assert.equal(fitBoard({ w: 1000, h: 700 }, 1000, 50).cssW, 320);
  const env = mount({ width: 1400, height: 500 });
  const base = env.el.querySelector("canvas.illumi-base");
  assert.ok(parseFloat(base.style.height) <= 500 - 96, base.style.height); // room for the action bar
});

test("a layout is never drawn under its min_scale for a short window: as wide as allowed, and it scrolls", () => {
  // the height asks for 0.5; the layout's text is fitted down to 0.8 only
  assert.deepEqual(fitBoard({ w: 1000, h: 700 }, 1400, 350, 0.8), { scale: 0.8, cssW: 800, cssH: 560 });
  assert.deepEqual(fitBoard({ w: 1000, h: 700 }, 600, 350, 0.8), { scale: 0.6, cssW: 600, cssH: 420 }); // (the width rules)
  assert.deepEqual(fitBoard({ w: 1000, h: 700 }, 1400, 630, 0.8), { scale: 0.9, cssW: 900, cssH: 630 }); // (above it: fits)
  const scene = { w: 1000, h: 700, min_scale: 0.9, items: [], layouts: { narrow: { w: 500, h: 900, scroll: true, min_scale: 0.7 } } };
  assert.equal(reflow(scene, 1200).min_scale, 0.9);
  assert.equal(reflow(scene, 800).min_scale, 0.7);
  const env = mount({ width: 1400, height: 500 }, { scene: { ...scene, items: [{ t: "text", x: 10, y: 20, s: "Court" }] } });
  const base = env.el.querySelector("canvas.illumi-base");
  assert.equal(base.dataset.layout, "wide-scroll");
  assert.ok(Math.abs(parseFloat(base.style.width) - 900) < 1, base.style.width);
});

test("a narrow layout moves the regions a scene names (side panels under the map) below 900 px", () => {
  const scene = { w: 1000, h: 700, layouts: { narrow: { w: 660, h: 1100, moves: [[650, 0, 1000, 700, -650, 700]] } },
    items: [{ t: "rect", x: 10, y: 10, w: 5, h: 5 }, { t: "text", x: 700, y: 20, s: "Court" }, { t: "line", pts: [[660, 5], [700, 5]] }] };
  assert.equal(reflow(scene, 1200), scene);
  const narrow = reflow(scene, 800);
  assert.equal(narrow.w, 660);
  assert.deepEqual(narrow.items[0], scene.items[0]);
  assert.deepEqual([narrow.items[1].x, narrow.items[1].y], [50, 720]);
  assert.deepEqual(narrow.items[2].pts, [[10, 705], [50, 705]]);
  // a short cell: the tall narrow layout would draw smaller, so the wide one stays
  assert.equal(reflow(scene, 800, 400), scene);
  assert.equal(reflow(scene, 800, 2000).narrow, true);
});

test("a scrolling narrow layout is used whenever narrow; its own items replace the scene's; 'only' items", () => {
  const items = [{ t: "rect", x: 10, y: 10, w: 900, h: 5, only: "wide" }, { t: "rect", x: 10, y: 10, w: 500, h: 5, only: "narrow" },
    { t: "text", x: 700, y: 20, s: "Mat" }];
  const scene = { w: 1000, h: 700, items, layouts: { narrow: { w: 560, h: 3000, scroll: true, moves: [[650, 0, 1000, 700, -640, 700]] } } };
  const wide = reflow(scene, 1200);
  assert.deepEqual(wide.items.map((it) => it.w), [900, undefined]); // the narrow-only item is not drawn
  const tall = reflow(scene, 800, 400); // a short cell: still narrow (it scrolls)
  assert.equal(tall.narrow, true);
  assert.equal(tall.scroll, true);
  assert.deepEqual(tall.items.map((it) => [it.x, it.y]), [[10, 10], [60, 720]]);
  const own = { ...scene, layouts: { narrow: { w: 560, h: 900, items: [{ t: "text", x: 5, y: 5, s: "Mat" }] } } };
  assert.deepEqual(reflow(own, 800).items, [{ t: "text", x: 5, y: 5, s: "Mat" }]);
});

test("the painter counts pairs of text lines drawn over one another (not touching ones)", () => {
  const { proxy } = recordingContext({});
  const scene = { w: 1000, h: 700, items: [
    { t: "text", x: 10, y: 20, s: "Gottlieb Hufeland", size: 12 }, { t: "text", x: 40, y: 24, s: "Leopold", size: 12 },
    { t: "text", x: 10, y: 60, s: "Alone", size: 12 }, { t: "text", x: 10, y: 72, s: "Just below", size: 12 },
    { t: "text", x: 300, y: 20, s: "Two lines here", size: 12, maxw: 40, wrap: 2 }] };
  const stats = drawScene(proxy, scene, { w: 1000, h: 700 }, { minSize: 0, overlapSlack: 2 });
  assert.equal(stats.overlaps, 1); // the first two only: lines a line-height apart and one text's own lines do not count
  assert.deepEqual(stats.overlapSample, [["Gottlieb Hufeland", "Leopold"]]);
});

// ------------------------------------------------------------------ menus and tooltips
test("placeBox keeps a box inside the board and off the other boxes", () => {
  const bounds = { width: 600, height: 400 };
  const r = placeBox(200, 100, { x: 590, y: 390 }, bounds);
  assert.ok(r.left >= 0 && r.top >= 0 && r.left + r.width <= 600 && r.top + r.height <= 400);
  const menu = { left: 300, top: 200, width: 200, height: 150 };
  const t = placeBox(150, 40, { x: 310, y: 210 }, bounds, [menu]);
  assert.ok(!overlaps(t, menu));
  assert.ok(t.left >= 0 && t.top >= 0 && t.left + t.width <= 600 && t.top + t.height <= 400);
  const tall = placeBox(100, 900, { x: 10, y: 10 }, bounds);
  assert.equal(tall.height, 400); // a menu taller than the board is made to fit (it scrolls)
});

test("the chooser opens inside the board near the bottom edge, and no tooltip shows while it is open", () => {
  const env = mount({ width: 1000 });
  env.mouse("click", 250, 220); // region:A: two options
  const chooser = env.el.querySelector(".illumi-chooser");
  assert.equal(chooser.hidden, false);
  const top = parseFloat(chooser.style.top);
  assert.ok(top >= 0 && top <= 700);
  env.mouse("mousemove", 20, 100); // over cell:C3, which has a tip
  assert.equal(env.el.querySelector(".illumi-tip").hidden, true);
});

// ------------------------------------------------------------------ the action bar
test("options that differ by an amount are one stepper and one button", () => {
  const rows = groupOptions([
    { id: "p", label: "Pass" },
    ...[3, 1, 2].map((n) => ({ id: `g${n}`, label: `Give ${n} to Red`, amount: n, group: "Give … to Red" })),
  ]);
  assert.deepEqual(rows.map((r) => r.kind), ["button", "stepper"]);
  assert.deepEqual(rows[1].options.map((o) => o.amount), [1, 2, 3]);
  const options = [{ id: "pass", label: "Pass", targets: [] },
    ...[1, 2, 3, 4].map((n) => ({ id: `give ${n}`, label: `Give ${n} to Red`, amount: n, group: "Give … to Red", targets: [] }))];
  const env = mount({}, { decisions: [{ id: "d", seat: 0, prompt: "Give", options }] });
  const stepper = env.el.querySelector(".illumi-stepper");
  assert.ok(stepper);
  assert.equal(env.el.querySelectorAll(".illumi-panel button[data-option]").length, 2); // Pass + the one button
  stepper.querySelector(".illumi-step-plus").click();
  stepper.querySelector(".illumi-step-plus").click();
  const go = stepper.querySelector(".illumi-step-go");
  assert.equal(go.textContent, "Give 3 to Red");
  go.click();
  assert.deepEqual(env.model.sent.at(-1), { type: "act", version: 7, decision: "d", option: "give 3" });
});

test("more plain options than fit go into a More menu", () => {
  const options = Array.from({ length: 9 }, (_, i) => ({ id: `o${i}`, label: `Option ${i}`, targets: [] }));
  const env = mount({}, { decisions: [{ id: "d", seat: 0, prompt: "Pick", options }] });
  assert.equal(env.el.querySelectorAll(".illumi-panel button[data-option]").length, 5);
  env.el.querySelector(".illumi-panel button.illumi-more").click();
  assert.equal(env.el.querySelectorAll(".illumi-chooser button[data-option]").length, 4);
});

test("an irreversible choice asks to confirm before it is sent", () => {
  const options = [{ id: "leave", notation: "leave", label: "Leave the game", targets: [], confirm: "Leave the game? This cannot be undone." }];
  const env = mount({}, { decisions: [{ id: "d", seat: 0, prompt: "Go", options }] });
  env.el.querySelector('.illumi-panel button[data-option="leave"]').click();
  assert.deepEqual(env.model.sent, []);
  const box = env.el.querySelector(".illumi-confirm");
  assert.equal(box.hidden, false);
  assert.match(box.textContent, /cannot be undone/);
  box.querySelector(".illumi-confirm-no").click();
  assert.equal(box.hidden, true);
  env.el.querySelector('.illumi-panel button[data-option="leave"]').click();
  env.el.querySelector(".illumi-confirm-yes").click();
  assert.deepEqual(env.model.sent, [{ type: "act", version: 7, decision: "d", option: "leave" }]);
});

test("the ? button shows the legend and how to play, inside the board", () => {
  const legend = [{ symbol: "XVI", color: null, text: "the Event deck" }, { symbol: null, color: "#2f6db5", text: "Blue" }];
  const env = mount({}, { legend });
  env.el.querySelector("button.illumi-help").click();
  const box = env.el.querySelector(".illumi-legend");
  assert.equal(box.hidden, false);
  assert.match(box.textContent, /How to play on this board/);
  assert.match(box.textContent, /XVI.*the Event deck/);
  assert.equal(box.querySelectorAll(".illumi-swatch").length, 1);
  env.el.querySelector("button.illumi-help").click();
  assert.equal(box.hidden, true);
});

// ------------------------------------------------------------------ bots and the last move
test("bots are named by their seat; the last move is named and its things highlighted, fading", async () => {
  const status = { ...STATUS, to_act: [1], bots: [{ seat: 1, name: "Red", bot: "random" }],
    last: { seat: 1, name: "Red", bot: "random", version: 8, text: "Red scouts B5", touched: ["cell:C3"] } };
  const env = mount({}, { bot_seats: [1] });
  env.clearCalls();
  env.model.update({ status, version: 8 });
  await tick();
  assert.match(env.el.querySelector(".illumi-botinfo").textContent, /Red: random bot/);
  assert.match(env.el.querySelector(".illumi-last").textContent, /Red \(bot\) — Red scouts B5/);
  const blue = env.calls("overlay").filter((c) => c[0] === "set" && c[1] === "strokeStyle" && String(c[2]).startsWith("rgba(30,110,230"));
  assert.ok(blue.length, "the touched entity is outlined");
  // the pause glyph is drawn (SVG), never an emoji
  const btn = env.el.querySelector("button.illumi-bots");
  assert.ok(btn.querySelector("svg.illumi-glyph-pause"));
  assert.doesNotMatch(btn.textContent, /[\u23F8\u25B6]/);
});

// ------------------------------------------------------------------ connection and replies
test("a board whose kernel is gone greys out and says so; a click then tells, never vanishes", async () => {
  const env = mount();
  const veil = env.el.querySelector(".illumi-offline");
  assert.equal(veil.hidden, true);
  env.el.classList.add("jupyter-widgets-disconnected"); // what JupyterLab does when the comm dies
  await tick();
  await tick();
  assert.equal(veil.hidden, false);
  assert.equal(veil.textContent, DISCONNECTED_TEXT);
  assert.equal(env.el.dataset.connected, "0");
  env.mouse("click", 50, 50); // a target: nothing is sent into the void, the veil says why
  assert.deepEqual(env.model.sent, []);
  assert.match(env.el.querySelector(".illumi-error").textContent, /Kernel disconnected/);
});

test("an intent without a reply shows a visible timeout", () => {
  const env = mount({ fakeTimers: true });
  env.mouse("click", 50, 50);
  assert.equal(env.model.sent.length, 1);
  const waits = [...env.timers.values()].map((t) => t.ms);
  assert.ok(waits.some((ms) => ms >= REPLY_TIMEOUT_MS - 10), String(waits));
  env.fire();
  assert.match(env.el.querySelector(".illumi-error").textContent, /No answer from Python/);
});

test("a reply in time clears the watchdog", () => {
  const env = mount({ fakeTimers: true });
  env.mouse("click", 50, 50);
  env.model.receive({ type: "ok", version: 8 });
  env.fire();
  assert.equal(env.el.querySelector(".illumi-error").textContent, "");
});

test("the module has the current anywidget shape: a default export with render, no named render", async () => {
  const mod = await import("../src/index.js");
  assert.equal(typeof mod.default.render, "function");
  assert.equal(mod.render, undefined);
  assert.ok(SCENE && DECISIONS);
});

test("a kernel restart (the widget manager's kernel status) greys the board out for good", () => {
  const env = setup({});
  const handlers = [];
  const kernel = { status: "idle", statusChanged: { connect: (fn) => handlers.push(fn), disconnect: () => {} },
    disposed: { connect: () => {}, disconnect: () => {} } };
  const model = new FakeModel(initialValues({}));
  model.widget_manager = { kernel };
  widget.render({ model, el: env.el });
  assert.equal(env.el.querySelector(".illumi-offline").hidden, true);
  assert.deepEqual(model.sent, [{ type: "hello", version: 7 }]); // a live view: Python leaves the picture alone
  handlers[0](kernel, "restarting");
  assert.equal(env.el.querySelector(".illumi-offline").hidden, false);
  handlers[0](kernel, "idle"); // a new kernel: this view's comm is still gone
  assert.equal(env.el.querySelector(".illumi-offline").hidden, false);
  const none = setup({});
  const m2 = new FakeModel(initialValues({}));
  m2.widget_manager = { kernel: null }; // a saved notebook opened without a kernel
  widget.render({ model: m2, el: none.el });
  assert.equal(none.el.querySelector(".illumi-offline").hidden, false);
  assert.ok(none.el.querySelector("canvas.illumi-base").dataset.minFontPx, "the last position is still painted");
});

test("a view drawn while its comm is not live says hello once it is (Python then leaves the output alone)", async () => {
  const env = setup({});
  const model = new FakeModel(initialValues({}));
  model.widget_manager = {}; // (a manager without a kernel to watch)
  env.el.classList.add("jupyter-widgets-disconnected");
  widget.render({ model, el: env.el });
  assert.deepEqual(model.sent, [], "no hello into a comm that is not live");
  env.el.classList.remove("jupyter-widgets-disconnected"); // JupyterLab connects the view
  await tick();
  await tick();
  assert.deepEqual(model.sent, [{ type: "hello", version: 7 }]);
  env.el.classList.add("jupyter-widgets-disconnected");
  await tick();
  env.el.classList.remove("jupyter-widgets-disconnected");
  await tick();
  await tick();
  assert.deepEqual(model.sent, [{ type: "hello", version: 7 }], "said once");
});

test("amounts on the board are one stepper in the menu too", () => {
  const give = [1, 2, 3].map((n) => ({ id: `give ${n} to red`, label: `Give ${n} MB to Red`, amount: n,
    group: "Give … MB to Red", targets: ["cell:C3"] }));
  const options = [...give, { id: "deal red", label: "Make a deal with Red", targets: ["cell:C3"] }];
  const env = mount({}, { decisions: [{ id: "d", seat: 0, prompt: "Talk", options }] });
  env.mouse("click", 20, 100); // cell:C3: four options
  const chooser = env.el.querySelector(".illumi-chooser");
  assert.equal(chooser.hidden, false);
  assert.equal(chooser.querySelectorAll(".illumi-stepper").length, 1);
  assert.equal(chooser.querySelectorAll("button.illumi-choice").length, 1); // the deal
  chooser.querySelector(".illumi-step-plus").click();
  chooser.querySelector(".illumi-step-go").click();
  assert.deepEqual(env.model.sent.at(-1), { type: "act", version: 7, decision: "d", option: "give 2 to red" });
  assert.equal(chooser.hidden, true);
});
