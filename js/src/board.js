// Clicks on the board: a click on an entity picks it into a compose selection (local: nothing is sent), acts on
// it when it is the target of one option (a menu when of several), or says why it cannot be used now. Escape
// clears the compose selections (unless it closed a menu or question first).
//
// createBoard(v) uses v.s (curtainName, index, targets, composeOf, selections, swallowClick), v.dom (chooser,
// confirmBox), v.sizing.pointerOf, v.tips.explain, v.menus (choose, openChooser, escapeConsumed),
// v.bar.renderPanel and v.canvas.paintOverlay.
import { toggle } from "./compose.js";
import { selectionOf } from "./state.js";

export function createBoard(v) {
  const { s } = v;
  const { chooser, confirmBox } = v.dom;

  function onClick(ev) {
    if (s.swallowClick) {
      s.swallowClick = false;
      return;
    }
    if (s.curtainName) return;
    const p = v.sizing.pointerOf(ev);
    const hit = v.sizing.hitAt(p.x, p.y);
    if (!hit || !hit.id) return;
    const m = s.composeOf.get(hit.id);
    if (m) {
      pick(m, hit.id);
      return;
    }
    const choices = s.targets.get(hit.id);
    if (!choices || !choices.length) {
      v.tips.explain(hit, p); // not a legal target: say why, on the board
      return;
    }
    if (choices.length === 1) {
      v.menus.choose(choices[0].decision, choices[0].option);
    } else {
      v.menus.openChooser(choices.map(({ decision, option }) => ({ decision, option })), p, "Choose");
    }
  }

  /** Pick `id` into (or put it back out of) compose model `m`'s selection. */
  function pick(m, id) {
    const r = toggle(m, selectionOf(s, m), id);
    if (!r.changed) return;
    setSelection(m, r.selection);
  }

  function setSelection(m, sel) {
    if (sel.length) s.selections.set(m.decision.id, sel);
    else s.selections.delete(m.decision.id);
    v.bar.renderPanel();
    v.canvas.paintOverlay();
  }

  /** Escape (on the document): clear every selection, unless that Escape closed a menu or question. */
  function onSelectionKey(ev) {
    if (ev.key !== "Escape") return;
    if (v.menus.escapeConsumed()) return;
    if (!chooser.hidden || !confirmBox.hidden || !s.selections.size) return;
    s.selections.clear();
    v.bar.renderPanel();
    v.canvas.paintOverlay();
  }

  return { onClick, pick, setSelection, onSelectionKey };
}
