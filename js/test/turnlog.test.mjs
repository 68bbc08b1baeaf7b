// The log grouped by turn (log.js turnRuns).
import test from "node:test";
import assert from "node:assert/strict";
import { turnRuns } from "../src/log.js";

test("the log is grouped by turn: a bot's turn is summed up, a heading starts its own run", () => {
  const lines = ["— Round 2 —", "Blue draws", "A card is drawn", "Blue attacks", "You pass", "Blue ends"];
  const seats = [null, "Blue", "", "Blue", "Red", "Blue"];
  const runs = turnRuns(lines, seats, [{ seat: 1, name: "Blue", bot: "random" }]);
  assert.deepEqual(runs.map((r) => r.head), [null, "Blue (bot) · 3 steps", null, null, "Red", "Blue (bot)"]);
  assert.equal(runs[0].cls, "illumi-log-heading");
  assert.equal(runs[2].cls, "illumi-log-bot");
  assert.deepEqual(turnRuns(lines, seats.slice(1), []).map((r) => r.head), [null, null, null, null, null, null]);
});
