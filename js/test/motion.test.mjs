// Moves that animate (motion.js): planning slides, flips and rolls, and the frames between.
import test from "node:test";
import assert from "node:assert/strict";
import { frameScene, planMotion, thingsOf } from "../src/motion.js";

const card = (id, x, y, tip = "A card") => [
  { t: "rect", x, y, w: 40, h: 60, id, tip },
  { t: "text", x: x + 4, y: y + 10, s: id },
];
const scene = (...items) => ({ w: 400, h: 300, items: items.flat() });

test("a thing is its id'd item and the items inside it that follow", () => {
  const things = thingsOf(scene(card("a", 0, 0), card("b", 100, 0), [{ t: "text", x: 300, y: 200, s: "far" }]).items);
  assert.deepEqual(things.get("a").members, [0, 1]);
  assert.deepEqual(things.get("b").members, [2, 3]);
});

test("a moved card slides from where it was; frames end on the scene itself", () => {
  const a = scene(card("a", 0, 0), card("b", 100, 0));
  const b = scene(card("a", 0, 0), card("b", 200, 50));
  const plan = planMotion(a, b);
  assert.deepEqual(plan.map((p) => [p.kind, p.dx, p.dy]), [["slide", -100, -50]]);
  const start = frameScene(b, plan, 0);
  assert.equal(start.items[2].x, 100);
  assert.equal(start.items[3].x, 104); // its name moves with it
  const end = frameScene(b, plan, 1);
  assert.deepEqual(end.items, b.items);
});

test("a card turned face up flips; a die rolls; a new layout does not animate", () => {
  const a = scene(card("a", 0, 0, "A1: a face-down card"), [{ t: "rect", x: 300, y: 0, w: 40, h: 40, anim: "die" },
    { t: "text", x: 320, y: 20, s: "7" }]);
  const b = scene(card("a", 0, 0, "A1: Goethe"), [{ t: "rect", x: 300, y: 0, w: 40, h: 40, anim: "die" },
    { t: "text", x: 320, y: 20, s: "9" }]);
  assert.deepEqual(planMotion(a, b).map((p) => p.kind), ["flip", "roll"]);
  const mid = frameScene(b, planMotion(a, b), 0.5);
  assert.ok(mid.items[0].w < 5); // edge on
  const many = (dx) => scene(...[0, 1, 2, 3, 4, 5].map((k) => card(`c${k}`, k * 50 + dx, 0)));
  assert.deepEqual(planMotion(many(0), many(10)), []);
  assert.deepEqual(planMotion(a, { ...b, w: 500 }), []);
});
