// The connection to the kernel: the grey "Kernel disconnected" veil, and the saved notebook's picture.
//
// A view is disconnected when JupyterLab marks it (class jupyter-widgets-disconnected on it or its parent),
// or when the kernel behind its widget manager restarts, dies or is missing (a saved notebook reopened: its
// saved board shows, greyed, and nothing is sent). A view that is live says "hello" to Python once, so
// Python leaves the output's saved picture alone (updating it would rebuild this view).
//
// createConnection(v) uses v.model, v.win, v.el, v.dom (root, offline), v.s (connected, disposed, lastError)
// and calls v.menus, v.bots, v.transport and v.bar when the connection changes.
import { DISCONNECTED_TEXT } from "./dom.js";

/** Kernel states after which this view's comm is dead for good. */
export const KERNEL_GONE = new Set(["restarting", "autorestarting", "dead", "terminating"]);

export function createConnection(v) {
  const { model, win, el, s } = v;
  let kernelGone = false;
  let helloSent = false;
  let mo = null;
  const kernelWatch = [];

  function check() {
    const gone = el.classList.contains("jupyter-widgets-disconnected")
      || (el.parentElement && el.parentElement.classList.contains("jupyter-widgets-disconnected"));
    setConnected(!gone && !kernelGone);
  }

  // Tell Python a live view is open (a real front end: it has a widget manager), so it leaves the output's
  // saved picture alone (updating it would rebuild this view).  Once, as soon as the comm is live.
  function sayHello() {
    if (helloSent || s.disposed || !s.connected || !model.widget_manager) return;
    helloSent = true;
    model.send({ type: "hello", version: model.get("version") });
  }

  function setConnected(value) {
    if (value === s.connected) return;
    s.connected = value;
    v.dom.root.classList.toggle("illumi-disconnected", !s.connected);
    v.dom.offline.hidden = s.connected;
    el.dataset.connected = s.connected ? "1" : "0";
    if (!s.connected) {
      v.menus.closeChooser();
      v.menus.closeConfirm();
      v.bots.stop();
      v.transport.abandon();
    } else {
      sayHello(); // (a view drawn while its comm was not live yet tells Python now)
      v.bots.schedule();
    }
  }

  function showOffline() {
    v.dom.offline.hidden = false;
    s.lastError = { code: "disconnected", message: DISCONNECTED_TEXT };
    v.bar.renderError();
  }

  /** Watch the page's marks and the kernel, then say hello if live. */
  function start() {
    if (typeof win.MutationObserver === "function") {
      mo = new win.MutationObserver(check);
      mo.observe(el, { attributes: true, attributeFilter: ["class"] });
      if (el.parentElement) mo.observe(el.parentElement, { attributes: true, attributeFilter: ["class"] });
    }
    // The kernel behind the model (JupyterLab's widget manager): a restart or a dead kernel leaves this view's
    // comm dead for good (JupyterLab does not mark the view), and no kernel at all (a saved notebook reopened)
    // means nothing can answer.
    const manager = model.widget_manager;
    if (manager && typeof manager === "object" && "kernel" in manager) {
      const kernel = manager.kernel;
      const markGone = () => {
        kernelGone = true;
        setConnected(false);
      };
      if (!kernel) {
        markGone();
      } else {
        const onStatus = (_k, st) => {
          if (KERNEL_GONE.has(st)) markGone();
        };
        const onDisposed = markGone;
        for (const [signal, fn] of [[kernel.statusChanged, onStatus], [kernel.disposed, onDisposed]]) {
          if (signal && typeof signal.connect === "function") {
            signal.connect(fn);
            kernelWatch.push([signal, fn]);
          }
        }
        if (KERNEL_GONE.has(kernel.status) || kernel.isDisposed) markGone();
      }
    }
    check();
    el.dataset.connected = s.connected ? "1" : "0";
    sayHello();
  }

  /** JupyterLab's comm_live_update: look again once the page settled. */
  const onCommLive = () => win.setTimeout(check, 0);

  function dispose() {
    if (mo) mo.disconnect();
    for (const [signal, fn] of kernelWatch) signal.disconnect(fn);
  }

  return { check, sayHello, setConnected, showOffline, start, onCommLive, dispose };
}
