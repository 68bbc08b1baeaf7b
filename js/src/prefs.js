// Game-site preferences of a person's seat board against bots (status.auto, from Python's Match.set_auto):
// "Pass for me when I have no useful choice", "Decline all deals from bots", "Don't ask me again this turn"...
// One checkbox each in a small "Preferences" menu of the controls; a change is sent as {type: "auto", pref,
// on} and Python answers the steps it covers (the rules decide what has one sensible answer, never this page).
//
// One more switch lives in the page alone: "Sound when it is my turn" (off by default; cue.js plays it),
// remembered for the browser session.
//
// createPrefs(v) uses v.doc, v.win, v.dom (controls, helpBtn), v.s (status) and v.transport.sendIntent.
import { make } from "./dom.js";

export const SOUND_KEY = "illumi-turn-sound";

/** Is the "your turn" sound on (this browser session)? Off by default and where storage is refused. */
export function soundOn(win) {
  try {
    return !!win && !!win.sessionStorage && win.sessionStorage.getItem(SOUND_KEY) === "1";
  } catch (_err) {
    return false;
  }
}

function setSound(win, on) {
  try {
    if (on) win.sessionStorage.setItem(SOUND_KEY, "1");
    else win.sessionStorage.removeItem(SOUND_KEY);
  } catch (_err) {
    // (storage refused: the switch simply does not stick)
  }
}

/** The preferences of status.auto that are well formed: [{id, text, on}]. */
export function offeredPrefs(status) {
  const list = status && Array.isArray(status.auto) ? status.auto : [];
  return list.filter((p) => p && typeof p.id === "string" && typeof p.text === "string")
    .map((p) => ({ id: p.id, text: p.text, on: p.on === true }));
}

export function createPrefs(v) {
  const { doc } = v;
  const box = make(doc, "details", "illumi-prefs");
  const summary = make(doc, "summary", "illumi-btn illumi-prefs-button", "Preferences");
  summary.title = "What the board may answer for you";
  const list = make(doc, "div", "illumi-prefs-list");
  box.append(summary, list);
  box.hidden = true;
  let shown = "";

  function render() {
    const { controls, helpBtn } = v.dom;
    if (box.parentNode !== controls) controls.insertBefore(box, helpBtn);
    const prefs = v.s.status && !v.s.status.terminal ? offeredPrefs(v.s.status) : [];
    box.hidden = !prefs.length;
    const sig = JSON.stringify(prefs);
    if (sig === shown) return; // (an open menu keeps its focus while nothing in it changed)
    shown = sig;
    list.textContent = "";
    for (const p of prefs) {
      const label = make(doc, "label", "illumi-pref");
      const input = make(doc, "input");
      input.type = "checkbox";
      input.checked = p.on;
      input.dataset.pref = p.id;
      input.addEventListener("change", () => v.transport.sendIntent({ type: "auto", pref: p.id, on: input.checked }));
      label.append(input, doc.createTextNode(` ${p.text}`));
      list.append(label);
    }
    if (prefs.length) {
      const label = make(doc, "label", "illumi-pref");
      const input = make(doc, "input");
      input.type = "checkbox";
      input.checked = soundOn(v.win);
      input.dataset.pref = "sound";
      input.addEventListener("change", () => setSound(v.win, input.checked));
      label.append(input, doc.createTextNode(" Sound when it is my turn"));
      list.append(label);
    }
  }

  return { render, box };
}
