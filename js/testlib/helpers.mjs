// Shared by js/test/*.test.mjs (kept outside test/ so `node --test test/` does not run it as a test file).
// Test helpers: a jsdom window, a FAKE anywidget model, a recording canvas context and a fake
// ResizeObserver. The painter only touches el.ownerDocument / its defaultView, so nothing global
// is patched.
import { JSDOM } from "jsdom";

/** A canvas 2D context stand-in that records every method call and property assignment. */
export function recordingContext(canvas) {
  const calls = [];
  const state = { canvas };
  const proxy = new Proxy(state, {
    get(target, prop) {
      if (prop in target) return target[prop];
      if (typeof prop === "symbol") return undefined;
      return (...args) => {
        calls.push([prop, ...args]);
        if (prop === "measureText") return { width: String(args[0]).length * 6 };
        return undefined;
      };
    },
    set(target, prop, value) {
      calls.push(["set", prop, value]);
      target[prop] = value;
      return true;
    },
  });
  return { proxy, calls, state };
}

export class FakeModel {
  constructor(values = {}) {
    this.values = { ...values };
    this.listeners = new Map();
    this.sent = [];
  }
  get(name) {
    return this.values[name];
  }
  set(name, value) {
    this.values[name] = value;
    this.emit(`change:${name}`, value);
  }
  /** Several traits in one go, like one synced update from Python (events fire synchronously). */
  update(values) {
    Object.assign(this.values, values);
    for (const name of Object.keys(values)) this.emit(`change:${name}`, values[name]);
  }
  save_changes() {}
  on(name, fn) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name).add(fn);
  }
  off(name, fn) {
    const set = this.listeners.get(name);
    if (!set) return;
    if (fn) set.delete(fn);
    else set.clear();
    if (!set.size) this.listeners.delete(name);
  }
  emit(name, ...args) {
    for (const fn of [...(this.listeners.get(name) || [])]) fn(...args);
  }
  send(content) {
    this.sent.push(content);
  }
  /** A custom message from Python (model.send on the Python side). */
  receive(content) {
    this.emit("msg:custom", content, []);
  }
  listenerCount() {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

export const SCENE = {
  w: 1000,
  h: 700,
  bg: "#f4efe4",
  items: [
    { t: "rect", x: 10, y: 10, w: 80, h: 110, r: 6, fill: "#fff", stroke: "#333", lw: 1, id: "cell:C3", tip: "Cell C3\nInfluence 2" },
    { t: "circle", x: 50, y: 50, r: 8, fill: "#c33", stroke: "#000", lw: 1, id: "disk:C3:0", tip: "A red disk" },
    { t: "text", x: 50, y: 20, s: "Influence", size: 12, color: "#222", align: "center", baseline: "middle", bold: true, italic: false, maxw: 70 },
    { t: "line", pts: [[0, 0], [10, 10], [20, 0]], color: "#000", lw: 2, dash: [4, 2] },
    { t: "poly", pts: [[200, 200], [300, 200], [250, 280]], fill: "#8ac", stroke: "#024", lw: 1, id: "region:A" },
    { t: "rect", x: 400, y: 400, w: 100, h: 100, fill: "#ddd", id: "card:plain", tip: "Not a target" },
    { t: "icon", name: "faction:NOB", x: 600, y: 100, size: 16 },
    { t: "icon", name: "mystery:thing", x: 640, y: 100, size: 16 },
    { t: "rect", x: 700, y: 400, w: 100, h: 100, fill: "#eee", id: "cell:D4" },
  ],
};

export const DECISIONS = [
  {
    id: "d1",
    seat: 0,
    prompt: "Choose an action",
    options: [
      { id: "pass", label: "Pass", targets: [], group: null },
      { id: "move-C3", label: "Move to C3", targets: ["cell:C3"], group: "Move" },
      { id: "take-disk", label: "Take the disk", targets: ["disk:C3:0"], group: "Take" },
      { id: "flip-A", label: "Flip region A", targets: ["region:A"], group: "Flip" },
      { id: "claim-A", label: "Claim region A", targets: ["region:A"], group: "Claim" },
    ],
  },
];

export const STATUS = {
  text: "Red to act",
  to_act: [0],
  terminal: false,
  curtain: null,
  error: null,
  can_undo: true,
  can_redo: false,
  history: { index: 3, length: 5 },
};

export function initialValues(over = {}) {
  return {
    protocol: 1,
    game: "test",
    perspective: "seat:0",
    version: 7,
    scene: SCENE,
    decisions: DECISIONS,
    log_lines: ["Red passes", "Blue moves to C3"],
    status: STATUS,
    ...over,
  };
}

/**
 * A fresh jsdom with canvas stubs. Returns helpers to mount the widget.
 * width: the CSS width of the widget's cell; dpr: devicePixelRatio.
 */
export function setup({ width = 1000, dpr = 1, height = 100000 } = {}) {
  const dom = new JSDOM("<!doctype html><html><head></head><body></body></html>", { pretendToBeVisual: true });
  const win = dom.window;
  const contexts = new Map();
  win.HTMLCanvasElement.prototype.getContext = function getContext(kind) {
    if (kind !== "2d") return null;
    if (!contexts.has(this)) contexts.set(this, recordingContext(this));
    return contexts.get(this).proxy;
  };
  Object.defineProperty(win, "devicePixelRatio", { value: dpr, configurable: true });
  // the visible height the board may fill (the window's, as no ancestor scrolls in these tests)
  Object.defineProperty(win, "innerHeight", { value: height, configurable: true });
  const observers = [];
  win.ResizeObserver = class FakeResizeObserver {
    constructor(cb) {
      this.cb = cb;
      this.targets = new Set();
      this.disconnected = false;
      observers.push(this);
    }
    observe(t) {
      this.targets.add(t);
    }
    unobserve(t) {
      this.targets.delete(t);
    }
    disconnect() {
      this.targets.clear();
      this.disconnected = true;
    }
    fire(w) {
      this.cb([{ contentRect: { width: w, height: 0 } }], this);
    }
  };
  const el = win.document.createElement("div");
  let cssWidth = width;
  Object.defineProperty(el, "clientWidth", { get: () => cssWidth, configurable: true });
  win.document.body.appendChild(el);
  return {
    dom,
    win,
    doc: win.document,
    el,
    observers,
    contexts,
    setWidth(w) {
      cssWidth = w;
    },
    /** The recorded calls of a canvas ("base" or "overlay"). */
    calls(which) {
      const canvas = el.querySelector(which === "base" ? "canvas.illumi-base" : "canvas.illumi-overlay");
      const rec = contexts.get(canvas);
      return rec ? rec.calls : [];
    },
    clearCalls() {
      for (const rec of contexts.values()) rec.calls.length = 0;
    },
    /** Make the overlay canvas report a client rect, as a laid-out browser would. */
    placeOverlay(left = 0, top = 0) {
      const over = el.querySelector("canvas.illumi-overlay");
      over.getBoundingClientRect = () => {
        const w = parseFloat(over.style.width);
        const h = parseFloat(over.style.height);
        return { left, top, width: w, height: h, right: left + w, bottom: top + h, x: left, y: top };
      };
      return over;
    },
    mouse(type, clientX, clientY, target) {
      const node = target || el.querySelector("canvas.illumi-overlay");
      node.dispatchEvent(new win.MouseEvent(type, { clientX, clientY, bubbles: true, cancelable: true }));
    },
    key(key) {
      win.document.dispatchEvent(new win.KeyboardEvent("keydown", { key, bubbles: true }));
    },
  };
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export function names(calls) {
  return calls.map((c) => (c[0] === "set" ? `set:${c[1]}` : c[0]));
}
