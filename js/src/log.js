// The game log under the bar: a collapsible list of the newest lines (Python sends the newest MAX_LOG_ROWS;
// status.log_length counts them all), its summary naming the count and the last line. Hidden under the curtain.
//
// createLog(v) uses v.model, v.doc, v.dom (logBox, logSummary, logList) and v.s (status, curtainName).
import { num } from "./paint.js";
import { make } from "./dom.js";

export const MAX_LOG_ROWS = 60; // Python sends the newest 60 lines (match.LOG_LIMIT); status.log_length counts all

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
    for (const line of shown) logList.append(make(doc, "li", null, line));
    if (logBox.open) logList.scrollTop = logList.scrollHeight;
  }

  /** Opened: show the newest line. */
  const onToggle = () => {
    if (logBox.open) logList.scrollTop = logList.scrollHeight;
  };

  return { render, onToggle };
}
