// The "Analyse" button: shown when Python offers an analysis of this seat's options (trait `analysable`),
// not under the curtain nor when the game is over. It sends "analyse"; the `analysis_progress` trait
// ({version, running, done, total, cancelled, error}) shows as "Analysing n%" and then "Analysed ✓" for the
// position it was made for. The results themselves are drawn by Python into the scene.
//
// createAnalysis(v) uses v.model, v.dom.analyseBtn, v.s (version, status, curtainName) and v.transport.
import { num } from "./paint.js";

/** The button's text and state for a progress record at `version`. */
export function analyseLabel(progress, version) {
  const prog = progress && typeof progress === "object" ? progress : {};
  const running = prog.running === true && prog.version === version;
  const total = num(prog.total, 0);
  const text = running
    ? (total > 0 ? `Analysing ${Math.min(99, Math.floor((100 * num(prog.done, 0)) / total))}%` : "Analysing …")
    : (prog.version === version && !prog.cancelled && !prog.error && prog.done > 0 ? "Analysed ✓" : "Analyse");
  return { text, running };
}

export function createAnalysis(v) {
  const { model, s } = v;
  const { analyseBtn } = v.dom;

  function render() {
    analyseBtn.hidden = model.get("analysable") !== true || !!s.curtainName || s.status.terminal === true;
    const { text, running } = analyseLabel(model.get("analysis_progress"), s.version);
    analyseBtn.textContent = text;
    analyseBtn.setAttribute("aria-busy", running ? "true" : "false");
    if (analyseBtn.dataset) analyseBtn.dataset.state = running ? "running" : "idle";
  }

  const onButton = () => v.transport.sendSimple("analyse");

  return { render, onButton };
}
