// Bot seats on a board: the page asks Python for ONE bot decision (bot_step) after bot_delay seconds when a
// bot must decide and the bots are not paused; a button pauses/resumes them (a pause_bots message).
import { test } from "node:test";
import assert from "node:assert/strict";

import widget from "../src/index.js";
import { FakeModel, initialValues, setup, tick } from "../testlib/helpers.mjs";

/** Mount with fake timers on the jsdom window: env.timers holds the pending ones. */
function mount(values = {}) {
  const env = setup();
  const timers = new Map();
  let next = 1;
  const { setTimeout: realSetTimeout } = env.win;
  env.win.setTimeout = (fn, ms) => {
    if (!ms) return realSetTimeout(fn, 0); // (the board's words after a frame: not a bot's timer)
    const id = next++;
    timers.set(id, { fn, ms });
    return id;
  };
  env.win.clearTimeout = (id) => timers.delete(id);
  const model = new FakeModel(initialValues(values));
  const cleanup = widget.render({ model, el: env.el });
  const fire = () => {
    const all = [...timers.entries()];
    timers.clear();
    for (const [, t] of all) t.fn();
    return all.map(([, t]) => t.ms);
  };
  return { ...env, model, cleanup, timers, fire };
}

const BOTS = { bot_seats: [1], bot_turn: true, bot_delay: 0.5, bots_paused: false };
const steps = (model) => model.sent.filter((m) => m.type === "bot_step");

test("a bot turn asks for one bot step after bot_delay, once per version", async () => {
  const env = mount(BOTS);
  assert.equal(env.timers.size, 1);
  assert.deepEqual(env.fire(), [500]);
  assert.deepEqual(steps(env.model), [{ type: "bot_step", version: 7 }]);
  env.model.update({ status: { text: "Blue is thinking" } }); // same version: no second request
  await tick();
  assert.equal(env.timers.size, 0);
  env.model.update({ version: 8 }); // the bot played: a new version, still a bot turn
  await tick();
  assert.equal(env.timers.size, 1);
  env.fire();
  assert.deepEqual(steps(env.model).map((m) => m.version), [7, 8]);
  env.model.update({ version: 9, bot_turn: false }); // a person's turn: nothing more
  await tick();
  assert.equal(env.timers.size, 0);
  assert.equal(steps(env.model).length, 2);
});

test("paused: no bot step; the button sends pause_bots and shows the state", async () => {
  const env = mount({ ...BOTS, bots_paused: true });
  const btn = env.el.querySelector("button.illumi-bots");
  assert.equal(btn.hidden, false);
  assert.match(btn.textContent, /Resume bots/);
  assert.equal(btn.getAttribute("aria-pressed"), "true");
  assert.equal(env.timers.size, 0);
  btn.click();
  assert.deepEqual(env.model.sent.at(-1), { type: "pause_bots", paused: false });
  env.model.receive({ type: "ok", version: 7 }); // every intent gets its reply
  env.model.update({ bots_paused: false }); // Python resumed
  await tick();
  assert.match(btn.textContent, /Pause bots/);
  assert.equal(env.timers.size, 1);
  btn.click();
  assert.deepEqual(env.model.sent.at(-1), { type: "pause_bots", paused: true });
});

test("pausing cancels a pending step, and a step for an old version is never sent", async () => {
  const env = mount(BOTS);
  const [[, pending]] = [...env.timers.entries()];
  env.model.update({ bots_paused: true });
  await tick();
  assert.equal(env.timers.size, 0, "the pending request is cancelled");
  pending.fn(); // even if the timer still fired
  assert.equal(steps(env.model).length, 0);
  env.model.update({ bots_paused: false, version: 8 });
  await tick();
  const [[, again]] = [...env.timers.entries()];
  env.model.update({ version: 9 }); // someone moved the game on before the delay was over
  await tick();
  again.fn();
  env.fire();
  assert.deepEqual(steps(env.model).map((m) => m.version), [9]);
});

test("without bots the button is hidden and nothing is scheduled; bot-* errors are not shown", async () => {
  const env = mount();
  assert.equal(env.el.querySelector("button.illumi-bots").hidden, true);
  assert.equal(env.timers.size, 0);
  env.model.receive({ type: "error", code: "bot-stale", message: "the bot step was for version 6" });
  assert.equal(env.el.querySelector(".illumi-error").textContent, "");
  env.model.receive({ type: "error", code: "internal", message: "the bot failed" });
  assert.match(env.el.querySelector(".illumi-error").textContent, /the bot failed/);
});

test("clean-up cancels a pending bot step", () => {
  const env = mount(BOTS);
  assert.equal(env.timers.size, 1);
  env.cleanup();
  assert.equal(env.timers.size, 0);
});
