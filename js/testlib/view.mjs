// A stand-in for the shared view `v` that index.js wires (see the top of src/index.js), to test one module of
// the front end on its own: a jsdom window with fake timers, a FakeModel, the widget's DOM tree, the state,
// and recording stubs for the modules the one under test calls (v.calls lists [module.method, ...args]).
import { JSDOM } from "jsdom";
import { FakeModel, initialValues, recordingContext } from "./helpers.mjs";
import { buildDom } from "../src/dom.js";
import { createState } from "../src/state.js";

/** Fake setTimeout/clearTimeout on `win`: returns {timers, fire()} (fire runs every pending timer once). */
export function fakeTimers(win) {
  const timers = new Map();
  let next = 1;
  win.setTimeout = (fn, ms) => {
    const id = next++;
    timers.set(id, { fn, ms });
    return id;
  };
  win.clearTimeout = (id) => timers.delete(id);
  const fire = () => {
    const all = [...timers.values()];
    timers.clear();
    for (const t of all) t.fn();
    return all.map((t) => t.ms);
  };
  return { timers, fire };
}

/**
 * A view for one module: `stubs` names the other modules' methods to record (e.g. {bar: ["renderError"]});
 * a stub returns `returns[module.method]` when given. `values` are the model's traits (initialValues).
 */
export function stubView({ values = {}, stubs = {}, returns = {} } = {}) {
  const dom = new JSDOM("<!doctype html><html><head></head><body></body></html>", { pretendToBeVisual: true });
  const win = dom.window;
  const doc = win.document;
  const contexts = new Map(); // canvas -> recordingContext (every canvas gets a recording 2D context)
  win.HTMLCanvasElement.prototype.getContext = function getContext(kind) {
    if (kind !== "2d") return null;
    if (!contexts.has(this)) contexts.set(this, recordingContext(this));
    return contexts.get(this).proxy;
  };
  const clock = fakeTimers(win);
  const el = doc.createElement("div");
  doc.body.appendChild(el);
  const model = new FakeModel(initialValues(values));
  let t = 1000;
  const calls = [];
  const v = {
    model, el, doc, win, dom: buildDom(doc), s: createState(), calls, clock, contexts,
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    raf: (fn) => win.setTimeout(fn, 16),
    perf: { paints: 0, lastPaintMs: 0, roundTrips: [], patchesIgnored: 0 },
  };
  el.appendChild(v.dom.root);
  for (const [mod, methods] of Object.entries(stubs)) {
    v[mod] = {};
    for (const name of methods) {
      v[mod][name] = (...args) => {
        calls.push([`${mod}.${name}`, ...args]);
        return returns[`${mod}.${name}`];
      };
    }
  }
  return v;
}

/** The names of the recorded calls ("bar.renderError", ...). */
export const called = (v) => v.calls.map((c) => c[0]);
