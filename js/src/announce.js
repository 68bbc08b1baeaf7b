// Announcements for a screen reader: a polite live region says each change as one sentence when it happens --
// the last move ("Red (bot): scouts B5; ends the turn.", a bot's turn grouped in one sentence) and
// "Your turn: <what the decision asks>." when a new decision arrives. Errors (an illegal action's reason) are
// said by the bar's error line, which is an assertive live region (role="alert", dom.js). Nothing is said on the
// first paint (a board opened later does not read an old move) nor under the curtain.
//
// createAnnounce(v) uses v.doc, v.dom.root and v.s (status, decisions, sigs, curtainName).
import { make } from "./dom.js";

/** The last move of status.last as one sentence, or "". */
export function lastMoveSentence(last) {
  if (!last || typeof last !== "object") return "";
  const turn = Array.isArray(last.turn) ? last.turn.filter((x) => typeof x === "string" && x.trim()) : [];
  const own = typeof last.text === "string" ? last.text.trim() : "";
  const what = last.bot && turn.length > 1 ? turn.map((x) => x.trim().replace(/[.\s]+$/, "")).join("; ")
    : own || (turn.length ? turn[turn.length - 1].trim() : "");
  if (!what) return "";
  const who = `${typeof last.name === "string" ? last.name : ""}${last.bot ? " (bot)" : ""}`;
  const sentence = who ? `${who}: ${what}` : what;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** "Your turn: …" for a decision's prompt (a leading "Name: " dropped: it is your turn). */
export function turnSentence(prompt) {
  const p = String(prompt || "").trim().replace(/^[A-Z][\w'-]*: /, "");
  if (!p) return "";
  const text = `Your turn: ${p}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function createAnnounce(v) {
  const { doc, s } = v;
  const polite = make(doc, "div", "illumi-sr illumi-announce");
  polite.setAttribute("aria-live", "polite");
  polite.setAttribute("aria-atomic", "true");
  v.dom.root.append(polite);
  let seenLast; // the version of the last move announced (undefined: nothing read yet)
  let seenDecisions = null; // the decision signatures announced

  function render() {
    if (s.curtainName) {
      polite.textContent = "";
      seenDecisions = null;
      return;
    }
    const first = seenLast === undefined;
    const last = s.status.last && typeof s.status.last === "object" ? s.status.last : null;
    const lastVersion = last && Number.isInteger(last.version) ? last.version : null;
    const said = [];
    if (!first && lastVersion !== seenLast) {
      const sentence = lastMoveSentence(last);
      if (sentence) said.push(sentence);
    }
    seenLast = lastVersion;
    const sigs = [...s.sigs.values()].join("\n");
    if (sigs !== seenDecisions) {
      if (!first && s.decisions.length && seenDecisions !== null) {
        const d = s.decisions.find((x) => typeof x.prompt === "string" && x.prompt);
        const sentence = d ? turnSentence(d.prompt) : "";
        if (sentence) said.push(sentence);
      }
      seenDecisions = sigs;
    }
    if (said.length) polite.textContent = said.join(" ");
  }

  return { render, polite };
}
