// Undo, redo and the history stepper in the bar: « ‹ a slider › » and "i / n". Each sends an intent ("undo",
// "redo", "goto" with an index); Python answers with the position. The stepper is hidden in play mode while
// there is no history; once a game played in play mode is over, it reviews the game read-only ("review").
//
// Undo and Redo say in their tooltips why they cannot be used when they cannot ("undo_why", "redo_why").
//
// createHistory(v) uses v.dom (undoBtn, redoBtn, history, firstBtn, prevBtn, range, histLabel, nextBtn,
// lastBtn), v.s.status and v.transport.sendSimple.
import { REDO_TITLE, UNDO_TITLE } from "./dom.js";
import { num } from "./paint.js";

/** The history position {index, length} from the status (clamped; index = length when not given). */
export function historyOf(status) {
  const h = status.history && typeof status.history === "object" ? status.history : {};
  const length = Math.max(0, Math.trunc(num(h.length, 0)));
  const idx = Math.max(0, Math.min(length, Math.trunc(num(h.index, length))));
  return { index: idx, length };
}

export function createHistory(v) {
  const { s } = v;
  const { undoBtn, redoBtn, history, firstBtn, prevBtn, range, histLabel, nextBtn, lastBtn } = v.dom;
  const histOf = () => historyOf(s.status);
  // a finished game in play mode is reviewed read-only ("review": the board shows the past position, the game
  // does not move); analysis steps the game itself ("goto")
  const goto = (i) => v.transport.sendSimple(s.status.history && s.status.history.review === true ? "review" : "goto", { index: i });

  /** A button's state and its tooltip: what it does, or why it cannot now (Python's words, "undo_why"). */
  function able(btn, can, why, does, cannot) {
    btn.disabled = !can;
    const title = can ? does : typeof why === "string" && why ? why : cannot;
    if (btn.title !== title) btn.title = title;
  }

  function render() {
    able(undoBtn, !!s.status.can_undo, s.status.undo_why, UNDO_TITLE, "Undo is not available now.");
    able(redoBtn, !!s.status.can_redo, s.status.redo_why, REDO_TITLE, "Redo is not available now.");
    const { index: i, length } = histOf();
    const none = length === 0;
    history.hidden = none && s.status.mode === "play";
    firstBtn.disabled = prevBtn.disabled = none || i <= 0;
    nextBtn.disabled = lastBtn.disabled = none || i >= length;
    range.max = String(length);
    range.value = String(i);
    range.disabled = none;
    histLabel.textContent = `${i} / ${length}`;
  }

  /** [node, event, handler] for index.js to wire (and unwire). */
  const listeners = [
    [undoBtn, "click", () => v.transport.sendSimple("undo")],
    [redoBtn, "click", () => v.transport.sendSimple("redo")],
    [firstBtn, "click", () => goto(0)],
    [prevBtn, "click", () => goto(Math.max(0, histOf().index - 1))],
    [nextBtn, "click", () => goto(Math.min(histOf().length, histOf().index + 1))],
    [lastBtn, "click", () => goto(histOf().length)],
    [range, "change", () => goto(Math.trunc(Number(range.value)))],
  ];

  return { render, listeners };
}
