// The offer to continue the game this cell showed before the kernel restarted (the board's `resume_offer`
// trait, from Python: illumi_widgets/widget/board.py): one row at the top of the bar with "Continue" and
// "New game", sent as {type: "resume", accept}. The row goes at once on either answer.
//
// createResume(v) uses v.model, v.doc, v.dom (bar) and v.transport.sendIntent.
import { button, make } from "./dom.js";

export function createResume(v) {
  const { model, doc } = v;
  const row = make(doc, "div", "illumi-resume");
  row.setAttribute("role", "group");
  row.hidden = true;
  const text = make(doc, "span", "illumi-resume-text");
  const yes = button(doc, "Continue", "illumi-primary illumi-resume-yes", "Continue the game kept before the restart");
  const no = button(doc, "New game", "illumi-resume-no", "Keep the new game");
  row.append(text, yes, no);
  let answered = null; // the offer answered here (its row stays hidden until Python sends another)
  const answer = (accept) => {
    answered = String(model.get("resume_offer") || "");
    row.hidden = true;
    v.transport.sendIntent({ type: "resume", accept });
  };
  yes.addEventListener("click", () => answer(true));
  no.addEventListener("click", () => answer(false));

  function render() {
    const { bar } = v.dom;
    if (row.parentNode !== bar) bar.insertBefore(row, bar.firstChild);
    const offer = model.get("resume_offer");
    const shown = typeof offer === "string" && offer !== "" && offer !== answered;
    row.hidden = !shown;
    if (shown) text.textContent = offer;
  }

  return { render, row };
}
