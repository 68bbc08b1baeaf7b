// Moves that animate (150-400 ms): a thing that moved slides from where it was, a card turned face up flips,
// a die (an item marked `anim: "die"`) rolls. Pure planning and frame-making here; canvas.js draws the frames
// on the base canvas only (the first one in the update's paint, the last one the new scene itself, with its
// text checks) -- the overlay, the hit areas and the bar are the new position's at once, so an animation never
// delays what a click can reach. Skipped under the page's reduced-motion preference and when an update comes
// while one still runs.
//
// A thing is an item with an `id` (a card's rect; or a die) with the items after it that have no id and start
// inside it (its name, numbers, icons): they move together.
import { num } from "./paint.js";

export const MOTION_MS = 280;
export const MAX_MOVES = 12; // more things moved than this at once is a new layout, not a move: no animation

function anchor(it) {
  if (Array.isArray(it.pts) && it.pts.length && Array.isArray(it.pts[0])) return [num(it.pts[0][0]), num(it.pts[0][1])];
  return [num(it.x), num(it.y)];
}

function box(it) {
  if (it.t === "rect") return [num(it.x), num(it.y), num(it.x) + num(it.w), num(it.y) + num(it.h)];
  if (it.t === "circle") return [num(it.x) - num(it.r), num(it.y) - num(it.r), num(it.x) + num(it.r), num(it.y) + num(it.r)];
  if (it.t === "icon") return [num(it.x), num(it.y), num(it.x) + num(it.w, num(it.size, 16)), num(it.y) + num(it.h, num(it.size, 16))];
  return null;
}

/** id -> {first: index of its item, members: [indices], item} for the things of a scene's items. */
export function thingsOf(items) {
  const out = new Map();
  let cur = null;
  items.forEach((it, i) => {
    if (!it || typeof it !== "object") return;
    const key = typeof it.id === "string" && it.id ? it.id : it.anim === "die" ? `die:${i}` : null;
    if (key) {
      const b = box(it);
      cur = b && !out.has(key) ? { first: i, members: [i], item: it, box: b } : null;
      if (cur) out.set(key, cur);
      return;
    }
    if (!cur) return;
    const [x, y] = anchor(it);
    const [x0, y0, x1, y1] = cur.box;
    if (x >= x0 - 1 && x <= x1 + 1 && y >= y0 - 1 && y <= y1 + 1) cur.members.push(i);
    else cur = null;
  });
  return out;
}

// The things of each scene's items, kept for as long as the list lives (a scene's items are never changed):
// an update's plan reads the scene before it, whose things the update before found as its new scene's.
const THINGS = new WeakMap();

function keptThings(items) {
  let things = THINGS.get(items);
  if (things === undefined) THINGS.set(items, (things = thingsOf(items)));
  return things;
}

const faceDown = (it) => typeof it.tip === "string" && /face-down/i.test(it.tip);
const textOf = (items, members) => members.map((i) => (items[i].t === "text" ? String(items[i].s) : "")).join("|");

/** What to animate from scene `a` to scene `b`: [{kind: "slide"|"flip"|"roll", members, dx, dy}] (empty: none). */
export function planMotion(a, b) {
  if (!a || !b || a === b || num(a.w) !== num(b.w) || num(a.h) !== num(b.h) || !!a.narrow !== !!b.narrow) return [];
  const ai = Array.isArray(a.items) ? a.items : [];
  const bi = Array.isArray(b.items) ? b.items : [];
  const before = keptThings(ai);
  const after = keptThings(bi);
  const plan = [];
  for (const [id, t] of after) {
    const o = before.get(id);
    if (!o) continue;
    const [ox, oy] = anchor(o.item);
    const [nx, ny] = anchor(t.item);
    if (Math.abs(ox - nx) > 0.5 || Math.abs(oy - ny) > 0.5) {
      plan.push({ kind: "slide", members: t.members, dx: ox - nx, dy: oy - ny });
    } else if (faceDown(o.item) && !faceDown(t.item)) {
      plan.push({ kind: "flip", members: t.members, box: t.box });
    } else if (t.item.anim === "die" && textOf(ai, o.members) !== textOf(bi, t.members)) {
      plan.push({ kind: "roll", members: t.members, box: t.box });
    }
  }
  const slides = plan.filter((p) => p.kind === "slide").length;
  if (slides > MAX_MOVES || (after.size > 4 && slides > after.size * 0.4)) return []; // a relayout
  return plan;
}

const ease = (t) => 1 - (1 - t) * (1 - t) * (1 - t); // ease-out

function shifted(it, dx, dy) {
  const out = { ...it };
  if (Array.isArray(it.pts)) out.pts = it.pts.map((p) => (Array.isArray(p) ? [num(p[0]) + dx, num(p[1]) + dy] : p));
  if ("x" in it) out.x = num(it.x) + dx;
  if ("y" in it) out.y = num(it.y) + dy;
  return out;
}

/** The scene `b` as it looks at time `t` (0..1) of the animation `plan`. */
export function frameScene(b, plan, t) {
  const items = b.items.slice();
  const k = ease(Math.max(0, Math.min(1, t)));
  for (const p of plan) {
    if (p.kind === "slide") {
      for (const i of p.members) items[i] = shifted(items[i], p.dx * (1 - k), p.dy * (1 - k));
    } else if (p.kind === "flip") {
      const squeeze = Math.abs(1 - 2 * t); // 1 -> 0 (edge on) -> 1
      const [x0, , x1] = p.box;
      const cx = (x0 + x1) / 2;
      for (const i of p.members) {
        const it = items[i];
        if (it.t === "rect") items[i] = { ...it, x: cx - (num(it.w) * squeeze) / 2, w: num(it.w) * squeeze };
        else if (t < 0.75) items[i] = { t: "none" }; // its face shows once the card has turned
      }
    } else if (p.kind === "roll" && t < 0.8) {
      const jig = 3 * Math.sin(t * 40);
      for (const i of p.members) {
        const it = items[i];
        items[i] = it.t === "text" ? { ...shifted(it, jig, 0), s: String(2 + Math.floor((t * 97) % 11)) } : shifted(it, jig, 0);
      }
    }
  }
  return { ...b, items };
}
