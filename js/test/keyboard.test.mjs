// Keyboard play and the screen-reader model of the board (issue 31): the hidden tree built from the scene, the
// roving focus over the targets, Enter / Space / Escape, keys that never reach the notebook, the shortcuts, the
// announcements and the buttons' accessible names.
import { test } from "node:test";
import assert from "node:assert/strict";

import widget from "../src/index.js";
import { entityBoxes, oneLine, readingOrder } from "../src/a11y.js";
import { nextTarget, ringBox } from "../src/keyboard.js";
import { lastMoveSentence, turnSentence } from "../src/announce.js";
import { buildIndex } from "../src/hit.js";
import { FakeModel, initialValues, SCENE, setup } from "../testlib/helpers.mjs";

// The board's words (tree, ring, announcement) are written just after the frame that shows an update when the
// keyboard is not on the widget (index.js): wait for a task, then the page's next frame and a task after it.
let win = null; // the window of the widget mounted last
const tick = async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => win.requestAnimationFrame(() => setTimeout(resolve, 0)));
};

/** Open the menu of the board's third target (two actions) from its button: {region (that button), chooser,
 * items (its entries)}. */
function openRegionMenu(env) {
  const region = buttons(env.tree)[2];
  region.focus();
  region.click(); // (the chooser opens: the focus is in it)
  const chooser = env.el.querySelector(".illumi-chooser");
  return { region, chooser, items: [...chooser.querySelectorAll("[role=menuitem]")] };
}

async function mount(values = {}) {
  const env = setup();
  win = env.win;
  const model = new FakeModel(initialValues(values));
  const cleanup = widget.render({ model, el: env.el });
  env.placeOverlay();
  await tick();
  const root = env.el.querySelector(".illumi-widget");
  const tree = env.el.querySelector(".illumi-sr[role=region]");
  const press = (key, target = env.doc.activeElement, more = {}) => {
    const ev = new env.win.KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...more });
    target.dispatchEvent(ev);
    return ev;
  };
  const acts = () => model.sent.filter((m) => m.type !== "why");
  return { ...env, model, cleanup, root, tree, press, acts };
}

const buttons = (tree) => [...tree.querySelectorAll("button")];

test("reading order: region by region (gaps across the board), then rows, each left to right", () => {
  const scene = { w: 200, h: 100, items: [
    { t: "rect", x: 60, y: 0, w: 20, h: 20, id: "b" }, { t: "rect", x: 0, y: 2, w: 20, h: 20, id: "a" },
    { t: "rect", x: 30, y: 50, w: 20, h: 20, id: "d" }, { t: "rect", x: 0, y: 52, w: 20, h: 20, id: "c" },
    // a column on the right, as tall as the two rows: read after the left part
    { t: "rect", x: 120, y: 0, w: 20, h: 80, id: "e" }, { t: "rect", x: 150, y: 10, w: 20, h: 20, id: "f" },
  ] };
  const order = readingOrder(entityBoxes(buildIndex(scene)).values());
  assert.deepEqual(order.map((b) => b.id), ["a", "b", "c", "d", "e", "f"]);
  // Up / Down go to the nearest target above / below; Left / Right along the reading order
  const at = (id) => order.find((b) => b.id === id);
  assert.equal(nextTarget(order, at("b"), "ArrowDown").id, "d");
  assert.equal(nextTarget(order, at("c"), "ArrowUp").id, "a");
  assert.equal(nextTarget(order, at("b"), "ArrowRight").id, "c");
  assert.equal(nextTarget(order, at("a"), "ArrowLeft").id, "a");
  assert.equal(nextTarget(order, at("a"), "End").id, "f");
  assert.equal(nextTarget(order, at("d"), "ArrowDown").id, "d"); // nothing below: stay
  // the ring is at least 24 CSS px even around a tiny target
  assert.deepEqual(ringBox([10, 10, 12, 12], 1), { left: -1, top: -1, width: 24, height: 24 });
});

test("the tree lists the scene's entities by their words and the targets as buttons saying what a click does", async () => {
  const env = await mount();
  const items = [...env.tree.querySelectorAll("li")].map((li) => li.textContent);
  assert.deepEqual(items, [
    "Cell C3. Influence 2 — Move to C3",
    "A red disk — Take the disk",
    "choose between Flip region A and Claim region A",
    "Not a target",
  ]);
  assert.equal(buttons(env.tree).length, 3);
  assert.equal(buttons(env.tree)[2].getAttribute("aria-haspopup"), "menu");
  // the tree holds only the scene's own texts and the options' labels: never an id (the entity with no words,
  // cell:D4, is left out), never anything the scene does not draw
  const text = env.tree.textContent;
  for (const id of ["cell:", "disk:", "region:", "card:plain", "move-C3", "d1"]) assert.ok(!text.includes(id), id);
  const allowed = [...SCENE.items.filter((i) => i.tip).map((i) => oneLine(i.tip)),
    "Move to C3", "Take the disk", "Flip region A", "Claim region A", "choose between", " and ", " — "];
  let rest = text;
  for (const a of allowed.sort((x, y) => y.length - x.length)) rest = rest.split(a).join("");
  assert.equal(rest.trim(), "");
  env.cleanup();
});

test("Tab stop, arrows, Enter acts; keys inside the board never reach the notebook", async () => {
  const env = await mount();
  const seen = [];
  env.doc.addEventListener("keydown", (ev) => seen.push(ev.key)); // JupyterLab listens here (bubbling)
  const [c3, disk] = buttons(env.tree);
  assert.deepEqual(buttons(env.tree).map((b) => b.tabIndex), [0, -1, -1]); // one stop of Tab: the first target
  c3.focus();
  const ring = env.el.querySelector(".illumi-focus-ring");
  assert.equal(ring.hidden, false);
  const ev = env.press("ArrowRight");
  assert.equal(ev.defaultPrevented, true);
  assert.equal(env.doc.activeElement, disk);
  assert.deepEqual(buttons(env.tree).map((b) => b.tabIndex), [-1, 0, -1]);
  env.press("ArrowLeft");
  assert.equal(env.doc.activeElement, c3);
  env.press("x"); // not a shortcut: still kept from the notebook
  disk.focus();
  disk.click(); // what Enter or Space does to a focused button
  assert.deepEqual(env.acts(), [{ type: "act", version: 7, decision: "d1", option: "take-disk" }]);
  env.press("Tab"); // leaves (its default is kept) but is not seen by the notebook either
  assert.deepEqual(seen, []);
  env.cleanup();
});

test("a target with several actions opens the chooser; Escape closes it and focus returns to the target", async () => {
  const env = await mount();
  const { chooser, items } = openRegionMenu(env);
  assert.equal(chooser.hidden, false);
  assert.deepEqual(items.map((b) => b.textContent), ["Flip region A", "Claim region A"]);
  assert.equal(env.doc.activeElement, items[0]);
  env.press("ArrowDown");
  assert.equal(env.doc.activeElement, items[1]);
  env.press("Escape");
  assert.equal(chooser.hidden, true);
  assert.equal(env.doc.activeElement, buttons(env.tree)[2]);
  assert.deepEqual(env.acts(), []);
  env.cleanup();
});

test("a chooser entry picked with the pointer sends its act and does not pull the focus into the board", async () => {
  for (const detail of [1, 0]) { // a mouse's click, then Enter on the entry (a click of detail 0)
    const env = await mount();
    const { chooser, items } = openRegionMenu(env);
    items[1].dispatchEvent(new env.win.MouseEvent("click", { bubbles: true, cancelable: true, detail }));
    assert.deepEqual(env.acts().map((m) => m.option), ["claim-A"]);
    if (detail) { // a mouse's pick: out of sight and out of the accessible tree at once, the focus still in it
      assert.ok(chooser.classList.contains("illumi-closing") && chooser.getAttribute("aria-hidden") === "true");
      assert.ok(chooser.contains(env.doc.activeElement), "the focus stays in the menu until the update is painted");
    } else {
      assert.equal(chooser.hidden, true);
    }
    env.model.update({ version: 8, decisions: [{ id: "d2", seat: 0, prompt: "Red: choose again",
      options: [{ id: "move-C3", label: "Move to C3", targets: ["cell:C3"] }] }] });
    await tick();
    await tick(); // (a menu picked with the pointer closes just after the frame that shows the update)
    assert.equal(chooser.hidden, true);
    assert.ok(!chooser.classList.contains("illumi-closing") && !chooser.hasAttribute("aria-hidden"));
    assert.ok(!chooser.contains(env.doc.activeElement));
    const onBoard = env.tree.contains(env.doc.activeElement);
    assert.equal(onBoard, detail === 0, `detail ${detail}: the focus ${onBoard ? "is" : "is not"} on the board`);
    assert.equal(env.el.querySelector(".illumi-focus-ring").hidden, detail !== 0); // (no ring after a mouse's pick)
    env.cleanup();
  }
});

test("a menu picked with the pointer closes within a second even when no update comes (a refused act)", async () => {
  const env = await mount();
  const { chooser, items } = openRegionMenu(env);
  items[1].dispatchEvent(new env.win.MouseEvent("click", { bubbles: true, cancelable: true, detail: 1 }));
  assert.ok(chooser.classList.contains("illumi-closing") && !chooser.hidden);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.equal(chooser.hidden, true);
  assert.ok(!chooser.contains(env.doc.activeElement) && !chooser.classList.contains("illumi-closing"));
  env.cleanup();
});

test("after an action from the board, focus comes back to the board when the new position arrives", async () => {
  const env = await mount();
  const disk = buttons(env.tree)[1];
  disk.focus();
  disk.click();
  env.doc.activeElement.blur();
  env.model.update({ version: 8, decisions: [{ id: "d2", seat: 0, prompt: "Red: choose again",
    options: [{ id: "move-C3", label: "Move to C3", targets: ["cell:C3"] }] }] });
  await tick();
  assert.equal(env.doc.activeElement, buttons(env.tree)[0]);
  assert.equal(buttons(env.tree).length, 1);
  env.cleanup();
});

test("shortcuts: u undo, r redo (when usable), ? the legend, . the first target, l the log", async () => {
  const env = await mount({ status: { text: "Red to act", can_undo: true, can_redo: false, redo_why: "There is nothing to redo.", history: { index: 1, length: 1 } } });
  const bar = env.el.querySelector(".illumi-undo");
  bar.focus();
  env.press("u");
  env.press("r"); // redo is disabled: nothing is sent, and the screen reader hears why
  assert.deepEqual(env.acts().map((m) => m.type), ["undo"]);
  assert.equal(env.el.querySelector(".illumi-announce").textContent, "There is nothing to redo.");
  env.press("?");
  assert.equal(env.el.querySelector(".illumi-legend").hidden, false);
  env.press(".");
  assert.equal(env.doc.activeElement, buttons(env.tree)[0]);
  env.press("l");
  assert.equal(env.el.querySelector(".illumi-log").open, true);
  env.cleanup();
});

test("announcements: the last move and 'Your turn' in one polite sentence each; nothing on the first paint", async () => {
  assert.equal(lastMoveSentence({ name: "Red", bot: true, turn: ["Scouts B5.", "Ends the turn."] }),
    "Red (bot): Scouts B5; Ends the turn.");
  assert.equal(turnSentence("Blue: take an action or end the turn"), "Your turn: take an action or end the turn.");
  const env = await mount({ status: { text: "x", last: { version: 6, name: "Red", text: "Red passes" } } });
  const polite = env.el.querySelector(".illumi-announce");
  assert.equal(polite.getAttribute("aria-live"), "polite");
  assert.equal(polite.textContent, "");
  env.model.update({ version: 8, status: { text: "x", last: { version: 8, name: "Green", bot: true, text: "Green scouts B5" } },
    decisions: [{ id: "d2", seat: 0, prompt: "Blue: take an action or end the turn", options: [{ id: "end", label: "End" }] }] });
  await tick();
  assert.equal(polite.textContent, "Green (bot): Green scouts B5. Your turn: take an action or end the turn.");
  assert.equal(env.el.querySelector(".illumi-error").getAttribute("role"), "alert"); // errors: assertive
  env.cleanup();
});

test("under the curtain the tree is empty; every control button has a name", async () => {
  const env = await mount({ status: { text: "x", curtain: "Red" } });
  assert.equal(env.tree.querySelectorAll("li").length, 0);
  const names = ["illumi-undo", "illumi-redo", "illumi-hist-first", "illumi-hist-prev", "illumi-hist-next",
    "illumi-hist-last", "illumi-help"].map((c) => env.el.querySelector(`.${c}`).getAttribute("aria-label"));
  assert.deepEqual(names, ["Undo", "Redo", "First move", "Previous move", "Next move", "Latest move", "Legend"]);
  env.cleanup();
});

test("an update that changes neither the scene nor the decisions does not rebuild the tree (a cheap repaint)", async () => {
  const env = await mount();
  const first = env.tree.querySelector("li");
  env.model.update({ version: 8, status: { text: "Still Red to act", can_undo: true } });
  await tick();
  assert.equal(env.tree.querySelector("li"), first);
  env.model.update({ decisions: [] }); // the targets changed: rebuilt, no button left
  await tick();
  assert.notEqual(env.tree.querySelector("li"), first);
  assert.equal(buttons(env.tree).length, 0);
  assert.equal(env.tree.tabIndex, 0); // the board is still a stop of Tab
  env.cleanup();
});

test("after a pointer's click the words wait for the frame that shows the update; after a key they come with it", async () => {
  const env = await mount();
  const first = env.tree.querySelector("li");
  const button = env.root.querySelector("button.illumi-help");
  button.dispatchEvent(new env.win.MouseEvent("click", { bubbles: true, cancelable: true, detail: 1 }));
  button.focus(); // (a pointer's click leaves the focus on the widget's button)
  env.model.update({ version: 8, decisions: [] });
  await new Promise((resolve) => setTimeout(resolve, 0)); // the update is painted...
  assert.equal(env.el.dataset.version, "8");
  assert.equal(env.tree.querySelector("li"), first, "the tree is not rebuilt in the repaint");
  await tick(); // ...and its words come just after the frame
  assert.notEqual(env.tree.querySelector("li"), first);
  // a key on the widget (the keyboard is in use): the words of the next update come with its repaint
  const key = new env.win.KeyboardEvent("keydown", { key: "x", bubbles: true });
  button.dispatchEvent(key);
  button.focus();
  const second = env.tree.querySelector("li");
  env.model.update({ version: 9, scene: { ...SCENE, items: SCENE.items.slice(1) } });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(env.el.dataset.version, "9");
  assert.notEqual(env.tree.querySelector("li"), second);
  env.cleanup();
});

const REGION_SCENE = { w: 400, h: 300, items: [
  { t: "text", x: 10, y: 14, s: "Your hand (2 cards)", size: 13 },
  { t: "rect", x: 10, y: 20, w: 40, h: 60, id: "card:a", tip: "Ace of spades" },
  { t: "rect", x: 60, y: 20, w: 40, h: 60, id: "card:b", tip: "King of hearts" },
  { t: "text", x: 10, y: 174, s: "Court", size: 12 },
  { t: "rect", x: 10, y: 180, w: 40, h: 60, id: "court:1", tip: "Queen of clubs" },
  { t: "text", x: 10, y: 260, s: "Deck: 12 cards", size: 11 }, // a small caption: a line of the region
  { t: "text", x: 300, y: 260, s: "7", size: 11 }, // a lone count: left out
] };

test("regions: a caption drawn large heads a named region (a landmark and a heading); small captions are lines", async () => {
  const env = await mount({ scene: REGION_SCENE, decisions: [{ id: "d1", seat: 0, prompt: "Play a card",
    options: [{ id: "play-a", label: "Play the Ace", targets: ["card:a"] }] }] });
  const regions = [...env.tree.querySelectorAll("section[aria-labelledby]")];
  const named = regions.map((r) => env.doc.getElementById(r.getAttribute("aria-labelledby")).textContent);
  assert.deepEqual(named, ["Your hand (2 cards)", "Court"]);
  assert.deepEqual(regions.map((r) => r.querySelector("h3").textContent), named);
  const lines = (r) => [...r.querySelectorAll("li")].map((li) => li.textContent);
  assert.deepEqual(lines(regions[0]), ["Ace of spades — Play the Ace", "King of hearts"]);
  assert.deepEqual(lines(regions[1]), ["Queen of clubs", "Deck: 12 cards"]);
  assert.ok(!env.tree.textContent.includes("7"));
  assert.equal(buttons(env.tree).length, 1);
  env.cleanup();
});

const AMOUNTS = [{ id: "d1", seat: 0, prompt: "Bid", options: [1, 2, 3].map((n) => (
  { id: `bid-${n}`, label: `Bid ${n}`, amount: n, group: "Bid …", targets: [] })) }];

test("the stepper's amount is a spinbutton: value, bounds, arrow keys, Enter chooses", async () => {
  const env = await mount({ decisions: AMOUNTS });
  const spin = env.el.querySelector("[role=spinbutton]");
  assert.ok(spin, "no spinbutton");
  assert.equal(spin.tabIndex, 0);
  assert.deepEqual(["aria-valuenow", "aria-valuemin", "aria-valuemax", "aria-valuetext"].map((a) => spin.getAttribute(a)),
    ["1", "1", "3", "Bid 1"]);
  assert.ok(spin.getAttribute("aria-label"));
  const seen = [];
  env.doc.addEventListener("keydown", (ev) => seen.push(ev.key));
  spin.focus();
  env.press("ArrowUp");
  env.press("ArrowUp");
  env.press("ArrowUp"); // (at most the last amount)
  assert.equal(spin.getAttribute("aria-valuenow"), "3");
  env.press("Home");
  assert.equal(spin.getAttribute("aria-valuenow"), "1");
  env.press("ArrowRight");
  env.press("Enter");
  assert.deepEqual(env.acts(), [{ type: "act", version: 7, decision: "d1", option: "bid-2" }]);
  assert.deepEqual(seen, []); // the notebook heard none of these keys
  env.cleanup();
});

test("menus are ARIA menus named by their title; the bar's menu button says whether it is open", async () => {
  const env = await mount();
  const { region, chooser } = openRegionMenu(env);
  assert.equal(chooser.getAttribute("role"), "menu");
  const title = env.doc.getElementById(chooser.getAttribute("aria-labelledby"));
  assert.equal(title.textContent, "Choose");
  env.press("End");
  const items = [...chooser.querySelectorAll("[role=menuitem]")];
  assert.equal(env.doc.activeElement, items[items.length - 1]);
  env.press("Home");
  assert.equal(env.doc.activeElement, items[0]);
  env.press("Escape");
  const opener = env.el.querySelector(".illumi-bar [aria-haspopup=menu]");
  assert.equal(opener.getAttribute("aria-expanded"), "false");
  opener.click();
  assert.equal(opener.getAttribute("aria-expanded"), "true");
  env.press("Escape");
  assert.equal(opener.getAttribute("aria-expanded"), "false");
  env.cleanup();
});

test("the typed-command box: off by default, `c` opens it, a label or notation acts, anything else gets a reason", async () => {
  const decisions = [{ id: "d1", seat: 0, prompt: "Choose an action", options: [
    { id: "pass", label: "Pass", notation: "pass", targets: [] },
    { id: "move-C3", label: "Move to C3", notation: "move C3", targets: ["cell:C3"] }] }];
  const env = await mount({ decisions });
  const form = env.el.querySelector(".illumi-command");
  assert.equal(form.hidden, true);
  env.el.querySelector(".illumi-undo").focus();
  env.press("c");
  assert.equal(form.hidden, false);
  const input = form.querySelector("input");
  assert.equal(env.doc.activeElement, input);
  const list = env.doc.getElementById(input.getAttribute("list"));
  assert.deepEqual([...list.querySelectorAll("option")].map((o) => o.value), ["Pass", "Move to C3", "move C3"]);
  const seen = [];
  env.doc.addEventListener("keydown", (ev) => seen.push(ev.key));
  env.press("u", input); // typing: no shortcut, not seen by the notebook
  assert.deepEqual(seen, []);
  assert.deepEqual(env.acts(), []);
  input.value = "  MOVE   c3 ";
  form.requestSubmit();
  assert.deepEqual(env.acts(), [{ type: "act", version: 7, decision: "d1", option: "move-C3" }]);
  // a thing on the board that cannot be used now: the rules' reason, asked of Python ("why")
  input.value = "Not a target";
  form.requestSubmit();
  const why = env.model.sent.filter((m) => m.type === "why");
  assert.deepEqual(why.map((m) => m.entity), ["card:plain"]);
  env.model.receive({ type: "why", entity: "card:plain", version: 7, asked: 7, reason: "It is not yours." });
  const error = env.el.querySelector(".illumi-error");
  assert.equal(error.getAttribute("role"), "alert");
  assert.equal(error.textContent, "Not a target: It is not yours.");
  // anything else goes to Python as typed, which answers with the rules' reason (said by the alert line)
  input.value = " fly to the moon ";
  form.requestSubmit();
  assert.deepEqual(env.model.sent.filter((m) => m.type === "command"), [{ type: "command", version: 7, text: "fly to the moon" }]);
  env.model.receive({ type: "error", code: "illegal-command", message: "'fly' is not a Test action" });
  assert.equal(error.textContent, "'fly' is not a Test action");
  env.press("Escape", input);
  assert.equal(form.hidden, true);
  env.cleanup();
});

test("a bar button that had the focus and is gone after the update sends the focus to the board, not the page", async () => {
  const env = await mount();
  const pass = env.el.querySelector('.illumi-panel button[data-option="pass"]');
  pass.focus();
  pass.click();
  env.model.update({ version: 8, decisions: [{ id: "d2", seat: 0, prompt: "Red: choose again",
    options: [{ id: "move-C3", label: "Move to C3", targets: ["cell:C3"] }] }] });
  await tick();
  assert.equal(pass.isConnected, false);
  assert.equal(env.doc.activeElement, buttons(env.tree)[0]);
  // focus that left the widget is left alone
  const outside = env.doc.createElement("button");
  env.doc.body.append(outside);
  outside.focus();
  env.model.update({ version: 9, decisions: [] });
  await tick();
  assert.equal(env.doc.activeElement, outside);
  env.cleanup();
});

test("a chooser whose first entry is a stepper at its lowest amount (its − disabled) still takes the focus", async () => {
  const decisions = [{ id: "d1", seat: 0, prompt: "Give", options: [
    ...[1, 2, 3].map((n) => ({ id: `give-${n}`, label: `Give ${n}`, amount: n, group: "Give …", targets: ["region:A"] })),
    { id: "claim-A", label: "Claim region A", targets: ["region:A"] }] }];
  const env = await mount({ decisions });
  const region = buttons(env.tree).find((b) => b.dataset.entity === "region:A");
  region.focus();
  region.click();
  const chooser = env.el.querySelector(".illumi-chooser");
  assert.equal(chooser.hidden, false);
  assert.equal(chooser.querySelector(".illumi-step-minus").disabled, true);
  assert.ok(chooser.contains(env.doc.activeElement));
  assert.equal(env.doc.activeElement.getAttribute("role"), "spinbutton");
  assert.equal(chooser.querySelector("[role=group]").getAttribute("aria-label"), "Give amount");
  // an ARIA menu may hold only menu items: with a stepper the chooser is a dialog of plain buttons
  assert.equal(chooser.getAttribute("role"), "dialog");
  assert.equal(chooser.querySelectorAll("[role=menuitem]").length, 0);
  assert.equal(chooser.querySelector("button.illumi-choice").textContent, "Claim region A");
  env.cleanup();
});
