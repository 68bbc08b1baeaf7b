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

  function renderPanel() {
    s.emph = null;
    panel.textContent = "";
    panel.hidden = !!s.curtainName;
    if (s.curtainName) return;
    for (const d of s.decisions) {
      const box = make(doc, "div", "illumi-decision");
      box.dataset.decision = String(d.id);
      box.append(make(doc, "span", "illumi-prompt", d.prompt ?? ""));
      const cm = s.composes.get(d.id);
      if (cm) {
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

  function renderStatus() {
    statusLine.textContent = typeof s.status.text === "string" ? s.status.text : "";
    statusLine.classList.toggle("illumi-terminal", !!s.status.terminal);
    const bots = Array.isArray(s.status.bots) ? s.status.bots.filter((b) => b && typeof b === "object") : [];
    botInfo.textContent = "";
    for (const b of bots) {
      const chip = make(doc, "span", "illumi-botchip", `${b.name ?? ""}: ${b.bot ?? "bot"} bot`);
      const acting = Array.isArray(s.status.to_act) && s.status.to_act.includes(b.seat);
      chip.classList.toggle("illumi-bot-acting", acting);
      if (acting) chip.append(make(doc, "span", "illumi-thinking", model.get("bots_paused") === true ? " (paused)" : " …"));
      botInfo.append(chip);
    }
    const last = s.status.last && typeof s.status.last === "object" ? s.status.last : null;
    lastLine.textContent = "";
    if (last && typeof last.text === "string" && last.text && !s.curtainName) {
      const who = make(doc, "span", "illumi-last-who", `${last.name ?? ""}${last.bot ? " (bot)" : ""}`);
      lastLine.append(make(doc, "span", "illumi-last-label", "Last move: "), who,
        make(doc, "span", null, ` — ${last.text}`));
    }
  }

  /** The error line: the last error reply (or timeout, or disconnection), else the status's error. */
  function renderError() {
    const err = s.lastError || (s.status.error && typeof s.status.error === "object" ? s.status.error : null);
    errorLine.textContent = err ? `${err.message || "Error"}` : "";
    if (err && err.code) errorLine.dataset.code = String(err.code);
    else delete errorLine.dataset.code;
  }

  return { renderPanel, renderStatus, renderError };
}
