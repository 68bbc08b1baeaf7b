// A person's board against bots: the Preferences menu (prefs.js: Python's status.auto, plus the page's own
// "your turn" sound), the offer to continue a game kept before a kernel restart (resume.js), the score line.
import { test } from "node:test";
import assert from "node:assert/strict";

import widget from "../src/index.js";
import { FakeModel, initialValues, setup, tick } from "../testlib/helpers.mjs";
import { offeredPrefs, soundOn } from "../src/prefs.js";

const AUTO = [{ id: "no_choice", text: "Pass for me when I have no useful choice", on: true },
  { id: "quiet", text: "Don't ask me again this turn", on: false }, { id: 3, text: "bad" }];

function mount(values) {
  const env = setup();
  const store = new Map(); // (an about:blank jsdom has no session storage)
  Object.defineProperty(env.win, "sessionStorage", { configurable: true, value: {
    getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k) } });
  const model = new FakeModel(initialValues(values));
  const cleanup = widget.render({ model, el: env.el });
  return { ...env, model, cleanup };
}

test("the Preferences menu shows Python's switches and sends each change; the sound is the page's own", async () => {
  assert.deepEqual(offeredPrefs({ auto: AUTO }).map((p) => p.id), ["no_choice", "quiet"]);
  const env = mount({ status: { ...initialValues().status, auto: AUTO, score: "VP markers: Red 1, Blue 0" } });
  await tick();
  const box = env.el.querySelector(".illumi-prefs");
  assert.equal(box.hidden, false);
  const boxes = [...box.querySelectorAll("input")];
  assert.deepEqual(boxes.map((b) => [b.dataset.pref, b.checked]), [["no_choice", true], ["quiet", false], ["sound", false]]);
  boxes[1].checked = true;
  boxes[1].dispatchEvent(new env.win.Event("change"));
  assert.deepEqual(env.model.sent.at(-1), { type: "auto", pref: "quiet", on: true });
  boxes[2].checked = true;
  boxes[2].dispatchEvent(new env.win.Event("change"));
  assert.equal(soundOn(env.win), true);
  assert.equal(env.el.querySelector(".illumi-score").textContent, "VP markers: Red 1, Blue 0");
  env.cleanup();
});

test("no preferences offered: no menu; the resume offer is a row with Continue and New game", async () => {
  const env = mount({ resume_offer: "This cell showed a game in progress (5 steps played). Continue it?" });
  await tick();
  assert.equal(env.el.querySelector(".illumi-prefs").hidden, true);
  const row = env.el.querySelector(".illumi-resume");
  assert.equal(row.hidden, false);
  assert.match(row.textContent, /Continue it\?/);
  row.querySelector(".illumi-resume-yes").click();
  assert.deepEqual(env.model.sent.at(-1), { type: "resume", accept: true });
  assert.equal(row.hidden, true);
  env.cleanup();
});
