// The "your turn" cue: when the bots hand the game back to the person at this board (a decision of theirs
// arrives after a bot's turn), the page's title gets a "● Your turn — " prefix, so a player in another tab sees
// it; it goes when they act, when the decision goes, at the end of the game, under the curtain, or when the
// board leaves the page.
//
// With the "Sound when it is my turn" preference (prefs.js; off by default) a short soft tone plays too.
//
// createCue(v) uses v.doc, v.win, v.el, v.model (bot_turn), v.s (decisions, status, curtainName, pending).
import { soundOn } from "./prefs.js";

export const CUE = "● Your turn — ";

/** `title` without the cue. */
export const withoutCue = (title) => (title.startsWith(CUE) ? title.slice(CUE.length) : title);

export function createCue(v) {
  const { doc, s } = v;
  let botsHad = false; // a bot has acted since this board's person last acted
  let on = false;

  let audio = null;
  function chime() {
    const Ctx = v.win && (v.win.AudioContext || v.win.webkitAudioContext);
    if (!Ctx || !soundOn(v.win)) return;
    try {
      audio = audio || new Ctx();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.35);
    } catch (_err) {
      // (no sound where the page may not play one)
    }
  }

  function set(want) {
    if (want === on) return;
    on = want;
    if (want) chime();
    const bare = withoutCue(doc.title || "");
    doc.title = want ? `${CUE}${bare}` : bare;
  }

  function render() {
    const botTurn = v.model.get("bot_turn") === true;
    if (botTurn) botsHad = true;
    if (s.pending) botsHad = false; // acted: the cue goes
    const mine = s.decisions.length > 0 && !s.status.terminal && !s.curtainName && s.status.perspective !== "spectator";
    set(botsHad && mine && !botTurn && !s.pending && v.el.isConnected);
  }

  /** The board leaves the page: the title is left as it was. */
  const dispose = () => set(false);

  return { render, dispose, isOn: () => on };
}
