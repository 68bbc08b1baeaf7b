// Menus and questions over the board: the chooser (a menu of options near a click, or above the bar for the
// bar's "More" and "On the board" menus), steppers for options that differ only by an amount, and the
// confirmation asked before an irreversible choice. Escape or a click elsewhere closes them; the click that
// closes a menu does nothing else. Every entry sends its option as an act (through the transport).
//
// createMenus(v) uses v.doc, v.layout, v.dom (tip, over, chooser, confirmBox),
// v.s (emph, swallowClick, sigs, selections), v.sizing (place, openBoxes, inSight), v.canvas.paintOverlay,
// v.legend.toggle and v.transport.sendAct; sending an option clears its decision's compose selection.
import { button, make } from "./dom.js";
import { groupOptions } from "./layout.js";
import { hasTargets, labelOf } from "./state.js";

const CLOSING_MS = 1000; // a menu picked with the pointer keeps the focus this long at most (fadeChooser)

export function createMenus(v) {
  const { doc, s } = v;
  const { tip, over, chooser, confirmBox } = v.dom;
  const layout = v.layout;
  const stepperPick = new Map(); // stepper group -> chosen index (kept across updates)
  let escClosed = false; // an Escape that closed a menu does not also clear a selection
  let openFor = new Map(); // decision id -> its signature when the chooser or the question opened
  let menuIds = 0;
  let opener = null; // the bar's menu button whose menu is open (aria-expanded)
  let closing = null; // a menu picked with the pointer: gone from sight, holding the focus until the update is
  // painted ({timer}); see fadeChooser

  const remember = (decisions) => {
    openFor = new Map(decisions.map((d) => [d.id, s.sigs.get(d.id) ?? null]));
  };

  /** Does every decision of the open chooser or question still ask the same? (An update that changes
   * another decision, or only the scene, leaves them open.) */
  function stillValid() {
    if ((chooser.hidden || closing) && confirmBox.hidden) return true;
    for (const [id, sig] of openFor) if (s.sigs.get(id) !== sig) return false;
    return true;
  }

  /** Did the last Escape close a menu or question? (asked once: the answer is then reset) */
  function escapeConsumed() {
    const was = escClosed;
    escClosed = false;
    return was;
  }

  function onDocKey(ev) {
    if (ev.key === "Escape") {
      escClosed = !chooser.hidden || !confirmBox.hidden;
      closeChooser();
      closeConfirm();
    }
  }

  function onDocDown(ev) {
    if (chooser.contains(ev.target) || confirmBox.contains(ev.target)) return;
    if (ev.target === over) s.swallowClick = true; // the click that closes the menu does nothing else
    closeChooser();
  }

  /** A menu of options inside the board near `p` (CSS px on the stage): every entry sends its option. */
  function openChooser(choices, p, title) {
    closeChooser();
    tip.hidden = true;
    chooser.textContent = "";
    remember(choices.map((c) => c.decision));
    const several = new Set(choices.map((c) => c.decision.id)).size > 1;
    if (title) {
      const t = make(doc, "div", "illumi-chooser-title", title);
      t.id = `illumi-menu-title-${++menuIds}`;
      chooser.append(t);
      chooser.setAttribute("aria-labelledby", t.id);
    } else chooser.removeAttribute("aria-labelledby");
    chooser.setAttribute("aria-label", title || "Choose");
    // options that differ only by an amount: one stepper (per decision), not a button per number
    const steppers = new Map();
    for (const { decision, option } of choices) {
      if (typeof option.amount === "number" && typeof option.group === "string" && option.group) {
        const key = `${decision.id}|${option.group}`;
        if (!steppers.has(key)) steppers.set(key, { decision, options: [] });
        steppers.get(key).options.push(option);
      }
    }
    const stepped = new Set();
    for (const { decision, options } of steppers.values()) {
      if (options.length < 2) continue;
      for (const o of options) stepped.add(o);
      const row = groupOptions(options).find((r) => r.kind === "stepper");
      if (row) {
        const line = make(doc, "div", "illumi-chooser-row");
        line.setAttribute("role", "group");
        line.setAttribute("aria-label", row.group.replace("…", "amount"));
        line.append(stepper(decision, row));
        chooser.append(line);
      }
    }
    // an ARIA menu holds only its items: with a stepper (a spinbutton and its buttons) it is a small dialog
    const asMenu = stepped.size === 0;
    chooser.setAttribute("role", asMenu ? "menu" : "dialog");
    for (const { decision, option } of choices) {
      if (stepped.has(option)) continue;
      const label = several ? `${labelOf(option)} — ${decision.prompt ?? ""}` : labelOf(option);
      const b = button(doc, label, "illumi-choice");
      if (asMenu) b.setAttribute("role", "menuitem");
      b.dataset.decision = String(decision.id);
      b.dataset.option = String(option.id);
      if (option.notation) b.title = String(option.notation);
      b.addEventListener("click", (ev) => {
        choose(decision, option); // (sent first: the menu's closing is done while the act is on its way)
        // picked with the pointer (not Enter or Space: detail 0): the focus is not brought to the board after
        // the update (no focus ring where a mouse clicked, and no focus move on the page's thread)
        if (Number(ev && ev.detail) > 0 && v.keyboard && v.keyboard.pointerPicked) {
          v.keyboard.pointerPicked();
          fadeChooser();
        } else {
          closeChooser();
        }
      });
      if (hasTargets(option)) {
        b.addEventListener("mouseenter", () => {
          s.emph = new Set(option.targets);
          v.canvas.paintOverlay();
        });
        b.addEventListener("mouseleave", () => {
          s.emph = null;
          v.canvas.paintOverlay();
        });
      }
      chooser.append(b);
    }
    chooser.hidden = false;
    chooser.style.maxHeight = `${Math.max(60, layout.cssH - 8)}px`;
    v.sizing.place(chooser, { x: p.cssX, y: p.cssY }, v.sizing.openBoxes(chooser));
    doc.addEventListener("keydown", onDocKey, true);
    doc.addEventListener("mousedown", onDocDown, true);
    // the first entry that can take the focus (a stepper's "−" is disabled at its lowest amount)
    const first = [...chooser.querySelectorAll("button, [role=spinbutton]")].find((b) => !b.disabled);
    if (first && first.focus) first.focus({ preventScroll: true });
  }

  /** The menu picked with the pointer goes from sight at once, but keeps the focus (on the entry clicked) until
   * the update it asked for is painted (afterUpdate), or a second at most: then the focus goes to the element
   * around the widget (keyboard.toHost) and the menu closes. Moving the focus costs the page's thread a restyle
   * of the notebook's cell and JupyterLab's focus handlers, a few milliseconds that came on the click's way to
   * its repaint; a focused element hidden at once would lose the focus to the page (a larger restyle). */
  function fadeChooser() {
    if (chooser.hidden || !chooser.contains(doc.activeElement)) {
      closeChooser();
      return;
    }
    letGo();
    chooser.classList.add("illumi-closing");
    chooser.setAttribute("aria-hidden", "true");
    unEmph();
    if (closing) v.win.clearTimeout(closing.timer);
    closing = { timer: v.win.setTimeout(closeChooser, CLOSING_MS) };
  }

  /** An update was painted: a menu still closing closes just after the frame that shows it. */
  function afterUpdate() {
    if (!closing || closing.frame) return;
    closing.frame = true;
    v.raf(() => v.win.setTimeout(closeChooser, 0));
  }

  function closeChooser() {
    if (closing) {
      v.win.clearTimeout(closing.timer);
      closing = null;
      chooser.classList.remove("illumi-closing");
      chooser.removeAttribute("aria-hidden");
      if (chooser.contains(doc.activeElement) && v.keyboard && v.keyboard.toHost) v.keyboard.toHost();
    }
    letGo();
    if (chooser.hidden) return;
    chooser.hidden = true;
    chooser.textContent = "";
    unEmph();
  }

  /** The open menu no longer listens for Escape or a click elsewhere, and its bar button says it is closed. */
  function letGo() {
    if (confirmBox.hidden) {
      doc.removeEventListener("keydown", onDocKey, true);
      doc.removeEventListener("mousedown", onDocDown, true);
    }
    if (opener) opener.setAttribute("aria-expanded", "false");
    opener = null;
  }

  /** The board's emphasis of an entry's targets (the entry hovered) goes. */
  function unEmph() {
    if (s.emph) {
      s.emph = null;
      v.canvas.paintOverlay();
    }
  }

  function choose(decision, option) {
    if (typeof option.confirm === "string" && option.confirm) {
      openConfirm(decision, option);
      return;
    }
    send(decision, option);
  }

  /** Send the option; a half-composed choice of its decision is now taken, so its end is no loss to say. */
  function send(decision, option) {
    s.selections.delete(decision.id);
    v.transport.sendAct(decision.id, option.id);
  }

  function openConfirm(decision, option) {
    closeChooser();
    v.legend.toggle(false);
    tip.hidden = true;
    confirmBox.textContent = "";
    remember([decision]);
    confirmBox.append(make(doc, "div", "illumi-confirm-text", option.confirm));
    const yes = button(doc, labelOf(option), "illumi-primary illumi-confirm-yes");
    const no = button(doc, "Cancel", "illumi-confirm-no");
    yes.addEventListener("click", () => {
      closeConfirm();
      send(decision, option);
    });
    no.addEventListener("click", closeConfirm);
    const row = make(doc, "div", "illumi-confirm-row");
    row.append(yes, no);
    confirmBox.append(row);
    confirmBox.hidden = false;
    confirmBox.dataset.option = String(option.id);
    const w = confirmBox.offsetWidth || 260;
    const h = confirmBox.offsetHeight || 80;
    confirmBox.style.left = `${Math.round(Math.max(0, (layout.cssW - w) / 2))}px`;
    confirmBox.style.top = `${Math.round(Math.max(0, (layout.cssH - h) / 2))}px`;
    doc.addEventListener("keydown", onDocKey, true);
    if (no.focus) no.focus({ preventScroll: true });
  }

  function closeConfirm() {
    if (confirmBox.hidden) return;
    confirmBox.hidden = true;
    confirmBox.textContent = "";
    if (chooser.hidden) doc.removeEventListener("keydown", onDocKey, true);
  }

  /** One stepper for options that differ only by an amount: − amount + and one button naming the choice
   * (a slider too when there are many amounts). */
  function stepper(d, row) {
    const box = make(doc, "span", "illumi-stepper");
    box.dataset.group = row.group;
    const opts = row.options;
    const key = `${d.id}|${row.group}`;
    let i = Math.min(opts.length - 1, Math.max(0, stepperPick.get(key) ?? 0));
    const label = row.group.replace("…", "amount");
    const minus = button(doc, "−", "illumi-step-minus", `Less (${label})`);
    const plus = button(doc, "+", "illumi-step-plus", `More (${label})`);
    // the amount is a spinbutton (arrow keys, Home / End; Enter chooses), between the − and + buttons
    const shown = make(doc, "output", "illumi-amount-value", String(opts[i].amount));
    shown.setAttribute("role", "spinbutton");
    shown.tabIndex = 0;
    shown.setAttribute("aria-label", label);
    shown.setAttribute("aria-valuemin", String(opts[0].amount));
    shown.setAttribute("aria-valuemax", String(opts[opts.length - 1].amount));
    const go = button(doc, labelOf(opts[i]), "illumi-primary illumi-step-go");
    let slider = null;
    if (opts.length > 12) {
      slider = make(doc, "input", "illumi-amount");
      slider.type = "range";
      slider.min = "0";
      slider.max = String(opts.length - 1);
      slider.step = "1";
      slider.setAttribute("aria-label", label);
      slider.addEventListener("input", () => set(Math.trunc(Number(slider.value))));
    }
    function set(k) {
      i = Math.min(opts.length - 1, Math.max(0, k));
      stepperPick.set(key, i);
      if (slider) slider.value = String(i);
      shown.textContent = String(opts[i].amount);
      shown.setAttribute("aria-valuenow", String(opts[i].amount));
      shown.setAttribute("aria-valuetext", labelOf(opts[i]));
      go.textContent = labelOf(opts[i]);
      go.dataset.option = String(opts[i].id);
      go.title = opts[i].notation ? String(opts[i].notation) : "";
      minus.disabled = i <= 0;
      plus.disabled = i >= opts.length - 1;
    }
    shown.addEventListener("keydown", (ev) => {
      const to = { ArrowUp: i + 1, ArrowRight: i + 1, ArrowDown: i - 1, ArrowLeft: i - 1, Home: 0,
        End: opts.length - 1, PageUp: i + 5, PageDown: i - 5 }[ev.key];
      if (to === undefined && ev.key !== "Enter") return;
      ev.preventDefault();
      ev.stopPropagation(); // (the arrows move the amount, not the menu's focus nor the notebook's cells)
      if (ev.key === "Enter") go.click();
      else set(to);
    });
    minus.addEventListener("click", () => set(i - 1));
    plus.addEventListener("click", () => set(i + 1));
    go.dataset.decision = String(d.id);
    go.addEventListener("click", () => {
      closeChooser();
      choose(d, opts[i]);
    });
    set(i);
    box.append(minus);
    if (slider) box.append(slider);
    box.append(shown, plus, go);
    return box;
  }

  function menuButton(label, cls, entries) {
    const b = button(doc, `${label} ▾`, cls);
    b.setAttribute("aria-haspopup", "menu");
    b.setAttribute("aria-expanded", "false");
    b.addEventListener("click", () => {
      if (!chooser.hidden) {
        closeChooser();
        return;
      }
      // the menu opens inside the board, above the bar (never below the fold)
      const band = v.sizing.inSight();
      openChooser(entries, { cssX: layout.cssW / 2, cssY: band.top + band.height }, label);
      opener = b;
      b.setAttribute("aria-expanded", "true");
    });
    return b;
  }

  return {
    openChooser, closeChooser, choose, openConfirm, closeConfirm, stepper, menuButton, escapeConsumed, stillValid,
    afterUpdate,
  };
}
