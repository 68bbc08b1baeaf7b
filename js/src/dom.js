// The widget's DOM: small element builders and the fixed tree of one view (the stage with its two canvases
// and the boxes drawn over the board, the action bar, the log, the curtain). Nothing here listens or knows
// the state; the modules that own a part of the tree fill it (bar.js, menus.js, tooltip.js, ...).
export const DISCONNECTED_TEXT = "Kernel disconnected — re-run the cell";
// the Undo and Redo buttons' tooltips while they can be used (else Python's words say why not: history.js)
export const UNDO_TITLE = "Undo the last action";
export const REDO_TITLE = "Redo the action undone";
const SVGNS = "http://www.w3.org/2000/svg";

export function make(doc, tag, cls, text) {
  const node = doc.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export function button(doc, label, cls, title) {
  const b = make(doc, "button", `illumi-btn${cls ? " " + cls : ""}`, label);
  b.type = "button";
  if (title) b.title = title;
  return b;
}

/** A pause (two bars) or play (triangle) glyph as inline SVG: renders in every browser, no emoji font. */
export function glyph(doc, name) {
  const svg = doc.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 10 10");
  svg.setAttribute("width", "10");
  svg.setAttribute("height", "10");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `illumi-glyph illumi-glyph-${name}`);
  const shapes = name === "pause" ? [["rect", { x: 1, y: 1, width: 3, height: 8 }], ["rect", { x: 6, y: 1, width: 3, height: 8 }]]
    : [["polygon", { points: "2,1 9,5 2,9" }]];
  for (const [tag, attrs] of shapes) {
    const s = doc.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, String(v));
    s.setAttribute("fill", "currentColor");
    svg.appendChild(s);
  }
  return svg;
}

/** A canvas's 2D context, or null where there is none. */
export function ctxOf(canvas) {
  try {
    return canvas.getContext("2d");
  } catch (_err) {
    return null;
  }
}

/** The node tree of one view (not yet in the page): `dom.root` holds everything. */
export function buildDom(doc) {
  const root = make(doc, "div", "illumi-widget");
  const stage = make(doc, "div", "illumi-stage");
  const scrollBox = make(doc, "div", "illumi-scroll"); // scrolls a tall narrow layout inside the visible height
  scrollBox.append(stage);
  const base = make(doc, "canvas", "illumi-base");
  const over = make(doc, "canvas", "illumi-overlay");
  over.setAttribute("aria-hidden", "true"); // every option is reachable from the bar below
  const tip = make(doc, "div", "illumi-tip");
  tip.hidden = true;
  tip.setAttribute("role", "tooltip");
  const chooser = make(doc, "div", "illumi-chooser");
  chooser.hidden = true;
  chooser.setAttribute("role", "menu");
  const legendBox = make(doc, "div", "illumi-legend");
  legendBox.hidden = true;
  const confirmBox = make(doc, "div", "illumi-confirm");
  confirmBox.hidden = true;
  confirmBox.setAttribute("role", "alertdialog");
  const offline = make(doc, "div", "illumi-offline");
  offline.hidden = true;
  offline.append(make(doc, "div", "illumi-offline-banner", DISCONNECTED_TEXT));
  const endBox = make(doc, "div", "illumi-end"); // the end screen (endscreen.js)
  endBox.hidden = true;
  endBox.setAttribute("role", "dialog");
  endBox.setAttribute("aria-label", "Game over");
  const markers = make(doc, "div", "illumi-markers"); // edge markers of targets out of sight (sight.js)
  stage.append(base, over, tip, chooser, legendBox, confirmBox, endBox, markers, offline);

  const bar = make(doc, "div", "illumi-bar");
  const barTop = make(doc, "div", "illumi-bar-top");
  const statusLine = make(doc, "div", "illumi-status"); // (changes are said by announce.js: one sentence each)
  const botInfo = make(doc, "div", "illumi-botinfo");
  const lastLine = make(doc, "div", "illumi-last");
  const panel = make(doc, "div", "illumi-panel");
  const errorLine = make(doc, "div", "illumi-error");
  errorLine.setAttribute("role", "alert");

  const controls = make(doc, "div", "illumi-controls");
  const helpBtn = button(doc, "?", "illumi-help", "Legend: what the symbols and colours mean, and how to play");
  helpBtn.setAttribute("aria-expanded", "false");
  // every button has a name a screen reader says (WCAG 4.1.2), not only a glyph
  const named = (b, name) => {
    b.setAttribute("aria-label", name);
    return b;
  };
  named(helpBtn, "Legend");
  const undoBtn = named(button(doc, "↶ Undo", "illumi-undo", UNDO_TITLE), "Undo");
  const redoBtn = named(button(doc, "↷ Redo", "illumi-redo", REDO_TITLE), "Redo");
  const firstBtn = named(button(doc, "«", "illumi-hist-first", "Go to the start of the history"), "First move");
  const prevBtn = named(button(doc, "‹", "illumi-hist-prev", "Step back through the history"), "Previous move");
  const range = make(doc, "input", "illumi-range");
  range.type = "range";
  range.min = "0";
  range.step = "1";
  range.setAttribute("aria-label", "History position");
  const histLabel = make(doc, "span", "illumi-history-label");
  const nextBtn = named(button(doc, "›", "illumi-hist-next", "Step forward through the history"), "Next move");
  const lastBtn = named(button(doc, "»", "illumi-hist-last", "Go to the latest position"), "Latest move");
  const history = make(doc, "span", "illumi-history");
  history.append(firstBtn, prevBtn, range, histLabel, nextBtn, lastBtn);
  const botBtn = button(doc, "", "illumi-bots", "Pause or resume the bots' decisions");
  botBtn.hidden = true;
  // "Analyse": shown when Python offers it (trait ``analysable``); progress from ``analysis_progress``
  const analyseBtn = button(doc, "Analyse", "illumi-analyse", "Evaluate every option of this seat with the search bot (from this seat's information only)");
  analyseBtn.hidden = true;
  const endBtn = button(doc, "Results", "illumi-results", "Show the final standings again");
  endBtn.hidden = true;
  controls.append(undoBtn, redoBtn, history, botBtn, analyseBtn, endBtn, helpBtn);
  barTop.append(statusLine, botInfo, controls);
  bar.append(barTop, lastLine, panel, errorLine);

  const logBox = make(doc, "details", "illumi-log");
  const logSummary = make(doc, "summary", null, "Log");
  const logList = make(doc, "ol");
  logBox.append(logSummary, logList);

  const curtain = button(doc, "", "illumi-curtain");
  curtain.className = "illumi-curtain"; // not styled as a small button
  curtain.hidden = true;

  root.append(scrollBox, bar, logBox, curtain);
  return {
    root, stage, scrollBox, base, over, tip, chooser, legendBox, confirmBox, endBox, markers, endBtn, offline,
    bar, statusLine, botInfo, lastLine, panel, errorLine,
    controls, helpBtn, undoBtn, redoBtn, firstBtn, prevBtn, range, histLabel, nextBtn, lastBtn, history, botBtn, analyseBtn,
    logBox, logSummary, logList, curtain,
  };
}
