// connection.js: the disconnected veil, the kernel watch, and the one "hello" of a live view.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createConnection } from "../src/connection.js";
import { DISCONNECTED_TEXT } from "../src/dom.js";
import { called, stubView } from "../testlib/view.mjs";

function view(manager) {
  const v = stubView({ stubs: { menus: ["closeChooser", "closeConfirm"], bots: ["stop", "schedule"],
    transport: ["abandon"], bar: ["renderError"] } });
  if (manager !== undefined) v.model.widget_manager = manager;
  v.connection = createConnection(v);
  return v;
}

function kernel(status = "idle") {
  const handlers = { status: [], disposed: [] };
  const sig = (name) => ({ connect: (fn) => handlers[name].push(fn), disconnect: (fn) => handlers[name].splice(handlers[name].indexOf(fn), 1) });
  return { status, statusChanged: sig("status"), disposed: sig("disposed"), handlers };
}

test("a live view with a widget manager says hello once; a page without one (a test, a static page) does not", () => {
  const k = kernel();
  const v = view({ kernel: k });
  v.connection.start();
  assert.equal(v.el.dataset.connected, "1");
  assert.deepEqual(v.model.sent, [{ type: "hello", version: 7 }]);
  v.connection.sayHello();
  assert.equal(v.model.sent.length, 1);
  const bare = view();
  bare.connection.start();
  assert.deepEqual(bare.model.sent, []);
});

test("a kernel restart greys the view for good: menus closed, bots stopped, intents abandoned", () => {
  const k = kernel();
  const v = view({ kernel: k });
  v.connection.start();
  k.handlers.status[0](k, "restarting");
  assert.equal(v.s.connected, false);
  assert.equal(v.dom.offline.hidden, false);
  assert.ok(v.dom.root.classList.contains("illumi-disconnected"));
  assert.equal(v.el.dataset.connected, "0");
  assert.deepEqual(called(v), ["menus.closeChooser", "menus.closeConfirm", "bots.stop", "transport.abandon"]);
  v.connection.check(); // the page has no mark, but the kernel is gone: still disconnected
  assert.equal(v.s.connected, false);
  v.connection.dispose();
  assert.equal(k.handlers.status.length, 0);
  assert.equal(k.handlers.disposed.length, 0);
});

test("a saved notebook opened without a kernel: disconnected from the start, nothing sent", () => {
  const v = view({ kernel: null });
  v.connection.start();
  assert.equal(v.s.connected, false);
  assert.equal(v.el.dataset.connected, "0");
  assert.deepEqual(v.model.sent, []);
  const dead = view({ kernel: kernel("dead") });
  dead.connection.start();
  assert.equal(dead.s.connected, false);
});

test("JupyterLab's mark on the view or its parent: disconnected; the mark gone: connected, hello, bots rescheduled", () => {
  const v = view({ kernel: kernel() });
  v.el.classList.add("jupyter-widgets-disconnected");
  v.connection.start();
  assert.equal(v.s.connected, false);
  assert.deepEqual(v.model.sent, []); // no hello while not live
  v.calls.length = 0;
  v.el.classList.remove("jupyter-widgets-disconnected");
  v.connection.onCommLive();
  v.clock.fire();
  assert.equal(v.s.connected, true);
  assert.deepEqual(called(v), ["bots.schedule"]);
  assert.deepEqual(v.model.sent, [{ type: "hello", version: 7 }]);
  v.el.parentElement.classList.add("jupyter-widgets-disconnected");
  v.connection.check();
  assert.equal(v.s.connected, false);
});

test("showOffline: the veil and the error line say the kernel is gone", () => {
  const v = view();
  v.connection.showOffline();
  assert.equal(v.dom.offline.hidden, false);
  assert.deepEqual(v.s.lastError, { code: "disconnected", message: DISCONNECTED_TEXT });
  assert.deepEqual(called(v), ["bar.renderError"]);
});
