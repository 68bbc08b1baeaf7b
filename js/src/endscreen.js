// The end screen: when the game is over, a panel over the board (DOM, not painted into the scene) with the
// final standings -- the headline, each seat's place, score and the rows of its score's breakdown, the
// tie-break in words and why the game ended -- and two buttons: "Play again" (a new deal of the same game,
// same seats and bots: the intent "new_game") and "Review the game" (closes the panel; the bar's "Results"
// button opens it again). Its record is status.final (Python: the view's "final"); a game without one gets
// its winners from status.outcome.
//
// createEndScreen(v) uses v.doc, v.dom (endBox, endBtn, history, range), v.s (status, curtainName),
// v.sizing.inSight, v.menus (closeChooser, closeConfirm) and v.transport.sendSimple.
import { button, make } from "./dom.js";

const str = (x) => (typeof x === "string" && x ? x : null);

/** The end screen's record from a status: status.final cleaned, or one made from status.outcome's winners
 * (no breakdown), or null while the game is not over. */
export function finalOf(status) {
  if (!status || !status.terminal) return null;
  const f = status.final && typeof status.final === "object" ? status.final : null;
  if (f && Array.isArray(f.standings)) {
    const standings = f.standings.filter((r) => r && typeof r === "object").map((r) => ({
      seat: r.seat, name: String(r.name ?? ""), place: Number.isInteger(r.place) ? r.place : null,
      winner: !!r.winner, score: str(r.score),
      breakdown: (Array.isArray(r.breakdown) ? r.breakdown : []).filter((b) => b && typeof b === "object")
        .map((b) => ({ label: String(b.label ?? ""), value: String(b.value ?? "") })),
    }));
    return { headline: str(f.headline) || str(status.text) || "The game is over.", reason: str(f.reason),
      tiebreak: str(f.tiebreak), standings };
  }
  const out = status.outcome && typeof status.outcome === "object" ? status.outcome : {};
  const winners = new Set(Array.isArray(out.winners) ? out.winners : []);
  const names = new Map();
  for (const b of Array.isArray(status.bots) ? status.bots : []) if (b && typeof b === "object") names.set(b.seat, b.name);
  const scores = out.scores && typeof out.scores === "object" ? out.scores : {};
  const seats = Object.keys(scores).map(Number).filter(Number.isInteger);
  const standings = seats.map((seat) => ({ seat, name: String(names.get(seat) ?? ""), winner: winners.has(seat),
    score: Number.isFinite(scores[seat]) ? String(scores[seat]) : null, breakdown: [] }))
    .filter((r) => r.name)
    .sort((a, b) => Number(b.winner) - Number(a.winner) || Number(b.score ?? 0) - Number(a.score ?? 0))
    .map((r) => ({ ...r, place: r.winner ? 1 : null }));
  return { headline: str(status.text) || "The game is over.", reason: null, tiebreak: null, standings };
}

/** "1st", "2nd", "3rd", "4th", ... */
export function ordinal(n) {
  const k = n % 100;
  const suffix = k >= 11 && k <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th";
  return `${n}${suffix}`;
}

export function createEndScreen(v) {
  const { doc, s } = v;
  const { endBox, endBtn } = v.dom;
  let closedFor = null; // the ending whose panel was closed ("Review the game"): not shown again by itself
  let shownFor = null;

  const endingKey = (f) => `${f.headline}|${s.status.log_length ?? ""}|${s.status.seat ?? ""}`;

  function fill(f) {
    endBox.textContent = "";
    endBox.append(make(doc, "div", "illumi-end-title", "Game over"));
    endBox.append(make(doc, "div", "illumi-end-headline", f.headline));
    const table = make(doc, "div", "illumi-end-standings");
    for (const r of f.standings) {
      const row = make(doc, "div", `illumi-end-row${r.winner ? " illumi-end-winner" : ""}`);
      row.dataset.seat = String(r.seat);
      const place = r.place ? ordinal(r.place) : "";
      row.append(make(doc, "span", "illumi-end-place", r.winner ? `${place} ★` : place),
        make(doc, "span", "illumi-end-name", r.name), make(doc, "span", "illumi-end-score", r.score ?? ""));
      if (r.breakdown.length) {
        const parts = make(doc, "div", "illumi-end-breakdown");
        for (const b of r.breakdown) parts.append(make(doc, "span", "illumi-end-part", `${b.label}: ${b.value}`));
        row.append(parts);
      }
      table.append(row);
    }
    endBox.append(table);
    if (f.tiebreak) endBox.append(make(doc, "div", "illumi-end-tiebreak", f.tiebreak));
    if (f.reason) endBox.append(make(doc, "div", "illumi-end-reason", f.reason));
    const again = button(doc, "Play again", "illumi-primary illumi-end-again", "A new deal: the same seats and bots");
    again.addEventListener("click", playAgain);
    const review = button(doc, "Review the game", "illumi-end-review", "Close this and step through the game's history");
    review.addEventListener("click", reviewGame);
    const row = make(doc, "div", "illumi-end-buttons");
    row.append(again, review);
    endBox.append(row);
  }

  function render() {
    const f = finalOf(s.status);
    endBtn.hidden = !f || !!s.curtainName;
    if (!f) closedFor = null; // a position before the end (or a new game): the next ending shows again
    const key = f ? endingKey(f) : null;
    const show = !!f && !s.curtainName && key !== closedFor;
    if (show && (endBox.hidden || shownFor !== key)) {
      v.menus.closeChooser();
      v.menus.closeConfirm();
      fill(f);
      shownFor = key;
    }
    endBox.hidden = !show;
    if (!show) {
      shownFor = null;
      return;
    }
    const band = v.sizing.inSight(); // in the part of the board in sight (a scrolling narrow layout)
    endBox.style.top = `${Math.round(band.top + 8)}px`;
    endBox.style.maxHeight = `${Math.max(120, Math.floor(band.height - 16))}px`;
  }

  function playAgain() {
    if (s.status.perspective === "spectator") return;
    v.transport.sendSimple("new_game");
  }

  /** Close the panel; the history slider (when there is one) is at the end of the game. */
  function reviewGame() {
    const f = finalOf(s.status);
    closedFor = f ? endingKey(f) : null;
    endBox.hidden = true;
    shownFor = null;
    const { history, range } = v.dom;
    if (!history.hidden && range && !range.disabled && range.focus) range.focus({ preventScroll: true });
  }

  /** The bar's "Results" button: open the panel again. */
  function reopen() {
    closedFor = null;
    render();
  }

  return { render, playAgain, reviewGame, reopen, isOpen: () => !endBox.hidden };
}
