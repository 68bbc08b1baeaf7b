// Compose decisions: each option names a SET of board entities; the player clicks entities into a selection
// (local: nothing is sent per click), the selection narrows the options, "Confirm: <label>" sends the single
// option it names, and Clear / Esc reset it. Pure functions first, then the painter in jsdom.
import { test } from "node:test";
import assert from "node:assert/strict";

import widget from "../src/index.js";
import { composeModel, confirmable, exact, keepSelection, narrow, tagOf, toggle } from "../src/compose.js";
import { FakeModel, initialValues, setup, tick } from "../testlib/helpers.mjs";

// A hand of four cards (two alike Messengers m1 m2, a Musician u, an Advisor a) and two Intents (L, R):
// choose two hosts and an Intent. m1 and m2 are interchangeable, so "host Messenger+Musician" is ONE option.
const HAND = { m1: "hand:messenger", m2: "hand:messenger", u: "hand:musician", a: "hand:advisor", L: "intent:left", R: "intent:right" };
const PAIRS = [["m1", "m2"], ["m1", "u"], ["m1", "a"], ["u", "a"]];
const OPTIONS = [];
for (const [p, q] of PAIRS) for (const it of ["L", "R"]) {
  OPTIONS.push({ id: `plot ${p} ${q} ${it}`, label: `Host ${p}, ${q}; Intent ${it}`, targets: [p, q, it] });
}
const PLOT = {
  id: "plot:0", seat: 0, prompt: "Plot", sealed: true, options: OPTIONS,
  compose: { alike: HAND, hint: "Click two cards to host and one Intent",
    tags: { m1: ["Host", "Visits"], m2: ["Host", "Visits"], u: ["Host", "Visits"], a: ["Host", "Visits"], L: ["Intent", null], R: ["Intent", null] } },
};

test("toggling picks and puts back; alike entities are interchangeable; narrowing keeps the options that fit", () => {
  const m = composeModel(PLOT);
  assert.deepEqual([...m.selectable].sort(), ["L", "R", "a", "m1", "m2", "u"]);
  assert.equal(narrow(m, []).length, 8);
  let sel = toggle(m, [], "m2").selection; // m2 is not in any option's own targets, but it is a Messenger
  assert.deepEqual(sel, ["m2"]);
  assert.deepEqual(narrow(m, sel).map((o) => o.id), ["plot m1 m2 L", "plot m1 m2 R", "plot m1 u L", "plot m1 u R", "plot m1 a L", "plot m1 a R"]);
  sel = toggle(m, sel, "u").selection;
  assert.deepEqual(narrow(m, sel).map((o) => o.id), ["plot m1 u L", "plot m1 u R"]);
  assert.equal(confirmable(m, sel), null); // no Intent yet: two options fit, none is named exactly
  sel = toggle(m, sel, "R").selection;
  assert.equal(confirmable(m, sel).id, "plot m1 u R");
  sel = toggle(m, sel, "u").selection; // clicking a picked card puts it back
  assert.deepEqual(sel, ["m2", "R"]);
  assert.equal(confirmable(m, sel), null);
});

test("a second Intent replaces the first, a third host replaces the oldest; a click that fits nothing is refused", () => {
  const m = composeModel(PLOT);
  let sel = ["m1", "u", "L"];
  sel = toggle(m, sel, "R").selection;
  assert.deepEqual(sel, ["m1", "u", "R"]);
  sel = toggle(m, sel, "a").selection; // m1 was the oldest host
  assert.deepEqual(sel, ["u", "R", "a"]);
  assert.equal(confirmable(m, sel).id, "plot u a R");
  const r = toggle(m, sel, "nowhere");
  assert.equal(r.refused, true);
  assert.deepEqual(r.selection, sel);
});

test("confirm only when exactly one option matches: several options with the same set are not confirmed", () => {
  const twin = { ...PLOT, options: [...OPTIONS, { id: "twin", label: "Twin", targets: ["m1", "u", "R"] }] };
  const m = composeModel(twin);
  assert.equal(exact(m, ["m2", "u", "R"]).length, 2);
  assert.equal(confirmable(m, ["m2", "u", "R"]), null);
  assert.equal(confirmable(composeModel(PLOT), ["m2", "u", "R"]).id, "plot m1 u R");
});

test("tags: the picked word on picked entities, the other word on the rest once something is picked", () => {
  const m = composeModel(PLOT);
  assert.equal(tagOf(m, [], "u"), null);
  assert.equal(tagOf(m, ["u"], "u"), "Host");
  assert.equal(tagOf(m, ["u"], "a"), "Visits");
  assert.equal(tagOf(m, ["u"], "L"), null);
  assert.deepEqual(keepSelection(m, ["u", "gone"]), ["u"]);
  assert.deepEqual(keepSelection(composeModel({ ...PLOT, options: OPTIONS.slice(0, 2) }), ["u"]), []);
});

function mount(decisions) {
  const env = setup({});
  const model = new FakeModel(initialValues({
    decisions,
    scene: {
      w: 1000, h: 700, items: ["m1", "m2", "u", "a", "L", "R"].map((id, k) => ({ t: "rect", x: 10 + k * 100, y: 100, w: 80, h: 100, fill: "#fff", id })),
    },
  }));
  const cleanup = widget.render({ model, el: env.el });
  env.placeOverlay();
  const click = (id) => {
    const k = ["m1", "m2", "u", "a", "L", "R"].indexOf(id);
    env.mouse("click", 50 + k * 100, 150);
  };
  const go = () => env.el.querySelector(".illumi-panel .illumi-compose-go");
  return { ...env, model, cleanup, click, go };
}

test("the board: clicks pick cards (nothing sent), Confirm sends the one option, Clear and Esc reset", async () => {
  const b = mount([PLOT]);
  await tick();
  assert.equal(b.go().disabled, true);
  assert.match(b.el.querySelector(".illumi-compose-state").textContent, /Click two cards/);
  b.click("m2");
  b.click("a");
  assert.equal(b.model.sent.filter((m) => m.type === "act").length, 0); // local: no round trip per click
  assert.match(b.el.querySelector(".illumi-compose-state").textContent, /2 picked — 2 choices fit/);
  assert.equal(b.go().disabled, true);
  b.click("L");
  assert.equal(b.go().disabled, false);
  assert.equal(b.go().textContent, "Confirm: Host m1, a; Intent L");
  // the picked cards are painted (green) on the overlay
  assert.ok(b.calls("overlay").some((c) => c[0] === "set" && c[1] === "strokeStyle" && c[2] === "#2fbf71"));
  b.go().click();
  const acts = b.model.sent.filter((m) => m.type === "act");
  assert.deepEqual(acts.map((m) => [m.decision, m.option]), [["plot:0", "plot m1 a L"]]);
  // Clear: nothing picked, Confirm off
  b.el.querySelector(".illumi-compose-clear").click();
  assert.equal(b.go().disabled, true);
  // Esc clears too
  b.click("u");
  assert.match(b.el.querySelector(".illumi-compose-state").textContent, /1 picked/);
  b.key("Escape");
  assert.match(b.el.querySelector(".illumi-compose-state").textContent, /Click two cards/);
  // every option stays reachable from the bar's menu
  const menu = b.el.querySelector(".illumi-panel .illumi-onboard");
  assert.match(menu.textContent, /All choices \(8\)/);
  b.cleanup();
});

test("the selection survives an update that keeps the decision, and other decisions keep their buttons", async () => {
  const other = { id: "d2", seat: 1, prompt: "Other", options: [{ id: "pass", label: "Pass", targets: [] }] };
  const b = mount([PLOT, other]);
  await tick();
  b.click("u");
  b.model.update({ version: 8, decisions: [{ ...PLOT }, other] });
  await tick();
  assert.match(b.el.querySelector(".illumi-compose-state").textContent, /1 picked/);
  assert.ok(b.el.querySelector('.illumi-panel button[data-option="pass"]'));
  b.model.update({ version: 9, decisions: [other] });
  await tick();
  assert.equal(b.el.querySelector(".illumi-compose"), null);
  b.cleanup();
});

test("a confirmed choice is not reported lost when its decision ends; a choice ended by someone else is", async () => {
  const other = { id: "d2", seat: 1, prompt: "Other", options: [{ id: "pass", label: "Pass", targets: [] }] };
  const b = mount([PLOT, other]);
  await tick();
  const notice = () => b.el.querySelector(".illumi-error").textContent;
  for (const id of ["m1", "u", "R"]) b.click(id);
  b.go().click(); // the player's own plot, sent: its decision then ends
  b.model.update({ version: 8, decisions: [other] });
  await tick();
  assert.equal(notice(), "");
  b.model.update({ version: 9, decisions: [{ ...PLOT }, other] });
  await tick();
  b.click("u"); // half composed, then the decision goes without the player's Confirm
  b.model.update({ version: 10, decisions: [other] });
  await tick();
  assert.equal(notice(), "The choice you were making changed.");
  b.cleanup();
});

