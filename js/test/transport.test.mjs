// transport.js: every intent gets a reply or a visible timeout; one act per version in flight.
import { test } from "node:test";
import assert from "node:assert/strict";

import { ACT_GUARD_MS, createTransport, REPLY_TIMEOUT_MS } from "../src/transport.js";
import { called, stubView } from "../testlib/view.mjs";

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
