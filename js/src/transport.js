// The transport: every intent sent to Python gets a reply or a visible timeout. Python answers each intent,
// in order ("ok", "error" or "why"); a watchdog per intent gives up after REPLY_TIMEOUT_MS and says so on the
// board. A second act for the same version is ignored while the first is in flight.
//
// createTransport(v) reads and writes the shared view `v` (see index.js): v.model, v.win, v.now, v.s (state:
// connected, disposed, pending, lastError), and calls v.bar.renderError(), v.connection.showOffline(),
// v.tips.onWhy(msg) at the time they are needed.
export const ACT_GUARD_MS = 4000; // a second act for the same version is ignored while the first is in flight
export const REPLY_TIMEOUT_MS = 6000; // no reply after this: say so on the board

export function createTransport(v) {
  const { model, win, s } = v;
  let intentsSent = 0; // intents sent, and replies received (Python answers each one, in order)
  let intentsReplied = 0;
  const watchdogs = []; // their timers, oldest first

  /** Send one intent; false (and the disconnected veil) when the kernel is gone. */
  function sendIntent(msg) {
    if (!s.connected) {
      v.connection.showOffline();
      return false;
    }
    model.send(msg);
    const n = ++intentsSent;
    const timer = win.setTimeout(() => {
      if (s.disposed || intentsReplied >= n) return;
      intentsReplied = intentsSent; // give up on every intent still waiting
      for (const t of watchdogs.splice(0)) win.clearTimeout(t);
      s.pending = null;
      s.lastError = { code: "no-reply", message: `No answer from Python after ${REPLY_TIMEOUT_MS / 1000} s: the kernel `
        + "may be busy or gone (re-run the cell if it was restarted)." };
      v.bar.renderError();
    }, REPLY_TIMEOUT_MS);
    watchdogs.push(timer);
    return true;
  }

  function gotReply() {
    if (intentsReplied < intentsSent) intentsReplied += 1;
    if (watchdogs.length) win.clearTimeout(watchdogs.shift());
  }

  /** Stop waiting for every intent in flight (the kernel is gone, or the view closes). */
  function abandon() {
    intentsReplied = intentsSent;
    for (const t of watchdogs.splice(0)) win.clearTimeout(t);
  }

  function sendAct(decisionId, optionId) {
    const ver = model.get("version");
    if (s.pending && s.pending.version === ver && v.now() - s.pending.t < ACT_GUARD_MS) return false;
    const t0 = v.now();
    if (!sendIntent({ type: "act", version: ver, decision: decisionId, option: optionId })) return false;
    s.pending = { t: v.now(), version: ver };
    // the marks of this round trip (index.js completes them): the person's input, the send, the sent
    if (v.perf && v.perf.inputAt) {
      const [input, handler] = v.perf.inputAt(t0);
      v.perf.trip = { input, handler, send: t0, sent: s.pending.t, version: ver };
    }
    return true;
  }

  /** An intent stamped with the model's version ("undo", "goto", "analyse", ...). */
  const sendSimple = (type, extra) => sendIntent({ type, version: model.get("version"), ...extra });

  /** A custom message from Python. */
  function onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "hello") return; // Python noted this live view
    if (msg.type === "error" && String(msg.code).startsWith("bot-")) return; // a bot step not taken
    if (msg.type === "why") {
      gotReply();
      v.tips.onWhy(msg);
      return;
    }
    if (msg.type === "error") {
      gotReply();
      s.lastError = { code: String(msg.code ?? "error"), message: String(msg.message ?? "") };
      s.pending = null; // allow another try at once
      v.bar.renderError();
    } else if (msg.type === "ok") {
      gotReply();
      if (s.lastError && s.lastError.code === "no-reply") s.lastError = null;
      v.bar.renderError();
    }
  }

  function dispose() {
    for (const t of watchdogs) win.clearTimeout(t);
  }

  return { sendIntent, sendAct, sendSimple, gotReply, abandon, onMessage, dispose };
}
