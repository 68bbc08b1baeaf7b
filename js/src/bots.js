// Bot pacing: when a bot seat must decide and the bots are not paused, ask Python for ONE bot decision after
// bot_delay seconds (a pace a person can follow); Python checks the version, the pause and the turn. The
// bar's pause/resume button sends "pause_bots". Beside it (rendered with it): the Preferences menu of a
// person's board against bots (prefs.js) and the offer to continue a game kept before a restart (resume.js).
//
// createBots(v) uses v.model, v.win, v.doc, v.dom (botBtn), v.s (version, disposed, connected) and
// v.transport.sendIntent.
import { num } from "./paint.js";
import { glyph } from "./dom.js";
import { createPrefs } from "./prefs.js";
import { createResume } from "./resume.js";

export const MAX_BOT_DELAY_MS = 60000;

/** The delay before a bot step, in ms, from the `bot_delay` trait (seconds; 0.8 when unset or not a number). */
export const botDelayMs = (seconds) => Math.max(0, Math.min(MAX_BOT_DELAY_MS, num(seconds, 0.8) * 1000));

export function createBots(v) {
  const { model, win, s } = v;
  let botTimer = null; // the pending bot_step request
  let botVersion = null; // the version a bot_step was scheduled (or sent) for

  function clear() {
    if (botTimer !== null) win.clearTimeout(botTimer);
    botTimer = null;
  }

  /** Schedule one bot step for the current version if a bot must decide (at most one per version). */
  function schedule() {
    const paused = model.get("bots_paused") === true;
    const wanted = model.get("bot_turn") === true && !paused && !s.disposed && s.connected ? s.version : null;
    if (wanted === botVersion) return; // already scheduled or sent for this version (or nothing to do)
    clear();
    botVersion = wanted;
    if (wanted === null) return;
    const delay = botDelayMs(model.get("bot_delay"));
    botTimer = win.setTimeout(() => {
      botTimer = null;
      if (s.disposed || s.version !== wanted || model.get("bots_paused") === true || !s.connected) return;
      model.send({ type: "bot_step", version: wanted });
    }, delay);
  }

  /** Forget the scheduled step (the kernel is gone): a later reconnection schedules anew. */
  function stop() {
    clear();
    botVersion = null;
  }

  const prefs = createPrefs(v); // the game-site preferences of a person's board against bots (prefs.js)
  const resume = createResume(v); // the offer to continue the game kept before a kernel restart (resume.js)

  const onButton = () => v.transport.sendIntent({ type: "pause_bots", paused: model.get("bots_paused") !== true });

  /** The pause/resume button: shown when some seat is a bot. */
  function renderButton() {
    const { botBtn } = v.dom;
    const bots = model.get("bot_seats");
    // nothing looks live at the end of the game: no pause button
    botBtn.hidden = !(Array.isArray(bots) && bots.length) || !!v.s.status.terminal;
    const paused = model.get("bots_paused") === true;
    botBtn.textContent = "";
    botBtn.append(glyph(v.doc, paused ? "play" : "pause"), v.doc.createTextNode(paused ? "Resume bots" : "Pause bots"));
    botBtn.setAttribute("aria-pressed", paused ? "true" : "false");
    botBtn.classList.toggle("illumi-bot-turn", model.get("bot_turn") === true);
    if (botBtn.dataset) botBtn.dataset.seats = Array.isArray(bots) ? bots.join(",") : "";
    prefs.render();
    resume.render();
  }

  return { schedule, stop, clear, onButton, renderButton };
}
