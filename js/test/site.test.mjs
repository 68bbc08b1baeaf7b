// Unit tests of what makes the board feel like a game site (issue 30): the end screen (endscreen.js), the last
// move's line and colour (bar.js, canvas.js), menus that survive updates, targets brought into sight, the
// "Click:" tip, hit areas of at least 24x24 CSS px and the "your turn" cue.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createEndScreen, finalOf, ordinal } from "../src/endscreen.js";
import { lastMoveLine, shorten } from "../src/bar.js";
import { rgbOf } from "../src/canvas.js";
import { createReader } from "../src/state.js";
import { called, stubView } from "../testlib/view.mjs";
import widget from "../src/index.js";
import { DECISIONS, FakeModel, initialValues, setup, tick } from "../testlib/helpers.mjs";

function mount(opts = {}, values = {}) {
  const env = setup(opts);
  const model = new FakeModel(initialValues(values));
  const cleanup = widget.render({ model, el: env.el });
  env.placeOverlay();
  return { ...env, model, cleanup };
}
const clone = (x) => JSON.parse(JSON.stringify(x));

const FINAL = {
  headline: "Red wins with 12 VP.", reason: "The fifth round ended.",
  tiebreak: "Red and Blue had 12 VP; Red had more influence left (5 against 3).",
  standings: [
    { seat: 0, name: "Red", place: 1, winner: true, score: "12 VP", breakdown: [{ label: "Objectives", value: "8 VP" }, { label: "Tweets", value: "4 VP" }] },
    { seat: 1, name: "Blue", place: 2, winner: false, score: "12 VP", breakdown: [] },
  ],
};

describe("end screen", () => {
  function view(status) {
    const v = stubView({ values: { status }, stubs: { transport: ["sendSimple"], menus: ["closeChooser", "closeConfirm"], sizing: ["inSight"] },
      returns: { "sizing.inSight": { top: 40, height: 500 } } });
    createReader(v.s, v.model, { setScene: () => {}, now: v.now, perf: v.perf })();
    v.endscreen = createEndScreen(v);
    return v;
  }
  const setStatus = (v, status) => {
    v.s.status = status;
    v.endscreen.render();
  };

  test("finalOf: the final record cleaned; else the outcome's winners; null before the end", () => {
    assert.equal(finalOf({ terminal: false, final: FINAL }), null);
    const f = finalOf({ terminal: true, final: FINAL });
    assert.equal(f.headline, FINAL.headline);
    assert.deepEqual(f.standings.map((r) => [r.name, r.place, r.score]), [["Red", 1, "12 VP"], ["Blue", 2, "12 VP"]]);
    const g = finalOf({ terminal: true, text: "Game over: Blue wins", outcome: { winners: [1], scores: { 0: 3, 1: 5 } },
      bots: [{ seat: 0, name: "Red" }, { seat: 1, name: "Blue" }] });
    assert.equal(g.headline, "Game over: Blue wins");
    assert.deepEqual(g.standings.map((r) => [r.name, r.winner, r.score]), [["Blue", true, "5"], ["Red", false, "3"]]);
    assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal), ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
  });

  test("at the end a panel over the board shows the headline, places, scores, breakdown, tie-break and reason", () => {
    const v = view({ terminal: false, text: "Red to act" });
    v.endscreen.render();
    assert.ok(v.dom.endBox.hidden);
    assert.ok(v.dom.endBtn.hidden);
    setStatus(v, { terminal: true, final: FINAL, log_length: 40 });
    const box = v.dom.endBox;
    assert.ok(!box.hidden);
    assert.equal(box.parentNode, v.dom.stage); // over the board, not painted into the scene
    assert.equal(box.querySelector(".illumi-end-headline").textContent, "Red wins with 12 VP.");
    const rows = [...box.querySelectorAll(".illumi-end-row")];
    assert.deepEqual(rows.map((r) => r.querySelector(".illumi-end-place").textContent), ["1st ★", "2nd"]);
    assert.deepEqual(rows.map((r) => r.querySelector(".illumi-end-score").textContent), ["12 VP", "12 VP"]);
    assert.deepEqual([...rows[0].querySelectorAll(".illumi-end-part")].map((p) => p.textContent), ["Objectives: 8 VP", "Tweets: 4 VP"]);
    assert.equal(box.querySelector(".illumi-end-tiebreak").textContent, FINAL.tiebreak);
    assert.equal(box.querySelector(".illumi-end-reason").textContent, FINAL.reason);
    assert.equal(box.style.top, "48px"); // in the part of the board in sight
    assert.ok(!v.dom.endBtn.hidden);
  });

  test("Play again sends new_game; Review closes the panel until reopened from the bar; a new ending shows again", () => {
    const v = view({ terminal: true, final: FINAL, log_length: 40 });
    v.endscreen.render();
    v.dom.endBox.querySelector(".illumi-end-again").click();
    assert.deepEqual(v.calls.filter((c) => c[0] === "transport.sendSimple"), [["transport.sendSimple", "new_game"]]);
    v.dom.endBox.querySelector(".illumi-end-review").click();
    assert.ok(v.dom.endBox.hidden);
    v.endscreen.render(); // another update of the same ending: stays closed
    assert.ok(v.dom.endBox.hidden);
    assert.ok(!v.dom.endBtn.hidden);
    v.endscreen.reopen();
    assert.ok(!v.dom.endBox.hidden);
    v.dom.endBox.querySelector(".illumi-end-review").click();
    setStatus(v, { terminal: false, text: "Red to act" }); // a new game
    assert.ok(v.dom.endBox.hidden && v.dom.endBtn.hidden);
    setStatus(v, { terminal: true, final: FINAL, log_length: 38 });
    assert.ok(!v.dom.endBox.hidden);
    setStatus(v, { terminal: true, final: FINAL, log_length: 38, curtain: "Blue" });
    v.s.curtainName = "Blue";
    v.endscreen.render();
    assert.ok(v.dom.endBox.hidden); // never under the curtain
  });

  test("a spectator's Play again sends nothing", () => {
    const v = view({ terminal: true, final: FINAL, perspective: "spectator" });
    v.endscreen.render();
    v.dom.endBox.querySelector(".illumi-end-again").click();
    assert.ok(!called(v).includes("transport.sendSimple"));
  });
});

describe("last move", () => {
  test("names the acting seat with its own words; a bot's run is summarised, cut with the whole in the tip", () => {
    assert.equal(lastMoveLine(null), null);
    assert.deepEqual(lastMoveLine({ name: "Red", bot: null, text: "You influence B3.", turn: ["You influence B3."], color: "#c0392b" }),
      { who: "Red", sep: " — ", text: "You influence B3.", full: "You influence B3.", color: "#c0392b" });
    const run = lastMoveLine({ name: "Red", bot: "random", text: "Red ends the turn.",
      turn: ["Red influences B3.", "Red ousts Blue from C2.", "Red ends the turn."] });
    assert.equal(`${run.who}${run.sep}${run.text}`, "Red (bot): Red influences B3; Red ousts Blue from C2; Red ends the turn");
    const long = lastMoveLine({ name: "Blue", bot: "random", text: "x", turn: Array.from({ length: 30 }, (_, i) => `Blue does thing number ${i}.`) });
    assert.ok(long.text.endsWith("…") && long.text.length <= 160, long.text);
    assert.ok(long.full.includes("thing number 29"));
    assert.equal(lastMoveLine({ name: "Red", text: "", turn: [] }), null);
    assert.equal(lastMoveLine({ name: "Red", text: "a", color: "red; x" }).color, null); // only a colour
    assert.equal(shorten("one two three", 8), "one two…");
  });

  test("the highlight's colour is the acting seat's (#rgb or #rrggbb), else the default", () => {
    assert.deepEqual(rgbOf("#c0392b"), [192, 57, 43]);
    assert.deepEqual(rgbOf("#fff"), [255, 255, 255]);
    assert.equal(rgbOf("blue"), null);
    assert.equal(rgbOf(null), null);
  });
});

describe("menus survive updates", () => {
  const BOT_DECISION = { id: "b1", seat: 1, prompt: "Blue bids", options: [{ id: "seal", label: "Seal a bid", targets: [] }] };

  test("an open chooser stays open when another decision or the scene changes; closes, said, when its own does", async () => {
    const env = mount();
    env.mouse("click", 250, 230); // region:A: two options -> the chooser
    const chooser = env.el.querySelector(".illumi-chooser");
    assert.equal(chooser.hidden, false);
    // a bot's move: a new decisions array (same d1, another decision added), a new version and scene
    env.model.update({ decisions: [...clone(DECISIONS), BOT_DECISION], version: 8, scene: clone(env.model.get("scene")) });
    await tick();
    assert.equal(chooser.hidden, false);
    env.model.update({ decisions: clone(DECISIONS), version: 9 });
    await tick();
    assert.equal(chooser.hidden, false);
    assert.equal(env.el.querySelector(".illumi-error").textContent, "");
    // its own decision changes: closed, and the bar says so
    const changed = clone(DECISIONS);
    changed[0].options = changed[0].options.filter((o) => o.id !== "claim-A");
    env.model.update({ decisions: changed, version: 10 });
    await tick();
    assert.equal(chooser.hidden, true);
    assert.equal(env.el.querySelector(".illumi-error").textContent, "The choice you were making changed.");
    env.cleanup();
  });

  test("a stepper in use keeps its node (and amount) across an update that leaves its decision alone", async () => {
    const pay = { id: "p", seat: 0, prompt: "Pay", options: [1, 2, 3].map((n) => ({ id: `pay${n}`, label: `Pay ${n}`, amount: n, group: "Pay …", targets: [] })) };
    const env = mount({}, { decisions: [pay] });
    const plus = env.el.querySelector(".illumi-step-plus");
    plus.click();
    assert.equal(env.el.querySelector(".illumi-amount-value").textContent, "2");
    env.model.update({ decisions: [clone(pay), BOT_DECISION], version: 8 });
    await tick();
    assert.equal(env.el.querySelector(".illumi-step-plus"), plus); // the same node: focus and amount kept
    assert.equal(env.el.querySelector(".illumi-amount-value").textContent, "2");
    env.cleanup();
  });
});

describe("hover names the click", () => {
  test("a target's tip starts with what a click does; the option's marks are said", async () => {
    const { clickText } = await import("../src/tooltip.js");
    const { buildTargets } = await import("../src/state.js");
    const D = { id: "d", prompt: "Act", options: [
      { id: "expel", label: "Expel Gottlieb Hufeland", targets: ["card:1"], ends_turn: true, irreversible: true },
      { id: "a", label: "Influence B3", targets: ["cell:B3"] }, { id: "b", label: "Oust Blue from B3", targets: ["cell:B3"] },
      { id: "c", label: "Scout B3", targets: ["cell:B3"] }, { id: "e", label: "Move", targets: ["card:2"], ends_turn: true }] };
    const s = { targets: buildTargets([D]), composeOf: new Map(), selections: new Map() };
    assert.equal(clickText(s, "card:1"), "Click: Expel Gottlieb Hufeland — ends your turn, cannot be undone");
    assert.equal(clickText(s, "card:2"), "Click: Move — ends your turn");
    assert.equal(clickText(s, "cell:B3"), "Click: choose among Influence B3, Oust Blue from B3, Scout B3");
    assert.equal(clickText(s, "nothing"), null);
  });
});

describe("hit areas", () => {
  test("every entity can be hit over at least 24 x 24 CSS px at the current scale; the drawing is unchanged", async () => {
    const { buildIndex, hitBox, hitTest, MIN_HIT_PX } = await import("../src/hit.js");
    // small targets: a 10 x 10 chip, a radius-4 disk, a thin 40 x 6 arrow, and a large card beside them
    const scene = { w: 400, h: 300, items: [
      { t: "rect", x: 100, y: 100, w: 10, h: 10, id: "chip" },
      { t: "circle", x: 200, y: 100, r: 4, id: "disk" },
      { t: "rect", x: 250, y: 200, w: 40, h: 6, id: "arrow" },
      { t: "rect", x: 20, y: 20, w: 60, h: 60, id: "card" },
      { t: "rect", x: 0, y: 0, w: 400, h: 300, tip: "the board" }, // a tip-only background over everything
    ] };
    const index = buildIndex(scene);
    for (const scale of [0.5, 1, 1.6]) {
      const min = MIN_HIT_PX / scale; // scene units
      for (const e of index.entries.filter((x) => x.id)) {
        const [x0, y0, x1, y1] = hitBox(e, min);
        assert.ok((x1 - x0) * scale >= MIN_HIT_PX - 1e-9 && (y1 - y0) * scale >= MIN_HIT_PX - 1e-9, `${e.id} at ${scale}`);
        // the whole enlarged box hits the entity (its corners, just inside)
        const eps = 1e-6;
        for (const [x, y] of [[x0 + eps, y0 + eps], [x1 - eps, y0 + eps], [x0 + eps, y1 - eps], [x1 - eps, y1 - eps]]) {
          assert.equal(hitTest(index, x, y, min)?.id, e.id, `${e.id} at (${x}, ${y}) scale ${scale}`);
        }
      }
    }
    // without the minimum only the drawing hits; an exact hit wins over a neighbour's enlarged box
    assert.equal(hitTest(index, 98, 98)?.tip, "the board");
    assert.equal(hitTest(index, 98, 98, 24)?.id, "chip");
    assert.equal(hitTest(index, 79, 79, 48)?.id, "card");
  });
});

describe("your turn cue", () => {
  test("the title gets '● Your turn — ' when bots hand back a decision; it goes when acted, at the end, on close", async () => {
    const { CUE } = await import("../src/cue.js");
    const env = mount({}, { decisions: [], bot_turn: true, bot_seats: [1] });
    env.doc.title = "Game";
    env.model.update({ bot_turn: false, decisions: clone(DECISIONS), version: 8 });
    await tick();
    assert.equal(env.doc.title, `${CUE}Game`);
    env.model.update({ version: 9, decisions: clone(DECISIONS) }); // another update: said once
    await tick();
    assert.equal(env.doc.title, `${CUE}Game`);
    env.el.querySelector(".illumi-panel button.illumi-primary").click(); // acts
    await tick();
    env.model.update({ version: 10 });
    await tick();
    assert.equal(env.doc.title, "Game");
    // no bot in between: no cue
    env.model.update({ version: 11, decisions: clone(DECISIONS) });
    await tick();
    assert.equal(env.doc.title, "Game");
    env.model.update({ version: 12, bot_turn: true, decisions: [] });
    await tick();
    env.model.update({ version: 13, bot_turn: false, decisions: clone(DECISIONS) });
    await tick();
    assert.equal(env.doc.title, `${CUE}Game`);
    env.model.update({ version: 14, status: { terminal: true, text: "Red wins" } });
    await tick();
    assert.equal(env.doc.title, "Game");
    env.model.update({ version: 15, status: { terminal: false, text: "Red to act" } });
    await tick();
    assert.equal(env.doc.title, `${CUE}Game`);
    env.cleanup();
    assert.equal(env.doc.title, "Game");
  });
});

describe("targets in sight", () => {
  test("a new decision scrolls its first target into view; targets out of sight get an edge marker that scrolls", async () => {
    const { createSight, targetIds, cssRectOf } = await import("../src/sight.js");
    const { buildIndex } = await import("../src/hit.js");
    const { buildTargets } = await import("../src/state.js");
    const v = stubView({ stubs: { sizing: ["inSight"] } });
    let top = 0;
    v.sizing.inSight = () => ({ top, height: 400 });
    Object.defineProperty(v.dom.scrollBox, "scrollTop", { get: () => top, set: (x) => { top = x; }, configurable: true });
    v.layout = { scale: 1, cssW: 600, cssH: 2000, scrolls: true };
    const scene = { w: 600, h: 2000, items: [
      { t: "rect", x: 10, y: 1500, w: 100, h: 60, id: "hand:1" }, { t: "rect", x: 200, y: 1700, w: 8, h: 8, id: "chip" },
      { t: "rect", x: 10, y: 100, w: 100, h: 60, id: "map:A" }] };
    v.s.index = buildIndex(scene);
    const D = { id: "d", options: [{ id: "a", targets: ["hand:1"] }, { id: "b", targets: ["chip", "hand:1"] }, { id: "c", targets: [] }] };
    v.s.decisions = [D];
    v.s.targets = buildTargets([D]);
    v.s.decisionsSig = "1";
    assert.deepEqual(targetIds([D]), ["hand:1", "chip"]);
    assert.deepEqual(cssRectOf(v.s.index, "chip", 1), { id: "chip", left: 192, top: 1692, width: 24, height: 24 }); // the hit box
    const sight = createSight(v);
    sight.render();
    assert.ok(top > 1100 && top <= 1500, `scrolled to ${top}`);
    assert.ok(sight.targets()[0].inSight);
    // the chip (further below) is out of sight: one marker at the bottom edge, naming it; a click scrolls to it
    const markers = [...v.dom.markers.children];
    assert.deepEqual(markers.map((m) => m.textContent), ["▼ 1 to click below"]);
    markers[0].click();
    assert.ok(sight.targets().every((r) => r.inSight), JSON.stringify(sight.targets()));
    assert.equal(v.dom.markers.children.length, 0); // both in sight now: no marker
    // the same decision again (another update): nothing scrolls
    top = 0;
    sight.render();
    assert.equal(top, 0);
    // a layout that does not scroll: no markers
    v.layout.scrolls = false;
    sight.renderMarkers();
    assert.equal(v.dom.markers.children.length, 0);
  });
});

describe("wide windows", () => {
  test("a board fitted to the height that leaves a wide cell's width empty is drawn larger (scrolling), capped", async () => {
    const { fitBoard, widen, WIDE_GROWTH } = await import("../src/layout.js");
    const size = { w: 1000, h: 720 };
    const fit = fitBoard(size, 1800, 800); // height-limited: 1111 px wide of 1800
    const wide = widen(size, fit, 1800, 800);
    assert.ok(wide.cssW > fit.cssW * 1.2 && wide.cssW <= 1800, JSON.stringify(wide));
    assert.ok(wide.scale <= fit.scale * WIDE_GROWTH + 1e-9);
    assert.equal(widen(size, fitBoard(size, 1200, 800), 1200, 800), null); // not a wide cell
    assert.equal(widen(size, fitBoard(size, 1500, 1100), 1500, 1100), null); // the width is used already
  });
  test("a scene read as one picture (grow: 1, Primordial Secrets) stays whole in a wide window", async () => {
    const { fitBoard, widen } = await import("../src/layout.js");
    const size = { w: 1200, h: 900 }; // (at 1920 x 1080: 1480 x 740 free, the board 987 px wide fitted)
    const fit = fitBoard(size, 1480, 740);
    assert.ok(widen(size, fit, 1480, 740)); // (by default it would be enlarged, and scroll)
    assert.equal(widen(size, fit, 1480, 740, 1), null);
    assert.ok(widen(size, fit, 1480, 740, 1.2).scale <= fit.scale * 1.2 + 1e-9);
  });
});

describe("edge markers off the text", () => {
  test("edgeSpot moves a marker along the edge, then away from it, off the text and the targets", async () => {
    const { edgeSpot } = await import("../src/sight.js");
    const band = { top: 1000, height: 600 };
    // nothing in the way: at the bottom edge, where it is asked
    assert.deepEqual(edgeSpot(150, 30, false, band, 200, 800), { left: 200, top: 1564 });
    assert.deepEqual(edgeSpot(150, 30, true, band, 200, 800), { left: 200, top: 1006 });
    // a line of text under that place: along the edge to the nearest free place
    const line = { left: 180, top: 1560, width: 300, height: 14 };
    const spot = edgeSpot(150, 30, false, band, 200, 800, [line]);
    assert.equal(spot.top, 1564);
    assert.ok(spot.left + 150 <= 180 || spot.left >= 480, JSON.stringify(spot));
    // text all along the bottom edge: the marker stands above it
    const row = { left: 0, top: 1560, width: 800, height: 40 };
    const up = edgeSpot(150, 30, false, band, 200, 800, [row]);
    assert.ok(up.top + 30 <= 1560, JSON.stringify(up));
    // text everywhere within reach: the edge place (the least covered)
    const wall = { left: 0, top: 1000, width: 800, height: 600 };
    assert.equal(edgeSpot(150, 30, false, band, 200, 800, [wall]).top, 1564);
  });

  test("a marker of a scrolled board stands off the painted text; report() lists what it covers (nothing)", async () => {
    const { createSight } = await import("../src/sight.js");
    const { buildIndex } = await import("../src/hit.js");
    const { buildTargets } = await import("../src/state.js");
    const v = stubView({ stubs: { sizing: ["inSight"] } });
    v.sizing.inSight = () => ({ top: 0, height: 400 });
    v.layout = { scale: 1, cssW: 600, cssH: 2000, scrolls: true };
    const scene = { w: 600, h: 2000, items: [{ t: "rect", x: 10, y: 30, w: 100, h: 60, id: "map:A" },
      { t: "rect", x: 200, y: 1700, w: 100, h: 60, id: "hand:1" }] };
    v.s.index = buildIndex(scene);
    const D = { id: "d", options: [{ id: "a", targets: ["map:A"] }, { id: "b", targets: ["hand:1"] }] };
    v.s.decisions = [D];
    v.s.targets = buildTargets([D]);
    v.s.decisionsSig = "1";
    // a caption across the bottom edge of the visible part, where the marker stood before
    v.s.textBoxes = [{ x0: 0, y0: 360, x1: 600, y1: 376, id: 1, s: "Nobility Favor: 1 · Clergy Favor: 2" }];
    const sight = createSight(v);
    sight.render();
    const m = v.dom.markers.children[0];
    assert.equal(m.textContent, "▼ 1 to click below");
    assert.ok(parseFloat(m.style.top) + 32 <= 360, m.style.top);
    assert.deepEqual(sight.report().covered, []);
    // the old place (6 px above the edge) covered it: the report would say so
    m.style.top = "354px";
    assert.deepEqual(sight.report().covered, ["Nobility Favor: 1 · Clergy Favor: 2"]);
  });
});
