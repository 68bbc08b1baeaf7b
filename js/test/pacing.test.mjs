// bots.js on its own: one bot step per version after bot_delay, and the pause/resume button.
import { test } from "node:test";
import assert from "node:assert/strict";

import { botDelayMs, createBots, MAX_BOT_DELAY_MS } from "../src/bots.js";
import { stubView } from "../testlib/view.mjs";

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
