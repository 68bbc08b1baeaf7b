// The action bar under the board: the status line, the bot chips, the last move, the pending decisions (the
// options that are not on the board as a few buttons and steppers, the rest in a "More" menu, the ones on the
// board in an "On the board" menu so each stays reachable without the board; a compose decision's row with
// Confirm and Clear), and the error line.
//
// createBar(v) uses v.model, v.doc, v.dom (panel, statusLine, botInfo, lastLine, errorLine), v.s (decisions,
// composes, selections, status, curtainName, lastError, emph), v.menus (choose, stepper, menuButton),
// v.board.setSelection and v.canvas.paintOverlay.
import { button, make } from "./dom.js";
import { confirmable, narrow } from "./compose.js";
import { groupOptions } from "./layout.js";
import { hasTargets, labelOf, selectionOf } from "./state.js";

export const MAX_BAR_BUTTONS = 5; // more plain options than this: the rest go into a "More" menu
export const LAST_CHARS = 160; // a bot's turn summary longer than this is cut (the whole of it in the tip)

/** Cut `text` to at most `limit` characters at a word, with an ellipsis. */
export function shorten(text, limit = LAST_CHARS) {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[;,.:\s]+$/, "")}…`;
}

/** The last-move line of status.last: {who: "Red (bot)", sep, text (maybe cut), full, color} or null. A bot's
 * run of several decisions is summarised ("Red (bot): a; b; c"); else "Red — what it did". */
export function lastMoveLine(last) {
  if (!last || typeof last !== "object") return null;
  const turn = Array.isArray(last.turn) ? last.turn.filter((x) => typeof x === "string" && x) : [];
  const own = typeof last.text === "string" ? last.text : "";
  const who = `${last.name ?? ""}${last.bot ? " (bot)" : ""}`;
  const color = typeof last.color === "string" && /^#[0-9a-fA-F]{3,8}$/.test(last.color) ? last.color : null;
  if (last.bot && turn.length > 1) {
    const full = turn.map((x) => x.replace(/[.\s]+$/, "")).join("; ");
    return { who, sep: ": ", text: shorten(full), full, color };
  }
  const text = own || turn[turn.length - 1] || "";
  if (!text) return null;
  return { who, sep: " — ", text: shorten(text), full: text, color };
}

export function createBar(v) {
  const { model, doc, s } = v;
  const { panel, statusLine, botInfo, lastLine, errorLine } = v.dom;

  function optionButton(d, o, primary) {
    const b = button(doc, labelOf(o), primary ? "illumi-primary" : "illumi-chip",
      o.notation ? String(o.notation) : undefined);
    b.dataset.decision = String(d.id);
    b.dataset.option = String(o.id);
    b.addEventListener("click", () => v.menus.choose(d, o));
    if (hasTargets(o)) {
      const on = () => {
        s.emph = new Set(o.targets);
        v.canvas.paintOverlay();
      };
      const off = () => {
        s.emph = null;
        v.canvas.paintOverlay();
      };
      b.addEventListener("mouseenter", on);
      b.addEventListener("focus", on);
      b.addEventListener("mouseleave", off);
      b.addEventListener("blur", off);
    }
    return b;
  }

  /** The bar's rows, one per decision. With `keep`, the row of a decision that asks the same as before (its
   * signature) is kept as it is: a stepper in use keeps its amount and focus when another decision changes. */
  function renderPanel(keep = false) {
    s.emph = null;
    const old = new Map();
    if (keep === true) {
      for (const box of panel.querySelectorAll(":scope > .illumi-decision")) {
        if (!box.classList.contains("illumi-decision-compose")) old.set(box.dataset.sig, box);
      }
    }
    panel.textContent = "";
    panel.hidden = !!s.curtainName;
    if (s.curtainName) return;
    for (const d of s.decisions) {
      const sig = s.sigs.get(d.id) ?? "";
      if (old.has(sig)) {
        panel.append(old.get(sig));
        continue;
      }
      const box = make(doc, "div", "illumi-decision");
      box.dataset.decision = String(d.id);
      box.dataset.sig = sig;
      box.append(make(doc, "span", "illumi-prompt", d.prompt ?? ""));
      const cm = s.composes.get(d.id);
      if (cm) {
        box.classList.add("illumi-decision-compose");
        box.append(composeRow(cm));
        panel.append(box);
        continue;
      }
      const options = Array.isArray(d.options) ? d.options.filter((o) => o && typeof o === "object") : [];
      const onBoard = options.filter(hasTargets);
      const rows = groupOptions(options.filter((o) => !hasTargets(o)));
      const row = make(doc, "span", "illumi-group");
      const overflow = [];
      let shown = 0;
      for (const r of rows) {
        if (r.kind === "stepper") {
          row.append(v.menus.stepper(d, r));
        } else if (shown < MAX_BAR_BUTTONS) {
          row.append(optionButton(d, r.option, true));
          shown += 1;
        } else {
          overflow.push({ decision: d, option: r.option });
        }
      }
      if (overflow.length) row.append(v.menus.menuButton(`More (${overflow.length})`, "illumi-more", overflow));
      if (onBoard.length) {
        const entries = onBoard.map((o) => ({ decision: d, option: o }));
        row.append(v.menus.menuButton(`On the board (${onBoard.length})`, "illumi-onboard", entries));
      }
      box.append(row);
      panel.append(box);
    }
  }

  /** The bar's row of a compose decision: what to click, how many choices still fit, Confirm, Clear, and a
   * menu of every choice (so each stays reachable without the board). */
  function composeRow(m) {
    const row = make(doc, "span", "illumi-group illumi-compose");
    const sel = selectionOf(s, m);
    const fit = narrow(m, sel);
    const one = confirmable(m, sel);
    const hint = typeof m.compose.hint === "string" ? m.compose.hint : "Click things on the board to choose.";
    const said = sel.length ? `${sel.length} picked — ${fit.length} choice${fit.length === 1 ? "" : "s"} fit` : hint;
    row.append(make(doc, "span", "illumi-compose-state", said));
    const go = button(doc, one ? `Confirm: ${labelOf(one)}` : "Confirm", "illumi-primary illumi-compose-go",
      one ? (one.notation ? String(one.notation) : undefined) : "Pick on the board until exactly one choice fits");
    go.disabled = !one;
    go.dataset.decision = String(m.decision.id);
    if (one) go.dataset.option = String(one.id);
    go.addEventListener("click", () => {
      if (!one) return;
      v.menus.choose(m.decision, one);
    });
    const clear = button(doc, "Clear", "illumi-compose-clear", "Put every picked thing back (Esc)");
    clear.disabled = !sel.length;
    clear.addEventListener("click", () => v.board.setSelection(m, []));
    row.append(go, clear);
    const shown = sel.length ? fit : m.decision.options.filter((o) => o && typeof o === "object");
    if (shown.length) {
      const entries = shown.map((o) => ({ decision: m.decision, option: o }));
      row.append(v.menus.menuButton(`${sel.length ? "Fitting" : "All"} choices (${shown.length})`, "illumi-onboard", entries));
    }
    return row;
  }

  let shown = null; // what renderStatus last wrote (an update that leaves it the same touches no node)

  function renderStatus() {
    const final = s.status.terminal && s.status.final && typeof s.status.final === "object" ? s.status.final : null;
    // at the end the status says who won (the end screen's headline)
    const said = final && typeof final.headline === "string" && final.headline ? final.headline : s.status.text;
    const line = lastMoveLine(s.status.last);
    const key = JSON.stringify([said, !!s.status.terminal, s.status.bots, s.status.to_act, model.get("bots_paused"),
      s.status.score, s.curtainName, line]);
    if (key === shown) return;
    shown = key;
    statusLine.textContent = typeof said === "string" ? said : "";
    statusLine.classList.toggle("illumi-terminal", !!s.status.terminal);
    const bots = Array.isArray(s.status.bots) ? s.status.bots.filter((b) => b && typeof b === "object") : [];
    botInfo.textContent = "";
    for (const b of bots) {
      const chip = make(doc, "span", "illumi-botchip", `${b.name ?? ""}: ${b.bot ?? "bot"} bot`);
      const acting = !s.status.terminal && Array.isArray(s.status.to_act) && s.status.to_act.includes(b.seat);
      chip.classList.toggle("illumi-bot-acting", acting);
      if (acting) chip.append(make(doc, "span", "illumi-thinking", model.get("bots_paused") === true ? " (paused)" : " …"));
      botInfo.append(chip);
    }
    // the race the players follow (Plots, VPs, the race to six...): always in sight under the status
    const score = typeof s.status.score === "string" ? s.status.score : "";
    let scoreLine = v.dom.bar.querySelector(":scope > .illumi-score");
    if (!scoreLine) {
      scoreLine = make(doc, "div", "illumi-score");
      v.dom.bar.insertBefore(scoreLine, lastLine);
    }
    scoreLine.textContent = s.curtainName ? "" : score;
    scoreLine.hidden = !scoreLine.textContent;
    lastLine.textContent = "";
    lastLine.removeAttribute("title");
    if (line && !s.curtainName) {
      const who = make(doc, "span", "illumi-last-who", line.who);
      if (line.color) who.style.borderBottom = `3px solid ${line.color}`; // (a yellow name would not read)
      lastLine.append(make(doc, "span", "illumi-last-label", "Last move: "), who,
        make(doc, "span", "illumi-last-text", `${line.sep}${line.text}`));
      lastLine.title = `${line.who}${line.sep}${line.full}`; // the whole of it
    }
  }

  /** The error line: the last error reply (or timeout, or disconnection), else the status's error. */
  function renderError() {
    let err = s.lastError || (s.status.error && typeof s.status.error === "object" ? s.status.error : null);
    if (!err && s.notice && s.notice.until > v.now()) err = { code: "choice-changed", message: s.notice.text };
    errorLine.textContent = err ? `${err.message || "Error"}` : "";
    if (err && err.code) errorLine.dataset.code = String(err.code);
    else delete errorLine.dataset.code;
  }

  return { renderPanel, renderStatus, renderError };
}
