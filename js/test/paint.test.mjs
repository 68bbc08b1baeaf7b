import { test } from "node:test";
import assert from "node:assert/strict";

import { drawItem, drawScene, expandIcon, firstLineOffset, sceneSize } from "../src/paint.js";
import { buildIndex, hitTest } from "../src/hit.js";
import { names, recordingContext, SCENE } from "../testlib/helpers.mjs";

function record(item) {
  const rec = recordingContext(null);
  drawItem(rec.proxy, item);
  return rec.calls;
}

test("rect with radius traces a rounded path, fills and strokes with dash", () => {
  const calls = record({ t: "rect", x: 10, y: 10, w: 80, h: 110, r: 6, fill: "#fff", stroke: "#333", lw: 2, dash: [4, 2] });
  const n = names(calls);
  assert.equal(n.filter((x) => x === "arcTo").length, 4);
  assert.ok(n.includes("fill") && n.includes("stroke"));
  assert.deepEqual(calls.find((c) => c[1] === "fillStyle"), ["set", "fillStyle", "#fff"]);
  assert.deepEqual(calls.find((c) => c[1] === "strokeStyle"), ["set", "strokeStyle", "#333"]);
  assert.deepEqual(calls.find((c) => c[1] === "lineWidth"), ["set", "lineWidth", 2]);
  assert.deepEqual(calls.find((c) => c[0] === "setLineDash"), ["setLineDash", [4, 2]]);
});

test("rect without radius uses ctx.rect; no fill/stroke keys means an invisible hit zone", () => {
  const calls = record({ t: "rect", x: 1, y: 2, w: 3, h: 4 });
  assert.deepEqual(calls.find((c) => c[0] === "rect"), ["rect", 1, 2, 3, 4]);
  assert.ok(!names(calls).includes("fill") && !names(calls).includes("stroke"));
});

test("circle draws a full arc", () => {
  const calls = record({ t: "circle", x: 50, y: 50, r: 8, fill: "#c33", stroke: "#000", lw: 1 });
  const arc = calls.find((c) => c[0] === "arc");
  assert.deepEqual(arc.slice(0, 5), ["arc", 50, 50, 8, 0]);
  assert.ok(Math.abs(arc[5] - Math.PI * 2) < 1e-9);
  assert.ok(names(calls).includes("fill") && names(calls).includes("stroke"));
});

test("text sets font, colour, align, baseline and honours maxw", () => {
  const calls = record({ t: "text", x: 50, y: 20, s: "Influence", size: 12, color: "#222", align: "center",
    baseline: "middle", bold: true, italic: true, maxw: 70 });
  assert.deepEqual(calls.find((c) => c[1] === "font"), ["set", "font", "italic bold 12px Helvetica, Arial, sans-serif"]);
  assert.deepEqual(calls.find((c) => c[1] === "textAlign"), ["set", "textAlign", "center"]);
  assert.deepEqual(calls.find((c) => c[1] === "textBaseline"), ["set", "textBaseline", "middle"]);
  assert.deepEqual(calls.find((c) => c[1] === "fillStyle"), ["set", "fillStyle", "#222"]);
  assert.deepEqual(calls.find((c) => c[0] === "fillText"), ["fillText", "Influence", 50, 20, 70]);
});

test("multi-line text is laid out line by line around its baseline", () => {
  const calls = record({ t: "text", x: 0, y: 100, s: "a\nb\nc", size: 10, baseline: "middle" });
  const ys = calls.filter((c) => c[0] === "fillText").map((c) => c[3]);
  assert.deepEqual(ys, [88, 100, 112]);
  assert.equal(firstLineOffset("top", 3, 12), 0);
  assert.equal(firstLineOffset("alphabetic", 2, 12), -12);
});

test("line strokes its polyline with colour, width and dash", () => {
  const calls = record({ t: "line", pts: [[0, 0], [10, 10], [20, 0]], color: "#123", lw: 2, dash: [3, 1] });
  assert.deepEqual(calls.filter((c) => c[0] === "lineTo"), [["lineTo", 10, 10], ["lineTo", 20, 0]]);
  assert.deepEqual(calls.find((c) => c[1] === "strokeStyle"), ["set", "strokeStyle", "#123"]);
  assert.deepEqual(calls.find((c) => c[0] === "setLineDash"), ["setLineDash", [3, 1]]);
  assert.ok(names(calls).includes("stroke") && !names(calls).includes("fill"));
});

test("poly closes its path", () => {
  const calls = record({ t: "poly", pts: [[0, 0], [10, 0], [5, 8]], fill: "#abc" });
  assert.deepEqual(names(calls).slice(0, 5), ["beginPath", "moveTo", "lineTo", "lineTo", "closePath"]);
  assert.ok(names(calls).includes("fill"));
});

test("alpha is applied and restored", () => {
  const calls = record({ t: "circle", x: 0, y: 0, r: 1, fill: "#000", alpha: 0.5 });
  const alphas = calls.filter((c) => c[1] === "globalAlpha").map((c) => c[2]);
  assert.deepEqual(alphas, [0.5, 1]);
});

test("known icons and unknown icons draw shapes and a letter", () => {
  for (const name of ["faction:NOB", "faction:PRO", "faction:MAG", "faction:ART", "faction:SCH", "faction:CLE"]) {
    const calls = record({ t: "icon", name, x: 100, y: 100, size: 20 });
    assert.ok(names(calls).includes("fill"), name);
    const letter = calls.find((c) => c[0] === "fillText");
    assert.equal(letter[1], name.slice(8, 9));
  }
  for (const name of ["crown", "ace", "favor", "cube"]) {
    assert.ok(names(record({ t: "icon", name, x: 0, y: 0, size: 16 })).includes("fill"), name);
  }
  const unknown = record({ t: "icon", name: "token:gold", x: 10, y: 10, size: 20 });
  assert.ok(names(unknown).includes("arc"));
  assert.equal(unknown.find((c) => c[0] === "fillText")[1], "go");
  // Icons are scaled around their centre.
  const parts = expandIcon({ t: "icon", name: "ace", x: 100, y: 50, size: 20, color: "#ff0" });
  assert.equal(parts[0].x, 100 - 0.32 * 20);
  assert.equal(parts[0].fill, "#ff0");
});

test("drawScene paints the background then every item; unknown types are skipped", () => {
  const rec = recordingContext(null);
  drawScene(rec.proxy, { ...SCENE, items: [...SCENE.items, { t: "hologram" }, null] });
  const n = names(rec.calls);
  assert.equal(n[0], "clearRect");
  assert.deepEqual(rec.calls[1], ["set", "fillStyle", "#f4efe4"]);
  assert.equal(n[2], "fillRect");
  for (const m of ["arcTo", "arc", "fillText", "lineTo", "closePath"]) assert.ok(n.includes(m), m);
  assert.deepEqual(sceneSize({}), { w: 1000, h: 700 });
});

test("hit-testing picks the topmost entity and ignores tip-only items on top of it", () => {
  const index = buildIndex({
    items: [
      { t: "rect", x: 0, y: 0, w: 100, h: 100, id: "below" },
      { t: "circle", x: 50, y: 50, r: 10, id: "above" },
      { t: "rect", x: 0, y: 0, w: 100, h: 100, tip: "decoration" },
      { t: "poly", pts: [[200, 0], [300, 0], [250, 100]], id: "tri" },
      { t: "text", x: 50, y: 50, s: "not hittable", id: "nope" },
    ],
  });
  assert.equal(hitTest(index, 50, 50).id, "above");
  assert.equal(hitTest(index, 10, 10).id, "below");
  assert.equal(hitTest(index, 250, 20).id, "tri");
  assert.equal(hitTest(index, 205, 90), null); // inside the triangle's box, outside the triangle
  assert.equal(hitTest(index, 500, 500), null);
  assert.equal(index.byId.has("nope"), false);
  const tipOnly = buildIndex({ items: [{ t: "rect", x: 0, y: 0, w: 10, h: 10, tip: "hello" }] });
  assert.equal(hitTest(tipOnly, 5, 5).tip, "hello");
});

test("a line's round ends and joins are its own: a shape stroked after it has the canvas's sharp ones", () => {
  const rec = recordingContext(null);
  drawItem(rec.proxy, { t: "line", pts: [[0, 0], [10, 0], [10, 10]], lw: 2, color: "#000" }, { minSize: 0 });
  drawItem(rec.proxy, { t: "rect", x: 0, y: 0, w: 10, h: 10, stroke: "#000", lw: 1 }, { minSize: 0 });
  const strokes = rec.calls.map((c, i) => [c, i]).filter(([c]) => c[0] === "stroke").map(([, i]) => i);
  assert.equal(strokes.length, 2);
  const joinAt = (i) => rec.calls.slice(0, i).filter((c) => c[0] === "set" && c[1] === "lineJoin").pop()?.[2];
  const capAt = (i) => rec.calls.slice(0, i).filter((c) => c[0] === "set" && c[1] === "lineCap").pop()?.[2];
  assert.deepEqual([joinAt(strokes[0]), capAt(strokes[0])], ["round", "round"]);
  assert.deepEqual([joinAt(strokes[1]) ?? "miter", capAt(strokes[1]) ?? "butt"], ["miter", "butt"]);
});
