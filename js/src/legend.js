// The "?" legend: how to play on this board, and what the symbols and colours mean (the `legend` trait:
// [{symbol, color, text}]), in a box inside the board's top right corner.
//
// createLegend(v) uses v.model, v.doc, v.layout, v.dom (legendBox, helpBtn, tip) and v.menus.closeChooser.
import { button, make } from "./dom.js";
import { SHORTCUTS } from "./keyboard.js";

export const HOW_TO = "How to play on this board: click a thing outlined in orange to act on it; hover anything to "
  + "see what it is and why it cannot be used now. Choices that are not on the board are in the bar below it.";

export function createLegend(v) {
  const { model, doc } = v;
  const { legendBox, helpBtn, tip } = v.dom;
  let legendRef;

  /** Fill the box from the `legend` trait (again only when it changed). */
  function render() {
    const entries = model.get("legend");
    if (entries === legendRef && legendBox.childNodes.length) return;
    legendRef = entries;
    legendBox.textContent = "";
    const close = button(doc, "×", "illumi-legend-close", "Close the legend");
    close.addEventListener("click", () => toggle(false));
    legendBox.append(close, make(doc, "div", "illumi-legend-title", "Legend"), make(doc, "p", "illumi-howto", HOW_TO));
    const list = make(doc, "dl", "illumi-legend-list");
    for (const e of Array.isArray(entries) ? entries : []) {
      if (!e || typeof e !== "object" || typeof e.text !== "string") continue;
      const dt = make(doc, "dt", null, typeof e.symbol === "string" ? e.symbol : "");
      if (typeof e.color === "string" && e.color) {
        const sw = make(doc, "span", "illumi-swatch");
        sw.style.background = e.color;
        dt.prepend(sw);
      }
      list.append(dt, make(doc, "dd", null, e.text));
    }
    legendBox.append(list);
    const keys = make(doc, "dl", "illumi-legend-list illumi-legend-keys");
    keys.setAttribute("aria-label", "Keys");
    for (const [key, what] of SHORTCUTS) keys.append(make(doc, "dt", null, key), make(doc, "dd", null, what));
    legendBox.append(make(doc, "div", "illumi-legend-title", "Keys"), keys);
    const typed = button(doc, "Typed commands", "illumi-command-toggle", "Type actions by name or notation");
    typed.addEventListener("click", () => {
      toggle(false);
      if (v.command) v.command.toggle(true);
    });
    legendBox.append(typed);
  }

  /** Open (true), close (false) or flip (undefined) the legend. */
  function toggle(open) {
    const show = open === undefined ? legendBox.hidden : open;
    if (show) {
      render();
      v.menus.closeChooser();
      tip.hidden = true;
      legendBox.hidden = false;
      legendBox.style.left = `${Math.max(0, v.layout.cssW - (legendBox.offsetWidth || 300) - 8)}px`;
      legendBox.style.top = "8px";
    } else {
      legendBox.hidden = true;
    }
    helpBtn.setAttribute("aria-expanded", show ? "true" : "false");
  }

  const onHelp = () => toggle();

  return { render, toggle, onHelp };
}
