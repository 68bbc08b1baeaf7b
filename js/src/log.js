// The game log under the bar: a collapsible list of the newest lines (Python sends the newest MAX_LOG_ROWS;
// status.log_length counts them all), its summary naming the count and the last line, grouped by turn (the
// seat whose decisions wrote each run of lines above it; a bot's turn summed up and muted). Hidden under the
// curtain.
//
// createLog(v) uses v.model, v.doc, v.dom (logBox, logSummary, logList) and v.s (status, curtainName).
import { num } from "./paint.js";
import { make } from "./dom.js";

export const MAX_LOG_ROWS = 60; // Python sends the newest 60 lines (match.LOG_LIMIT); status.log_length counts all

/** The log grouped by turn: for each line {cls, head}; a run of lines written by one seat's decisions (chance's
 * lines inside it included) starts with a head naming it ("Blue (bot) · 4 steps": a bot's turn summed up,
 * its lines muted); a game's own heading ("— Round 2 —") starts a run of its own. `seats`: status.log_seats,
 * the seat name of each line ("" chance, null a heading); without it (or of another length) no grouping. */
export function turnRuns(lines, seats, bots) {
  const out = lines.map(() => ({ cls: null, head: null }));
  if (!Array.isArray(seats) || seats.length !== lines.length) return out;
  const botNames = new Set((Array.isArray(bots) ? bots : []).filter((b) => b && typeof b.name === "string").map((b) => b.name));
  let i = 0;
  while (i < lines.length) {
    const who = seats[i];
    if (typeof who !== "string" || who === "") { // a heading, or chance before any seat's run
      if (who === null) out[i].cls = "illumi-log-heading";
      i += 1;
      continue;
    }
    let j = i + 1;
    while (j < lines.length && (seats[j] === who || seats[j] === "")) j += 1;
    const bot = botNames.has(who);
    const n = j - i;
    out[i].head = `${who}${bot ? " (bot)" : ""}${bot && n > 1 ? ` · ${n} steps` : ""}`;
    for (let k = i; k < j; k += 1) out[k].cls = `${k === i ? "illumi-log-run " : ""}${bot ? "illumi-log-bot" : "illumi-log-own"}`;
    i = j;
  }
  return out;
}

export function createLog(v) {
  const { model, doc, s } = v;
  const { logBox, logSummary, logList } = v.dom;

  function render() {
    logBox.hidden = !!s.curtainName;
    const log = s.curtainName ? [] : model.get("log_lines");
    const entries = Array.isArray(log) ? log.map((x) => String(x)) : [];
    const shown = entries.slice(-MAX_LOG_ROWS);
    // The log sent is the newest lines only; status.log_length (if given) counts every line.
    const given = Math.trunc(num(s.status.log_length, -1));
    const total = s.curtainName ? 0 : Math.max(entries.length, given);
    const last = entries.length ? entries[entries.length - 1] : "";
    logSummary.textContent = `Log (${total})${last ? ` — ${last}` : ""}`;
    logList.textContent = "";
    logList.start = total - shown.length + 1;
    const runs = turnRuns(shown, s.status.log_seats, s.status.bots);
    shown.forEach((line, i) => {
      const li = make(doc, "li", runs[i].cls, line);
      if (runs[i].head) li.dataset.turn = runs[i].head; // drawn above the line (CSS): "Red (bot) · 4 steps"
      logList.append(li);
    });
    if (logBox.open) logList.scrollTop = logList.scrollHeight;
  }

  /** Opened: show the newest line. */
  const onToggle = () => {
    if (logBox.open) logList.scrollTop = logList.scrollHeight;
  };

  return { render, onToggle };
}
