// The painter's savings change nothing it draws or reports: the overlap count found row by row (overlaps.js)
// agrees with a scan of every pair sorted by the left edge (the count before it), sample included, and a text
// drawn again from its kept plan (textfit.js) makes the very same canvas calls and statistics as a new item.
import { test } from "node:test";
import assert from "node:assert/strict";

import { countOverlaps, drawItem, drawScene } from "../src/paint.js";
import { recordingContext } from "../testlib/helpers.mjs";

/** The count as it was (all pairs of the boxes sorted by x0, scanned until the next box starts right of a). */
function scanAll(boxes, slack = 0, sample = null) {
  const bs = [...boxes].sort((a, b) => a.x0 - b.x0);
  let n = 0;
  for (let i = 0; i < bs.length; i++) {
    const a = bs[i];
    for (let j = i + 1; j < bs.length; j++) {
      const b = bs[j];
      if (b.x0 >= a.x1 - slack) break;
      if (a.id === b.id) continue;
      if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > slack && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > slack) {
        n += 1;
        if (sample && sample.length < 3) sample.push([a.s, b.s]);
      }
    }
  }
  return n;
}

function random(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** n boxes like a board's lines: columns sharing left edges, rows a line apart, some texts of several lines. */
function boxesOf(rnd, n, spread) {
  const out = [];
  for (let k = 0; k < n; k++) {
    const size = 8 + Math.floor(rnd() * 4) * 4;
    const x0 = rnd() < 0.5 ? Math.floor(rnd() * 5) * 100 : rnd() * spread;
    const y0 = rnd() < 0.5 ? Math.floor(rnd() * 40) * 14.4 : rnd() * spread;
    const w = rnd() < 0.1 ? 0 : rnd() * 300;
    const h = rnd() < 0.05 ? rnd() * 200 : 0.95 * size;
    const id = rnd() < 0.3 && k ? out[k - 1].id : k + 1;
    out.push({ x0, y0, x1: x0 + w, y1: y0 + h, id, s: `line ${k}` });
  }
  return out;
}

test("the overlap count by rows agrees with the scan of all pairs, its sample too", () => {
  const rnd = random(7);
  for (let round = 0; round < 300; round++) {
    const boxes = boxesOf(rnd, Math.floor(rnd() * 120), rnd() < 0.5 ? 600 : 3000);
    for (const slack of [0, 2, 2.5]) {
      const want = [];
      const got = [];
      assert.equal(countOverlaps(boxes, slack, got), scanAll(boxes, slack, want));
      assert.deepEqual(got, want);
    }
  }
});

test("the overlap count agrees where boxes are odd: empty, inverted, not finite, one very tall, a sample begun", () => {
  const b = (x0, y0, x1, y1, id, s = `${id}`) => ({ x0, y0, x1, y1, id, s });
  const cases = [
    [],
    [b(0, 0, 10, 10, 1)],
    [b(0, 0, 10, 10, 1), b(0, 0, 10, 10, 1)], // one text's own lines
    [b(0, 0, 10, 10, 1), b(0, 0, 10, 10, 2), b(0, 0, 10, 10, 3), b(5, 5, 15, 15, 4)],
    [b(10, 10, 0, 0, 1), b(0, 0, 10, 10, 2), b(2, 2, 8, 8, 3)], // inverted boxes overlap nothing
    [b(NaN, 0, 10, 10, 1), b(0, NaN, 10, 10, 2), b(0, 0, 10, 10, 3), b(1, 1, 9, 9, 4)],
    [b(0, -Infinity, 10, 10, 1), b(0, 0, 10, 10, 2), b(1, 1, 9, 9, 3)],
    [b(0, 0, 10, 1e6, 1), ...Array.from({ length: 50 }, (_, k) => b(k, k * 20, k + 5, k * 20 + 10, k + 2))],
  ];
  for (const boxes of cases) {
    for (const slack of [0, 2]) {
      const want = [["before", "it"]];
      const got = [["before", "it"]];
      assert.equal(countOverlaps(boxes, slack, got), scanAll(boxes, slack, want));
      assert.deepEqual(got, want);
      assert.equal(countOverlaps(boxes, slack), scanAll(boxes, slack));
    }
  }
});

const TEXTS = [
  { t: "text", x: 10, y: 20, s: "Gottlieb Hufeland", size: 12 },
  { t: "text", x: 40, y: 24, s: "Leopold", size: 9, bold: true, color: "#a00" },
  { t: "text", x: 300, y: 20, s: "Two lines here and more words", size: 12, maxw: 60, wrap: 2, align: "center" },
  { t: "text", x: 300, y: 90, s: "A box of lines: Deck 6 · Discard 0 · Intents 5", size: 10, maxw: 80, maxh: 40,
    baseline: "middle", italic: true },
  { t: "text", x: 500, y: 90, s: "first\nsecond\n\nfourth", size: 11, baseline: "bottom", align: "right" },
  { t: "text", x: 600, y: 300, s: "Cut short because it is far too long", size: 14, maxw: 50 },
  { t: "text", x: 600, y: 320, s: "", size: 14 },
  { t: "text", x: 600, y: 340, s: 42, size: 7, baseline: "top" },
  { t: "rect", x: 0, y: 0, w: 10, h: 10, fill: "#fff" },
  { t: "icon", x: 100, y: 400, name: "pax:coin", size: 20 },
];

function paint(items, minSize) {
  const { proxy, calls } = recordingContext({});
  const stats = drawScene(proxy, { w: 1000, h: 700, items }, { w: 1000, h: 700 }, { minSize, overlapSlack: 2 });
  return { calls: calls.filter((c) => c[0] !== "measureText"), stats };
}

test("a text drawn again from its kept plan makes the same canvas calls and statistics as a new item", () => {
  const items = TEXTS.map((it) => ({ ...it }));
  for (const minSize of [0, 13.75, 22, 13.75, 0]) {
    const fresh = paint(TEXTS.map((it) => ({ ...it })), minSize); // new items: nothing kept for them
    const first = paint(items, minSize);
    const again = paint(items, minSize); // the same items: drawn from their plans
    assert.deepEqual(first, fresh);
    assert.deepEqual(again, fresh);
    assert.ok(fresh.stats.texts >= 7 && fresh.stats.boxes.length > 8);
  }
});

/** Each drawing call with the context's state (the properties set so far) at that moment: what the pixels
 * depend on, whatever order the state was set in. */
function drawnWith(calls) {
  const state = {};
  const out = [];
  for (const c of calls) {
    if (c[0] === "set") state[c[1]] = c[2];
    else if (["fill", "stroke", "fillText", "fillRect", "strokeRect", "clearRect"].includes(c[0])) {
      out.push([...c, { ...state }]);
    }
  }
  return out;
}

test("a fill colour set only when it changes: every shape and text is drawn with the colour it names", () => {
  const items = [
    { t: "rect", x: 0, y: 0, w: 10, h: 10, fill: "#fff" },
    { t: "rect", x: 20, y: 0, w: 10, h: 10, fill: "#fff", stroke: "#000" },
    { t: "text", x: 10, y: 20, s: "white text", size: 12, color: "#fff" },
    { t: "text", x: 10, y: 40, s: "default ink", size: 12 },
    { t: "text", x: 10, y: 60, s: "default ink again", size: 12 },
    { t: "circle", x: 50, y: 50, r: 5, fill: "#222" },
    { t: "line", pts: [[0, 0], [5, 5]], color: "#f00" },
    { t: "icon", x: 100, y: 400, name: "pax:coin", size: 20 },
    { t: "rect", x: 0, y: 90, w: 10, h: 10, fill: "#fff", alpha: 0.5 },
    { t: "text", x: 10, y: 120, s: "after the icon", size: 12, color: "#fff" },
  ];
  const { proxy, calls } = recordingContext({});
  drawScene(proxy, { w: 200, h: 200, bg: "#fff", items }, { w: 200, h: 200 }, {});
  // the same items, each drawn with every colour set anew (no state kept between them)
  const plain = recordingContext({});
  plain.proxy.fillStyle = "#fff";
  plain.proxy.fillRect(0, 0, 200, 200);
  for (const it of items) drawItem(plain.proxy, it, {});
  const kept = drawnWith(calls).filter((c) => c[0] !== "clearRect").map((c) => [c[0], c.at(-1).fillStyle]);
  const fresh = drawnWith(plain.calls).map((c) => [c[0], c.at(-1).fillStyle]);
  assert.deepEqual(kept, fresh);
  const sets = calls.filter((c) => c[0] === "set" && c[1] === "fillStyle").length;
  const plainSets = plain.calls.filter((c) => c[0] === "set" && c[1] === "fillStyle").length;
  assert.ok(sets < plainSets, `${sets} colour sets, not fewer than ${plainSets}`);
});
